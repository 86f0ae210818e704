import { act, cleanup } from '@testing-library/preact';
import { afterEach, expect, it } from 'vitest';
import { renderApp } from './render-app';

/** Sets the window's size; media queries follow it. */
function resize(size: { width: number; height: number }) {
  act(() => (window as unknown as { happyDOM: { setViewport(size: object): void } }).happyDOM.setViewport(size));
}

afterEach(() => {
  cleanup();
  resize({ width: 1024, height: 768 });
  delete (window as { visualViewport?: unknown }).visualViewport;
});

/** A visual viewport the test moves, and a panel rendered open in a shadow root; returns the root's sheets as text. */
function openPanel() {
  const viewport = Object.assign(new EventTarget(), { width: 390, height: 700, offsetLeft: 0, offsetTop: 0 });
  Object.defineProperty(window, 'visualViewport', { configurable: true, value: viewport });
  const host = document.createElement('div');
  document.body.append(host);
  const shadow = host.attachShadow({ mode: 'open' });
  const container = document.createElement('div');
  shadow.append(container);
  renderApp({ open: true, container });
  const sheetText = () => shadow.adoptedStyleSheets.map((s) => [...s.cssRules].map((r) => r.cssText).join('')).join('');
  return { viewport, shadow, host, sheetText };
}

it('follows the visual viewport on a phone through a stylesheet on the shadow root, not a style attribute', () => {
  resize({ width: 390, height: 700 });
  const { viewport, shadow, host, sheetText } = openPanel();
  expect(sheetText()).toMatch(/--acw-vvh: ?700px/);

  // The on-screen keyboard opens.
  viewport.height = 380;
  viewport.offsetTop = 120;
  viewport.dispatchEvent(new Event('resize'));
  expect(sheetText()).toMatch(/--acw-vvh: ?380px/);
  expect(sheetText()).toMatch(/--acw-vvt: ?120px/);
  expect(sheetText()).toMatch(/--acw-vvw: ?390px/);
  expect(shadow.querySelectorAll('[style]')).toHaveLength(0);
  host.remove();
});

it('leaves the viewport alone where the panel floats, and starts following it when the screen narrows', () => {
  const { viewport, host, sheetText } = openPanel();
  viewport.dispatchEvent(new Event('resize'));
  expect(sheetText()).not.toMatch(/--acw-vv/);

  resize({ width: 390, height: 700 });
  expect(sheetText()).toMatch(/--acw-vvh: ?700px/);
  host.remove();
});
