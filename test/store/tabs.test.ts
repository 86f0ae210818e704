import { describe, expect, test } from 'vitest';
import { ApiError } from '../../src/api/errors';
import { GREETING } from '../helpers/fake-client';
import { createFakeStorage, createFakeWorld, createLaggingView, flush } from '../helpers/fake-deps';
import { openTab, shown, twoTabs } from './setup';

/**
 * Two tabs, the second seeing the first one's storage and messages late: as in Chromium, where another
 * tab's storage and messages come through another process, in no set order with the lock (here, with no
 * channel and a lagging view of storage, after it).
 */
function withLateTab() {
  const world = createFakeWorld({ channel: false });
  const one = openTab(world);
  const late = createLaggingView(world.storage);
  const two = openTab(world, {}, { storage: late });
  return { world, one, two, late };
}

describe('several tabs', () => {
  test('a second tab shows the same conversation', async () => {
    const world = createFakeWorld();
    const one = openTab(world);
    await one.store.start();
    const two = openTab(world);
    await two.store.start();
    expect(two.store.conversationId.value).toBe(one.store.conversationId.value);
    expect(world.client.calls('create')).toHaveLength(1);
  });

  test('a message sent in one tab appears in the other without a reload', async () => {
    const world = createFakeWorld();
    const [one, two] = await twoTabs(world);
    one.store.send('from tab one');
    await flush();
    expect(shown(two.store)).toEqual([`assistant: ${GREETING}`, 'user: from tab one', 'assistant: You said: from tab one']);
    expect(two.events.filter((e) => e.type === 'message')).toEqual([]);
  });

  test('a tab that has not started ignores the others and calls nothing', async () => {
    const world = createFakeWorld();
    const one = openTab(world);
    const idle = openTab(world);
    await one.store.start();
    one.store.send('hi');
    await one.store.reset();
    await flush();
    expect(idle.store.state.value.type).toBe('idle');
    expect(world.client.requests.filter((r) => r.route === 'get')).toEqual([]);
  });

  test('two tabs opened at once create one conversation between them', async () => {
    const world = createFakeWorld();
    const [one, two] = await twoTabs(world, 'together');
    expect(world.client.calls('create')).toHaveLength(1);
    expect(two.store.conversationId.value).toBe(one.store.conversationId.value);
    expect(shown(two.store)).toEqual([`assistant: ${GREETING}`]);
  });

  test('two tabs opened at once where storage is blocked: the lock and the announcement still give one conversation', async () => {
    const world = createFakeWorld();
    world.storage.mode = 'throws';
    const [one, two] = await twoTabs(world, 'together');
    expect(world.client.calls('create')).toHaveLength(1);
    expect(two.store.conversationId.value).toBe(one.store.conversationId.value);
  });

  test('where channels are refused but locks work, tabs opened at once still create one conversation', async () => {
    const world = createFakeWorld({ channel: false });
    const [one, two] = await twoTabs(world, 'together');
    expect(world.client.calls('create')).toHaveLength(1);
    expect(two.store.conversationId.value).toBe(one.store.conversationId.value);
  });

  test('two tabs opened at once create one conversation, though the second sees the first one’s storage and messages only later', async () => {
    const { world, one, two, late } = withLateTab();
    await Promise.all([one.store.start(), two.store.start()]);
    expect(world.client.calls('create')).toHaveLength(1);
    expect(two.store.conversationId.value).toBe(one.store.conversationId.value);
    expect(shown(two.store)).toEqual([`assistant: ${GREETING}`]);
    // Once its storage catches up, a reload of the second tab opens that conversation too.
    late.catchUp();
    const reloaded = openTab(world, {}, { storage: late });
    await reloaded.store.start();
    expect(reloaded.store.conversationId.value).toBe(one.store.conversationId.value);
    expect(world.client.calls('create')).toHaveLength(1);
  });

  test('the conversation another tab created, found but not read (an answer not of the API’s shape), fails the opening: no second conversation', async () => {
    const { world, one, two } = withLateTab();
    world.client.failNext('get', { kind: 'error', error: new ApiError('unexpected', 'HTTP 200', { status: 200, body: 'json' }) });
    await Promise.all([one.store.start(), two.store.start()]);
    expect(two.store.state.value).toMatchObject({ type: 'failed', error: { kind: 'unexpected' } });
    await world.timers.quiet();
    expect(world.client.calls('create')).toHaveLength(1);
    expect(world.client.calls('get')).toEqual([{ route: 'get', conversationId: one.store.conversationId.value }]);
    // The visitor's Retry opens it.
    await two.store.start();
    expect(two.store.conversationId.value).toBe(one.store.conversationId.value);
    expect(world.client.calls('create')).toHaveLength(1);
  });

  test('the conversation another tab created, found gone when read, is replaced by a new one', async () => {
    const world = createFakeWorld({ channel: false });
    const one = openTab(world);
    await one.store.start();
    const first = one.store.conversationId.value!;
    world.client.forget(first);
    // A tab whose storage does not show that conversation yet finds it by the first tab's claim.
    const two = openTab(world, {}, { storage: createFakeStorage() });
    await two.store.start();
    expect(world.client.calls('get')).toEqual([{ route: 'get', conversationId: first }]);
    expect(world.client.calls('create')).toHaveLength(2);
    expect(two.store.state.value.type).toBe('ready');
    expect(two.store.conversationId.value).not.toBe(first);
    expect(shown(two.store)).toEqual([`assistant: ${GREETING}`]);
  });

  test('"new conversation" just after another tab created one creates a new one, not the one that tab still holds', async () => {
    const world = createFakeWorld();
    const [one, two] = await twoTabs(world, 'together');
    const first = one.store.conversationId.value;
    await two.store.reset();
    await flush();
    expect(world.client.calls('create')).toHaveLength(2);
    expect(two.store.conversationId.value).not.toBe(first);
    expect(one.store.conversationId.value).toBe(two.store.conversationId.value);
  });

  test('with storage blocked, a tab opened later joins the conversation another tab announced', async () => {
    const world = createFakeWorld();
    world.storage.mode = 'throws';
    const one = openTab(world);
    const two = openTab(world);
    await one.store.start();
    await flush();
    await two.store.start();
    expect(world.client.calls('create')).toHaveLength(1);
    expect(two.store.conversationId.value).toBe(one.store.conversationId.value);
  });

  test('with storage blocked and without locks, a tab opened later joins the conversation another tab announced', async () => {
    const world = createFakeWorld({ locks: false });
    world.storage.mode = 'throws';
    const one = openTab(world);
    const two = openTab(world);
    await one.store.start();
    await flush();
    await two.store.start();
    expect(world.client.calls('create')).toHaveLength(1);
    expect(two.store.conversationId.value).toBe(one.store.conversationId.value);
  });

  test('without locks (older browsers), tabs that created at once converge on one conversation', async () => {
    const world = createFakeWorld({ locks: false });
    const [one, two] = await twoTabs(world, 'together');
    expect(one.store.conversationId.value).toBe(two.store.conversationId.value);
    expect(one.store.state.value.type).toBe('ready');
    expect(two.store.state.value.type).toBe('ready');
  });

  test('"new conversation" in one tab moves the others to it, with a notice', async () => {
    const world = createFakeWorld();
    const [one, two] = await twoTabs(world);
    one.store.send('old topic');
    await flush();
    const old = one.store.conversationId.value;
    await one.store.reset();
    await flush();
    expect(one.store.conversationId.value).not.toBe(old);
    expect(two.store.conversationId.value).toBe(one.store.conversationId.value);
    expect(shown(two.store)).toEqual([`assistant: ${GREETING}`]);
    expect(two.store.notice.value).toBe('conversation-reset');
    expect(one.store.notice.value).toBeNull();
    expect(two.events).toContainEqual({ type: 'conversation', conversationId: one.store.conversationId.value });
  });

  test('"new conversation" in another tab while this one sends: the message out is offered again, the one waiting still waits', async () => {
    const world = createFakeWorld();
    const [one, two] = await twoTabs(world);
    world.client.failNext('send', { kind: 'hang' });
    two.store.send('first');
    two.store.send('second');
    await flush();
    await one.store.reset();
    await flush();
    expect(two.store.conversationId.value).toBe(one.store.conversationId.value);
    expect(shown(two.store)).toEqual([`assistant: ${GREETING}`, 'user: first [failed]', 'user: second [queued]']);
  });

  test('"new conversation" in another tab, heard before this tab’s storage shows it: this tab follows once it does', async () => {
    const world = createFakeWorld();
    const late = createLaggingView(world.storage);
    const one = openTab(world, {}, { storage: late });
    await one.store.start();
    const two = openTab(world);
    await two.store.start();
    await two.store.reset();
    await flush();
    // The message came; this tab's storage still shows the old conversation.
    expect(one.store.conversationId.value).not.toBe(two.store.conversationId.value);
    late.catchUp();
    world.bus.storageChanged();
    await flush();
    expect(one.store.conversationId.value).toBe(two.store.conversationId.value);
    expect(one.store.notice.value).toBe('conversation-reset');
    expect(shown(one.store)).toEqual([`assistant: ${GREETING}`]);
    // Later changes of storage (a draft, the host page's own keys) change nothing more.
    world.bus.storageChanged();
    await flush();
    expect(world.client.calls('create')).toHaveLength(2);
    expect(world.client.requests.filter((r) => r.route === 'get')).toHaveLength(2);
  });

  test('a change from another tab while this one is sending is read after the send, without duplicates', async () => {
    const world = createFakeWorld();
    const [one, two] = await twoTabs(world);
    world.client.failNext('send', { kind: 'slow', ms: 3000 });
    two.store.send('slow question');
    await flush();
    one.store.send('quick question');
    await flush();
    expect(shown(two.store).at(-1)).toBe('user: slow question [sending]');
    await world.timers.advance(3000);
    const server = world.client.history(two.store.conversationId.value!).map((m) => `${m.role}: ${m.content}`);
    expect(shown(two.store)).toEqual(server);
    expect(shown(one.store)).toEqual(server);
    expect(server).toHaveLength(5);
  });

  test('a failed read after another tab’s message keeps the conversation: the next change brings this tab up to date', async () => {
    const world = createFakeWorld();
    const [one, two] = await twoTabs(world);
    const conversationId = one.store.conversationId.value;
    world.client.failNext('get', { kind: 'error', error: new ApiError('server', 'Bad gateway', { status: 502, body: 'other' }) });
    one.store.send('first');
    await flush();
    expect(shown(two.store)).toEqual([`assistant: ${GREETING}`]);
    one.store.send('second');
    await flush();
    expect(two.store.conversationId.value).toBe(conversationId);
    expect(world.client.calls('create')).toHaveLength(1);
    expect(shown(two.store)).toEqual(shown(one.store));
    expect(shown(two.store)).toHaveLength(5);
  });

  test('a read of another tab’s message held up by a rate limit shows it while it waits, and clears it once read', async () => {
    const world = createFakeWorld();
    const [one, two] = await twoTabs(world);
    world.client.failNext('get', { kind: 'rate-limited', retryAfterMs: 3000 });
    one.store.send('hello');
    await flush();
    expect(two.store.state.value).toMatchObject({ type: 'ready', trouble: { kind: 'rate_limited' } });
    await world.timers.advance(3000);
    expect(two.store.state.value).toEqual({ type: 'ready' });
    expect(shown(two.store)).toEqual(shown(one.store));
  });

  test('a conversation found gone after another tab’s message is replaced by a new one, with a notice', async () => {
    const world = createFakeWorld();
    const [one, two] = await twoTabs(world);
    const old = one.store.conversationId.value!;
    world.client.failNext('get', { kind: 'error', error: new ApiError('not_found', 'Conversation not found', { status: 404 }) });
    one.store.send('first');
    await flush();
    expect(two.store.conversationId.value).not.toBe(old);
    expect(two.store.notice.value).toBe('conversation-replaced');
  });

  test('where channels are refused (sandboxed frame), each tab still works on its own', async () => {
    const world = createFakeWorld({ channel: false });
    const [one, two] = await twoTabs(world);
    one.store.send('hello');
    await flush();
    expect(shown(one.store)).toHaveLength(3);
    expect(shown(two.store)).toHaveLength(1);
    expect(two.store.conversationId.value).toBe(one.store.conversationId.value);
  });

  test('a conversation gone for both tabs is replaced by one new conversation', async () => {
    const world = createFakeWorld();
    const one = openTab(world);
    await one.store.start();
    world.client.forget(one.store.conversationId.value!);
    const reopened = openTab(world);
    const again = openTab(world);
    await Promise.all([reopened.store.start(), again.store.start()]);
    await flush();
    expect(world.client.calls('create')).toHaveLength(2);
    expect(reopened.store.conversationId.value).toBe(again.store.conversationId.value);
  });
});

describe('reset', () => {
  test('forgets the old conversation and starts afresh', async () => {
    const world = createFakeWorld();
    const { store, events } = openTab(world);
    await store.start();
    store.send('hello');
    await flush();
    const old = store.conversationId.value;
    await store.reset();
    expect(store.conversationId.value).not.toBe(old);
    expect(shown(store)).toEqual([`assistant: ${GREETING}`]);
    expect(store.state.value.type).toBe('ready');
    expect(events.filter((e) => e.type === 'conversation')).toHaveLength(2);
    // A reload resumes the new one.
    const reloaded = openTab(world);
    await reloaded.store.start();
    expect(reloaded.store.conversationId.value).toBe(store.conversationId.value);
  });

  test('a reply to the old conversation that arrives after the reset is not shown', async () => {
    const world = createFakeWorld();
    const { store } = openTab(world);
    await store.start();
    world.client.failNext('send', { kind: 'slow', ms: 5000 });
    store.send('old question');
    await flush();
    await store.reset();
    await world.timers.advance(10_000);
    expect(shown(store)).toEqual([`assistant: ${GREETING}`]);
    expect(store.assistantBusy.value).toBe(false);
  });
});

describe('dispose', () => {
  test('releases every timer, listener and subscription, and aborts requests', async () => {
    const world = createFakeWorld();
    const { store, deps } = openTab(world);
    await store.start();
    world.client.failNext('send', { kind: 'hang' });
    store.send('hello');
    store.draft.value = 'typing';
    await flush();
    expect(world.timers.pending()).toBeGreaterThan(0);
    expect(world.bus.listeners()).toBe(1);
    expect(world.network.listeners()).toBe(1);
    store.dispose();
    await flush();
    expect(world.timers.pending()).toBe(0);
    expect(world.bus.listeners()).toBe(0);
    expect(world.network.listeners()).toBe(0);
    expect(store.send('more')).toBe('unavailable');
    // The aborted send is not taken for a lost one: no history check follows.
    await world.timers.advance(60_000);
    expect(world.client.requests.map((r) => r.route)).toEqual(['create', 'send']);
    expect(deps.warnings).toEqual([]);
  });

  test('a store disposed while waiting out a rate limit makes no more calls', async () => {
    const world = createFakeWorld();
    const { store } = openTab(world);
    await store.start();
    world.client.failNext('send', { kind: 'rate-limited', retryAfterMs: 5000 });
    store.send('hello');
    await flush();
    store.dispose();
    await world.timers.advance(60_000);
    expect(world.client.calls('send')).toHaveLength(1);
    expect(world.timers.pending()).toBe(0);
  });
});
