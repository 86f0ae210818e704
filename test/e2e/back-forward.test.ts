/**
 * A message left waiting on a page the visitor navigated away from, in Chromium with its back/forward
 * cache on (as in the visitor's browser; Playwright turns it off elsewhere): the next page of the site
 * sends it, once, and the page it was left on, kept for Back, never sends it too.
 */
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { ASSISTANTS } from '../helpers/stand-in';
import { GREETING, TEXT, chat, widgetPage } from './conversation/widget';
import { useBrowser, useStandIn, useStaticServer } from './helpers/fixtures';

const browser = useBrowser({ backForwardCache: true });
const site = useStaticServer();
const api = useStandIn();

const SEEN = { timeout: 15_000 };

/** A page of the clinic's site with the widget; cacheable, so Back may restore it from the back/forward cache. */
function clinicPage(path: string): string {
  return widgetPage(site, { assistantId: ASSISTANTS.northwind, apiBase: api.url, path, headers: { 'Cache-Control': 'max-age=0' } });
}

/** Tells the page's scripts the browser went offline, or back online (this page only: others still load). */
function setOnline(page: Page, online: boolean): Promise<void> {
  return page.evaluate((value) => {
    Object.defineProperty(navigator, 'onLine', { get: () => value, configurable: true });
    dispatchEvent(new Event(value ? 'online' : 'offline'));
  }, online);
}

test('goes out from the next page, once; the page it was left on, kept for Back, is let go and sends nothing', async () => {
  const { page } = browser;
  await page.goto(clinicPage('/services.html'));
  const widget = chat(page);
  await widget.launcher.click();
  await widget.said(GREETING).waitFor(SEEN);
  await setOnline(page, false);
  await widget.send('Can it come on Friday?');
  await widget.log.getByText(TEXT.queued).waitFor(SEEN);
  const earlier = (await api.requests()).length;
  const posts = async () =>
    (await api.requests())
      .slice(earlier)
      .filter((request) => request.method === 'POST')
      .map((request) => request.body);

  // Another page of the site: the first waits in the back/forward cache, the message still in it.
  await page.goto(clinicPage('/contact.html'));
  await expect.poll(posts, SEEN).toEqual([{ message: 'Can it come on Friday?' }]);

  // Back: Chromium let the first page go when this one took over its messages, so it loads afresh.
  await page.goBack({ waitUntil: 'commit' });
  await chat(page).launcher.waitFor(SEEN);
  const notRestored = await page.evaluate(
    () =>
      (
        performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & {
          notRestoredReasons?: { reasons: { reason: string }[] } | null;
        }
      ).notRestoredReasons,
  );
  expect(notRestored?.reasons.map(({ reason }) => reason)).toContain('weblocks-contention');
  // Online again, nothing is left to send.
  await setOnline(page, true);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 3000 })));
  expect(await posts()).toEqual([{ message: 'Can it come on Friday?' }]);
  expect(browser.errors.unexpected()).toEqual([]);
});
