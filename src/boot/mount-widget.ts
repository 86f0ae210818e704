/**
 * Mounting a widget from options as a developer passes them (typed, but maybe wrong at run time in plain
 * JavaScript) or as a script tag's data attributes give them: the boot's settings are read once, then the widget
 * is created with the given panel source.
 */
import { readBootSettings, type ConfigContext } from '../config/boot';
import { createWidget, type MountOptions, type WidgetFiles, type WidgetHandle } from './widget';

/**
 * Mounts a widget into `target` whose panel (and what else it loads) comes from `files`; `context` tells where the options came from
 * (a script tag's, or a developer's). Throws when `assistantId` is missing or not a UUID; other bad options
 * fall back to their defaults, with one console warning when the panel loads.
 */
export function mountWidget(
  target: Element | ShadowRoot,
  options: MountOptions | Record<string, unknown>,
  files: WidgetFiles,
  context: ConfigContext = { source: 'options' },
): WidgetHandle {
  const full = { pageUrl: target.ownerDocument.baseURI, ...context };
  const given = { ...options } as Record<string, unknown>;
  const { settings, issues, problem } = readBootSettings(given, full);
  if (!settings) throw new TypeError('AssistantChat: ' + problem);
  return createWidget(target, { settings, issues, given, context: full, files });
}
