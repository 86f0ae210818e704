/**
 * `mount()` of the npm package: the same launcher-first widget as the script tag. The panel is a dynamic
 * import, so an app's bundler splits it into a chunk of its own that loads when the visitor reaches for
 * the launcher.
 */
import { mountWidget, type MountOptions } from './boot/mount-widget';
import type { WidgetHandle } from './boot/widget';

export type { MountOptions } from './boot/mount-widget';
export { notify, type Listener, type WidgetEvent, type WidgetEventMap, type WidgetHandle } from './boot/widget';

const bundledPanel = { load: () => import('./panel/index') };

/**
 * Mounts a widget. Floating (default): appends a host element with a shadow root to `target`
 * (usually `document.body`). Inline: the host goes inside `target` and shows only the panel.
 * Makes no request until the panel opens or `send` is called.
 * Throws when `assistantId` is missing or not a UUID; other bad options fall back to defaults with a console warning.
 */
export function mount(target: Element, options: MountOptions): WidgetHandle {
  return mountWidget(target, options, bundledPanel);
}
