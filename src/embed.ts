/**
 * The script-tag entry (dist/widget.js): the one module with import-time effects. It exports
 * nothing, so the bundle defines no global of its own; `window.AssistantChat` is installed by boot.
 */
import { boot } from './boot';
import { log } from './config';

try {
  // Captured synchronously: `document.currentScript` is only set while this script first runs.
  if (typeof document !== 'undefined') boot(window, document.currentScript);
} catch (error) {
  // Never throw into the host page.
  log('error', 'the chat widget could not start.', error);
}
