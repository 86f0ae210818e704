// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, isUuid, toJson, type FetchLike } from '../../src/api/client';
import { ApiError, isOutcomeUnknown, type ApiErrorKind } from '../../src/api/errors';

const BASE = 'https://api.example.test/v1';
const JSON_TYPE = 'application/json';
const CONVERSATION = '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d';
const ASSISTANT = '3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10';

interface Call {
  url: string;
  init: RequestInit;
}

/** A fake transport that records each call and answers with the given responses in turn. */
function fakeFetch(...answers: Array<Response | (() => Response | Promise<Response>)>) {
  const calls: Call[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, init });
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)];
    if (!answer) throw new Error('no answer configured');
    return typeof answer === 'function' ? answer() : answer;
  };
  return { fetch, calls };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

const html = (status: number, title: string) =>
  new Response(`<html><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`, {
    status,
    headers: { 'Content-Type': 'text/html' },
  });

/** The ApiError a promise rejects with (fails the test if it resolves or rejects with anything else). */
async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to reject');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createConversation', () => {
  it('posts the assistant id, type and variables as exact JSON and returns the new conversation', async () => {
    const greeting = { role: 'assistant', content: 'Hi Ana!' };
    const { fetch, calls } = fakeFetch(json(200, { status: true, conversation_id: CONVERSATION, history: [greeting] }));
    const client = createApiClient({ baseUrl: BASE + '/', fetch });

    const created = await client.createConversation({ assistantId: ASSISTANT, type: 'test', variables: { name: 'Ana', vip: true, visits: 3 } });

    expect(created).toEqual({ conversationId: CONVERSATION, history: [greeting] });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(`${BASE}/conversations`);
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.body).toBe(`{"assistant_id":"${ASSISTANT}","type":"test","variables":{"name":"Ana","vip":true,"visits":3}}`);
  });

  it('leaves variables out when there are none', async () => {
    const { fetch, calls } = fakeFetch(json(200, { status: true, conversation_id: CONVERSATION, history: [] }));
    await createApiClient({ baseUrl: BASE, fetch }).createConversation({ assistantId: ASSISTANT, type: 'widget' });
    expect(calls[0]!.init.body).toBe(`{"assistant_id":"${ASSISTANT}","type":"widget"}`);
  });

  it('asks the challenge the site has registered by the time of each create, and sends its token', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { status: true, conversation_id: CONVERSATION, history: [] }));
    let registered: (() => Promise<string>) | undefined = undefined;
    const client = createApiClient({
      baseUrl: BASE,
      fetch,
      get challenge() {
        return registered;
      },
    });
    await client.createConversation({ assistantId: ASSISTANT, type: 'widget' });
    registered = async () => 'token-1';
    await client.createConversation({ assistantId: ASSISTANT, type: 'widget' });
    const header = (call: Call) => new Headers(call.init.headers).get('X-Assistant-Challenge');
    expect(calls.map(header)).toEqual([null, 'token-1']);
  });

  it.each<[string, () => unknown]>([
    [
      'throws',
      () => {
        throw new Error('widget not rendered');
      },
    ],
    ['rejects', () => Promise.reject(new Error('expired'))],
    ['gives an empty token', () => ''],
    ['gives a number instead of a token', () => 42],
  ])('rejects the create, posting nothing, when the bot check %s', async (_, provider) => {
    const { fetch, calls } = fakeFetch(json(200, { status: true, conversation_id: CONVERSATION, history: [] }));
    const client = createApiClient({ baseUrl: BASE, fetch, challenge: provider as () => string });
    const error = await rejection(client.createConversation({ assistantId: ASSISTANT, type: 'widget' }));
    expect(error.kind).toBe('rejected');
    expect(error.message).toMatch(/bot check/i);
    expect(calls).toHaveLength(0);
  });

  it('refuses an assistant id that is not a UUID without calling the server', async () => {
    const { fetch, calls } = fakeFetch(json(200, {}));
    const error = await rejection(createApiClient({ baseUrl: BASE, fetch }).createConversation({ assistantId: 'abc', type: 'test' }));
    expect(error.kind).toBe('validation');
    expect(error.fields).toEqual({ assistant_id: ['must be a UUID'] });
    expect(calls).toHaveLength(0);
  });
});

describe('getConversation', () => {
  it('reads the history with a GET that carries no body', async () => {
    const history = [
      { role: 'user', content: 'book' },
      { role: 'assistant', content: 'Booked', function_calls: [{ name: 'book', arguments: { a: [1, { b: null }] }, result: { ok: true } }] },
    ];
    const { fetch, calls } = fakeFetch(json(200, { status: true, history }));
    expect(await createApiClient({ baseUrl: BASE, fetch }).getConversation(CONVERSATION)).toEqual(history);
    expect(calls[0]!.url).toBe(`${BASE}/conversations/${CONVERSATION}`);
    expect(calls[0]!.init.method).toBe('GET');
    expect(calls[0]!.init.body).toBeUndefined();
  });

  it('drops a function_calls of null instead of passing it on', async () => {
    const { fetch } = fakeFetch(json(200, { status: true, history: [{ role: 'assistant', content: 'Hi', function_calls: null }] }));
    expect(await createApiClient({ baseUrl: BASE, fetch }).getConversation(CONVERSATION)).toEqual([{ role: 'assistant', content: 'Hi' }]);
  });

  it.each(['', 'abc', '../../admin', `${CONVERSATION}/../x`, `${CONVERSATION}?admin=1`, `${CONVERSATION}#x`, ` ${CONVERSATION}`, 'a%2Fb'])(
    'refuses the id %j before it enters a URL path',
    async (id) => {
      const { fetch, calls } = fakeFetch(json(200, { status: true, history: [] }));
      const client = createApiClient({ baseUrl: BASE, fetch });
      expect((await rejection(client.getConversation(id))).kind).toBe('validation');
      expect((await rejection(client.sendMessage(id, 'hi'))).kind).toBe('validation');
      expect(calls).toHaveLength(0);
    },
  );

  it('accepts an upper-case UUID and puts it into the path unchanged', async () => {
    const { fetch, calls } = fakeFetch(json(200, { status: true, history: [] }));
    await createApiClient({ baseUrl: BASE, fetch }).getConversation(CONVERSATION.toUpperCase());
    expect(calls[0]!.url).toBe(`${BASE}/conversations/${CONVERSATION.toUpperCase()}`);
  });
});

describe('sendMessage', () => {
  it('posts exactly {"message": text} and returns the reply with its function calls', async () => {
    const calls = [{ name: 'lookup_order', arguments: { order_id: '1' }, result: { found: true, order: { items: [{ sku: 'A' }] } } }];
    const { fetch, calls: sent } = fakeFetch(json(200, { status: true, message: 'Shipped', function_calls: calls }));
    const reply = await createApiClient({ baseUrl: BASE, fetch }).sendMessage(CONVERSATION, 'Where is order 1?');
    expect(reply).toEqual({ message: 'Shipped', functionCalls: calls });
    expect(sent[0]!.url).toBe(`${BASE}/conversations/${CONVERSATION}/messages`);
    expect(sent[0]!.init.body).toBe('{"message":"Where is order 1?"}');
  });

  it('encodes any text so the server reads back exactly what was typed', async () => {
    const text = 'He said "hi" \\ back\n\ttab \u0000 \u2028\u2029 😀 ünï \ud800 lone \udc00 end';
    const { fetch, calls } = fakeFetch(json(200, { status: true, message: 'ok', function_calls: [] }));
    await createApiClient({ baseUrl: BASE, fetch }).sendMessage(CONVERSATION, text);
    const body = calls[0]!.init.body as string;
    expect(JSON.parse(body)).toEqual({ message: text });
    expect(Object.keys(JSON.parse(body))).toEqual(['message']);
    // Lone surrogates are escaped, so encoding the body as UTF-8 cannot replace them.
    expect(new TextDecoder().decode(new TextEncoder().encode(body))).toBe(body);
  });

  it('sends the same bytes when the page has patched JSON.stringify and Array.prototype.toJSON', async () => {
    const stringify = JSON.stringify;
    const arrayProto = Array.prototype as unknown as { toJSON?: () => unknown };
    const objectProto = Object.prototype as unknown as { toJSON?: () => unknown };
    const created = `{"status":true,"conversation_id":"${CONVERSATION}","history":[]}`;
    const { fetch, calls } = fakeFetch(() => new Response(created, { status: 200 }));
    try {
      JSON.stringify = () => '{"message":"tampered"}';
      arrayProto.toJSON = () => 'tampered';
      objectProto.toJSON = () => 'tampered';
      const client = createApiClient({ baseUrl: BASE, fetch });
      await client.createConversation({ assistantId: ASSISTANT, type: 'test', variables: { list: 'a,b' } }).catch(() => undefined);
      await client.sendMessage(CONVERSATION, 'real text').catch(() => undefined);
    } finally {
      JSON.stringify = stringify;
      delete arrayProto.toJSON;
      delete objectProto.toJSON;
    }
    expect(calls.map((c) => c.init.body)).toEqual([
      `{"assistant_id":"${ASSISTANT}","type":"test","variables":{"list":"a,b"}}`,
      '{"message":"real text"}',
    ]);
  });

  it('treats a reply without function_calls as one where no tool ran', async () => {
    const { fetch } = fakeFetch(json(200, { status: true, message: 'Hello' }));
    expect(await createApiClient({ baseUrl: BASE, fetch }).sendMessage(CONVERSATION, 'hi')).toEqual({ message: 'Hello', functionCalls: [] });
  });
});

describe('what goes over the wire', () => {
  it('carries no cookies or credentials and only the Accept and Content-Type headers', async () => {
    const { fetch, calls } = fakeFetch(
      json(200, { status: true, conversation_id: CONVERSATION, history: [] }),
      json(200, { status: true, history: [] }),
      json(200, { status: true, message: 'ok', function_calls: [] }),
    );
    const client = createApiClient({ baseUrl: BASE, fetch });
    await client.createConversation({ assistantId: ASSISTANT, type: 'test' });
    await client.getConversation(CONVERSATION);
    await client.sendMessage(CONVERSATION, 'hi');

    for (const { init } of calls) {
      expect(init.credentials).toBe('omit');
      expect(init.cache).toBe('no-store');
      expect(init.signal).toBeInstanceOf(AbortSignal);
    }
    expect(calls.map(({ init }) => [...new Headers(init.headers).keys()].sort())).toEqual([
      ['accept', 'content-type'],
      ['accept'],
      ['accept', 'content-type'],
    ]);
    expect(new Headers(calls[0]!.init.headers).get('content-type')).toBe('application/json');
    expect(new Headers(calls[1]!.init.headers).get('accept')).toBe('application/json');
  });
});

describe('failures', () => {
  const cases: Array<[string, () => Response, ApiErrorKind, Partial<Pick<ApiError, 'message' | 'status' | 'retryAfterMs' | 'fields'>>]> = [
    [
      '404 {status:false,error}',
      () => json(404, { status: false, error: 'Conversation not found' }),
      'not_found',
      { message: 'Conversation not found', status: 404 },
    ],
    ['404 {message}', () => json(404, { message: 'No query results.' }), 'not_found', { message: 'No query results.' }],
    ['404 HTML page', () => html(404, '404 Not Found'), 'not_api', { status: 404 }],
    [
      '400 Insufficient balance',
      () => json(400, { status: false, error: 'Insufficient balance' }),
      'insufficient_balance',
      { message: 'Insufficient balance', status: 400 },
    ],
    [
      '402 {success:false,error,error_code} about the balance',
      () => json(402, { success: false, error: 'Payment required', error_code: 'INSUFFICIENT_BALANCE' }),
      'insufficient_balance',
      { message: 'Payment required', status: 402 },
    ],
    [
      '400 Failed to process message',
      () => json(400, { status: false, error: 'Failed to process message: upstream timeout' }),
      'assistant_failed',
      { message: 'Failed to process message: upstream timeout' },
    ],
    [
      '422 {message, errors}',
      () => json(422, { message: 'The message field is required.', errors: { message: ['The message field is required.'] } }),
      'validation',
      { message: 'The message field is required.', status: 422, fields: { message: ['The message field is required.'] } },
    ],
    ['422 {message} without errors', () => json(422, { message: 'Invalid.' }), 'validation', { message: 'Invalid.', fields: undefined }],
    ['403 {error}', () => json(403, { error: 'Forbidden' }), 'rejected', { message: 'Forbidden', status: 403 }],
    ['402 {message} (plan limit)', () => json(402, { message: 'Plan limit reached' }), 'rejected', { message: 'Plan limit reached' }],
    [
      '400 {success:false,error,error_code}',
      () => json(400, { success: false, error: 'Assistant is disabled', error_code: 'ASSISTANT_DISABLED' }),
      'rejected',
      { message: 'Assistant is disabled' },
    ],
    ['400 empty body', () => new Response('', { status: 400 }), 'rejected', { message: 'HTTP 400' }],
    [
      '429 {error, retry_after}',
      () => json(429, { error: 'Rate limit exceeded', retry_after: 7 }),
      'rate_limited',
      { retryAfterMs: 7000, status: 429 },
    ],
    [
      '429 with only a Retry-After header',
      () => new Response('', { status: 429, headers: { 'Retry-After': '3' } }),
      'rate_limited',
      { retryAfterMs: 3000 },
    ],
    ['429 with nothing to go by', () => html(429, 'Too Many Requests'), 'rate_limited', { retryAfterMs: 5000 }],
    ['500 {message}', () => json(500, { message: 'Server Error' }), 'server', { status: 500 }],
    ['502 HTML page', () => html(502, '502 Bad Gateway'), 'server', { status: 502, message: 'HTTP 502' }],
    ['503 HTML page', () => html(503, '503 Service Unavailable'), 'server', { status: 503 }],
    ['504 empty body', () => new Response('', { status: 504 }), 'server', { status: 504 }],
    ['200 empty body', () => new Response('', { status: 200 }), 'unexpected', { status: 200 }],
    ['200 truncated JSON', () => json(200, '{"status":true,"history":[{"role":"assi'), 'unexpected', { status: 200 }],
    ['200 HTML page', () => html(200, 'Welcome'), 'not_api', { status: 200 }],
    ['200 {status:false}', () => json(200, { status: false, error: 'nope' }), 'unexpected', {}],
    ['200 JSON array', () => json(200, [1, 2]), 'unexpected', {}],
    ['302 without redirect', () => new Response('', { status: 302 }), 'unexpected', {}],
  ];

  it.each(cases.map(([name, respond, kind, details]) => ({ name, respond, kind, details })))(
    '$name becomes $kind',
    async ({ respond, kind, details }) => {
      const { fetch } = fakeFetch(respond);
      const client = createApiClient({ baseUrl: BASE, fetch });
      for (const call of [
        () => client.createConversation({ assistantId: ASSISTANT, type: 'widget' }),
        () => client.getConversation(CONVERSATION),
        () => client.sendMessage(CONVERSATION, 'hi'),
      ]) {
        const error = await rejection(call());
        expect(error.kind).toBe(kind);
        expect(error).toMatchObject(details);
      }
    },
  );

  it('reads a Retry-After given as an HTTP date', async () => {
    const inAMinute = new Date(Date.now() + 60_000).toUTCString();
    const { fetch } = fakeFetch(() => new Response('', { status: 429, headers: { 'Retry-After': inAMinute } }));
    const error = await rejection(createApiClient({ baseUrl: BASE, fetch }).getConversation(CONVERSATION));
    expect(error.kind).toBe('rate_limited');
    expect(error.retryAfterMs).toBeGreaterThanOrEqual(58_000);
    expect(error.retryAfterMs).toBeLessThanOrEqual(60_000);
  });

  it.each<[string, unknown]>([
    ['a history that is not a list', { status: true, conversation_id: CONVERSATION, history: 'none' }],
    ['a conversation id that is not a UUID', { status: true, conversation_id: '42', history: [] }],
    ['a message with an unknown role', { status: true, conversation_id: CONVERSATION, history: [{ role: 'system', content: 'x' }] }],
    ['a message without text', { status: true, conversation_id: CONVERSATION, history: [{ role: 'assistant' }] }],
  ])('a created conversation with %s is unexpected', async (_name, body) => {
    const { fetch } = fakeFetch(() => json(200, body));
    const error = await rejection(createApiClient({ baseUrl: BASE, fetch }).createConversation({ assistantId: ASSISTANT, type: 'test' }));
    expect(error.kind).toBe('unexpected');
  });

  it.each<[string, unknown]>([
    ['no message text', { status: true, function_calls: [] }],
    ['a number as message', { status: true, message: 3, function_calls: [] }],
    ['function_calls that is not a list', { status: true, message: 'x', function_calls: {} }],
    ['a function call whose arguments are a string', { status: true, message: 'x', function_calls: [{ name: 'f', arguments: '{}', result: {} }] }],
    ['a function call without a result', { status: true, message: 'x', function_calls: [{ name: 'f', arguments: {} }] }],
    ['a function call whose result is an array', { status: true, message: 'x', function_calls: [{ name: 'f', arguments: {}, result: [] }] }],
  ])('a reply with %s is unexpected', async (_name, body) => {
    const { fetch } = fakeFetch(() => json(200, body));
    const error = await rejection(createApiClient({ baseUrl: BASE, fetch }).sendMessage(CONVERSATION, 'hi'));
    expect(error.kind).toBe('unexpected');
    expect(isOutcomeUnknown(error)).toBe(true);
  });

  it('turns a transport that rejects into a network error', async () => {
    const fetch: FetchLike = () => Promise.reject(new TypeError('Failed to fetch'));
    const error = await rejection(createApiClient({ baseUrl: BASE, fetch }).sendMessage(CONVERSATION, 'hi'));
    expect(error.kind).toBe('network');
    expect(isOutcomeUnknown(error)).toBe(true);
  });

  it('turns a transport that throws synchronously into a network error', async () => {
    const fetch: FetchLike = () => {
      throw new Error('fetch is not a function');
    };
    expect((await rejection(createApiClient({ baseUrl: BASE, fetch }).getConversation(CONVERSATION))).kind).toBe('network');
  });

  it('turns a body cut off mid-way into a network error', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"status":true,"mess'));
        controller.error(new TypeError('terminated'));
      },
    });
    const { fetch } = fakeFetch(() => new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } }));
    const error = await rejection(createApiClient({ baseUrl: BASE, fetch }).sendMessage(CONVERSATION, 'hi'));
    expect(error.kind).toBe('network');
  });

  it('times out reads after 15 s and sends after 45 s, even when the transport ignores its signal', async () => {
    vi.useFakeTimers();
    const fetch: FetchLike = () => new Promise<Response>(() => undefined);
    const client = createApiClient({ baseUrl: BASE, fetch });
    const outcomes: string[] = [];
    const read = client.getConversation(CONVERSATION).catch((e: unknown) => void outcomes.push(`read:${(e as ApiError).kind}`));
    const send = client.sendMessage(CONVERSATION, 'hi').catch((e: unknown) => void outcomes.push(`send:${(e as ApiError).kind}`));

    await vi.advanceTimersByTimeAsync(14_999);
    expect(outcomes).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(outcomes).toEqual(['read:timeout']);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(outcomes).toEqual(['read:timeout', 'send:timeout']);
    await Promise.all([read, send]);
  });

  it('honours custom time limits and aborts the transport when time is up', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    const fetch: FetchLike = (_url, init) => {
      signal = init.signal ?? undefined;
      return new Promise<Response>(() => undefined);
    };
    const pending = rejection(createApiClient({ baseUrl: BASE, fetch, sendTimeoutMs: 2000 }).sendMessage(CONVERSATION, 'hi'));
    await vi.advanceTimersByTimeAsync(2000);
    const error = await pending;
    expect(error.kind).toBe('timeout');
    expect(isOutcomeUnknown(error)).toBe(true);
    expect(signal?.aborted).toBe(true);
  });

  it('rejects as cancelled when the caller aborts mid-request', async () => {
    let started!: () => void;
    const inFlight = new Promise<void>((resolve) => (started = resolve));
    const fetch: FetchLike = (_url, init) =>
      new Promise<Response>((_, reject) => {
        started();
        init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      });
    const controller = new AbortController();
    const pending = rejection(createApiClient({ baseUrl: BASE, fetch }).getConversation(CONVERSATION, { signal: controller.signal }));
    await inFlight;
    controller.abort();
    const error = await pending;
    expect(error.kind).toBe('network');
    expect(error.message).toBe('Cancelled.');
  });

  it('does not call the server when the signal is already aborted', async () => {
    const { fetch, calls } = fakeFetch(json(200, { status: true, history: [] }));
    const error = await rejection(createApiClient({ baseUrl: BASE, fetch }).getConversation(CONVERSATION, { signal: AbortSignal.abort() }));
    expect(error.kind).toBe('network');
    expect(calls).toHaveLength(0);
  });

  it('never rejects with anything but an ApiError, whatever the transport does', async () => {
    const weird: Array<() => Response | Promise<Response>> = [
      () => json(200, 'null'),
      () => json(200, '"string"'),
      () => json(200, { status: true, history: [null] }),
      () => json(200, { status: true, message: 'x', function_calls: [null] }),
      () => json(422, { message: 'x', errors: 'not an object' }),
      () => json(422, { message: 'x', errors: { f: 'not a list', g: [1, 'two'] } }),
      () => json(429, { error: 'x', retry_after: -5 }),
      () => json(429, { error: 'x', retry_after: 'soon' }),
      () => json(418, { error: { nested: true } }),
      () => ({ status: 200, headers: new Headers(), text: () => Promise.reject(new Error('boom')) }) as unknown as Response,
      () => ({}) as Response,
      () => null as unknown as Response,
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a transport that rejects with a string is the case tested
      () => Promise.reject('a string, not an Error'),
    ];
    for (const respond of weird) {
      const { fetch } = fakeFetch(respond);
      const client = createApiClient({ baseUrl: BASE, fetch });
      await rejection(client.getConversation(CONVERSATION));
      await rejection(client.sendMessage(CONVERSATION, 'hi'));
    }
  });

  it('keeps the server message short and the field messages to strings', async () => {
    const { fetch } = fakeFetch(() => json(422, { message: 'x'.repeat(1000), errors: { message: ['too long', 5, null] } }));
    const error = await rejection(createApiClient({ baseUrl: BASE, fetch }).sendMessage(CONVERSATION, 'hi'));
    expect(error.message).toHaveLength(300);
    expect(error.fields).toEqual({ message: ['too long'] });
  });
});

describe('an address that is not the chat API', () => {
  const text = (status: number, body: string, type: string) => () => new Response(body, { status, headers: { 'Content-Type': type } });
  const cases: Array<[string, () => Response, string]> = [
    ['a 404 page of the site', () => html(404, 'Not Found'), 'an HTML page, status 404'],
    ['the site answering every path with its page (200)', () => html(200, 'Welcome'), 'an HTML page, status 200'],
    ['an HTML page without a content type', () => new Response('<!doctype html><p>hi</p>', { status: 200, headers: {} }), 'an HTML page, status 200'],
    ['a 405 in plain text', text(405, 'Method Not Allowed', 'text/plain'), 'content type text/plain, status 405'],
    ['a 404 without a body', () => new Response(null, { status: 404 }), 'an empty answer, status 404'],
    ['a 404 of JSON that names nothing', () => json(404, { detail: 'gone' }), 'no error message, status 404'],
    ['a 403 page of a firewall', () => html(403, 'Forbidden'), 'an HTML page, status 403'],
    ['a 301 page', () => html(301, 'Moved'), 'an HTML page, status 301'],
  ];

  it.each(cases)('%s is not_api, naming the address tried', async (_name, respond, what) => {
    const { fetch } = fakeFetch(respond);
    const client = createApiClient({ baseUrl: 'https://site.test/api/', fetch });
    const calls = [
      ['https://site.test/api/conversations', () => client.createConversation({ assistantId: ASSISTANT, type: 'widget' })],
      [`https://site.test/api/conversations/${CONVERSATION}`, () => client.getConversation(CONVERSATION)],
      [`https://site.test/api/conversations/${CONVERSATION}/messages`, () => client.sendMessage(CONVERSATION, 'hi')],
    ] as const;
    for (const [url, call] of calls) {
      const error = await rejection(call());
      expect(error).toMatchObject({ kind: 'not_api', url, message: `${url} did not answer like the chat API (${what}).` });
    }
  });

  it('a server error page (5xx) is the server’s, not a wrong address: it comes from a proxy in front of the API', async () => {
    const { fetch } = fakeFetch(() => html(503, 'Service Unavailable'));
    const error = await rejection(createApiClient({ baseUrl: BASE, fetch }).getConversation(CONVERSATION));
    expect(error).toMatchObject({ kind: 'server', status: 503, body: 'other' });
  });

  it('a rate limiter’s page (429) is a rate limit', async () => {
    const { fetch } = fakeFetch(() => html(429, 'Too Many Requests'));
    expect((await rejection(createApiClient({ baseUrl: BASE, fetch }).getConversation(CONVERSATION))).kind).toBe('rate_limited');
  });

  it('JSON under a content type that is not JSON is still read as the API’s', async () => {
    const { fetch } = fakeFetch(
      text(200, JSON.stringify({ status: true, history: [] }), 'text/html; charset=utf-8'),
      text(404, JSON.stringify({ status: false, error: 'Conversation not found' }), 'text/plain'),
    );
    const client = createApiClient({ baseUrl: BASE, fetch });
    expect(await client.getConversation(CONVERSATION)).toEqual([]);
    expect(await rejection(client.getConversation(CONVERSATION))).toMatchObject({ kind: 'not_found', message: 'Conversation not found' });
  });

  it('JSON cut off under a JSON content type is the API’s, broken on the way', async () => {
    const { fetch } = fakeFetch(text(404, '{"status":false,"err', 'application/json'), text(400, '{"status":false,"err', 'application/json'));
    const client = createApiClient({ baseUrl: BASE, fetch });
    expect((await rejection(client.getConversation(CONVERSATION))).kind).toBe('not_api');
    expect(await rejection(client.getConversation(CONVERSATION))).toMatchObject({ kind: 'rejected', body: 'other' });
  });
});

describe('what an error answer’s body was', () => {
  it.each<{ name: string; respond: () => Response; body: string }>([
    { name: 'empty', respond: () => new Response('', { status: 502 }), body: 'empty' },
    { name: 'blank', respond: () => new Response(' \n', { status: 502 }), body: 'empty' },
    { name: 'a JSON object', respond: () => json(502, { message: 'Bad gateway' }), body: 'json' },
    { name: 'an HTML page', respond: () => html(502, 'Bad Gateway'), body: 'other' },
    { name: 'a JSON list', respond: () => json(502, [1]), body: 'other' },
  ])('a 502 whose body is $name is told apart as $body', async ({ respond, body }) => {
    const { fetch } = fakeFetch(respond);
    expect(await rejection(createApiClient({ baseUrl: BASE, fetch }).getConversation(CONVERSATION))).toMatchObject({ kind: 'server', body });
  });
});

describe('a 200 is a success only with status: true', () => {
  const bodies: Array<[string, Record<string, unknown>]> = [
    ['without status', {}],
    ['with status "true"', { status: 'true' }],
    ['with status 1', { status: 1 }],
    ['with status false', { status: false }],
  ];
  const endpoints = [
    [
      'createConversation',
      { conversation_id: CONVERSATION, history: [] },
      (client: ReturnType<typeof createApiClient>) => client.createConversation({ assistantId: ASSISTANT, type: 'test' }),
    ],
    ['getConversation', { history: [] }, (client: ReturnType<typeof createApiClient>) => client.getConversation(CONVERSATION)],
    ['sendMessage', { message: 'Hello', function_calls: [] }, (client: ReturnType<typeof createApiClient>) => client.sendMessage(CONVERSATION, 'hi')],
  ] as const;

  for (const [endpoint, shape, call] of endpoints) {
    it.each(bodies)(`${endpoint}: a body of the right shape %s is unexpected`, async (_name, status) => {
      const { fetch } = fakeFetch(() => json(200, { ...shape, ...status }));
      expect((await rejection(call(createApiClient({ baseUrl: BASE, fetch })))).kind).toBe('unexpected');
    });

    it(`${endpoint}: the same body with status: true is taken`, async () => {
      const { fetch } = fakeFetch(() => json(200, { ...shape, status: true }));
      await expect(call(createApiClient({ baseUrl: BASE, fetch }))).resolves.toBeDefined();
    });
  }

  it('any 2xx with the right body is a success; a 300 is not', async () => {
    const { fetch } = fakeFetch(
      () => json(201, { status: true, history: [] }),
      () => json(299, { status: true, history: [] }),
      () => json(300, { status: true, history: [] }),
    );
    const client = createApiClient({ baseUrl: BASE, fetch });
    expect(await client.getConversation(CONVERSATION)).toEqual([]);
    expect(await client.getConversation(CONVERSATION)).toEqual([]);
    expect((await rejection(client.getConversation(CONVERSATION))).kind).toBe('unexpected');
  });
});

describe('the details of an error answer', () => {
  const client = (respond: () => Response) => createApiClient({ baseUrl: BASE, fetch: fakeFetch(respond).fetch });

  it('a blank error text gives way to the message beside it', async () => {
    const error = await rejection(client(() => json(403, { error: '   ', message: 'Plan limit reached' })).getConversation(CONVERSATION));
    expect(error.message).toBe('Plan limit reached');
  });

  it('a wait and field messages are read only where they belong (429, 422)', async () => {
    const error = await rejection(client(() => json(400, { error: 'No', retry_after: 7, errors: { message: ['x'] } })).getConversation(CONVERSATION));
    expect(error).toMatchObject({ kind: 'rejected', retryAfterMs: undefined, fields: undefined });
  });

  it('a 499 is a refusal, a 500 the server’s', async () => {
    expect((await rejection(client(() => json(499, { error: 'Closed' })).getConversation(CONVERSATION))).kind).toBe('rejected');
    expect((await rejection(client(() => json(500, { error: 'Oops' })).getConversation(CONVERSATION))).kind).toBe('server');
  });

  it.each<[unknown, number]>([
    [0, 0],
    [-5, 5000],
    ['soon', 5000],
    [7200, 3_600_000],
    ['  ', 5000],
    [' 9 ', 9000],
    [[30], 5000],
  ])('a retry_after of %j waits %i ms', async (retryAfter, ms) => {
    const error = await rejection(client(() => json(429, { error: 'Slow down', retry_after: retryAfter })).getConversation(CONVERSATION));
    expect(error.retryAfterMs).toBe(ms);
  });

  it('a 1xx answer with a success body is not a success', async () => {
    const fetch: FetchLike = async () => ({
      status: 199,
      text: async () => '{"status":true,"history":[]}',
      headers: new Headers({ 'Content-Type': JSON_TYPE }),
    });
    expect((await rejection(createApiClient({ baseUrl: BASE, fetch }).getConversation(CONVERSATION))).kind).toBe('unexpected');
  });

  it('a body that is neither JSON nor HTML, without a content type, is not the API', async () => {
    const fetch: FetchLike = async () => ({ status: 200, text: async () => 'OK', headers: new Headers() });
    expect(await rejection(createApiClient({ baseUrl: BASE, fetch }).getConversation(CONVERSATION))).toMatchObject({
      kind: 'not_api',
      message: `${BASE}/conversations/${CONVERSATION} did not answer like the chat API (not JSON, status 200).`,
    });
  });

  it('an HTML page after blank lines, without a content type, is an HTML page', async () => {
    const fetch: FetchLike = async () => ({ status: 200, text: async () => '\n  <!doctype html><p>hi', headers: new Headers() });
    expect((await rejection(createApiClient({ baseUrl: BASE, fetch }).getConversation(CONVERSATION))).message).toContain(
      '(an HTML page, status 200)',
    );
  });

  it('the content type is named without its parameters', async () => {
    const fetch: FetchLike = async () => ({
      status: 405,
      text: async () => 'Nope',
      headers: new Headers({ 'Content-Type': 'text/plain ; charset=utf-8' }),
    });
    expect((await rejection(createApiClient({ baseUrl: BASE, fetch }).getConversation(CONVERSATION))).message).toContain(
      '(content type text/plain, status 405)',
    );
  });

  it('an id that is not a UUID is named in the error', async () => {
    const error = await rejection(client(() => json(200, {})).getConversation('abc'));
    expect(error).toMatchObject({ message: 'conversation_id must be a UUID.', fields: { conversation_id: ['must be a UUID'] } });
  });
});

describe('what a request leaves behind', () => {
  it('no timer and no listener on the caller’s signal, whether it succeeds or fails', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const remove = vi.spyOn(controller.signal, 'removeEventListener');
    const { fetch } = fakeFetch(json(200, { status: true, history: [] }), json(500, {}));
    const client = createApiClient({ baseUrl: BASE, fetch });
    await client.getConversation(CONVERSATION, { signal: controller.signal });
    await rejection(client.getConversation(CONVERSATION, { signal: controller.signal }));
    expect(vi.getTimerCount()).toBe(0);
    expect(remove.mock.calls.filter(([type]) => type === 'abort')).toHaveLength(2);
  });

  it('names a time-out and a network failure in its message', async () => {
    vi.useFakeTimers();
    const hanging = createApiClient({ baseUrl: BASE, fetch: () => new Promise(() => {}), timeoutMs: 10 });
    const timedOut = rejection(hanging.getConversation(CONVERSATION));
    await vi.advanceTimersByTimeAsync(10);
    expect((await timedOut).message).toBe('Timed out.');
    const failing = createApiClient({ baseUrl: BASE, fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    expect((await rejection(failing.getConversation(CONVERSATION))).message).toBe('Network error.');
  });
});

describe('helpers', () => {
  it('isUuid accepts canonical UUIDs in any case and nothing else', () => {
    expect(isUuid(CONVERSATION)).toBe(true);
    expect(isUuid(CONVERSATION.toUpperCase())).toBe(true);
    for (const bad of [
      '',
      CONVERSATION + 'a',
      CONVERSATION.replace(/-/g, ''),
      `{${CONVERSATION}}`,
      42,
      null,
      undefined,
      { toString: () => CONVERSATION },
    ]) {
      expect(isUuid(bad)).toBe(false);
    }
  });

  it('toJson writes what JSON.parse reads back, skipping undefined and functions like JSON.stringify', () => {
    const value = { a: 1, b: 'two', c: [true, null, 3.5, { d: 'e' }], skip: undefined, fn: () => 1, inf: Infinity, neg: -0 };
    expect(JSON.parse(toJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
    expect(toJson(value)).toBe(JSON.stringify(value));
  });
});
