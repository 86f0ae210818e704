/**
 * The script-tag entry (dist/widget.js): the one module with import-time effects. It exports nothing, so
 * the bundle defines no global of its own; `window.AssistantChat` is installed by boot. The panel is a
 * second file beside this one (its name carries its content hash), imported when the visitor reaches
 * for the launcher.
 */
import { boot } from './boot/boot';
import { log } from './log';

/** The names of the panel's file and of the files of what an owner may turn on, set by the build (vite.config.ts). */
declare const __PANEL_FILE__: string;
declare const __NUDGES_FILE__: string;
declare const __ANALYTICS_FILE__: string;

try {
  // Captured synchronously: `document.currentScript` is only set while this script first runs.
  boot(window, document.currentScript, (scriptUrl) => {
    const beside = (name: string) => new URL(name, scriptUrl).href;
    const url = beside(__PANEL_FILE__);
    return {
      panel: {
        url,
        // A failed module load is remembered by its URL: a retry asks under a fresh one.
        load: (attempt) => import(/* @vite-ignore */ attempt ? `${url}?retry=${attempt}` : url),
      },
      nudges: () => import(/* @vite-ignore */ beside(__NUDGES_FILE__)),
      analytics: () => import(/* @vite-ignore */ beside(__ANALYTICS_FILE__)),
    };
  });
} catch (error) {
  // Never throw into the host page.
  log('error', 'could not start.', error);
}
