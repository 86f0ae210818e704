import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useBrowser, useStandIn, useStaticServer } from './helpers/fixtures';
import { watchNetwork } from './helpers/network';
import { DIST_DIR } from './helpers/static-server';
import { ASSISTANTS } from '../helpers/stand-in';

const NORTHWIND = ASSISTANTS.northwind;

const browser = useBrowser();
const site = useStaticServer();
const api = useStandIn();

/**
 * A page that talks to the API with plain `fetch`, the way the widget will: create a conversation,
 * send one message, read the history back, and show each answer as text.
 */
function conversationPage(apiUrl: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Cross-origin API check</title></head>
<body>
  <p role="status" aria-label="Progress">starting</p>
  <p>Conversation id: <output aria-label="Conversation id"></output></p>
  <p>Greeting: <output aria-label="Greeting"></output></p>
  <p>Reply: <output aria-label="Reply"></output></p>
  <pre aria-label="Function calls"></pre>
  <pre aria-label="History"></pre>
  <script>
    const api = ${JSON.stringify(apiUrl)};
    const show = (label, value) => {
      document.querySelector('[aria-label="' + label + '"]').textContent =
        typeof value === 'string' ? value : JSON.stringify(value);
    };
    const status = (text) => { show('Progress', text); };
    async function call(method, path, body) {
      const init = body === undefined ? { method } :
        { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
      const response = await fetch(api + path, init);
      const data = await response.json();
      if (!response.ok) throw new Error(method + ' ' + path + ' answered ' + response.status + ' ' + JSON.stringify(data));
      return data;
    }
    (async () => {
      try {
        const created = await call('POST', '/conversations', {
          assistant_id: ${JSON.stringify(NORTHWIND)},
          type: 'test',
          variables: { name: 'Ada', clinic: 'Riverside Clinic' },
        });
        show('Conversation id', created.conversation_id);
        show('Greeting', created.history[0] ? created.history[0].content : '');
        const reply = await call('POST', '/conversations/' + created.conversation_id + '/messages',
          { message: 'I want to book an appointment' });
        show('Reply', reply.message);
        show('Function calls', reply.function_calls);
        const read = await call('GET', '/conversations/' + created.conversation_id);
        show('History', read.history);
        status('done');
      } catch (error) {
        status('failed: ' + error.message);
      }
    })();
  </script>
</body>
</html>`;
}

describe('the browser harness', () => {
  it('lets a page on one origin hold a conversation with the stand-in API on another', async () => {
    const { page, errors } = browser;
    const network = await watchNetwork(page);
    const pageUrl = site.page('/conversation.html', conversationPage(api.url));
    expect(new URL(pageUrl).origin).not.toBe(new URL(api.url).origin);

    await page.goto(pageUrl);
    const status = page.getByRole('status', { name: 'Progress' });
    await status.filter({ hasText: /^(done|failed)/ }).waitFor();
    expect(await status.textContent()).toBe('done');

    // What the page received and shows.
    const conversationId = await page.getByLabel('Conversation id').textContent();
    expect(conversationId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
    const greeting = await page.getByLabel('Greeting').textContent();
    expect(greeting).toContain('Hi Ada!');
    expect(greeting).toContain('Riverside Clinic');
    expect(greeting).not.toContain('{{');
    const reply = await page.getByLabel('Reply').textContent();
    expect(reply).toContain('booked');
    const functionCalls = JSON.parse((await page.getByLabel('Function calls').textContent()) ?? 'null') as Array<{
      name: string;
      arguments: unknown;
      result: unknown;
    }>;
    expect(functionCalls.map((call) => call.name)).toEqual(['check_calendar_availability', 'book_appointment']);
    for (const call of functionCalls) {
      expect(call.arguments).toBeTypeOf('object');
      expect(call.result).toBeTypeOf('object');
    }
    const history = JSON.parse((await page.getByLabel('History').textContent()) ?? 'null') as Array<{
      role: string;
      content: string;
      function_calls?: unknown;
    }>;
    expect(history.map((message) => message.role)).toEqual(['assistant', 'user', 'assistant']);
    expect(history[0]?.content).toBe(greeting);
    expect(history[1]?.content).toBe('I want to book an appointment');
    expect(history[2]?.content).toBe(reply);
    expect(history[2]?.function_calls).toEqual(functionCalls);

    // What the server received, from the page's origin.
    const received = await api.requests();
    expect(received.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /conversations',
      `POST /conversations/${conversationId}/messages`,
      `GET /conversations/${conversationId}`,
    ]);
    expect(received[0]?.body).toEqual({
      assistant_id: NORTHWIND,
      type: 'test',
      variables: { name: 'Ada', clinic: 'Riverside Clinic' },
    });
    expect(received[1]?.body).toEqual({ message: 'I want to book an appointment' });
    for (const request of received) {
      expect(request.headers.origin).toBe(site.url);
      expect(request.status).toBe(200);
    }

    // The JSON POSTs were cross-origin and not "simple", so Chromium asked first; the plain GET was simple.
    const preflights = network.requests.filter((request) => request.preflight);
    expect(preflights.map((request) => `${request.method} ${request.url}`)).toEqual([
      `OPTIONS ${api.url}/conversations`,
      `OPTIONS ${api.url}/conversations/${conversationId}/messages`,
    ]);
    const conversationPreflight = preflights.find((request) => request.url === `${api.url}/conversations`);
    expect(lowerCaseKeys(conversationPreflight?.headers)).toMatchObject({
      'access-control-request-method': 'POST',
      origin: site.url,
    });

    expect(errors.unexpected()).toEqual([]);
    await network.dispose();
  });

  it('records uncaught errors, unhandled rejections and console errors, apart from failed loads', async () => {
    const { page, errors } = browser;
    const pageUrl = site.page(
      '/broken.html',
      `<!doctype html><title>Broken</title><script>
        console.error('logged on purpose');
        Promise.reject(new Error('rejected on purpose'));
        setTimeout(() => { throw new Error('thrown on purpose'); });
        fetch(${JSON.stringify(site.url + '/missing')}).then(() => { document.title = 'loaded'; });
      </script>`,
    );

    await page.goto(pageUrl);
    await page.waitForFunction(() => document.title === 'loaded');
    await expect.poll(() => errors.all.length).toBe(4);

    expect(errors.unexpected()).toEqual(
      expect.arrayContaining([
        { kind: 'console.error', message: 'logged on purpose', url: pageUrl },
        { kind: 'unhandledrejection', message: 'Error: rejected on purpose', url: pageUrl },
        { kind: 'pageerror', message: 'Error: thrown on purpose', url: pageUrl },
      ]),
    );
    expect(errors.unexpected()).toHaveLength(3);
    expect(errors.all.filter((record) => record.kind === 'network')).toEqual([
      expect.objectContaining({ message: expect.stringContaining('404'), url: `${site.url}/missing` }),
    ]);
  });

  it('serves the built widget and each page with the headers its test asks for', async () => {
    const { page } = browser;
    const pageUrl = site.page('/strict.html', '<!doctype html><title>Strict</title><p>No scripts here</p>', {
      headers: { 'Content-Security-Policy': "script-src 'none'" },
    });

    const pageResponse = await page.goto(pageUrl);
    expect(pageResponse?.headers()['content-security-policy']).toBe("script-src 'none'");
    await page.getByText('No scripts here').waitFor();

    const widget = await page.request.get(`${site.url}/dist/widget.js`);
    expect(widget.status()).toBe(200);
    expect(widget.headers()['content-type']).toMatch(/^text\/javascript/);
    expect((await widget.body()).equals(await readFile(join(DIST_DIR, 'widget.js')))).toBe(true);

    const escape = await page.request.get(`${site.url}/dist/..%2Fpackage.json`);
    expect(escape.status()).toBe(404);
  });
});

function lowerCaseKeys(record: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(record ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
}
