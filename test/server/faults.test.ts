// @vitest-environment node
/**
 * The fault modes of the control endpoint, seen through the real client and the raw wire.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClient } from '../../src/api/client';
import { isOutcomeUnknown } from '../../src/api/errors';
import type { JsonObject } from '../../src/api/types';
import { HOSTILE_ARRAY_LENGTH, HOSTILE_DEPTH, HOSTILE_IMAGE_URL, HOSTILE_STRING_LENGTH } from '../../demo/server/hostile.mjs';
import { ASSISTANTS, rawRequest, startStandIn, type StandIn } from '../helpers/stand-in';
import { failure } from './failure';
import { responseProblems } from './openapi';

let api: StandIn;
let client: ApiClient;

beforeAll(async () => {
  api = await startStandIn();
  client = createApiClient({ baseUrl: api.url, fetch: (url, init) => fetch(url, init) });
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const newConversation = async (type: 'widget' | 'test' = 'test') =>
  (await client.createConversation({ assistantId: ASSISTANTS.northwind, type, variables: { name: 'Ana' } })).conversationId;

const userMessages = async (id: string) => (await client.getConversation(id)).filter((m) => m.role === 'user').map((m) => m.content);

function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  let deepest = 0;
  for (const child of Object.values(value)) deepest = Math.max(deepest, depthOf(child));
  return deepest + 1;
}

describe('drop-after-processing', () => {
  it('stores and bills the message, then breaks the answer off mid-body: the client cannot know the outcome', async () => {
    const id = await newConversation('widget');
    const balance = await api.balance(ASSISTANTS.northwind);
    await api.fault('drop-after-processing');

    const error = await failure(client.sendMessage(id, 'book an appointment'));
    expect(error.kind).toBe('network');
    expect(isOutcomeUnknown(error)).toBe(true);

    const history = await client.getConversation(id);
    expect(history.slice(1).map((m) => [m.role, m.content.slice(0, 18)])).toEqual([
      ['user', 'book an appointmen'],
      ['assistant', "You're booked in! "],
    ]);
    expect(history[2]?.function_calls).toHaveLength(2);
    expect(await api.balance(ASSISTANTS.northwind)).toBe(Math.round((balance - 0.01) * 100) / 100);
  });

  it('sends the status line and part of the JSON before cutting the connection', async () => {
    const id = await newConversation();
    await api.fault('drop-after-processing');
    const error = await rawRequest(`${api.url}/conversations/${id}/messages`, { method: 'POST', body: '{"message":"hello"}' }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toMatch(/aborted|incomplete|socket hang up|ECONNRESET/);
    const [logged] = (await api.requests()).filter((r) => r.path.endsWith('/messages'));
    expect(logged).toMatchObject({ method: 'POST', body: { message: 'hello' } });
    expect(logged?.status).toBeUndefined();
  });
});

describe('drop-before-processing', () => {
  it('closes the connection without an answer and without storing or billing anything', async () => {
    const id = await newConversation('widget');
    const balance = await api.balance(ASSISTANTS.northwind);
    await api.fault('drop-before-processing');

    const error = await failure(client.sendMessage(id, 'hello'));
    expect(error.kind).toBe('network');
    expect(await userMessages(id)).toEqual([]);
    expect(await api.balance(ASSISTANTS.northwind)).toBe(balance);
    expect((await api.requests()).filter((r) => r.path.endsWith('/messages')).map((r) => r.body)).toEqual([{ message: 'hello' }]);

    // Only the next request was affected.
    await client.sendMessage(id, 'hello again');
    expect(await userMessages(id)).toEqual(['hello again']);
  });
});

describe('502', () => {
  it('answers with an HTML page that the client reports as a server error, without processing', async () => {
    const id = await newConversation();
    await api.fault('502');
    const raw = await rawRequest(`${api.url}/conversations/${id}/messages`, { method: 'POST', body: '{"message":"hi"}' });
    expect(raw.status).toBe(502);
    expect(raw.headers['content-type']).toBe('text/html');
    expect(raw.text).toContain('<h1>502 Bad Gateway</h1>');

    await api.fault('502');
    const error = await failure(client.sendMessage(id, 'hi'));
    expect(error).toMatchObject({ kind: 'server', status: 502 });
    expect(await userMessages(id)).toEqual([]);
  });

  it('applies to every route and several requests with routes "all" and times', async () => {
    await api.fault('502', { routes: 'all', times: 2 });
    expect((await failure(client.createConversation({ assistantId: ASSISTANTS.quiet, type: 'test' }))).status).toBe(502);
    expect((await failure(client.getConversation('9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d'))).status).toBe(502);
    expect((await client.createConversation({ assistantId: ASSISTANTS.quiet, type: 'test' })).history).toEqual([]);
  });

  it('leaves reads and new conversations alone by default', async () => {
    await api.fault('502');
    const id = await newConversation();
    expect(await client.getConversation(id)).toHaveLength(1);
    expect((await failure(client.sendMessage(id, 'hi'))).status).toBe(502);
  });
});

describe('malformed', () => {
  it('answers 200 with JSON of another shape, which the client reports as unexpected, without processing', async () => {
    const id = await newConversation();
    await api.fault('malformed');
    const raw = await rawRequest(`${api.url}/conversations/${id}/messages`, { method: 'POST', body: '{"message":"hi"}' });
    expect(raw.status).toBe(200);
    expect(JSON.parse(raw.text)).toEqual({ success: true, data: null });

    await api.fault('malformed');
    expect(await failure(client.sendMessage(id, 'hi'))).toMatchObject({ kind: 'unexpected', status: 200 });
    expect(await userMessages(id)).toEqual([]);
  });
});

describe('delayMs', () => {
  it('delays any fault, not only slow', async () => {
    const id = await newConversation();
    await api.fault('malformed', { routes: 'read', delayMs: 400 });
    const started = Date.now();
    expect((await failure(client.getConversation(id))).kind).toBe('unexpected');
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
  });
});

describe('routes "create" and "read"', () => {
  it('"create" applies to creating a conversation only', async () => {
    await api.fault('502', { routes: 'create', times: 2 });
    expect((await failure(newConversation())).status).toBe(502);
    expect(await failure(newConversation())).toMatchObject({ kind: 'server', status: 502 });
    // Reads are left alone, and the fault is spent after two creates.
    const id = await newConversation();
    expect(await client.getConversation(id)).toHaveLength(1);
  });

  it('"read" applies to reading a conversation only', async () => {
    const id = await newConversation();
    await api.fault('malformed', { routes: 'read' });
    await client.sendMessage(id, 'hi');
    expect((await failure(client.getConversation(id))).kind).toBe('unexpected');
    expect(await userMessages(id)).toEqual(['hi']);
  });
});

describe('429', () => {
  it('answers with retry_after and the rate-limit headers, without processing', async () => {
    const id = await newConversation();
    await api.fault('429', { retryAfter: 7 });
    const raw = await rawRequest(`${api.url}/conversations/${id}/messages`, { method: 'POST', body: '{"message":"hi"}' });
    expect(raw.status).toBe(429);
    const body = JSON.parse(raw.text);
    expect(body).toEqual({ error: 'Rate limit exceeded', retry_after: 7 });
    expect(responseProblems('/conversations/{uuid}/messages', 'post', 429, body)).toEqual([]);
    expect(raw.headers['retry-after']).toBe('7');
    expect(raw.headers['x-ratelimit-remaining']).toBe('0');
    expect(raw.headers['x-ratelimit-limit']).toBe('100');
    expect(raw.headers['x-ratelimit-reset']).toMatch(/^\d+$/);

    await api.fault('429', { retryAfter: 3 });
    expect(await failure(client.sendMessage(id, 'hi'))).toMatchObject({ kind: 'rate_limited', retryAfterMs: 3000 });
    expect(await userMessages(id)).toEqual([]);
  });
});

describe('slow', () => {
  it('answers late but normally', async () => {
    const id = await newConversation();
    await api.fault('slow', { delayMs: 100 });
    expect((await client.sendMessage(id, 'hello')).message).toMatch(/Hello!/);
  });

  it('still processes a message after the client gave up waiting', async () => {
    const id = await newConversation();
    await api.fault('slow', { delayMs: 1500 });
    const impatient = createApiClient({ baseUrl: api.url, sendTimeoutMs: 100, fetch: (url, init) => fetch(url, init) });
    const error = await failure(impatient.sendMessage(id, 'order 777'));
    expect(error.kind).toBe('timeout');
    await vi.waitFor(async () => expect(await userMessages(id)).toEqual(['order 777']), { timeout: 5000, interval: 50 });
  });
});

describe('hostile', () => {
  it('returns a reply full of hostile markup and huge, deep function calls that the client passes on intact', async () => {
    const id = await newConversation();
    await api.fault('hostile');
    const reply = await client.sendMessage(id, 'hello');

    for (const payload of [
      '<script>alert(1)</script>',
      '<img src=x onerror="alert(2)">',
      '"><svg onload=alert(4)>',
      '](javascript:alert(6))',
      '](JaVaScRiPt:alert(7))',
      '](jav&#x61;script:alert(8))',
      '](java\tscript:alert(11))',
      '](java\nscript:alert(13))',
      '](data:text/html;base64,',
      '](vbscript:msgbox(15))',
      `![tracking pixel](${HOSTILE_IMAGE_URL})`,
    ]) {
      expect(reply.message).toContain(payload);
    }

    const [first, second] = reply.functionCalls;
    expect(first?.name).toBe('<img src=x onerror=alert("name")>');
    expect(second?.name).toBe('"><svg onload=alert("fn")>');
    expect((first?.arguments.huge as string).length).toBe(HOSTILE_STRING_LENGTH);
    expect(depthOf(first?.arguments.deep)).toBeGreaterThanOrEqual(HOSTILE_DEPTH);
    expect(first?.result.items).toHaveLength(HOSTILE_ARRAY_LENGTH);
    expect(first?.arguments).toHaveProperty(['<script>alert("key")</script>']);
    expect(second?.result).toMatchObject({ success: false });

    // A "__proto__" key arrives as a plain own property, not as a prototype.
    const pollution = first?.arguments.pollution as JsonObject;
    expect(Object.prototype.hasOwnProperty.call(pollution, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(pollution)).toBe(Object.prototype);
    expect(({} as JsonObject).polluted).toBeUndefined();

    // The history holds the same hostile reply, so a reload renders it again.
    const history = await client.getConversation(id);
    expect(history.at(-1)).toEqual({ role: 'assistant', content: reply.message, function_calls: reply.functionCalls });
  });
});

describe('the control endpoint', () => {
  it('refuses an unknown fault with the validation shape', async () => {
    const res = await rawRequest(`${api.url}/__control`, { method: 'POST', body: JSON.stringify({ fault: 'explode', times: 0 }) });
    expect(res.status).toBe(422);
    expect(Object.keys(JSON.parse(res.text).errors).sort()).toEqual(['fault', 'times']);
  });

  it('refuses routes other than "messages" for a fault that only makes sense for messages, and unknown routes', async () => {
    for (const routes of ['all', 'create', 'read']) {
      const res = await rawRequest(`${api.url}/__control`, { method: 'POST', body: JSON.stringify({ fault: 'hostile', routes }) });
      expect(res.status).toBe(422);
    }
    const res = await rawRequest(`${api.url}/__control`, { method: 'POST', body: JSON.stringify({ fault: '502', routes: 'send' }) });
    expect(JSON.parse(res.text).errors.routes).toHaveLength(1);
  });

  it('applies a fault to exactly `times` messages, then clears it; null clears it early', async () => {
    const id = await newConversation();
    await api.fault('502', { times: 2 });
    expect((await failure(client.sendMessage(id, 'a'))).status).toBe(502);
    expect((await failure(client.sendMessage(id, 'b'))).status).toBe(502);
    await client.sendMessage(id, 'c');

    await api.fault('502', { times: 5 });
    await api.fault(null);
    await client.sendMessage(id, 'd');
    expect(await userMessages(id)).toEqual(['c', 'd']);
  });

  it('logs every API request with its body and status, and reset clears the log and the fault', async () => {
    const id = await newConversation();
    await client.sendMessage(id, 'hello');
    await api.fault('502');
    const requests = await api.requests();
    expect(requests.map((r) => [r.method, r.path, r.status])).toEqual([
      ['POST', '/conversations', 200],
      ['POST', `/conversations/${id}/messages`, 200],
    ]);
    expect(requests[1]?.body).toEqual({ message: 'hello' });
    expect(typeof requests[0]?.at).toBe('number');

    await api.reset();
    expect(await api.requests()).toEqual([]);
    await client.sendMessage(id, 'no fault left');
  });
});
