// @vitest-environment node
/**
 * The real API client against the real stand-in API over HTTP, every answer checked against
 * src/api/contract/conversations.openapi.yaml.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../src/api/client';
import { ASSISTANTS, rawRequest, startStandIn, type StandIn } from '../helpers/stand-in';
import { failure } from './failure';
import { documentedStatuses, requestProblems, responseProblems, type SpecPath } from './openapi';
import { recordingFetch, type Exchange } from './recording-fetch';

let api: StandIn;
let client: ApiClient;
let wire: ReturnType<typeof recordingFetch>;

beforeAll(async () => {
  api = await startStandIn({ slowToolMs: 50 });
});
afterAll(() => api.close());
beforeEach(async () => {
  await api.reset();
  wire = recordingFetch();
  client = createApiClient({ baseUrl: api.url, fetch: wire.fetch });
});

function specPathOf(exchange: Exchange): SpecPath {
  const path = new URL(exchange.url).pathname;
  if (path === '/conversations') return '/conversations';
  return path.endsWith('/messages') ? '/conversations/{uuid}/messages' : '/conversations/{uuid}';
}

/** Asserts that the last answer is JSON, has this status and conforms to the contract. */
function expectLastAnswer(status: number): Exchange {
  const exchange = wire.last();
  expect(exchange.status).toBe(status);
  expect(exchange.headers.get('content-type')).toMatch(/^application\/json/);
  const method = exchange.method.toLowerCase() as 'get' | 'post';
  expect(responseProblems(specPathOf(exchange), method, status, exchange.json)).toEqual([]);
  return exchange;
}

async function newConversation(assistantId: string = ASSISTANTS.quiet, type: 'widget' | 'test' = 'test') {
  return (await client.createConversation({ assistantId, type })).conversationId;
}

describe('POST /conversations', () => {
  it('starts a conversation whose history holds the greeting with the variables filled in', async () => {
    const created = await client.createConversation({
      assistantId: ASSISTANTS.northwind,
      type: 'test',
      variables: { name: 'Ana', clinic: 'Northwind Mitte' },
    });
    expectLastAnswer(200);
    expect(created.history).toEqual([
      {
        role: 'assistant',
        content:
          'Hi Ana! 👋 Welcome to Northwind Mitte. I can check availability, book or cancel an appointment, and look up an order. How can I help?',
      },
    ]);
    expect(await client.getConversation(created.conversationId)).toEqual(created.history);
  });

  it('fills in numbers and booleans and leaves placeholders without a variable as they are', async () => {
    const created = await client.createConversation({ assistantId: ASSISTANTS.northwind, type: 'test', variables: { name: 42 } });
    expect(created.history[0]?.content).toMatch(/^Hi 42! 👋 Welcome to \{\{clinic\}\}\./);
  });

  it('starts with an empty history for an assistant without an initial message', async () => {
    const created = await client.createConversation({ assistantId: ASSISTANTS.quiet, type: 'widget' });
    expectLastAnswer(200);
    expect(created.history).toEqual([]);
  });

  it('answers 404 Assistant not found for an unknown assistant', async () => {
    const error = await failure(client.createConversation({ assistantId: ASSISTANTS.unknown, type: 'test' }));
    expect(expectLastAnswer(404).json).toEqual({ status: false, error: 'Assistant not found' });
    expect(error).toMatchObject({ kind: 'not_found', message: 'Assistant not found', status: 404 });
  });

  it('refuses a widget conversation when the owner has no balance, but allows a test one', async () => {
    const error = await failure(client.createConversation({ assistantId: ASSISTANTS.unfunded, type: 'widget' }));
    expect(expectLastAnswer(400).json).toEqual({ status: false, error: 'Insufficient balance' });
    expect(error).toMatchObject({ kind: 'insufficient_balance', status: 400 });

    const test = await client.createConversation({ assistantId: ASSISTANTS.unfunded, type: 'test' });
    expectLastAnswer(200);
    expect(test.history).toEqual([{ role: 'assistant', content: 'Hello! Ask me about your order.' }]);
  });

  it.each<[string, unknown, Record<string, string[]>]>([
    ['an empty body', {}, { assistant_id: ['The assistant id field is required.'] }],
    ['an assistant id that is not a UUID', { assistant_id: 'northwind' }, { assistant_id: ['The assistant id field must be a valid UUID.'] }],
    ['an unknown type', { assistant_id: ASSISTANTS.quiet, type: 'live' }, { type: ['The selected type is invalid.'] }],
    ['variables that are a list', { assistant_id: ASSISTANTS.quiet, variables: ['a'] }, { variables: ['The variables field must be an object.'] }],
    [
      'a variable that is an object',
      { assistant_id: ASSISTANTS.quiet, variables: { name: { first: 'A' }, ok: 'yes' } },
      { 'variables.name': ['The variables.name field must be a string, number or boolean.'] },
    ],
    [
      'several problems at once',
      { assistant_id: 5, type: null, variables: 'x' },
      { assistant_id: ['The assistant id field must be a valid UUID.'], variables: ['The variables field must be an object.'] },
    ],
  ])('answers 422 with the validation shape for %s', async (_name, body, errors) => {
    const res = await rawRequest(`${api.url}/conversations`, { method: 'POST', body: JSON.stringify(body) });
    expect(res.status).toBe(422);
    const parsed = JSON.parse(res.text);
    expect(responseProblems('/conversations', 'post', 422, parsed)).toEqual([]);
    expect(parsed.errors).toEqual(errors);
    expect(parsed.message).toBe(`${Object.values(errors)[0]![0]}${Object.keys(errors).length > 1 ? ' (and 1 more error)' : ''}`);
  });
});

describe('GET /conversations/{uuid}', () => {
  it('answers 404 Conversation not found for an unknown conversation', async () => {
    const error = await failure(client.getConversation('5a0c8f3e-1111-4222-8333-944455556666'));
    expect(expectLastAnswer(404).json).toEqual({ status: false, error: 'Conversation not found' });
    expect(error).toMatchObject({ kind: 'not_found', message: 'Conversation not found' });
  });

  it('finds a conversation by its id in upper case too', async () => {
    const id = await newConversation(ASSISTANTS.northwind);
    expect(await client.getConversation(id.toUpperCase())).toHaveLength(1);
    expectLastAnswer(200);
  });
});

describe('POST /conversations/{uuid}/messages', () => {
  it('answers with the reply and stores the user message, then the reply with its function calls', async () => {
    const id = await newConversation(ASSISTANTS.northwind);
    const reply = await client.sendMessage(id, 'Can I book an appointment?');
    expectLastAnswer(200);
    expect(reply.functionCalls.map((c) => c.name)).toEqual(['check_calendar_availability', 'book_appointment']);
    expect(reply.functionCalls[0]?.arguments).toMatchObject({ service: { type: 'cleaning', duration_minutes: 45 } });
    expect(reply.functionCalls[1]?.result).toMatchObject({ success: true, booking: { status: 'confirmed', reminders: expect.any(Array) } });

    const history = await client.getConversation(id);
    expectLastAnswer(200);
    expect(history.slice(1)).toEqual([
      { role: 'user', content: 'Can I book an appointment?' },
      { role: 'assistant', content: reply.message, function_calls: reply.functionCalls },
    ]);
  });

  it.each([
    ['Hello there', [], /Hello! 👋/],
    ['hi', [], /Hello! 👋/],
    ['Where is order 55512?', ['lookup_order'], /Order \*\*#55512\*\* has shipped/],
    ['Please cancel it', ['cancel_appointment'], /couldn't cancel/],
    ['Something slow please', ['search_knowledge_base'], /took a while/],
    ['help', [], /## What I can do/],
    ['Tell me a joke', [], /scripted demo assistant/],
  ])('answers %j with the scripted intent', async (text, tools, pattern) => {
    const id = await newConversation();
    const reply = await client.sendMessage(id, text);
    expectLastAnswer(200);
    expect(reply.functionCalls.map((c) => c.name)).toEqual(tools);
    expect(reply.message).toMatch(pattern);
    const history = await client.getConversation(id);
    expect(history.at(-1)).toEqual(
      tools.length
        ? { role: 'assistant', content: reply.message, function_calls: reply.functionCalls }
        : { role: 'assistant', content: reply.message },
    );
  });

  it('reports a failing tool through its result', async () => {
    const id = await newConversation();
    const reply = await client.sendMessage(id, 'cancel my appointment');
    expect(reply.functionCalls[0]?.result).toEqual({
      success: false,
      error: { code: 'CANCELLATION_WINDOW_CLOSED', message: 'Appointments can only be cancelled at least 24 hours in advance.' },
    });
  });

  it('answers 404 for a message to an unknown conversation', async () => {
    const error = await failure(client.sendMessage('5a0c8f3e-1111-4222-8333-944455556666', 'hi'));
    expect(expectLastAnswer(404).json).toEqual({ status: false, error: 'Conversation not found' });
    expect(error.kind).toBe('not_found');
  });

  it.each([
    ['an empty message', '', 'The message field is required.'],
    ['a message of spaces only', '   \n ', 'The message field is required.'],
    ['a message of 2001 characters', 'a'.repeat(2001), 'The message field must not be greater than 2000 characters.'],
  ])('answers 422 for %s and stores nothing', async (_name, text, message) => {
    const id = await newConversation();
    const error = await failure(client.sendMessage(id, text));
    expect(expectLastAnswer(422).json).toEqual({ message, errors: { message: [message] } });
    expect(error).toMatchObject({ kind: 'validation', fields: { message: [message] } });
    expect(await client.getConversation(id)).toEqual([]);
  });

  it('accepts a message of exactly 2000 characters, counting an emoji as one', async () => {
    const id = await newConversation();
    await client.sendMessage(id, 'b'.repeat(2000));
    await client.sendMessage(id, '😀'.repeat(2000));
    expect((await client.getConversation(id)).filter((m) => m.role === 'user').map((m) => Array.from(m.content).length)).toEqual([2000, 2000]);
  });

  it('keeps the message exactly as sent', async () => {
    const id = await newConversation();
    const text = '  <b>"quoted"</b> \\ \u2028 line\nbreak 😀  ';
    await client.sendMessage(id, text);
    expect((await client.getConversation(id))[0]).toEqual({ role: 'user', content: text });
  });

  it('answers 400 "Failed to process message" when the assistant fails, and stores nothing', async () => {
    const id = await newConversation();
    await api.fault('assistant-error');
    const error = await failure(client.sendMessage(id, 'hello'));
    const answer = expectLastAnswer(400).json as { error: string };
    expect(answer.error).toMatch(/^Failed to process message: /);
    expect(error.kind).toBe('assistant_failed');
    expect(await client.getConversation(id)).toEqual([]);
  });
});

describe('billing', () => {
  it('takes 0.01 from the owner for each message of a widget conversation and nothing for a test one', async () => {
    const start = await api.balance(ASSISTANTS.northwind);
    const widget = await newConversation(ASSISTANTS.northwind, 'widget');
    expect(await api.balance(ASSISTANTS.northwind)).toBe(start);
    await client.sendMessage(widget, 'hello');
    await client.sendMessage(widget, 'order 123');
    expect(await api.balance(ASSISTANTS.northwind)).toBe(Math.round((start - 0.02) * 100) / 100);

    const test = await newConversation(ASSISTANTS.northwind, 'test');
    await client.sendMessage(test, 'hello');
    expect(await api.balance(ASSISTANTS.northwind)).toBe(Math.round((start - 0.02) * 100) / 100);
  });

  it('refuses the message that would take the balance below zero and does not store it', async () => {
    const id = await newConversation(ASSISTANTS.quiet, 'widget');
    await api.setBalance(ASSISTANTS.quiet, 0.02);
    await client.sendMessage(id, 'one');
    await client.sendMessage(id, 'two');
    expect(await api.balance(ASSISTANTS.quiet)).toBe(0);

    const error = await failure(client.sendMessage(id, 'three'));
    expect(expectLastAnswer(400).json).toEqual({ status: false, error: 'Insufficient balance' });
    expect(error.kind).toBe('insufficient_balance');
    expect((await client.getConversation(id)).filter((m) => m.role === 'user').map((m) => m.content)).toEqual(['one', 'two']);
    expect(await api.balance(ASSISTANTS.quiet)).toBe(0);

    // Test conversations of the same owner still work.
    const test = await newConversation(ASSISTANTS.quiet, 'test');
    await client.sendMessage(test, 'still free');
    await api.setBalance(ASSISTANTS.quiet, 5);
  });

  it('does not drift over many messages (integer cents)', async () => {
    await api.setBalance(ASSISTANTS.quiet, 0.3);
    const id = await newConversation(ASSISTANTS.quiet, 'widget');
    for (let i = 0; i < 10; i++) await client.sendMessage(id, `message ${i}`);
    expect(await api.balance(ASSISTANTS.quiet)).toBe(0.2);
    await api.setBalance(ASSISTANTS.quiet, 5);
  });
});

describe('rate limit', () => {
  let limited: StandIn;
  beforeAll(async () => {
    limited = await startStandIn({ rateLimit: { burst: 3, perMinute: 100 } });
  });
  afterAll(() => limited.close());

  it('answers 429 with retry_after and X-RateLimit headers past the burst, and the client says how long to wait', async () => {
    const limitedClient = createApiClient({ baseUrl: limited.url, fetch: wire.fetch });
    const id = (await limitedClient.createConversation({ assistantId: ASSISTANTS.quiet, type: 'test' })).conversationId;
    expect(wire.last().headers.get('x-ratelimit-limit')).toBe('100');
    expect(wire.last().headers.get('x-ratelimit-remaining')).toBe('2');
    await limitedClient.getConversation(id);
    await limitedClient.sendMessage(id, 'hi');

    const error = await failure(limitedClient.getConversation(id));
    const answer = expectLastAnswer(429);
    const body = answer.json as { error: string; retry_after: number };
    expect(body.error).toBe('Rate limit exceeded');
    expect(body.retry_after).toBeGreaterThanOrEqual(1);
    expect(body.retry_after).toBeLessThanOrEqual(10);
    expect(answer.headers.get('retry-after')).toBe(String(body.retry_after));
    expect(answer.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(answer.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterMs: body.retry_after * 1000 });

    // The refused request was not processed: still only one user message.
    await limited.reset();
    expect((await limitedClient.getConversation(id)).filter((m) => m.role === 'user')).toHaveLength(1);
  });
});

describe('the wire', () => {
  it('gets only documented statuses, and every request the client sent conforms to the contract', async () => {
    const id = await newConversation(ASSISTANTS.northwind, 'widget');
    await client.sendMessage(id, 'book');
    await client.getConversation(id);
    await failure(client.createConversation({ assistantId: ASSISTANTS.unknown, type: 'widget' }));
    await failure(client.sendMessage(id, ''));

    for (const exchange of wire.exchanges) {
      expect(documentedStatuses(specPathOf(exchange), exchange.method.toLowerCase() as 'get' | 'post')).toContain(exchange.status);
    }
    const requests = await api.requests();
    expect(requests.map((r) => `${r.method} ${r.status}`)).toEqual(['POST 200', 'POST 200', 'GET 200', 'POST 404', 'POST 422']);
    for (const request of requests.filter((r) => r.method === 'POST')) {
      const path = request.path === '/conversations' ? '/conversations' : '/conversations/{uuid}/messages';
      // The empty message is the one the server must refuse; everything else is a valid request.
      if ((request.body as { message?: string }).message === '') continue;
      expect(requestProblems(path, 'post', request.body)).toEqual([]);
    }
    for (const request of requests) {
      expect(request.headers.cookie).toBeUndefined();
      expect(request.headers.authorization).toBeUndefined();
    }
  });
});

describe('the contract checker', () => {
  it('finds bodies that break the contract, so the checks above can fail', () => {
    expect(responseProblems('/conversations', 'post', 200, { status: true, conversation_id: 'x', history: [] })).not.toEqual([]);
    expect(responseProblems('/conversations/{uuid}', 'get', 404, { message: 'Not found' })).not.toEqual([]);
    expect(responseProblems('/conversations/{uuid}', 'get', 429, { error: 'x', retry_after: 1.5 })).not.toEqual([]);
    expect(
      responseProblems('/conversations/{uuid}/messages', 'post', 200, {
        status: true,
        message: 'x',
        function_calls: [{ name: 'f', arguments: [], result: {} }],
      }),
    ).not.toEqual([]);
    expect(responseProblems('/conversations', 'post', 502, {})).toEqual(['POST /conversations does not document status 502']);
    expect(requestProblems('/conversations', 'post', { assistant_id: ASSISTANTS.quiet, variables: { a: {} } })).not.toEqual([]);
  });
});
