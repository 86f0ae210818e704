// @vitest-environment node
/**
 * The playground's reader of the owner's assistants, against the real stand-in over HTTP (every page,
 * the errors an owner meets) and against fake servers for what the stand-in never does.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listAllAssistants, MAX_PAGES, type AccountFetch } from '../../demo/playground/account-api';
import { ASSISTANTS, startStandIn, type StandIn } from '../helpers/stand-in';

let api: StandIn;
beforeAll(async () => {
  api = await startStandIn();
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const realFetch: AccountFetch = (url, init) => fetch(url, init);

/** A fake server: answers every request with `answer(url)` and records the requests. */
function fakeServer(answer: (url: string, page: number) => { status?: number; body: unknown; type?: string }) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fakeFetch: AccountFetch = async (url, init) => {
    calls.push({ url, init });
    const { status = 200, body, type = 'application/json' } = answer(url, Number(new URL(url, 'http://x').searchParams.get('page')));
    return { status, text: async () => (typeof body === 'string' ? body : JSON.stringify(body)), headers: new Headers({ 'content-type': type }) };
  };
  return { calls, fetch: fakeFetch };
}

const envelope = (data: unknown[], extra: Record<string, unknown> = {}) => ({ current_page: 1, data, last_page: 1, ...extra });

describe('reading the owner’s assistants', () => {
  it('reads every page, each with the key, and keeps the API’s order', async () => {
    const outcome = await listAllAssistants({ apiBase: api.url, apiKey: 'demo-key-northwind', fetch: realFetch });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.assistants).toHaveLength(22);
    expect(outcome.assistants[0]).toEqual({
      id: ASSISTANTS.northwind,
      name: 'Northwind Dental',
      active: true,
      look: { theme: 'light', color: '#0f766e', position: 'bottom-right' },
    });
    const requests = await api.requests();
    expect(requests.map((r) => r.path)).toEqual([1, 2, 3].map((page) => `/user/assistants/get?per_page=10&page=${page}`));
    expect(requests.every((r) => r.headers.authorization === 'Bearer demo-key-northwind')).toBe(true);
  });

  it('reads the platform’s spellings and leaves out what an assistant did not set', async () => {
    const outcome = await listAllAssistants({ apiBase: api.url, apiKey: 'demo-key-northwind', fetch: realFetch, perPage: 100 });
    if (!outcome.ok) throw new Error('not listed');
    const byName = Object.fromEntries(outcome.assistants.map((a) => [a.name, a]));
    expect(byName['Northwind Harbourside']?.look).toEqual({ theme: 'dark', color: '#be123c', position: 'bottom-left' });
    expect(byName['Northwind Careers']).toMatchObject({ active: false, look: { theme: 'dark' } });
    expect(byName['Northwind Implants']?.look).toEqual({});
    expect(byName['Northwind Hillcrest']?.look).toEqual({ position: 'top-right' });
  });

  it('gives an empty list for an owner without assistants', async () => {
    expect(await listAllAssistants({ apiBase: api.url, apiKey: 'demo-key-empty', fetch: realFetch })).toEqual({ ok: true, assistants: [] });
  });

  it('accepts an API base with a trailing slash', async () => {
    const outcome = await listAllAssistants({ apiBase: `${api.url}/`, apiKey: 'demo-key-quiet', fetch: realFetch });
    expect(outcome.ok && outcome.assistants.map((a) => a.id)).toEqual([ASSISTANTS.quiet]);
  });
});

describe('what goes wrong', () => {
  it('says "unauthorized" for a key the API does not accept', async () => {
    expect(await listAllAssistants({ apiBase: api.url, apiKey: 'not-a-key', fetch: realFetch })).toEqual({
      ok: false,
      problem: 'unauthorized',
      status: 401,
    });
  });

  it('says "network" when nothing answers', async () => {
    const closed = await startStandIn();
    await closed.close();
    expect(await listAllAssistants({ apiBase: closed.url, apiKey: 'demo-key-quiet', fetch: realFetch })).toEqual({ ok: false, problem: 'network' });
  });

  it('says "not-api" for a proxy’s HTML page and for an address that is not the API', async () => {
    await api.fault('502', { routes: 'all' });
    expect(await listAllAssistants({ apiBase: api.url, apiKey: 'demo-key-quiet', fetch: realFetch })).toEqual({
      ok: false,
      problem: 'not-api',
      status: 502,
    });
    expect(await listAllAssistants({ apiBase: `${api.url}/nowhere`, apiKey: 'demo-key-quiet', fetch: realFetch })).toEqual({
      ok: false,
      problem: 'not-api',
      status: 404,
    });
  });

  it('passes on the API’s own words when it refuses (rate limit)', async () => {
    const server = fakeServer(() => ({ status: 429, body: { error: 'Rate limit exceeded', retry_after: 3 } }));
    expect(await listAllAssistants({ apiBase: '/api', apiKey: 'k', fetch: server.fetch })).toEqual({
      ok: false,
      problem: 'refused',
      status: 429,
      message: 'Rate limit exceeded',
    });
  });

  it('says "not-api" for a 200 that is not the envelope', async () => {
    const server = fakeServer(() => ({ body: '<!doctype html><title>My shop</title>', type: 'text/html' }));
    expect(await listAllAssistants({ apiBase: '/api', apiKey: 'k', fetch: server.fetch })).toEqual({ ok: false, problem: 'not-api', status: 200 });
  });

  it('says "aborted" when the listing is cancelled', async () => {
    const controller = new AbortController();
    const hanging: AccountFetch = (_url, init) =>
      new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    const listing = listAllAssistants({ apiBase: '/api', apiKey: 'k', fetch: hanging, signal: controller.signal });
    controller.abort();
    expect(await listing).toEqual({ ok: false, problem: 'aborted' });
  });
});

describe('where the key goes', () => {
  it('only to the chosen API base: page links pointing elsewhere are not followed', async () => {
    const server = fakeServer((_, page) => ({
      body: envelope([{ uuid: `00000000-0000-4000-8000-00000000000${page}`, name: `A${page}` }], {
        current_page: page,
        last_page: 3,
        next_page_url: `https://collector.example/steal?page=${page + 1}`,
        path: 'https://collector.example/steal',
      }),
    }));
    const outcome = await listAllAssistants({ apiBase: 'https://api.example.com/v1', apiKey: 'secret-key', fetch: server.fetch });
    expect(outcome.ok && outcome.assistants.map((a) => a.name)).toEqual(['A1', 'A2', 'A3']);
    expect(server.calls.map((call) => call.url)).toEqual(
      [1, 2, 3].map((page) => `https://api.example.com/v1/user/assistants/get?per_page=10&page=${page}`),
    );
  });

  it('in a request that follows no redirect and sends no cookies or referrer', async () => {
    const server = fakeServer(() => ({ body: envelope([]) }));
    await listAllAssistants({ apiBase: '/api', apiKey: 'secret-key', fetch: server.fetch });
    expect(server.calls[0]?.init).toMatchObject({
      method: 'GET',
      headers: { Accept: 'application/json', Authorization: 'Bearer secret-key' },
      redirect: 'error',
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    });
  });

  it('stops after a bounded number of pages, whatever last_page says', async () => {
    const server = fakeServer((_, page) => ({ body: envelope([], { current_page: page, last_page: 1_000_000 }) }));
    await listAllAssistants({ apiBase: '/api', apiKey: 'k', fetch: server.fetch });
    expect(server.calls).toHaveLength(MAX_PAGES);
  });
});

describe('the assistant records', () => {
  it('ignore fields the playground does not use and skip entries without a UUID', async () => {
    const server = fakeServer(() => ({
      body: envelope([
        { uuid: 'not-a-uuid', name: 'Broken' },
        null,
        {
          uuid: 'ABCDEF00-0000-4000-8000-000000000001',
          name: '  Support  ',
          status: 'inactive',
          widget_settings: { theme: 'neon', color: '#ABC', position: 'left-top', launcher_icon: 'chat' },
          voice: { provider: 'x' },
          tools: [{ name: 'lookup' }],
        },
        { uuid: 'abcdef00-0000-4000-8000-000000000002', widget_settings: null },
      ]),
    }));
    const outcome = await listAllAssistants({ apiBase: '/api', apiKey: 'k', fetch: server.fetch });
    expect(outcome).toEqual({
      ok: true,
      assistants: [
        { id: 'abcdef00-0000-4000-8000-000000000001', name: 'Support', active: false, look: { color: '#aabbcc', position: 'top-left' } },
        { id: 'abcdef00-0000-4000-8000-000000000002', name: 'Unnamed assistant', active: true, look: {} },
      ],
    });
  });

  it('list an assistant once even when it shows up on two pages', async () => {
    const same = { uuid: 'abcdef00-0000-4000-8000-000000000001', name: 'Twice' };
    const server = fakeServer((_, page) => ({ body: envelope([same], { current_page: page, last_page: 2 }) }));
    const outcome = await listAllAssistants({ apiBase: '/api', apiKey: 'k', fetch: server.fetch });
    expect(outcome.ok && outcome.assistants).toHaveLength(1);
  });
});
