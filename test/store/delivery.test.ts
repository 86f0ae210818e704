/** Delivery details: checks of unknown outcomes, trouble while ready, catching up after a missing reply. */
import { describe, expect, test } from 'vitest';
import { createApiClient, type FetchLike } from '../../src/api/client';
import { ApiError } from '../../src/api/errors';
import { createConversationStore } from '../../src/store/store';
import { ASSISTANT, GREETING } from '../helpers/fake-client';
import { createFakeWorld, flush } from '../helpers/fake-deps';
import { API_BASE, BACKOFF, ready, setup, shown, twoTabs } from './setup';

describe('a sent message', () => {
  test('keeps its id when it lands, so the UI keeps its node', async () => {
    const { store } = await ready();
    store.send('hello');
    const id = store.messages.value[1]!.id;
    await flush();
    expect(store.messages.value[1]!.id).toBe(id);
  });

  test('keeps its id when a check finds it on the server', async () => {
    const { world, store } = await ready();
    world.client.failNext('send', { kind: 'lost-after-processing' });
    store.send('hello');
    const id = store.messages.value[1]!.id;
    await flush();
    expect(shown(store).slice(1)).toEqual(['user: hello', 'assistant: You said: hello']);
    expect(store.messages.value[1]!.id).toBe(id);
  });

  test('shows the assistant busy while the send is slow', async () => {
    const { world, store } = await ready();
    world.client.failNext('send', { kind: 'slow', ms: 9000 });
    store.send('think hard');
    await world.timers.advance(8000);
    expect(shown(store).at(-1)).toBe('user: think hard [slow]');
    expect(store.assistantBusy.value).toBe(true);
  });
});

describe('a check of a send of unknown outcome', () => {
  test('with the default patience reads the history five times over 15 s before offering Retry', async () => {
    const { world, store } = setup({ backoff: undefined });
    await store.start();
    world.client.failNext('send', { kind: 'lost-before-processing' });
    store.send('hello');
    await world.timers.advance(14_999);
    expect(world.client.calls('get')).toHaveLength(4);
    expect(shown(store).at(-1)).toBe('user: hello [checking]');
    await world.timers.advance(1);
    expect(world.client.calls('get')).toHaveLength(5);
    expect(shown(store).at(-1)).toBe('user: hello [failed]');
  });

  test('answered in a shape that is not the API’s fails the message at once, for a later Retry; the chat stays open', async () => {
    const { world, store } = await ready();
    world.client.failNext('send', { kind: 'lost-before-processing' });
    world.client.failNext('get', { kind: 'error', error: new ApiError('unexpected', 'HTTP 200', { status: 200, body: 'json' }) });
    store.send('hello');
    await flush();
    expect(world.client.calls('get')).toHaveLength(1);
    expect(store.messages.value.at(-1)).toMatchObject({ status: 'failed', error: { kind: 'unexpected', retryable: true } });
    expect(store.state.value).toEqual({ type: 'ready' });
  });

  test('a reply to a send cut off by "new conversation" is neither shown nor told, though the transport ignored the cancel', async () => {
    const { world, store, events } = await ready();
    world.client.failNext('send', { kind: 'slow', ms: 5000, deaf: true });
    store.send('old question');
    await flush();
    await store.reset();
    await world.timers.quiet();
    expect(events.filter((event) => event.type !== 'conversation')).toEqual([]);
    expect(shown(store)).toEqual([`assistant: ${GREETING}`]);
  });

  test('answered by something that is not the API blocks the store and tells the site owner', async () => {
    const { world, store, deps } = await ready();
    const notApi = new ApiError(
      'not_api',
      'https://api.example.test/api/conversations/x did not answer like the chat API (an HTML page, status 200).',
    );
    world.client.failNext('send', { kind: 'error', error: notApi });
    world.client.failNext('get', { kind: 'error', error: notApi });
    store.send('hello');
    await flush();
    expect(store.state.value).toMatchObject({ type: 'blocked', reason: 'misconfigured', error: { kind: 'not_api' } });
    expect(store.messages.value.at(-1)).toMatchObject({ status: 'failed', error: { kind: 'not_api' } });
    expect(deps.warnings).toEqual([`${notApi.message} Check data-api-base.`]);
    expect(world.client.calls('get')).toHaveLength(1);
  });

  test('stops when the conversation is reset, and nothing is sent afterwards', async () => {
    const { world, store } = await ready();
    world.client.failNext('send', { kind: 'lost-before-processing' });
    store.send('hello');
    await flush();
    await store.reset();
    await world.timers.quiet();
    expect(world.client.calls('send')).toHaveLength(1);
    expect(world.client.calls('get')).toHaveLength(1);
  });

  test('stops when the conversation is reset during a read', async () => {
    const { world, store } = await ready();
    world.client.failNext('send', { kind: 'lost-before-processing' });
    world.client.failNext('get', { kind: 'hang' });
    store.send('hello');
    await flush();
    await store.reset();
    await world.timers.quiet();
    expect(world.client.calls('send')).toHaveLength(1);
  });

  test('rate limited while reading: the wait shows, and clears once the read goes through', async () => {
    const { world, store, events } = await ready();
    world.client.failNext('send', { kind: 'working' });
    world.client.failNext('get', { kind: 'rate-limited', retryAfterMs: 3000 });
    store.send('hello');
    await flush();
    const trouble = { kind: 'rate_limited', detail: 'Too many requests; try again shortly.', retryable: false, retryAt: world.timers.now() + 3000 };
    expect(store.state.value).toEqual({ type: 'ready', trouble });
    expect(events).toContainEqual({ type: 'error', error: trouble });
    world.client.finishWork();
    await world.timers.advance(3000);
    expect(store.state.value).toEqual({ type: 'ready' });
    expect(shown(store).slice(-2)).toEqual(['user: hello', 'assistant: You said: hello']);
  });

  test('offline while reading: the message says it is checking; the store shows no trouble of its own', async () => {
    const { world, store } = await ready();
    world.client.failNext('send', { kind: 'lost-after-processing' });
    store.send('hello');
    world.network.set(false);
    await flush();
    expect(store.state.value).toEqual({ type: 'ready' });
    expect(shown(store).at(-1)).toBe('user: hello [checking]');
  });

  test('once the message was seen on the server, a read without it changes nothing', async () => {
    const { world, store } = await ready();
    const id = store.conversationId.value!;
    world.client.failNext('send', { kind: 'working', ms: 5000 });
    store.send('hello');
    await flush();
    expect(shown(store).slice(1)).toEqual(['user: hello']);
    // A lagging replica answers the next read without the message.
    const kept = world.client.conversations.get(id)!.history.splice(1);
    await world.timers.advance(1000);
    expect(shown(store).slice(1)).toEqual(['user: hello']);
    world.client.conversations.get(id)!.history.push(...kept);
    await world.timers.advance(6000);
    expect(shown(store).slice(1)).toEqual(['user: hello', 'assistant: You said: hello']);
    expect(world.client.calls('send')).toHaveLength(1);
  });
});

describe('a reply that never came', () => {
  test('is told as an error event and as trouble while ready', async () => {
    const { world, store, events } = await ready();
    world.client.failNext('send', { kind: 'working' });
    store.send('first');
    await world.timers.quiet();
    const late = { kind: 'timeout', detail: 'No reply yet.', retryable: false };
    expect(store.state.value).toEqual({ type: 'ready', trouble: late });
    expect(events).toContainEqual({ type: 'error', error: late });
  });

  test('the next reply catches up with one read, and the ones after need none', async () => {
    const { world, store } = await ready();
    world.client.failNext('send', { kind: 'working' });
    store.send('first');
    await world.timers.quiet();
    world.client.finishWork();
    const reads = world.client.calls('get').length;
    store.send('second');
    await flush();
    expect(world.client.calls('get')).toHaveLength(reads + 1);
    expect(shown(store).slice(1)).toEqual(['user: first', 'assistant: You said: first', 'user: second', 'assistant: You said: second']);
    store.send('third');
    await flush();
    expect(world.client.calls('get')).toHaveLength(reads + 1);
  });

  test('is forgotten with its conversation: the next conversation needs no catching up', async () => {
    const { world, store } = await ready();
    world.client.failNext('send', { kind: 'working' });
    store.send('first');
    await world.timers.quiet();
    await store.reset();
    const reads = world.client.calls('get').length;
    store.send('second');
    await flush();
    expect(world.client.calls('get')).toHaveLength(reads);
    expect(store.state.value).toEqual({ type: 'ready' });
  });
});

describe('news from another tab', () => {
  test('of a conversation gone from the server replaces it', async () => {
    const world = createFakeWorld();
    const [one, two] = await twoTabs(world);
    const old = two.store.conversationId.value!;
    world.client.forget(old);
    one.deps.tabs.post({ type: 'history-changed', conversationId: old });
    await flush();
    expect(two.store.conversationId.value).not.toBe(old);
    expect(two.store.notice.value).toBe('conversation-replaced');
  });

  test('read with a failure keeps the history shown', async () => {
    const world = createFakeWorld();
    const [one, two] = await twoTabs(world);
    world.client.failNext('get', { kind: 'error', error: new ApiError('server', 'HTTP 502', { status: 502, body: 'other' }) });
    one.deps.tabs.post({ type: 'history-changed', conversationId: two.store.conversationId.value! });
    await flush();
    expect(shown(two.store)).toEqual([`assistant: ${GREETING}`]);
    expect(two.store.state.value).toEqual({ type: 'ready' });
  });

  test('is not read while the store is blocked', async () => {
    const assistants = { [ASSISTANT]: { greeting: GREETING, funded: true } };
    const world = createFakeWorld({ assistants });
    const [one, two] = await twoTabs(world);
    assistants[ASSISTANT].funded = false;
    two.store.send('hello');
    await flush();
    expect(two.store.state.value).toMatchObject({ type: 'blocked', reason: 'no-balance' });
    const reads = world.client.calls('get').length;
    one.deps.tabs.post({ type: 'history-changed', conversationId: two.store.conversationId.value! });
    await flush();
    expect(world.client.calls('get')).toHaveLength(reads);
  });
});

describe('a 429 on a send', () => {
  test('shows when it goes on, without Retry (the store retries by itself)', async () => {
    const { world, store } = await ready();
    world.client.failNext('send', { kind: 'rate-limited', retryAfterMs: 3000 });
    store.send('hello');
    await flush();
    expect(store.state.value).toEqual({
      type: 'ready',
      trouble: { kind: 'rate_limited', detail: 'Too many requests; try again shortly.', retryable: false, retryAt: world.timers.now() + 3000 },
    });
  });
});

describe('requests are cancelled when the store is done with them', () => {
  /** A transport that never answers, and remembers the signals it was given. */
  function silentFetch() {
    const signals: AbortSignal[] = [];
    const fetch: FetchLike = (_url, init) => {
      signals.push(init.signal!);
      return new Promise(() => {});
    };
    return { fetch, signals };
  }

  test('a resume read is cancelled by dispose', async () => {
    const world = createFakeWorld();
    world.storage.data.set(
      'assistant-chat:3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10@https://api.example.test/api',
      JSON.stringify({ v: 1, assistantId: ASSISTANT, apiBase: API_BASE, conversationId: 'aaaaaaaa-0000-4000-8000-cccccccccccc' }),
    );
    const { fetch, signals } = silentFetch();
    const store = createConversationStore(
      { assistantId: ASSISTANT, apiBase: API_BASE, type: 'widget', variables: {}, backoff: BACKOFF },
      { ...world.deps(), client: createApiClient({ baseUrl: API_BASE, fetch }) },
    );
    void store.start();
    await flush();
    expect(signals).toHaveLength(1);
    store.dispose();
    expect(signals[0]!.aborted).toBe(true);
  });

  test('a history read while checking is cancelled by a reset', async () => {
    const { world, store } = await ready();
    world.client.failNext('send', { kind: 'lost-before-processing' });
    world.client.failNext('get', { kind: 'hang' });
    store.send('hello');
    await flush();
    const events: string[] = [];
    store.on((event) => events.push(event.type));
    await store.reset();
    world.client.finishWork();
    await flush();
    // The new conversation, and nothing of the old one.
    expect(events).toEqual(['conversation']);
    expect(shown(store)).toEqual([`assistant: ${GREETING}`]);
  });
});

describe('an error that is not the API client’s', () => {
  test('is taken as an answer of the wrong shape', async () => {
    const world = createFakeWorld();
    const deps = world.deps();
    const client = { ...world.client, createConversation: () => Promise.reject(new TypeError('boom')) };
    const store = createConversationStore({ assistantId: ASSISTANT, apiBase: API_BASE, type: 'widget', variables: {} }, { ...deps, client });
    await store.start();
    expect(store.state.value).toEqual({ type: 'failed', error: { kind: 'unexpected', detail: 'TypeError: boom', retryable: true } });
  });
});
