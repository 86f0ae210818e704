/** How the settings show on the widget's host element and frame. */
import type { LauncherConfig } from '../config';
import { resolveLanguage } from './language';

/**
 * Shows `config`'s look on the widget's host element and frame: theme, corner and language. The launcher
 * does it once; the panel again when the settings change.
 */
export function applyLook(host: Element, frame: HTMLElement, config: LauncherConfig, inline: boolean): void {
  host.setAttribute('data-theme', config.theme);
  const [vertical, horizontal] = config.position.split('-');
  frame.className = `widget ${vertical} ${horizontal}${inline ? ' inline' : ''}`;
  const { lang, dir } = resolveLanguage(config.locale);
  frame.lang = lang;
  frame.dir = dir;
}
