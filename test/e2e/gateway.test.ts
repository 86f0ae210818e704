/**
 * The widget in Chromium talking to the stand-in API through the gateway, as a site owner runs it: the
 * built dist/widget.js on a shop page (origin A) with `data-api-base` pointed at the gateway (origin B),
 * which adds the key upstream. Chat, reload and resume work as they do direct; the key never reaches the
 * page; a page of a site the gateway does not list gets nothing; the site's bot check reaches the gateway.
 */
import type { Response as PageResponse } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ASSISTANTS } from '../helpers/stand-in';
import { startTestGateway, TEST_KEY, type TestGateway } from '../gateway/helpers/gateway';
import { useBrowser, useStandIn, useStaticServer } from './helpers/fixtures';
import { chat, creates, GREETING, messagePosts, reads, summary, widgetPage } from './conversation/widget';

const browser = useBrowser();
const site = useStaticServer();
const api = useStandIn();

/** How long a visible outcome may take. */
const SEEN = { timeout: 20_000 };

let gateway: TestGateway;
/** A gateway for another site: the shop's origin is not on its list. */
let elsewhere: TestGateway;
/** A gateway that wants a bot check token before each create. */
let checked: TestGateway;
const tokens: string[] = [];

beforeAll(async () => {
  gateway = await startTestGateway(api.url, { allowOrigins: [site.url], allowNoOrigin: false });
  elsewhere = await startTestGateway(api.url, { allowOrigins: ['https://another-shop.example'], allowNoOrigin: false });
  checked = await startTestGateway(api.url, {
    allowOrigins: [site.url],
    allowNoOrigin: false,
    challenge: async (token) => (tokens.push(token), token === 'token-from-the-page' ? 'passed' : 'failed'),
  });
});
afterAll(async () => {
  // Those started before a failed start are stopped too.
  for (const server of [gateway, elsewhere, checked] as (TestGateway | undefined)[]) await server?.close();
});

/** Everything the page received from `origin`: status lines, headers and bodies, as text. */
function recordAnswers(origin: string): () => Promise<string> {
  const seen: PageResponse[] = [];
  browser.page.on('response', (response) => {
    if (response.url().startsWith(origin)) seen.push(response);
  });
  return async () => {
    const texts = await Promise.all(seen.map(async (r) => `${r.status()} ${JSON.stringify(await r.allHeaders())} ${await r.text().catch(() => '')}`));
    return texts.join('\n');
  };
}

describe('through the gateway', () => {
  test('the visitor chats, reloads and finds the conversation again, and the platform saw the key the page never did', async () => {
    const { page, errors } = browser;
    const answers = recordAnswers(gateway.url);
    await page.goto(widgetPage(site, { assistantId: ASSISTANTS.northwind, apiBase: gateway.url }));
    const widget = chat(page);
    await widget.open();
    await widget.said(GREETING).waitFor(SEEN);
    await widget.send('where is order 101?');
    await widget.said('Order #101 has shipped').waitFor(SEEN);

    await page.reload();
    await widget.open();
    await widget.said('Order #101 has shipped').waitFor(SEEN);
    expect(await widget.mine('where is order 101?').count()).toBe(1);
    expect(await widget.said(GREETING).count()).toBe(1);

    const received = await api.requests();
    expect(creates(received), summary(received).join('\n')).toHaveLength(1);
    expect(messagePosts(received).map((post) => post.body)).toEqual([{ message: 'where is order 101?' }]);
    expect(reads(received).length).toBeGreaterThanOrEqual(1);
    for (const request of received) expect(request.headers.authorization).toBe(`Bearer ${TEST_KEY}`);
    const seen = await answers();
    expect(seen).toContain('Order **#101** has shipped');
    expect(seen).not.toContain(TEST_KEY);
    expect(gateway.logs.map((line) => line.origin)).toEqual(gateway.logs.map(() => site.url));
    expect(errors.unexpected()).toEqual([]);
  });

  test('a page of a site the gateway does not list gets no conversation, and the platform hears nothing', async () => {
    const { page } = browser;
    await page.goto(widgetPage(site, { assistantId: ASSISTANTS.northwind, apiBase: elsewhere.url, path: '/copied.html' }));
    const widget = chat(page);
    await widget.open();
    await widget.panel
      .getByText(/could not connect/i)
      .first()
      .waitFor(SEEN);
    expect(await widget.said(GREETING).count()).toBe(0);
    expect(await api.requests()).toEqual([]);
    expect(elsewhere.logs.length).toBeGreaterThanOrEqual(1);
    expect(elsewhere.logs.every((line) => line.status === 403 && line.refused === 'origin')).toBe(true);
  });

  test('the site’s challenge function gives the token the gateway checks before it creates', async () => {
    const { page, errors } = browser;
    const url = site.page(
      '/checked.html',
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body>
<script>
  window.AssistantChat = window.AssistantChat || function () { (AssistantChat.q = AssistantChat.q || []).push(arguments); };
  AssistantChat('mount', {
    assistantId: '${ASSISTANTS.northwind}',
    apiBase: '${checked.url}',
    type: 'test',
    variables: { name: 'Ada', clinic: 'Riverside Clinic' },
    challenge: async () => 'token-from-the-page',
  });
</script>
<script src="${site.url}/dist/widget.js"></script></body></html>`,
    );
    await page.goto(url);
    const widget = chat(page);
    await widget.open();
    await widget.said(GREETING).waitFor(SEEN);
    expect(tokens).toEqual(['token-from-the-page']);
    expect(creates(await api.requests())).toHaveLength(1);
    expect(errors.unexpected()).toEqual([]);
  });
});
