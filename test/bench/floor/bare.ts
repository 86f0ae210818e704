/**
 * The bare floor of the launcher benchmark: the same launcher as the Preact floor (./floor.tsx) with no
 * framework at all, the physical limit of a script that draws a chat button. It appends a host element to
 * the body, attaches an open shadow root, adopts a stylesheet and builds the button with plain DOM (an SVG
 * icon, an accessible name, `aria-expanded` flipped on click). Built into one classic IIFE script the same
 * way as dist/widget.js (test/bench/lib/floor-build.mjs).
 */
import { CHAT_ICON_PATH, LAUNCHER_CSS } from './launcher';

const SVG = 'http://www.w3.org/2000/svg';

const button = document.createElement('button');
button.type = 'button';
button.className = 'launcher';
button.setAttribute('aria-label', 'Chat');
button.setAttribute('aria-expanded', 'false');
button.addEventListener('click', () => {
  button.setAttribute('aria-expanded', String(button.getAttribute('aria-expanded') !== 'true'));
});

const icon = document.createElementNS(SVG, 'svg');
icon.setAttribute('viewBox', '0 0 24 24');
icon.setAttribute('aria-hidden', 'true');
icon.setAttribute('focusable', 'false');
const path = document.createElementNS(SVG, 'path');
path.setAttribute('d', CHAT_ICON_PATH);
icon.append(path);
button.append(icon);

const host = document.createElement('bench-bare-root');
const shadow = host.attachShadow({ mode: 'open' });
const sheet = new CSSStyleSheet();
sheet.replaceSync(LAUNCHER_CSS);
shadow.adoptedStyleSheets = [sheet];
shadow.append(button);
document.body.appendChild(host);
