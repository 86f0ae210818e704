/**
 * The floor of the launcher benchmark: about the least a Preact + @preact/signals chat widget can do.
 * Like the widget it appends a host element to the body, attaches an open shadow root, adopts a
 * stylesheet and renders a round launcher button (an SVG icon, an accessible name, `aria-expanded`
 * bound to a signal). Built into one classic IIFE script the same way as dist/widget.js (test/bench/lib/floor-build.mjs).
 */
import { signal } from '@preact/signals';
import { render } from 'preact';

const CSS =
  ':host{all:initial}' +
  '.launcher{position:fixed;right:20px;bottom:20px;width:56px;height:56px;border:0;border-radius:50%;' +
  'display:grid;place-items:center;background:#0f766e;color:#fff;cursor:pointer;box-shadow:0 4px 14px rgba(0,0,0,.2)}' +
  '.launcher svg{width:26px;height:26px;fill:none;stroke:currentColor;stroke-width:2}';

const open = signal(false);

function Launcher() {
  return (
    <button type="button" class="launcher" aria-label="Chat" aria-expanded={open} onClick={() => (open.value = !open.value)}>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M21 11.5a8.5 8.5 0 0 1-12.4 7.6L3 20.5l1.4-5A8.5 8.5 0 1 1 21 11.5z" />
      </svg>
    </button>
  );
}

const host = document.createElement('bench-floor-root');
const shadow = host.attachShadow({ mode: 'open' });
const sheet = new CSSStyleSheet();
sheet.replaceSync(CSS);
shadow.adoptedStyleSheets = [sheet];
render(<Launcher />, shadow);
document.body.appendChild(host);
