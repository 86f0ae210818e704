/**
 * What both floors draw, so that they differ only in how they draw it: the launcher's stylesheet and the
 * chat icon's path.
 */

/** The launcher's stylesheet (adopted by the floor's shadow root). */
export const LAUNCHER_CSS =
  ':host{all:initial}' +
  '.launcher{position:fixed;right:20px;bottom:20px;width:56px;height:56px;border:0;border-radius:50%;' +
  'display:grid;place-items:center;background:#0f766e;color:#fff;cursor:pointer;box-shadow:0 4px 14px rgba(0,0,0,.2)}' +
  '.launcher svg{width:26px;height:26px;fill:none;stroke:currentColor;stroke-width:2}';

/** The chat bubble icon, in a 24 × 24 view box. */
export const CHAT_ICON_PATH = 'M21 11.5a8.5 8.5 0 0 1-12.4 7.6L3 20.5l1.4-5A8.5 8.5 0 1 1 21 11.5z';
