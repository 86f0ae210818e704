/**
 * Case 6, patched globals: a host page that wraps `fetch` to add its own `Authorization` header and
 * `credentials: 'include'` (with a session cookie that the API's origin would receive), adds a
 * `toJSON` to `Array.prototype` and rewrites `JSON.stringify`. The widget's requests stay exactly what
 * the contract says, and none of the host's credentials reach the API. A transport a developer passes
 * on purpose (the `fetch` option) is still used.
 */
import { describe, expect, test } from 'vitest';
import { ASSISTANTS } from '../../helpers/stand-in';
import { useBrowser, useStandIn, useStaticServer } from '../helpers/fixtures';
import { chat, expectInvariant, GREETING, hostPage, inspectListeners, installProbe, messagePosts, SEEN, serve, summary } from './world';

const browser = useBrowser();
const site = useStaticServer();
const api = useStandIn();

const SECRET = 'Bearer host-secret-token';

/** What a busy host page does to its globals before the widget arrives. */
const HOST_PATCHES = `
  const hostFetch = window.fetch;
  window.fetch = function (input, init) {
    const options = Object.assign({}, init);
    const headers = new Headers(options.headers || {});
    headers.set('Authorization', ${JSON.stringify(SECRET)});
    options.headers = headers;
    options.credentials = 'include';
    return hostFetch.call(this, input, options);
  };
  Array.prototype.toJSON = function () { return { hijacked: 'array' }; };
  const hostStringify = JSON.stringify;
  JSON.stringify = function (value, replacer, space) {
    if (value && typeof value === 'object' && !Array.isArray(value)) value = Object.assign({ injected: 'by the host' }, value);
    return hostStringify.call(JSON, value, replacer, space);
  };
`;

describe('a host page that patches fetch, JSON and Array.prototype', () => {
  test('request bodies stay exact and no host header or cookie reaches the API', async () => {
    const { page, context, errors } = browser;
    // A session cookie for 127.0.0.1 (cookies ignore ports): the API's origin would receive it with credentials.
    await context.addCookies([{ name: 'host_session', value: 'secret-cookie', domain: '127.0.0.1', path: '/' }]);
    await installProbe(page, HOST_PATCHES);
    const listeners = await inspectListeners(page);
    const { url, html } = serve(site, '/patched.html', hostPage({ siteUrl: site.url, apiBase: api.url }));

    await page.goto(url);
    // The host's patches are in place, and they do work on the host's own calls.
    expect(await page.evaluate(() => JSON.stringify({ a: [1] }))).toBe('{"injected":"by the host","a":{"hijacked":"array"}}');

    const widget = chat(page);
    await widget.open();
    await widget.said(GREETING).waitFor(SEEN);
    await widget.send('I want to book an appointment');
    await widget.said("You're booked in!").waitFor(SEEN);

    // The conversation survives a reload: what the widget stored was not bent by the patched JSON either.
    await page.reload();
    await widget.open();
    await widget.mine('I want to book an appointment').waitFor(SEEN);
    await widget.said("You're booked in!").waitFor(SEEN);
    await widget.send('where is order 777?');
    await widget.said('Order #777 has shipped').waitFor(SEEN);

    const received = await api.requests();
    expect(received.length).toBeGreaterThanOrEqual(3);
    for (const request of received) {
      expect(request.headers.authorization, `${request.method} ${request.path}`).toBeUndefined();
      expect(request.headers.cookie, `${request.method} ${request.path}`).toBeUndefined();
      expect(request.status, summary(received)).toBe(200);
    }
    const create = received.find((request) => request.method === 'POST' && request.path === '/conversations');
    expect(create?.body).toEqual({ assistant_id: ASSISTANTS.northwind, type: 'test', variables: { name: 'Ada', clinic: 'Riverside Clinic' } });
    expect(messagePosts(received).map((post) => post.body)).toEqual([
      { message: 'I want to book an appointment' },
      { message: 'where is order 777?' },
    ]);

    await expectInvariant({ scope: page, errors, listeners, html, browser: browser.browser, successPath: true });
    await listeners.dispose();
  });

  test('a transport passed on purpose with the fetch option is the one used', async () => {
    const { page } = browser;
    // The host's stub queue, as the docs show it, with a deliberate transport that counts its calls.
    await installProbe(
      page,
      `${HOST_PATCHES}
      window.transportCalls = [];
      window.AssistantChat = function () { (window.AssistantChat.q = window.AssistantChat.q || []).push(arguments); };
      window.AssistantChat('mount', {
        assistantId: ${JSON.stringify(ASSISTANTS.quiet)},
        apiBase: ${JSON.stringify(api.url)},
        type: 'test',
        fetch: (input, init) => { window.transportCalls.push(init.method + ' ' + input); return hostFetch(input, init); },
      });`,
    );
    // A bare script tag: the widget comes from the queued mount call alone.
    const { url } = serve(site, '/transport.html', `<!doctype html><title>Transport</title><script src="${site.url}/dist/widget.js"></script>`);
    await page.goto(url);
    const widget = chat(page);
    await widget.open();
    await widget.send('hello');
    await widget.said(/Hello!/).waitFor(SEEN);

    const calls = await page.evaluate(() => (window as unknown as { transportCalls: string[] }).transportCalls);
    expect(calls.map((call) => call.replace(api.url, ''))).toEqual([
      'POST /conversations',
      expect.stringMatching(/^POST \/conversations\/[^/]+\/messages$/),
    ]);
    const received = await api.requests();
    expect(summary(received)).toMatch(/^POST \/conversations → 200\nPOST \/conversations\/[^/]+\/messages → 200$/);
  });
});
