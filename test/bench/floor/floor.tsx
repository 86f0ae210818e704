/**
 * The floor of the launcher benchmark: about the least a Preact + @preact/signals chat widget can do.
 * Like the widget it appends a host element to the body, attaches an open shadow root, adopts a
 * stylesheet and renders a round launcher button (an SVG icon, an accessible name, `aria-expanded`
 * bound to a signal). Its twin without a framework is ./bare.ts. Built into one classic IIFE script the
 * same way as dist/widget.js (test/bench/lib/floor-build.mjs).
 */
import { signal } from '@preact/signals';
import { render } from 'preact';
import { CHAT_ICON_PATH, LAUNCHER_CSS } from './launcher';

const open = signal(false);

function Launcher() {
  return (
    <button type="button" class="launcher" aria-label="Chat" aria-expanded={open} onClick={() => (open.value = !open.value)}>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={CHAT_ICON_PATH} />
      </svg>
    </button>
  );
}

const host = document.createElement('bench-floor-root');
const shadow = host.attachShadow({ mode: 'open' });
const sheet = new CSSStyleSheet();
sheet.replaceSync(LAUNCHER_CSS);
shadow.adoptedStyleSheets = [sheet];
render(<Launcher />, shadow);
document.body.appendChild(host);
