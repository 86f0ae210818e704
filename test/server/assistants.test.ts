// @vitest-environment node
/**
 * `GET /user/assistants/get` of the stand-in against src/api/contract/assistants.md: the Laravel
 * pagination envelope, paging, query validation, Bearer keys, owner scoping and CORS.
 */
import { rm } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStandInApi } from '../../demo/server/app.mjs';
import { ASSISTANTS, createTempDir, rawRequest, startStandIn, type RawResponse, type StandIn } from '../helpers/stand-in';
import { listProblems } from './assistants-schema';

/** The fixture owners' demo keys (demo/server/assistants.json, documented in demo/server/README.md). */
const KEYS = {
  /** 22 assistants: three pages of the default 10. */
  northwind: 'demo-key-northwind',
  /** One assistant, "Quiet helper". */
  quiet: 'demo-key-quiet',
  unfunded: 'demo-key-unfunded',
  /** No assistants. */
  empty: 'demo-key-empty',
} as const;
const NORTHWIND_TOTAL = 22;

let api: StandIn;

beforeAll(async () => {
  api = await startStandIn();
});
afterAll(() => api.close());
beforeEach(() => api.reset());

interface Envelope {
  current_page: number;
  data: Array<Record<string, unknown> & { uuid: string; name: string; widget_settings: Record<string, unknown> }>;
  first_page_url: string;
  from: number | null;
  last_page: number;
  last_page_url: string;
  links: Array<{ url: string | null; label: string; active: boolean }>;
  next_page_url: string | null;
  path: string;
  per_page: number;
  prev_page_url: string | null;
  to: number | null;
  total: number;
}

/** Calls the endpoint with `Authorization: Bearer <key>` (or the raw header given, or none). */
function list(query = '', auth: { key?: string; header?: string } = {}): Promise<RawResponse> {
  const headers: Record<string, string> = {};
  if (auth.key !== undefined) headers.Authorization = `Bearer ${auth.key}`;
  if (auth.header !== undefined) headers.Authorization = auth.header;
  return rawRequest(`${api.url}/user/assistants/get${query}`, { headers });
}

/** A 200 answer that conforms to the contract. */
async function page(query: string, key: string): Promise<Envelope> {
  const res = await list(query, { key });
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(res.text) as Envelope;
  expect(listProblems(200, body)).toEqual([]);
  return body;
}

/** The query of a page URL, as a plain object. */
const queryOf = (url: string | null) => (url === null ? null : Object.fromEntries(new URL(url).searchParams));

describe('the pagination envelope', () => {
  it('answers the first page of ten by default, with every envelope field', async () => {
    const body = await page('', KEYS.northwind);
    expect(body).toMatchObject({ current_page: 1, per_page: 10, total: NORTHWIND_TOTAL, last_page: 3, from: 1, to: 10 });
    expect(body.data).toHaveLength(10);
    expect(body.path).toBe(`${api.url}/user/assistants/get`);
    expect(body.prev_page_url).toBeNull();
    expect(queryOf(body.first_page_url)).toEqual({ page: '1' });
    expect(queryOf(body.next_page_url)).toEqual({ page: '2' });
    expect(queryOf(body.last_page_url)).toEqual({ page: '3' });
  });

  it('has Laravel links: Previous, one per page with the current one active, Next', async () => {
    const body = await page('?page=2', KEYS.northwind);
    expect(body.links.map(({ label, active }) => [label, active])).toEqual([
      ['&laquo; Previous', false],
      ['1', false],
      ['2', true],
      ['3', false],
      ['Next &raquo;', false],
    ]);
    expect(body.links[0]?.url).toBe(body.prev_page_url);
    expect(body.links.at(-1)?.url).toBe(body.next_page_url);
    expect(body.links.slice(1, -1).map((link) => queryOf(link.url)?.page)).toEqual(['1', '2', '3']);
  });

  it('elides page links with "..." when there are many pages, as Laravel does', async () => {
    const body = await page('?per_page=1&page=12', KEYS.northwind);
    expect(body.last_page).toBe(NORTHWIND_TOTAL);
    const labels = body.links.slice(1, -1).map((link) => link.label);
    expect(labels).toEqual(['1', '2', '...', '9', '10', '11', '12', '13', '14', '15', '...', '21', '22']);
    expect(body.links.filter((link) => link.label === '...').every((link) => link.url === null && !link.active)).toBe(true);
  });

  it('keeps per_page in every page URL, so following them keeps the page size', async () => {
    const body = await page('?per_page=4&page=2', KEYS.northwind);
    for (const url of [body.first_page_url, body.last_page_url, body.next_page_url, body.prev_page_url]) {
      expect(queryOf(url)).toMatchObject({ per_page: '4' });
    }
    expect(queryOf(body.next_page_url)).toEqual({ per_page: '4', page: '3' });
  });
});

describe('paging', () => {
  it('gives every assistant of the owner exactly once, in order, when next_page_url is followed to the end', async () => {
    const names: string[] = [];
    let next: string | null = `?per_page=10`;
    const pages: Envelope[] = [];
    while (next !== null) {
      const body = await page(next, KEYS.northwind);
      pages.push(body);
      names.push(...body.data.map((assistant) => assistant.name));
      next = body.next_page_url === null ? null : new URL(body.next_page_url).search;
    }
    expect(pages.map((p) => [p.current_page, p.from, p.to, p.data.length])).toEqual([
      [1, 1, 10, 10],
      [2, 11, 20, 10],
      [3, 21, 22, 2],
    ]);
    expect(pages.at(-1)?.next_page_url).toBeNull();
    expect(names).toHaveLength(NORTHWIND_TOTAL);
    expect(new Set(names).size).toBe(NORTHWIND_TOTAL);
    expect(names[0]).toBe('Northwind Dental');
  });

  it('answers a page past the last one with no data and null from/to', async () => {
    const body = await page('?page=9', KEYS.northwind);
    expect(body).toMatchObject({ current_page: 9, data: [], from: null, to: null, total: NORTHWIND_TOTAL, last_page: 3, next_page_url: null });
    expect(queryOf(body.prev_page_url)).toEqual({ page: '8' });
  });

  it('accepts per_page from 1 to 100', async () => {
    expect((await page('?per_page=1', KEYS.northwind)).data).toHaveLength(1);
    const all = await page('?per_page=100', KEYS.northwind);
    expect(all.data).toHaveLength(NORTHWIND_TOTAL);
    expect(all).toMatchObject({ last_page: 1, next_page_url: null, per_page: 100 });
  });

  it.each([
    ['?per_page=0', 'per_page', 'The per page field must be at least 1.'],
    ['?per_page=101', 'per_page', 'The per page field must not be greater than 100.'],
    ['?per_page=ten', 'per_page', 'The per page field must be an integer.'],
    ['?per_page=2.5', 'per_page', 'The per page field must be an integer.'],
    ['?per_page=', 'per_page', 'The per page field must be an integer.'],
    ['?page=0', 'page', 'The page field must be at least 1.'],
    ['?page=-3', 'page', 'The page field must be at least 1.'],
    ['?page=99999999999999999999', 'page', 'The page field must be an integer.'],
  ])('answers %s with 422 in the validation shape', async (query, field, message) => {
    const res = await list(query, { key: KEYS.northwind });
    expect(res.status).toBe(422);
    const body = JSON.parse(res.text);
    expect(listProblems(422, body)).toEqual([]);
    expect(body.errors[field]).toEqual([message]);
    expect(body.message).toBe(message);
  });

  it('names both fields when both are wrong', async () => {
    const res = await list('?per_page=500&page=x', { key: KEYS.northwind });
    expect(res.status).toBe(422);
    expect(Object.keys(JSON.parse(res.text).errors)).toEqual(['per_page', 'page']);
  });
});

describe('the API key', () => {
  it.each([
    ['no Authorization header', {}],
    ['an unknown key', { key: 'demo-key-nobody' }],
    ['a key with different case', { key: 'DEMO-KEY-NORTHWIND' }],
    ['the key without the Bearer scheme', { header: KEYS.northwind }],
    ['another scheme', { header: `Basic ${Buffer.from(`${KEYS.northwind}:`).toString('base64')}` }],
    ['the scheme without a key', { header: 'Bearer' }],
    ['the scheme and blanks', { header: 'Bearer    ' }],
    ['two tokens', { header: `Bearer ${KEYS.northwind} ${KEYS.quiet}` }],
  ])('answers 401 Unauthenticated for %s', async (_, auth) => {
    const res = await list('', auth);
    expect(res.status).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(res.text)).toEqual({ message: 'Unauthenticated.' });
  });

  it('accepts the scheme in any case', async () => {
    expect((await list('', { header: `bearer ${KEYS.quiet}` })).status).toBe(200);
  });

  it('checks the key before the query: a bad query without a key is still 401', async () => {
    expect((await list('?per_page=0')).status).toBe(401);
  });
});

describe('owner scoping', () => {
  it('shows each owner only their own assistants', async () => {
    const quiet = await page('', KEYS.quiet);
    expect(quiet.data.map((a) => a.uuid)).toEqual([ASSISTANTS.quiet]);
    expect(quiet.total).toBe(1);
    expect((await page('', KEYS.unfunded)).data.map((a) => a.uuid)).toEqual([ASSISTANTS.unfunded]);

    const northwind = (await page('?per_page=100', KEYS.northwind)).data.map((a) => a.uuid);
    expect(northwind).toContain(ASSISTANTS.northwind);
    expect(northwind).not.toContain(ASSISTANTS.quiet);
    expect(northwind).not.toContain(ASSISTANTS.unfunded);
  });

  it('answers an owner without assistants with an empty first page', async () => {
    const body = await page('', KEYS.empty);
    expect(body).toMatchObject({ data: [], total: 0, current_page: 1, last_page: 1, from: null, to: null, next_page_url: null, prev_page_url: null });
  });

  it('lists assistants that really exist: a listed uuid starts a test conversation', async () => {
    const [last] = (await page('?page=3', KEYS.northwind)).data.slice(-1);
    const res = await rawRequest(`${api.url}/conversations`, { method: 'POST', body: JSON.stringify({ assistant_id: last?.uuid, type: 'test' }) });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text).history[0].content).toContain('Northwind');
  });
});

describe('the assistant objects', () => {
  it('carry the fields the contract names, with widget_settings in the platform spellings', async () => {
    const [northwind] = (await page('', KEYS.northwind)).data;
    expect(northwind).toMatchObject({
      uuid: ASSISTANTS.northwind,
      name: 'Northwind Dental',
      status: 'active',
      widget_settings: { theme: 'light', color: '#0f766e', position: 'right-bottom' },
      variables: { clinic: 'Northwind Dental' },
    });
    expect(northwind?.initial_message).toContain('{{name}}');
  });

  it('include settings with missing and null keys, and inactive assistants, as real accounts do', async () => {
    const all = (await page('?per_page=100', KEYS.northwind)).data;
    const settings = all.map((a) => a.widget_settings);
    expect(settings).toContainEqual({});
    expect(settings.some((s) => Object.values(s).includes(null))).toBe(true);
    expect(settings.some((s) => Object.keys(s).length > 0 && Object.keys(s).length < 3)).toBe(true);
    expect(all.some((a) => a.status === 'inactive')).toBe(true);
  });

  it('carry fields beyond the contract, which a client must ignore', async () => {
    const [first] = (await page('', KEYS.quiet)).data;
    const named = ['id', 'uuid', 'name', 'status', 'initial_message', 'variables', 'widget_settings', 'created_at', 'updated_at'];
    expect(Object.keys(first ?? {}).filter((key) => !named.includes(key))).toEqual(
      expect.arrayContaining(['voice', 'phone_number', 'webhook_url', 'model']),
    );
  });
});

describe('HTTP', () => {
  it('lets a page on another origin send the key: the preflight allows Authorization', async () => {
    const res = await rawRequest(`${api.url}/user/assistants/get?per_page=5`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://playground.example', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' },
    });
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(String(res.headers['access-control-allow-methods']).split(/,\s*/)).toContain('GET');
    expect(String(res.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/)).toContain('authorization');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('marks answers, the 401 included, as readable from any origin', async () => {
    for (const res of [await list('', { key: KEYS.quiet }), await list('', { key: 'wrong' }), await list('?per_page=0', { key: KEYS.quiet })]) {
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers other methods with 405 and Allow: GET', async () => {
    const res = await rawRequest(`${api.url}/user/assistants/get`, {
      method: 'POST',
      body: '{}',
      headers: { Authorization: `Bearer ${KEYS.quiet}` },
    });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, OPTIONS');
  });

  it('takes faults armed for every route, so clients can be tested against a failing list', async () => {
    await api.fault('502', { routes: 'all' });
    expect((await list('', { key: KEYS.quiet })).status).toBe(502);
    expect((await list('', { key: KEYS.quiet })).status).toBe(200);
  });

  it('links to the URL the client called when mounted under a prefix (npm run demo serves it at /api)', async () => {
    const dataDir = await createTempDir();
    const standIn = createStandInApi({ dataDir });
    // What Connect does for `app.use('/api', handler)`: strip the prefix, keep the full URL in originalUrl.
    const server = createServer((req: IncomingMessage & { originalUrl?: string }, res) => {
      req.originalUrl = req.url;
      req.url = (req.url ?? '/').replace(/^\/api/, '') || '/';
      standIn.handle(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const address = server.address();
      const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const res = await rawRequest(`${origin}/api/user/assistants/get?per_page=2`, { headers: { Authorization: `Bearer ${KEYS.northwind}` } });
      const body = JSON.parse(res.text) as Envelope;
      expect(body.path).toBe(`${origin}/api/user/assistants/get`);
      expect(body.next_page_url).toBe(`${origin}/api/user/assistants/get?per_page=2&page=2`);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await standIn.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
