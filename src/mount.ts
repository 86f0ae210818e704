/**
 * `mount()` of the npm package: the same launcher-first widget as the script tag. The panel is a dynamic
 * import, so an app's bundler splits it into a chunk of its own that loads when the visitor reaches for
 * the launcher.
 */
import { mountWidget } from './boot/mount-widget';
import type { MountOptions, WidgetFiles, WidgetHandle } from './boot/widget';

export type { MountOptions, RuntimeOptions, WidgetHandle } from './boot/widget';
export type { WidgetEvent, WidgetEventMap } from './contract';

/**
 * The panel and the files of what an owner may turn on, bundled by the app's bundler as chunks of their own that
 * load when needed.
 */
export const bundledFiles: WidgetFiles = {
  panel: { load: () => import('./panel/index') },
  nudges: () => import('./boot/nudges'),
  analytics: () => import('./boot/analytics'),
};

/**
 * Mounts a widget. Floating (default): appends a host element with a shadow root to `target`
 * (`document.documentElement` keeps it clear of a transformed or swapped body). Inline (`inline: true`): the host
 * goes inside `target` and shows only the panel. Makes no request until the panel opens or `send` is called.
 * Throws when `assistantId` is missing or not a UUID; other bad options fall back to defaults with a console warning.
 */
export function mount(target: Element, options: MountOptions): WidgetHandle {
  return mountWidget(target, options, bundledFiles);
}
