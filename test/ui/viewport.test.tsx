import { cleanup } from '@testing-library/preact';
import { afterEach, expect, it } from 'vitest';
import { renderApp } from './render-app';

afterEach(() => {
  cleanup();
  delete (window as { visualViewport?: unknown }).visualViewport;
});

it('follows the visual viewport through a stylesheet on the shadow root, not a style attribute', () => {
  const viewport = Object.assign(new EventTarget(), { width: 390, height: 700, offsetLeft: 0, offsetTop: 0 });
  Object.defineProperty(window, 'visualViewport', { configurable: true, value: viewport });
  const host = document.createElement('div');
  document.body.append(host);
  const shadow = host.attachShadow({ mode: 'open' });
  const container = document.createElement('div');
  shadow.append(container);

  renderApp({ open: true, container });
  const sheetText = () => shadow.adoptedStyleSheets.map((s) => [...s.cssRules].map((r) => r.cssText).join('')).join('');
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
