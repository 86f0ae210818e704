/**
 * Case 4, blocked storage: the host page inside a sandboxed iframe (`sandbox="allow-scripts"` without
 * `allow-same-origin`: an opaque origin where reading `localStorage` throws and Web Locks are refused), and
 * a page whose storage is already full. The widget keeps its conversation in memory and works: open, send,
 * reply. It never clears the host's data to make room.
 */
import type { Frame } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useBrowser, useStandIn, useStaticServer } from '../helpers/fixtures';
import { chat, expectInvariant, GREETING, hostPage, inspectListeners, installProbe, messagePosts, SEEN, serve } from './world';

const browser = useBrowser();
const site = useStaticServer();
const api = useStandIn();

/** Fills localStorage and sessionStorage to the last character, as a site with a greedy cache might. */
const FILL_STORAGE = `
  for (const storage of [localStorage, sessionStorage]) {
    let size = 1 << 20;
    let key = 0;
    while (size >= 1) {
      try {
        storage.setItem('host-cache-' + key, 'x'.repeat(size));
        key++;
      } catch {
        size = Math.floor(size / 2);
      }
    }
    // Top off with one-character keys until not even those fit.
    for (let code = 65; code < 65 + 26; code++) {
      try {
        storage.setItem(String.fromCharCode(code), '');
      } catch {
        break;
      }
    }
  }
`;

describe('storage the widget cannot use', () => {
  test('inside a sandboxed iframe (storage throws, locks refused) the widget works in memory', async () => {
    const { page, errors } = browser;
    // A sandboxed frame may live in its own process: its exceptions reach Playwright's pageerror event.
    const frameErrors: string[] = [];
    page.on('pageerror', (error) => frameErrors.push(error.message));
    await installProbe(page);
    const listeners = await inspectListeners(page);
    const inner = serve(site, '/sandboxed-shop.html', hostPage({ siteUrl: site.url, apiBase: api.url }));
    const { url } = serve(
      site,
      '/frame-host.html',
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Frame host</title></head>
<body><iframe sandbox="allow-scripts" src="/sandboxed-shop.html" title="Shop" width="1000" height="700"></iframe></body></html>`,
    );

    await page.goto(url);
    const frame = await frameAt(page.frames.bind(page), inner.url);

    // The frame really is hostile ground.
    const refused = await frame.evaluate(async () => {
      const storage = (() => {
        try {
          return typeof window.localStorage.getItem('x');
        } catch (error) {
          return (error as Error).name;
        }
      })();
      const locks = await navigator.locks.request('probe', () => 'granted').catch((error: unknown) => (error as Error).name);
      return { origin: window.origin, storage, locks };
    });
    expect(refused).toEqual({ origin: 'null', storage: 'SecurityError', locks: 'SecurityError' });

    const widget = chat(frame);
    await widget.open();
    await widget.said(GREETING).waitFor(SEEN);
    await widget.send('where is order 555?');
    await widget.said('Order #555 has shipped').waitFor(SEEN);
    await widget.send('I want to book an appointment');
    await widget.said("You're booked in!").waitFor(SEEN);

    const received = await api.requests();
    expect(received.every((request) => request.headers.origin === 'null')).toBe(true);
    expect(messagePosts(received).map((post) => post.body)).toEqual([
      { message: 'where is order 555?' },
      { message: 'I want to book an appointment' },
    ]);

    await expectInvariant({ scope: frame, frame, errors, listeners, html: inner.html, browser: browser.browser, successPath: true });
    expect(frameErrors).toEqual([]);
  });

  test('with localStorage and sessionStorage full, the widget works in memory and leaves the host data alone', async () => {
    const { page, errors } = browser;
    await installProbe(page, FILL_STORAGE);
    const listeners = await inspectListeners(page);
    const { url, html } = serve(site, '/full.html', hostPage({ siteUrl: site.url, apiBase: api.url }));
    await page.goto(url);

    const hostData = () =>
      page.evaluate(() => {
        const describe = (storage: Storage) => {
          let chars = 0;
          for (let i = 0; i < storage.length; i++) chars += storage.getItem(storage.key(i)!)!.length;
          let full = false;
          try {
            storage.setItem('one-more', 'x');
            storage.removeItem('one-more');
          } catch {
            full = true;
          }
          return { keys: storage.length, chars, full };
        };
        return { local: describe(localStorage), session: describe(sessionStorage) };
      });
    const before = await hostData();
    expect(before.local.full && before.session.full).toBe(true);

    const widget = chat(page);
    await widget.open();
    await widget.said(GREETING).waitFor(SEEN);
    await widget.send('where is order 556?');
    await widget.said('Order #556 has shipped').waitFor(SEEN);

    expect(await hostData()).toEqual(before);
    const received = await api.requests();
    expect(messagePosts(received).map((post) => post.body)).toEqual([{ message: 'where is order 556?' }]);

    await expectInvariant({ scope: page, errors, listeners, html, browser: browser.browser, successPath: true });
  });
});

/** The frame at `url`, once it has loaded. */
async function frameAt(frames: () => Frame[], url: string): Promise<Frame> {
  await expect.poll(() => frames().some((frame) => frame.url() === url)).toBe(true);
  const frame = frames().find((candidate) => candidate.url() === url)!;
  await frame.waitForLoadState('load');
  return frame;
}
