/**
 * Case 7, host keyboard shortcuts: a host page with page-wide shortcuts on `/` (focus search), Space
 * (scroll) and Escape (close its own overlay), written the usual way: a `keydown`/`keypress` listener on
 * the document that skips typing in inputs (by looking at `event.target`) and otherwise calls
 * `preventDefault()`. Events from inside a shadow root reach the document retargeted to the widget's host
 * element, so such a guard cannot see that the visitor is typing: the widget must keep its key events to
 * itself. Typing works, the host's shortcuts stay quiet, and Escape still closes the panel.
 */
import { describe, expect, test } from 'vitest';
import { useBrowser, useStandIn, useStaticServer } from '../helpers/fixtures';
import { chat, expectInvariant, GREETING, hostPage, inspectListeners, installProbe, messagePosts, SEEN, serve } from './world';

const browser = useBrowser();
const site = useStaticServer();
const api = useStandIn();

/** The host's shortcuts; every key they act on is written to `window.hostShortcuts` (a symbol: no new global name). */
const HOST_SHORTCUTS = `
  const fired = [];
  Object.defineProperty(window, Symbol.for('host-shortcuts'), { value: fired });
  const typing = (target) => target instanceof Element && (target.matches('input, textarea, select') || target.isContentEditable);
  for (const type of ['keydown', 'keypress']) {
    document.addEventListener(type, (event) => {
      if (typing(event.target)) return;
      if (event.key === '/' || event.key === ' ' || event.key === 'Escape') {
        fired.push(type + ' ' + JSON.stringify(event.key));
        event.preventDefault();
      }
    });
  }
`;

const shortcutsFired = (page: import('playwright-core').Page) =>
  page.evaluate(() => (window as unknown as Record<symbol, string[]>)[Symbol.for('host-shortcuts')]!.slice());

describe('a host page with global keyboard shortcuts', () => {
  test('typing "/", spaces and Escape in the widget works and does not trigger them', async () => {
    const { page, errors } = browser;
    await installProbe(page, HOST_SHORTCUTS);
    const listeners = await inspectListeners(page);
    const { url, html } = serve(site, '/shortcuts.html', hostPage({ siteUrl: site.url, apiBase: api.url }));
    await page.goto(url);

    // The shortcuts do work on the host page itself.
    await page.locator('#intro').click();
    await page.keyboard.press('/');
    await page.keyboard.press('Escape');
    expect(await shortcutsFired(page)).toEqual(['keydown "/"', 'keydown "Escape"']);

    const widget = chat(page);
    await widget.open();
    await widget.said(GREETING).waitFor(SEEN);
    const before = (await shortcutsFired(page)).length;

    // Real key presses, one by one, into the focused composer.
    await widget.input.focus();
    await page.keyboard.type('is 1/2 off? see a/b test');
    expect(await widget.input.inputValue()).toBe('is 1/2 off? see a/b test');
    await page.keyboard.press('Enter');
    await widget.mine('is 1/2 off? see a/b test').waitFor(SEEN);
    expect((await shortcutsFired(page)).slice(before)).toEqual([]);

    // Space on the widget's own buttons presses them, without scrolling the host page.
    await widget.launcher.focus();
    await page.keyboard.press(' ');
    await widget.panel.waitFor({ state: 'hidden' });
    await page.keyboard.press(' ');
    await widget.input.waitFor();

    // Escape in the composer closes the panel (the widget's own shortcut), and only the panel.
    await widget.input.focus();
    await page.keyboard.press('Escape');
    await widget.panel.waitFor({ state: 'hidden' });
    expect(await widget.launcher.evaluate((launcher) => launcher.matches(':focus'))).toBe(true);
    expect((await shortcutsFired(page)).slice(before)).toEqual([]);

    const received = await api.requests();
    expect(messagePosts(received).map((post) => post.body)).toEqual([{ message: 'is 1/2 off? see a/b test' }]);

    await expectInvariant({ scope: page, errors, listeners, html, browser: browser.browser, successPath: true });
    await listeners.dispose();
  });
});
