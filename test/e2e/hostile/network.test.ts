/**
 * Case 5, bad networks, seen from the server: going offline and back, a connection cut after the server
 * processed a send, a proxy's 502 HTML page, a 429 with `retry_after`, and a 30-second tool call. Whatever
 * happens, every visitor message ends up in the server's conversation exactly once, and the server
 * processes exactly one POST per visitor action (a send, or a press of Retry); a POST refused with 429 was
 * not processed, and is the one the widget may (and must) repeat by itself.
 * test/e2e/conversation.test.ts follows the same faults through the visitor's eyes; this file holds the
 * server-side count and the global invariant.
 */
import { describe, expect, test } from 'vitest';
import type { LoggedRequest } from '../../../demo/server/app.mjs';
import { rawRequest } from '../../helpers/stand-in';
import { runClockUntil } from '../conversation/widget';
import { useBrowser, useStandIn, useStaticServer } from '../helpers/fixtures';
import { chat, expectInvariant, GREETING, hostPage, inspectListeners, installProbe, messagePosts, SEEN, serve, summary, TEXT } from './world';

const browser = useBrowser();
const site = useStaticServer();
const api = useStandIn();

/** Opens the widget on a fresh host page and waits for the greeting. */
async function openShop() {
  const { page } = browser;
  await installProbe(page);
  const listeners = await inspectListeners(page);
  const { url, html } = serve(site, '/network.html', hostPage({ siteUrl: site.url, apiBase: api.url }));
  await page.goto(url);
  const widget = chat(page);
  await widget.open();
  await widget.said(GREETING).waitFor(SEEN);
  return { widget, listeners, html };
}

/** The POSTs of messages the server processed (answered 200 or cut off after processing). */
const processed = (requests: LoggedRequest[]) => messagePosts(requests).filter((post) => post.status !== 429 && post.status !== 502);

/** The visitor messages in the server's own record of the conversation. */
async function serverHistory(requests: LoggedRequest[]): Promise<string[]> {
  const id = /^\/conversations\/([^/]+)\/messages$/.exec(messagePosts(requests)[0]?.path ?? '')?.[1];
  if (!id) throw new Error('no message was posted:\n' + summary(requests));
  const res = await rawRequest(`${api.url}/conversations/${id}`);
  const history = (JSON.parse(res.text) as { history: Array<{ role: string; content: string }> }).history;
  return history.filter((message) => message.role === 'user').map((message) => message.content);
}

async function finish(listeners: Awaited<ReturnType<typeof inspectListeners>>, html: string) {
  const { page, errors } = browser;
  // Failed loads are expected here (Chromium logs them as network lines); errors from the widget are not.
  await expectInvariant({ scope: page, errors, listeners, html, browser: browser.browser, successPath: true });
}

describe('bad networks, counted by the server', () => {
  test('offline and back: the message waits, then goes out once', async () => {
    const { widget, listeners, html } = await openShop();
    await browser.context.setOffline(true);
    await widget.send('where is order 601?');
    await widget.log.getByText(TEXT.queued).waitFor(SEEN);
    expect(messagePosts(await api.requests())).toEqual([]);

    await browser.context.setOffline(false);
    await widget.said('Order #601 has shipped').waitFor(SEEN);
    const received = await api.requests();
    expect(
      messagePosts(received).map((post) => [post.body, post.status]),
      summary(received),
    ).toEqual([[{ message: 'where is order 601?' }, 200]]);
    expect(await serverHistory(received)).toEqual(['where is order 601?']);
    expect(await widget.mine('where is order 601?').count()).toBe(1);
    await finish(listeners, html);
  });

  test('the connection is cut after the server processed the send: shown once, posted once', async () => {
    const { widget, listeners, html } = await openShop();
    await api.fault('drop-after-processing');
    await widget.send('where is order 602?');
    await widget.said('Order #602 has shipped').waitFor(SEEN);

    const received = await api.requests();
    expect(
      messagePosts(received).map((post) => post.body),
      summary(received),
    ).toEqual([{ message: 'where is order 602?' }]);
    expect(await serverHistory(received)).toEqual(['where is order 602?']);
    expect(await widget.mine('where is order 602?').count()).toBe(1);
    expect(await widget.said('Order #602 has shipped').count()).toBe(1);
    await finish(listeners, html);
  });

  test("a proxy's 502 HTML page: nothing is resent on its own; Retry sends it once more, and it lands once", async () => {
    // (The page's clock runs the widget's checks of the history at once.)
    await browser.page.clock.install();
    const { widget, listeners, html } = await openShop();
    await api.fault('502');
    await widget.send('where is order 603?');
    await runClockUntil(browser.page, widget.log.getByText(TEXT.failed));
    let received = await api.requests();
    expect(
      messagePosts(received).map((post) => post.status),
      summary(received),
    ).toEqual([502]);

    await widget.log.getByRole('button', { name: TEXT.retry }).click();
    await widget.said('Order #603 has shipped').waitFor(SEEN);
    received = await api.requests();
    expect(
      messagePosts(received).map((post) => post.status),
      summary(received),
    ).toEqual([502, 200]);
    expect(processed(received)).toHaveLength(1);
    expect(await serverHistory(received)).toEqual(['where is order 603?']);
    expect(await widget.mine('where is order 603?').count()).toBe(1);
    await finish(listeners, html);
  });

  test('429 with retry_after: the refused POST is repeated by the widget after the wait, and lands once', async () => {
    const { widget, listeners, html } = await openShop();
    await api.fault('429', { retryAfter: 1 });
    await widget.send('where is order 604?');
    await widget.said('Order #604 has shipped').waitFor(SEEN);

    const received = await api.requests();
    const posts = messagePosts(received);
    expect(
      posts.map((post) => post.status),
      summary(received),
    ).toEqual([429, 200]);
    expect(posts[1]!.at - posts[0]!.at).toBeGreaterThanOrEqual(1000);
    expect(processed(received)).toHaveLength(1);
    expect(await serverHistory(received)).toEqual(['where is order 604?']);
    expect(await widget.mine('where is order 604?').count()).toBe(1);
    await finish(listeners, html);
  });

  test('a 30-second tool call: the widget waits it out, posts once and shows the reply', async () => {
    // The page lives through 30 s (its clock run ahead) while the server holds the answer for 4 s of real time.
    await browser.page.clock.install();
    const { widget, listeners, html } = await openShop();
    await api.fault('slow', { delayMs: 4_000 });
    await widget.send('where is order 605?');
    await widget.log.getByText(TEXT.sending).waitFor(SEEN);
    await browser.page.clock.runFor(30_000);
    await widget.said('Order #605 has shipped').waitFor(SEEN);

    const received = await api.requests();
    expect(
      messagePosts(received).map((post) => [post.body, post.status]),
      summary(received),
    ).toEqual([[{ message: 'where is order 605?' }, 200]]);
    expect(await serverHistory(received)).toEqual(['where is order 605?']);
    expect(await widget.mine('where is order 605?').count()).toBe(1);
    await finish(listeners, html);
  });
});
