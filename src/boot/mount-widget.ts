/**
 * Mounting a widget from options as a developer passes them (typed, but maybe wrong at run time in plain
 * JavaScript): they are checked like attributes, then the widget is created with the given panel source.
 */
import { parseLauncherConfig, type ConfigContext, type RuntimeOptions, type WidgetConfig } from '../config';
import { createWidget, type PanelSource, type WidgetHandle } from './widget';

/** Options of `mount()`: the config fields (all optional but the assistant id) and the JS-only options. */
export interface MountOptions extends Partial<Omit<WidgetConfig, 'assistantId'>>, RuntimeOptions {
  /** The assistant's public UUID. */
  assistantId: string;
  /** Render only the panel, inside `target`, without the floating launcher. Default false. */
  inline?: boolean;
}

/**
 * Mounts a widget into `target` whose panel comes from `panel`; `context` tells where the options came from
 * (a script tag's, or a developer's). Throws when `assistantId` is missing or not a UUID; other bad options
 * fall back to their defaults, with one console warning when the panel loads.
 */
export function mountWidget(target: Element | ShadowRoot, options: MountOptions, panel: PanelSource, context: ConfigContext = { source: 'options' }): WidgetHandle {
  const full = { pageUrl: target.ownerDocument.baseURI, ...context };
  const { config, inline, problems } = parseLauncherConfig(options as {}, full);
  if (!config) throw new TypeError('AssistantChat: ' + problems.join(' '));
  // The options are the settings as given, and carry the JavaScript-only ones (`fetch`, `strings`); a copy,
  // since update() changes it.
  return createWidget(target, { config, settings: { ...options }, context: full, inline, panel });
}
