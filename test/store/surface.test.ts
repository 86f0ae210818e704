/** The store's public surface, action by action: what each does, and what it leaves alone. */
import { describe, expect, test } from 'vitest';
import { ApiError } from '../../src/api/errors';
import type { StoreEvent } from '../../src/store/types';
import { GREETING } from '../helpers/fake-client';
import { createFakeWorld, flush } from '../helpers/fake-deps';
import { openTab, ready, reloadAfter, setup, shown, twoTabs } from './setup';

const KEY = 'assistant-chat:3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10@https://api.example.test/api';

/** A visitor back on the site (a conversation is stored), whose tab's read of it takes `ms`. */
async function returningWithSlowRead(ms: number) {
  const world = createFakeWorld();
  const first = openTab(world);
  await first.store.start();
  first.store.dispose();
  world.client.failNext('get', { kind: 'slow', ms });
  return { world, ...openTab(world) };
}

describe('start()', () => {
  test('called twice at once while the opening fails makes one request', async () => {
    const { world, store } = setup();
    world.client.failNext('create', { kind: 'error', error: new ApiError('rejected', 'No', { status: 403 }) });
    await Promise.all([store.start(), store.start()]);
    expect(world.client.calls('create')).toHaveLength(1);
    expect(store.state.value.type).toBe('failed');
  });

  test('while prepare() reads, a message sent goes out once the read is done', async () => {
    const { world, store } = await returningWithSlowRead(500);
    const prepared = store.prepare();
    store.send('hello');
    await world.timers.advance(500);
    await prepared;
    await flush();
    expect(world.client.requests.map((r) => r.route)).toEqual(['create', 'get', 'send']);
    expect(shown(store).slice(-2)).toEqual(['user: hello', 'assistant: You said: hello']);
  });
});

describe('prepare()', () => {
  test('called while a read is under way resolves only once it is done', async () => {
    const { world, store } = await returningWithSlowRead(500);
    void store.prepare();
    const second = store.prepare();
    await world.timers.advance(500);
    await second;
    expect(store.state.value).toEqual({ type: 'ready' });
  });
});

describe('send()', () => {
  test('the same text a whole second later is a new message', async () => {
    const { world, store } = await ready();
    store.send('yes');
    await world.timers.advance(1000);
    expect(store.send('yes')).toBeNull();
    await flush();
    expect(world.client.calls('send')).toHaveLength(2);
  });

  test('leaves a draft that is not the text sent (a send from the host page)', async () => {
    const { store } = await ready();
    store.draft.value = 'still typing';
    store.send('from the page');
    expect(store.draft.value).toBe('still typing');
  });
});

/** A started store whose message `text` was refused as invalid (failed, not processed). */
async function refusedAsInvalid(text: string) {
  const tab = await ready();
  tab.world.client.failNext('send', { kind: 'error', error: new ApiError('validation', 'Invalid', { status: 422 }) });
  tab.store.send(text);
  await flush();
  return tab;
}

describe('retry()', () => {
  test('of a message that has not failed, or of no message, does nothing', async () => {
    const { world, store } = await ready();
    world.client.failNext('send', { kind: 'hang' });
    store.send('on its way');
    await flush();
    store.retry(store.messages.value[1]!.id);
    store.retry('no-such-message');
    await flush();
    expect(world.client.calls('send')).toHaveLength(1);
    expect(shown(store).slice(1)).toEqual(['user: on its way [sending]']);
  });

  test('while offline shows the message waiting', async () => {
    const { world, store } = await refusedAsInvalid('hello');
    world.network.set(false);
    store.retry(store.messages.value[1]!.id);
    await flush();
    expect(shown(store).slice(1)).toEqual(['user: hello [queued]']);
  });

  test('after dispose does nothing', async () => {
    const { store } = await refusedAsInvalid('hello');
    store.dispose();
    store.retry(store.messages.value[1]!.id);
    expect(shown(store).slice(1)).toEqual(['user: hello [failed]']);
  });
});

describe('reset()', () => {
  test('leaves a message in flight out of the draft: it may have reached the old conversation', async () => {
    const { world, store } = await ready();
    world.client.failNext('send', { kind: 'hang' });
    store.send('in flight');
    await flush();
    await store.reset();
    expect(store.draft.value).toBe('');
  });

  test('with nothing unsent leaves the draft as it is', async () => {
    const { store } = await ready();
    store.draft.value = 'typing';
    await store.reset();
    expect(store.draft.value).toBe('typing');
  });
});

describe('on()', () => {
  test('returns the function that stops listening', async () => {
    const { store } = setup();
    const heard: StoreEvent[] = [];
    const stop = store.on((event) => heard.push(event));
    stop();
    await store.start();
    expect(heard).toEqual([]);
  });
});

describe('dispose()', () => {
  test('leaves the store blocked for good, closed', async () => {
    const { world, store } = await ready();
    store.dispose();
    expect(store.state.value).toEqual({
      type: 'blocked',
      reason: 'closed',
      error: { kind: 'unexpected', detail: 'The chat was closed.', retryable: false },
    });
    await store.start();
    await store.reset();
    await store.prepare();
    expect(world.client.requests.map((r) => r.route)).toEqual(['create']);
  });

  test('while waiting for the lock another tab holds: no request is made when it is released', async () => {
    const world = createFakeWorld();
    world.client.failNext('create', { kind: 'slow', ms: 1000 });
    const one = openTab(world);
    const two = openTab(world);
    const started = one.store.start();
    void two.store.start();
    await flush();
    two.store.dispose();
    await world.timers.advance(1000);
    await started;
    await flush();
    expect(world.client.requests.map((r) => r.route)).toEqual(['create']);
  });

  test('during a read that answers anyway: the answer is not shown', async () => {
    const world = createFakeWorld();
    const first = openTab(world);
    await first.store.start();
    first.store.dispose();
    world.client.failNext('get', { kind: 'slow', ms: 500, deaf: true });
    const { store, events } = openTab(world);
    void store.start();
    await flush();
    store.dispose();
    await world.timers.advance(500);
    expect(store.messages.value).toEqual([]);
    expect(events).toEqual([]);
  });
});

describe('a reset during a read that answers anyway', () => {
  test('shows the new conversation, not the old one', async () => {
    const world = createFakeWorld();
    const first = openTab(world);
    await first.store.start();
    first.store.send('old');
    await flush();
    first.store.dispose();
    world.client.failNext('get', { kind: 'slow', ms: 500, deaf: true });
    const { store } = openTab(world);
    void store.start();
    await flush();
    await store.reset();
    await world.timers.advance(500);
    expect(shown(store)).toEqual([`assistant: ${GREETING}`]);
  });
});

describe('following another tab', () => {
  test("a tab's announcement of the conversation already open changes nothing", async () => {
    const world = createFakeWorld();
    const [one, two] = await twoTabs(world);
    const before = world.client.requests.length;
    one.deps.tabs.post({ type: 'conversation', conversationId: one.store.conversationId.value! });
    await flush();
    expect(world.client.requests.length).toBe(before);
    expect(two.store.notice.value).toBeNull();
  });

  test('news of another conversation’s history is not read', async () => {
    const world = createFakeWorld();
    const [one] = await twoTabs(world);
    const before = world.client.requests.length;
    one.deps.tabs.post({ type: 'history-changed', conversationId: 'bbbbbbbb-0000-4000-8000-cccccccccccc' });
    await flush();
    expect(world.client.requests.length).toBe(before);
  });

  test('messages waiting in this tab go to the conversation it follows, not to the draft', async () => {
    const world = createFakeWorld();
    const [one, two] = await twoTabs(world);
    // Refused unprocessed (429): it waits to be sent again.
    world.client.failNext('send', { kind: 'rate-limited', retryAfterMs: 60_000 });
    two.store.send('waiting');
    await flush();
    expect(shown(two.store).at(-1)).toBe('user: waiting [queued]');
    await one.store.reset();
    await flush();
    expect(two.store.conversationId.value).toBe(one.store.conversationId.value);
    expect(two.store.draft.value).toBe('');
    expect(world.client.calls('send').map((r) => r.conversationId)).toEqual([expect.any(String), one.store.conversationId.value]);
    expect(shown(two.store).slice(-2)).toEqual(['user: waiting', 'assistant: You said: waiting']);
  });

  test('a failed message stays failed in the conversation it follows, with its reason', async () => {
    const world = createFakeWorld();
    const [one, two] = await twoTabs(world);
    world.client.failNext('send', { kind: 'error', error: new ApiError('validation', 'Invalid', { status: 422 }) });
    two.store.send('refused');
    await flush();
    await one.store.reset();
    await flush();
    expect(two.store.messages.value.at(-1)).toMatchObject({ status: 'failed', error: { kind: 'validation', detail: 'Invalid' } });
    expect(world.client.calls('send')).toHaveLength(1);
  });

  /** Another conversation on the server, stored as the site's, and announced by a tab of `world`. */
  async function announceOther(world: ReturnType<typeof createFakeWorld>) {
    const { conversationId } = await world.client.createConversation({ assistantId: '3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10', type: 'widget' });
    world.storage.data.set(
      KEY,
      JSON.stringify({ v: 1, assistantId: '3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10', apiBase: 'https://api.example.test/api', conversationId }),
    );
    world.deps({ scope: '3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10@https://api.example.test/api' }).tabs.post({ type: 'conversation', conversationId });
    await flush();
    return conversationId;
  }

  test('a message retried but not yet out, which may be in the old conversation, is offered again instead of going to the new one', async () => {
    const { world, store } = await ready();
    world.client.failNext('send', { kind: 'error-after-processing', error: new ApiError('rejected', 'Forbidden', { status: 403 }) });
    store.send('maybe billed');
    await flush();
    world.network.set(false);
    store.retry(store.messages.value.at(-1)!.id);
    expect(shown(store).at(-1)).toBe('user: maybe billed [queued]');
    const other = await announceOther(world);
    expect(store.messages.value.at(-1)).toMatchObject({ status: 'failed', error: { kind: 'network', detail: 'Not sent.' } });
    world.network.set(true);
    await flush();
    expect(store.conversationId.value).toBe(other);
    expect(world.client.calls('send')).toHaveLength(1);
  });

  test('while connecting, the notice is left as it was', async () => {
    const world = createFakeWorld();
    const { store } = openTab(world);
    world.network.set(false);
    void store.start();
    await flush();
    const other = await announceOther(world);
    world.network.set(true);
    await flush();
    expect(store.state.value).toEqual({ type: 'ready' });
    expect(store.conversationId.value).toBe(other);
    expect(store.notice.value).toBeNull();
  });
});

describe('a reload', () => {
  test('into another conversation: a message that was in flight comes back failed, not checked in the new one', async () => {
    const { world, after, conversationId } = await reloadAfter('in flight', 'hello');
    world.client.forget(conversationId);
    await after.store.start();
    await flush();
    expect(shown(after.store)).toEqual([`assistant: ${GREETING}`, 'user: hello [failed]']);
    expect(after.store.messages.value.at(-1)!.error).toEqual({ kind: 'network', detail: 'Not sent.', retryable: true });
    expect(world.client.calls('get')).toHaveLength(1);
  });

  test('restores what the last page left only once', async () => {
    const { world, after } = await reloadAfter('offline', 'typed offline');
    await after.store.start();
    await after.store.start();
    await world.timers.quiet();
    expect(shown(after.store).slice(1)).toEqual(['user: typed offline', 'assistant: You said: typed offline']);
    expect(world.client.calls('send')).toHaveLength(1);
  });

  test('a stored envelope of another API base is not this widget’s', async () => {
    const world = createFakeWorld();
    world.storage.data.set(
      KEY,
      JSON.stringify({
        v: 1,
        assistantId: '3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10',
        apiBase: 'https://elsewhere.test/api',
        conversationId: 'aaaaaaaa-0000-4000-8000-cccccccccccc',
      }),
    );
    await openTab(world).store.start();
    expect(world.client.requests.map((r) => r.route)).toEqual(['create']);
  });
});
