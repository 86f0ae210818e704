/**
 * The script-tag entry (dist/widget.js): the one module with import-time effects. It exports nothing, so
 * the bundle defines no global of its own; `window.AssistantChat` is installed by boot. The panel is a
 * second file beside this one (its name carries its content hash), imported when the visitor reaches
 * for the launcher.
 */
import { boot } from './boot/boot';
import { log } from './log';

/** The panel file's name, set by the build (vite.config.ts). */
declare const __PANEL_FILE__: string;

try {
  // Captured synchronously: `document.currentScript` is only set while this script first runs.
  boot(window, document.currentScript, (scriptUrl) => {
    const url = new URL(__PANEL_FILE__, scriptUrl).href;
    return {
      url,
      // A failed module load is remembered by its URL: a retry asks under a fresh one.
      load: (attempt) => import(/* @vite-ignore */ attempt ? `${url}?retry=${attempt}` : url),
    };
  });
} catch (error) {
  // Never throw into the host page.
  log('error', 'could not start.', error);
}
