// @vitest-environment node
/**
 * The gateway over real HTTP, in front of the stand-in API: what passes, what is refused and in which of
 * the platform's shapes, what the platform receives (its request log, headers included), and that the key
 * never reaches anything a browser sees.
 */
import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/client';
import { ApiError, isOutcomeUnknown } from '../../src/api/errors';
import { ASSISTANTS, rawRequest, startStandIn, type RawResponse, type StandIn } from '../helpers/stand-in';
import { startTestGateway, TEST_KEY, type TestGateway } from './helpers/gateway';

const SITE = 'https://shop.example';
const PAGE = { Origin: SITE };
const CREATE = JSON.stringify({ assistant_id: ASSISTANTS.northwind, type: 'test', variables: { name: 'Ada', clinic: 'Riverside' } });

let api: StandIn;
let gateway: TestGateway;
/** Every answer a test got from a gateway: none may carry the key. */
let answers: RawResponse[] = [];

beforeAll(async () => {
  api = await startStandIn();
  gateway = await startTestGateway(api.url, { allowOrigins: [SITE, '*.example.org'], allowNoOrigin: false });
});
afterAll(async () => {
  await gateway.close();
  await api.close();
});
beforeEach(async () => {
  await api.reset();
  answers = [];
});
afterEach(() => {
  for (const answer of answers) expect(JSON.stringify(answer.headers) + answer.text).not.toContain(TEST_KEY);
});

/** One request through `target` (default: the shared gateway), remembered for the key check. */
async function call(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}, target = gateway) {
  const answer = await rawRequest(target.url + path, { ...init, headers: { ...PAGE, ...init.headers } });
  answers.push(answer);
  return answer;
}

const create = (target = gateway, headers: Record<string, string> = {}, body = CREATE) =>
  call('/conversations', { method: 'POST', body, headers }, target);

async function newConversation(target = gateway): Promise<string> {
  const answer = await create(target);
  expect(answer.status, answer.text).toBe(200);
  return (JSON.parse(answer.text) as { conversation_id: string }).conversation_id;
}

const send = (id: string, message: string, target = gateway, headers: Record<string, string> = {}) =>
  call(`/conversations/${id}/messages`, { method: 'POST', body: JSON.stringify({ message }), headers }, target);

describe('the routes', () => {
  it('passes the three conversation endpoints to the platform and answers with what it said', async () => {
    const created = await create();
    expect(created.status).toBe(200);
    const id = (JSON.parse(created.text) as { conversation_id: string }).conversation_id;
    const sent = await send(id, 'where is order 101?');
    expect(sent.status).toBe(200);
    expect(JSON.parse(sent.text)).toMatchObject({ status: true, message: expect.stringContaining('has shipped') });
    const read = await call(`/conversations/${id}`);
    expect(read.status).toBe(200);
    expect((JSON.parse(read.text) as { history: { content: string }[] }).history.map((m) => m.content)).toContain('where is order 101?');
    expect((await api.requests()).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      'POST /conversations 200',
      `POST /conversations/${id}/messages 200`,
      `GET /conversations/${id} 200`,
    ]);
  });

  it('answers 404 to everything else, the platform’s other endpoints included, and forwards none of it', async () => {
    const tries = [
      call('/user/assistants/get'),
      call('/__control/requests'),
      call('/__control/reset', { method: 'POST', body: '{}' }),
      call('/conversations'),
      call('/conversations/' + ASSISTANTS.quiet, { method: 'POST', body: '{}' }),
      call('/conversations/' + ASSISTANTS.quiet, { method: 'DELETE' }),
      call('/widget.js'),
      call('/'),
    ];
    for (const answer of await Promise.all(tries)) expect(answer.status).toBe(404);
    expect(await api.requests()).toEqual([]);
  });

  it('answers a malformed conversation id with the platform’s 404, without asking it', async () => {
    for (const path of ['/conversations/not-a-uuid', '/conversations/..%2f..%2fuser/messages', '/conversations/%E0%A4%A']) {
      const answer = await call(path, path.endsWith('messages') ? { method: 'POST', body: '{"message":"hi"}' } : {});
      expect(answer.status, path).toBe(404);
      expect(JSON.parse(answer.text)).toEqual({ status: false, error: 'Conversation not found' });
    }
    expect(await api.requests()).toEqual([]);
  });

  it('answers an allowed page’s preflight, allowing the widget’s headers and the bot check’s', async () => {
    const answer = await call('/conversations', {
      method: 'OPTIONS',
      headers: { 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,x-assistant-challenge' },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toBe(SITE);
    expect(String(answer.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/)).toEqual(
      expect.arrayContaining(['content-type', 'x-assistant-challenge']),
    );
    expect(answer.headers['access-control-allow-methods']).toContain('POST');
    expect(await api.requests()).toEqual([]);
  });

  it('has a health endpoint that needs no origin', async () => {
    const answer = await rawRequest(gateway.url + '/health');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({ status: 'ok' });
  });
});

describe('what the platform receives', () => {
  it('gets the owner’s key as a Bearer token, and none of the visitor’s cookies or other headers', async () => {
    const id = await newConversation();
    await send(id, 'hello', gateway, {
      Cookie: 'session=visitor-secret',
      Authorization: 'Bearer visitor-made-up',
      'X-Forwarded-For': '203.0.113.9',
      'X-Custom': 'anything',
      Referer: SITE + '/checkout',
    });
    const received = await api.requests();
    expect(received).toHaveLength(2);
    for (const request of received) {
      expect(request.headers.authorization).toBe(`Bearer ${TEST_KEY}`);
      const text = JSON.stringify(request.headers);
      for (const leaked of ['visitor-secret', 'visitor-made-up', '203.0.113.9', 'anything', 'checkout', SITE]) expect(text).not.toContain(leaked);
      expect(request.headers.cookie).toBeUndefined();
    }
  });

  it('gets only the fields of the contract: extra fields a script adds are dropped', async () => {
    const id = await newConversation();
    await send(id, 'hi', gateway);
    await call('/conversations', { method: 'POST', body: JSON.stringify({ assistant_id: ASSISTANTS.quiet, type: 'test', admin: true }) });
    await call(`/conversations/${id}/messages`, { method: 'POST', body: JSON.stringify({ message: 'again', price: 0 }) });
    const bodies = (await api.requests()).map((r) => r.body);
    expect(bodies.slice(1)).toEqual([{ message: 'hi' }, { assistant_id: ASSISTANTS.quiet, type: 'test', variables: {} }, { message: 'again' }]);
  });
});

describe('the allow-list', () => {
  it('lets the owner’s sites through with CORS for their origin: an exact origin and a subdomain pattern', async () => {
    for (const origin of [SITE, 'https://help.example.org', 'https://eu.help.example.org']) {
      const answer = await create(gateway, { Origin: origin });
      expect(answer.status, origin).toBe(200);
      expect(answer.headers['access-control-allow-origin']).toBe(origin);
      expect(answer.headers.vary).toContain('Origin');
    }
  });

  it('refuses other sites, and look-alikes, with 403 and no CORS, before the platform is asked', async () => {
    for (const origin of [
      'https://evil.example',
      'http://shop.example',
      'https://shop.example.evil.example',
      'https://example.org',
      'http://help.example.org',
      'null',
    ]) {
      const answer = await create(gateway, { Origin: origin });
      expect(answer.status, origin).toBe(403);
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      expect(JSON.parse(answer.text)).toMatchObject({ status: false });
    }
    const preflight = await call('/conversations', {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    expect(await api.requests()).toEqual([]);
    expect(gateway.logs.filter((line) => line.refused === 'origin').length).toBeGreaterThanOrEqual(7);
  });

  it('refuses a request without an Origin (a script, not a page) unless told to allow them', async () => {
    const scripted = await rawRequest(gateway.url + '/conversations', { method: 'POST', body: CREATE });
    expect(scripted.status).toBe(403);
    const lenient = await startTestGateway(api.url, { allowOrigins: [SITE], allowNoOrigin: true });
    try {
      const allowed = await rawRequest(lenient.url + '/conversations', { method: 'POST', body: CREATE });
      expect(allowed.status).toBe(200);
      expect(allowed.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await lenient.close();
    }
    expect(await api.requests()).toHaveLength(1);
  });
});

describe('bad input, refused in the platform’s shapes before it is asked', () => {
  it('a body over the limit: 413, whether its length is declared or it just keeps coming', async () => {
    const small = await startTestGateway(api.url, { allowOrigins: [SITE], maxBodyBytes: 1024 });
    try {
      const big = JSON.stringify({ assistant_id: ASSISTANTS.northwind, variables: { note: 'x'.repeat(2000) } });
      const declared = await call('/conversations', { method: 'POST', body: big }, small);
      expect(declared.status).toBe(413);
      expect(JSON.parse(declared.text)).toMatchObject({ status: false });
      const chunked = await chunkedPost(small.url + '/conversations', [big.slice(0, 800), big.slice(800)]);
      expect(chunked.status).toBe(413);
    } finally {
      await small.close();
    }
    expect(await api.requests()).toEqual([]);
  });

  it('malformed JSON: 400; a body that is not JSON: 415', async () => {
    const broken = await call('/conversations', { method: 'POST', body: '{"assistant_id": ' });
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.text)).toEqual({ status: false, error: 'Malformed JSON body' });
    const form = await call('/conversations', {
      method: 'POST',
      body: 'assistant_id=1',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect(await api.requests()).toEqual([]);
  });

  it('a create without a UUID or with variables that are not values: the platform’s 422', async () => {
    const answer = await call('/conversations', { method: 'POST', body: JSON.stringify({ assistant_id: 'nope', variables: { a: { b: 1 } } }) });
    expect(answer.status).toBe(422);
    expect(JSON.parse(answer.text)).toEqual({
      message: 'The assistant id field must be a valid UUID. (and 1 more error)',
      errors: {
        assistant_id: ['The assistant id field must be a valid UUID.'],
        'variables.a': ['The variables.a field must be a string, number or boolean.'],
      },
    });
    expect(await api.requests()).toEqual([]);
  });

  it('a message over 2,000 characters as the platform counts them (an emoji is one): 422; 2,000 emoji pass', async () => {
    const id = await newConversation();
    const tooLong = await send(id, 'a'.repeat(2001));
    expect(tooLong.status).toBe(422);
    expect(JSON.parse(tooLong.text)).toEqual({
      message: 'The message field must not be greater than 2000 characters.',
      errors: { message: ['The message field must not be greater than 2000 characters.'] },
    });
    const blank = await send(id, '   ');
    expect(blank.status).toBe(422);
    // 4,000 UTF-16 units, 2,000 characters: the platform takes it.
    const emoji = await send(id, '😀'.repeat(2000));
    expect(emoji.status).toBe(200);
    expect((await api.requests()).map((r) => r.method + ' ' + r.path.replace(id, 'ID'))).toEqual([
      'POST /conversations',
      'POST /conversations/ID/messages',
    ]);
  });

  it('reads as the widget’s client reads the platform: a clear validation error', async () => {
    const client = createApiClient({ baseUrl: gateway.url, fetch: pageFetch });
    const id = (await client.createConversation({ assistantId: ASSISTANTS.quiet, type: 'test' })).conversationId;
    const error = await client.sendMessage(id, 'x'.repeat(2001)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'validation', fields: { message: ['The message field must not be greater than 2000 characters.'] } });
  });
});

describe('the platform failing', () => {
  it('no answer in time: a JSON 504, which the widget reads as a server error and checks the history after', async () => {
    const impatient = await startTestGateway(api.url, { allowOrigins: [SITE], timeoutMs: 200, sendTimeoutMs: 300 });
    try {
      const id = await newConversation(impatient);
      await api.fault('slow', { delayMs: 3000 });
      const started = Date.now();
      const answer = await send(id, 'where is order 5?', impatient);
      expect(answer.status).toBe(504);
      expect(Date.now() - started).toBeLessThan(2500);
      expect(JSON.parse(answer.text)).toMatchObject({ status: false, error: expect.stringMatching(/in time/) });
      expect(answer.headers['access-control-allow-origin']).toBe(SITE);
      expect(impatient.logs.find((line) => line.route === 'send')).toMatchObject({ status: 504, upstream_problem: 'timeout' });

      await api.fault('slow', { delayMs: 3000 });
      const error = await createApiClient({ baseUrl: impatient.url, fetch: pageFetch })
        .sendMessage(id, 'where is order 6?')
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(error).toMatchObject({ kind: 'server', status: 504 });
      // The message may have reached the platform: the widget reads the history before it sends it again.
      expect(isOutcomeUnknown(error as ApiError)).toBe(true);
    } finally {
      await impatient.close();
    }
  });

  it('an HTML error page from a proxy: a JSON 502 in the platform’s shape', async () => {
    const id = await newConversation();
    await api.fault('502');
    const answer = await send(id, 'hello');
    expect(answer.status).toBe(502);
    expect(answer.headers['content-type']).toContain('application/json');
    expect(JSON.parse(answer.text)).toEqual({ status: false, error: 'The chat service answered with an error page (HTTP 502).' });
    const error = await createApiClient({ baseUrl: gateway.url, fetch: pageFetch })
      .sendMessage(id, 'hello')
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    // (The fault was armed once: this one is answered.)
    expect(error).toBeUndefined();
  });

  it('an answer cut off half-way: a JSON 502, not half a body', async () => {
    const id = await newConversation();
    await api.fault('drop-after-processing');
    const answer = await send(id, 'where is order 12?');
    expect(answer.status).toBe(502);
    expect(JSON.parse(answer.text)).toMatchObject({ status: false });
    expect(gateway.logs.at(-1)).toMatchObject({ route: 'send', status: 502, upstream_problem: 'unreachable' });
  });

  it('the platform unreachable: a JSON 502', async () => {
    const closed = await startStandIn();
    const url = closed.url;
    await closed.close();
    const orphan = await startTestGateway(url, { allowOrigins: [SITE] });
    try {
      const answer = await create(orphan);
      expect(answer.status).toBe(502);
      expect(JSON.parse(answer.text)).toMatchObject({ status: false, error: 'The chat service could not be reached.' });
    } finally {
      await orphan.close();
    }
  });

  it('the platform’s own 429 goes back with its Retry-After', async () => {
    await api.fault('429', { retryAfter: 7, routes: 'create' });
    const answer = await create();
    expect(answer.status).toBe(429);
    expect(answer.headers['retry-after']).toBe('7');
    expect(JSON.parse(answer.text)).toMatchObject({ retry_after: 7 });
  });
});

describe('with the runtime’s own fetch (as on Workers, Deno or Bun) instead of the Node transport', () => {
  it('forwards with the key, and answers a timeout and an error page the same way', async () => {
    const portable = await startTestGateway(api.url, {
      allowOrigins: [SITE],
      fetch: (input, init) => fetch(input, init),
      timeoutMs: 200,
      sendTimeoutMs: 300,
    });
    try {
      const id = await newConversation(portable);
      expect((await api.requests())[0]?.headers.authorization).toBe(`Bearer ${TEST_KEY}`);
      await api.fault('502');
      expect(JSON.parse((await send(id, 'hello', portable)).text)).toEqual({
        status: false,
        error: 'The chat service answered with an error page (HTTP 502).',
      });
      await api.fault('slow', { delayMs: 3000 });
      expect((await send(id, 'hello', portable)).status).toBe(504);
    } finally {
      await portable.close();
    }
  });
});

describe('signed visitors', () => {
  const SECRET = 'site-identity-secret';
  const sign = (id: string) => createHmac('sha256', SECRET).update(id).digest('hex');
  let signed: TestGateway;
  beforeAll(async () => {
    signed = await startTestGateway(api.url, { allowOrigins: [SITE], identitySecret: SECRET });
  });
  afterAll(() => signed.close());

  const createAs = (variables: Record<string, unknown>) =>
    create(signed, {}, JSON.stringify({ assistant_id: ASSISTANTS.northwind, type: 'test', variables: { name: 'Ada', ...variables } }));

  it('a good signature creates the conversation with the visitor’s id, the signature not passed on', async () => {
    const answer = await createAs({ id: 'user-42', email: 'ada@example.com', signature: sign('user-42') });
    expect(answer.status).toBe(200);
    const [received] = await api.requests();
    expect(received?.body).toEqual({
      assistant_id: ASSISTANTS.northwind,
      type: 'test',
      variables: { name: 'Ada', id: 'user-42', email: 'ada@example.com' },
    });
    expect(signed.logs.at(-1)).toMatchObject({ route: 'create', status: 200, signed: true });
  });

  it('a signature of another id, a made-up one or none at all: 403, nothing created', async () => {
    for (const variables of [
      { id: 'user-43', signature: sign('user-42') },
      { id: 'user-42', signature: 'f'.repeat(64) },
      { id: 'user-42', signature: 'abc' },
      { id: 'user-42' },
    ]) {
      const answer = await createAs(variables);
      expect(answer.status, JSON.stringify(variables)).toBe(403);
      expect(JSON.parse(answer.text)).toMatchObject({ status: false, error: expect.stringMatching(/signature/) });
    }
    expect(await api.requests()).toEqual([]);
  });

  it('an anonymous visitor (no id) still chats', async () => {
    expect((await createAs({})).status).toBe(200);
  });

  it('without a secret, a signature is still never passed on', async () => {
    await create(gateway, {}, JSON.stringify({ assistant_id: ASSISTANTS.quiet, type: 'test', variables: { id: '7', signature: 'whatever' } }));
    expect((await api.requests())[0]?.body).toEqual({ assistant_id: ASSISTANTS.quiet, type: 'test', variables: { id: '7' } });
  });
});

describe('the log', () => {
  it('writes one line per request: route, status, latency and what refused it, never the text, the key or the id', async () => {
    const logged = await startTestGateway(api.url, { allowOrigins: [SITE], limits: { messagesPerMinute: 1 } });
    try {
      const id = await newConversation(logged);
      await send(id, 'my secret order 77', logged);
      await send(id, 'my secret order 78', logged);
      expect(logged.logs).toHaveLength(3);
      expect(logged.logs.map(({ route, status, refused, limit }) => ({ route, status, refused, limit }))).toEqual([
        { route: 'create', status: 200, refused: undefined, limit: undefined },
        { route: 'send', status: 200, refused: undefined, limit: undefined },
        { route: 'send', status: 429, refused: 'limit', limit: 'messages-per-minute' },
      ]);
      for (const line of logged.logs) {
        expect(line.ms).toBeGreaterThanOrEqual(0);
        expect(line.origin).toBe(SITE);
        const text = JSON.stringify(line);
        for (const secret of ['secret order', TEST_KEY, id, 'Ada']) expect(text).not.toContain(secret);
      }
      expect(logged.logs[1]).toMatchObject({ upstream_status: 200, upstream_ms: expect.any(Number) });
    } finally {
      await logged.close();
    }
  });
});

describe('the options', () => {
  it('refuse to start without a key, an upstream or a site, naming each problem', async () => {
    await expect(
      startTestGateway('not a url', { apiKey: '', allowOrigins: ['https://ok.example', 'ftp://x', 'https://a.example/path'], allowNoOrigin: false }),
    ).rejects.toThrow(/upstream "not a url".*API key is missing.*"ftp:\/\/x", "https:\/\/a.example\/path"/);
    await expect(startTestGateway(api.url, { allowOrigins: [], allowNoOrigin: false })).rejects.toThrow(/no site is allowed/);
  });
});

/** The widget's fetch as a page of the shop would make it (with the page's Origin). */
const pageFetch = (input: string, init: RequestInit) =>
  fetch(input, { ...init, headers: { ...(init.headers as Record<string, string>), Origin: SITE } });

/** A POST whose body comes in chunks, without a Content-Length. */
function chunkedPost(url: string, chunks: string[]): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    import('node:http').then(({ request }) => {
      const req = request(
        url,
        { method: 'POST', headers: { Origin: SITE, 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' }, agent: false },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
        },
      );
      req.on('error', reject);
      for (const chunk of chunks) req.write(chunk);
      req.end();
    }, reject);
  });
}
