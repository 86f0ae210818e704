import { describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../src/api/errors';
import { createConversationStore } from '../../src/store/store';
import { ASSISTANT, GREETING, QUIET_ASSISTANT, UNFUNDED_ASSISTANT, UNKNOWN_ASSISTANT } from '../helpers/fake-client';
import { createFakeWorld, flush } from '../helpers/fake-deps';
import { API_BASE, openTab, setup, shown } from './setup';

// Written out: other code (and earlier versions) read these keys.
const KEY = 'assistant-chat:3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10@https://api.example.test/api';
const OTHER_ID = 'aaaaaaaa-0000-4000-8000-cccccccccccc';
// As this version writes it (./layout.ts); what 0.1.0 wrote is read too: test/store/layout.test.ts.
const envelope = (state: object) => JSON.stringify({ version: 2, scope: `${ASSISTANT}@${API_BASE}`, state });

describe('lazy start', () => {
  test('a page view costs nothing: no request until start()', async () => {
    const { world, store } = setup();
    await world.timers.quiet();
    expect(world.client.requests).toEqual([]);
    expect(store.state.value).toEqual({ type: 'idle' });
    expect(store.state.value.type).toBe('idle');
  });

  test('start() creates a conversation with the type and variables, and shows the greeting', async () => {
    const { world, store, events } = setup({ type: 'test', variables: { name: 'Ada', vip: true } });
    await store.start();
    expect(world.client.requests).toEqual([{ route: 'create', assistantId: ASSISTANT, type: 'test', variables: { name: 'Ada', vip: true } }]);
    expect(store.state.value).toEqual({ type: 'ready' });
    expect(shown(store)).toEqual([`assistant: ${GREETING}`]);
    expect(store.conversationId.value).toMatch(/^[0-9a-f-]{36}$/);
    expect(events).toContainEqual({ type: 'conversation', conversationId: store.conversationId.value });
  });

  test('start() is idempotent: calling it twice creates one conversation', async () => {
    const { world, store } = setup();
    await Promise.all([store.start(), store.start()]);
    await store.start();
    expect(world.client.calls('create')).toHaveLength(1);
  });

  test('an assistant without a greeting starts with an empty history', async () => {
    const { store } = setup({ assistantId: QUIET_ASSISTANT });
    await store.start();
    expect(store.messages.value).toEqual([]);
    expect(store.state.value.type).toBe('ready');
  });

  test('send() before start() starts the conversation', async () => {
    const { world, store } = setup();
    expect(store.send('hi')).toBeNull();
    await flush();
    expect(world.client.requests.map((r) => r.route)).toEqual(['create', 'send']);
    expect(shown(store)).toEqual([`assistant: ${GREETING}`, 'user: hi', 'assistant: You said: hi']);
  });

  test('setVariables() changes the variables of the next conversation created', async () => {
    const { world, store } = setup();
    store.setVariables({ name: 'Grace' });
    await store.start();
    expect(world.client.calls('create')[0]!.variables).toEqual({ name: 'Grace' });
  });
});

describe('persistence of the conversation id', () => {
  test('the id is stored under a key scoped to the assistant and API base, in a versioned envelope', async () => {
    const { world, store } = setup();
    await store.start();
    expect(JSON.parse(world.storage.data.get(KEY)!)).toEqual({
      version: 2,
      scope: `${ASSISTANT}@${API_BASE}`,
      state: { conversationId: store.conversationId.value },
    });
  });

  test('a reload resumes the stored conversation with GET, without creating one', async () => {
    const world = createFakeWorld();
    const first = openTab(world);
    first.store.send('hello');
    await flush();
    first.store.dispose();

    const second = openTab(world);
    await second.store.start();
    expect(world.client.calls('create')).toHaveLength(1);
    expect(world.client.calls('get')).toEqual([{ route: 'get', conversationId: first.store.conversationId.value }]);
    expect(shown(second.store)).toEqual([`assistant: ${GREETING}`, 'user: hello', 'assistant: You said: hello']);
  });

  test('two assistants on one site never share a conversation', async () => {
    const world = createFakeWorld();
    const one = openTab(world);
    await one.store.start();
    const two = openTab(world, { assistantId: QUIET_ASSISTANT });
    await two.store.start();
    expect(world.client.calls('create').map((r) => r.assistantId)).toEqual([ASSISTANT, QUIET_ASSISTANT]);
    expect(two.store.conversationId.value).not.toBe(one.store.conversationId.value);
  });

  test('the same assistant behind another API base does not reuse the id', async () => {
    const world = createFakeWorld();
    await openTab(world).store.start();
    const elsewhere = openTab(world, { apiBase: 'https://other.example.test/api' });
    await elsewhere.store.start();
    expect(world.client.calls('create')).toHaveLength(2);
    expect(world.client.calls('get')).toHaveLength(0);
  });

  test('a trailing slash on the API base is the same base', async () => {
    const world = createFakeWorld();
    await openTab(world).store.start();
    await openTab(world, { apiBase: API_BASE + '/' }).store.start();
    expect(world.client.calls('create')).toHaveLength(1);
  });

  test.each([
    ['corrupt JSON', '{"v":1,"conversationId":'],
    ['a value that is not an id', envelope({ conversationId: 'not-a-uuid' })],
    ['a version this widget does not know', JSON.stringify({ version: 3, scope: `${ASSISTANT}@${API_BASE}`, state: { conversationId: OTHER_ID } })],
    ['another assistant', JSON.stringify({ version: 2, scope: `${QUIET_ASSISTANT}@${API_BASE}`, state: { conversationId: OTHER_ID } })],
    ['a bare string', JSON.stringify(OTHER_ID)],
  ])('%s in storage is discarded and a conversation created', async (_name, raw) => {
    const world = createFakeWorld();
    world.storage.data.set(KEY, raw);
    const { store } = openTab(world);
    await store.start();
    expect(world.client.calls('get')).toHaveLength(0);
    expect(world.client.calls('create')).toHaveLength(1);
    expect(JSON.parse(world.storage.data.get(KEY)!).state.conversationId).toBe(store.conversationId.value);
  });
});

describe('the draft', () => {
  test('survives a reload', async () => {
    const world = createFakeWorld();
    const first = openTab(world);
    first.store.draft.value = 'half a thought';
    await world.timers.advance(1000);
    first.store.dispose();
    expect(openTab(world).store.draft.value).toBe('half a thought');
  });

  test('is written once typing pauses, not on every keystroke', async () => {
    const { world, store } = setup();
    store.draft.value = 'h';
    await world.timers.advance(100);
    store.draft.value = 'he';
    await world.timers.advance(299);
    expect(world.storage.data.has(KEY + ':draft')).toBe(false);
    await world.timers.advance(1);
    expect(JSON.parse(world.storage.data.get(KEY + ':draft')!)).toMatchObject({ version: 2, state: { text: 'he' } });
    expect(world.client.requests).toEqual([]);
  });

  test('is written when the widget is removed, even before typing pauses', () => {
    const world = createFakeWorld();
    const first = openTab(world);
    first.store.draft.value = 'typed just now';
    first.store.dispose();
    expect(openTab(world).store.draft.value).toBe('typed just now');
  });

  test('is written at once when the page is hidden or left, before typing pauses', () => {
    const world = createFakeWorld();
    const first = openTab(world);
    first.store.draft.value = 'typed and gone';
    first.deps.lifecycle.hide();
    // The tab is closed now: no timer runs, no dispose.
    expect(JSON.parse(world.storage.data.get(KEY + ':draft')!)).toEqual({
      version: 2,
      scope: `${ASSISTANT}@${API_BASE}`,
      state: { text: 'typed and gone' },
    });
    expect(openTab(world).store.draft.value).toBe('typed and gone');
  });

  test('a hidden page with nothing new typed writes nothing', () => {
    const { world, store, deps } = setup();
    deps.lifecycle.hide();
    expect(world.storage.data.size).toBe(0);
    store.draft.value = 'once';
    deps.lifecycle.hide();
    const writes = vi.spyOn(world.storage, 'setItem');
    deps.lifecycle.hide();
    expect(writes).not.toHaveBeenCalled();
  });

  test('is kept under its own key beside the conversation id', async () => {
    const { world, store } = setup();
    store.draft.value = 'hello';
    await world.timers.quiet();
    expect([...world.storage.data.keys()]).toEqual(['assistant-chat:3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10@https://api.example.test/api:draft']);
  });

  test('is cleared when it is sent', async () => {
    const world = createFakeWorld();
    const { store } = openTab(world);
    store.draft.value = 'send me';
    expect(store.send('send me')).toBeNull();
    expect(store.draft.value).toBe('');
    await world.timers.advance(1000);
    expect(openTab(world).store.draft.value).toBe('');
  });

  test('a corrupt stored draft is ignored', () => {
    const world = createFakeWorld();
    world.storage.data.set(KEY + ':draft', '{{{');
    expect(openTab(world).store.draft.value).toBe('');
  });
});

describe('hostile storage', () => {
  test('storage that throws on every access: the widget works in memory and never throws', async () => {
    const world = createFakeWorld();
    world.storage.mode = 'throws';
    const { store, deps } = openTab(world);
    deps.tabStorage.mode = 'throws';
    store.draft.value = 'x';
    await store.start();
    expect(store.send('hello')).toBeNull();
    await world.timers.advance(1000);
    expect(shown(store)).toEqual([`assistant: ${GREETING}`, 'user: hello', 'assistant: You said: hello']);
    store.dispose();
  });

  test('full storage: the conversation goes on in memory', async () => {
    const world = createFakeWorld();
    world.storage.mode = 'full';
    const { store } = openTab(world);
    await store.start();
    store.send('hello');
    await flush();
    expect(store.state.value.type).toBe('ready');
    expect(shown(store)).toHaveLength(3);
  });

  test('storage wiped between two actions: the conversation goes on with the id in memory', async () => {
    const { world, store } = setup();
    await store.start();
    const id = store.conversationId.value;
    world.storage.wipe();
    store.send('still here?');
    await flush();
    expect(world.client.calls('send')).toEqual([{ route: 'send', conversationId: id, message: 'still here?' }]);
    expect(world.client.calls('create')).toHaveLength(1);
  });
});

describe('a stale conversation', () => {
  test('a stored id the server no longer knows is forgotten and a new conversation starts, with a notice', async () => {
    const world = createFakeWorld();
    world.storage.data.set(KEY, envelope({ conversationId: OTHER_ID }));
    const { store } = openTab(world);
    await store.start();
    expect(world.client.requests.map((r) => r.route)).toEqual(['get', 'create']);
    expect(store.notice.value).toBe('conversation-replaced');
    expect(store.state.value).toEqual({ type: 'ready' });
    expect(shown(store)).toEqual([`assistant: ${GREETING}`]);
    expect(JSON.parse(world.storage.data.get(KEY)!).state.conversationId).toBe(store.conversationId.value);
    store.dismissNotice();
    expect(store.notice.value).toBeNull();
  });

  test('no error loop when creating fails too', async () => {
    const world = createFakeWorld();
    world.storage.data.set(KEY, envelope({ conversationId: OTHER_ID }));
    world.client.failNext('create', { kind: 'error', error: new ApiError('rejected', 'No', { status: 403 }) });
    const { store } = openTab(world);
    await store.start();
    await world.timers.quiet();
    expect(world.client.requests.map((r) => r.route)).toEqual(['get', 'create']);
    expect(store.state.value).toEqual({ type: 'failed', error: { kind: 'rejected', detail: 'No', retryable: true } });
    // Trying again creates (the stale id is not read again).
    await store.start();
    expect(world.client.requests.map((r) => r.route)).toEqual(['get', 'create', 'create']);
    expect(store.state.value.type).toBe('ready');
  });
});

describe('errors while opening', () => {
  test('assistant not found: the site owner is told once, and no more calls are made', async () => {
    const { world, store, deps } = setup({ assistantId: UNKNOWN_ASSISTANT });
    await store.start();
    expect(store.state.value).toEqual({
      type: 'blocked',
      reason: 'unknown-assistant',
      error: { kind: 'not_found', detail: 'Assistant not found', retryable: false },
    });
    expect(deps.warnings).toEqual([`Assistant ${UNKNOWN_ASSISTANT} at ${API_BASE}: Assistant not found`]);
    await store.start();
    await store.reset();
    expect(store.send('anyone there?')).toBe('unavailable');
    world.network.set(false);
    world.network.set(true);
    await world.timers.quiet();
    expect(world.client.requests).toHaveLength(1);
    expect(deps.warnings).toHaveLength(1);
  });

  test('insufficient balance: "unavailable", sends refused, no automatic retries', async () => {
    const { world, store, deps } = setup({ assistantId: UNFUNDED_ASSISTANT });
    await store.start();
    expect(store.state.value).toEqual({
      type: 'blocked',
      reason: 'no-balance',
      error: { kind: 'insufficient_balance', detail: 'Insufficient balance', retryable: true },
    });
    expect(store.send('hello')).toBe('unavailable');
    world.network.set(false);
    world.network.set(true);
    await world.timers.quiet();
    expect(world.client.requests).toHaveLength(1);
    // The visitor's own Retry asks again.
    await store.start();
    expect(world.client.requests).toHaveLength(2);
    // The visitor needs no console message: this is the owner's balance, not the site's setup.
    expect(deps.warnings).toEqual([]);
  });

  test('the visitor’s Retry after a balance refusal opens the same conversation again: what was said meanwhile shows, the rest keeps its place', async () => {
    const { world, store } = setup();
    await store.start();
    const greeting = store.messages.value[0]!;
    world.client.failNext('send', { kind: 'error', error: new ApiError('insufficient_balance', 'Insufficient balance', { status: 400 }) });
    store.send('hello');
    await flush();
    expect(store.state.value).toMatchObject({ type: 'blocked', reason: 'no-balance' });
    const id = store.conversationId.value!;
    world.client.say(id, 'from another device');
    await store.start();
    expect(store.conversationId.value).toBe(id);
    expect(shown(store).slice(0, 3)).toEqual([`assistant: ${GREETING}`, 'user: from another device', 'assistant: You said: from another device']);
    expect(store.messages.value[0]).toBe(greeting);
  });

  test('a free test conversation of an unfunded assistant works', async () => {
    const { store } = setup({ assistantId: UNFUNDED_ASSISTANT, type: 'test' });
    await store.start();
    expect(store.state.value.type).toBe('ready');
  });

  test('server trouble while reading is retried with back-off', async () => {
    const world = createFakeWorld();
    world.storage.data.set(KEY, envelope({ conversationId: OTHER_ID }));
    world.client.conversations.set(OTHER_ID, { assistantId: ASSISTANT, type: 'widget', history: [{ role: 'assistant', content: 'Welcome back' }] });
    world.client.failNext('get', { kind: 'error', error: new ApiError('server', 'Bad gateway', { status: 502 }) }, 2);
    const { store } = openTab(world);
    const started = store.start();
    await flush();
    expect(world.client.calls('get')).toHaveLength(1);
    await world.timers.advance(999);
    expect(world.client.calls('get')).toHaveLength(1);
    await world.timers.advance(1);
    expect(world.client.calls('get')).toHaveLength(2);
    await world.timers.advance(2000);
    await started;
    expect(world.client.calls('get')).toHaveLength(3);
    expect(store.state.value.type).toBe('ready');
    expect(shown(store)).toEqual(['assistant: Welcome back']);
  });

  test('when the retries run out the error is shown, and start() tries again', async () => {
    const { world, store } = setup({ openAttempts: 4 });
    world.client.failNext('create', { kind: 'lost-before-processing', as: 'timeout' }, 4);
    const started = store.start();
    await world.timers.advance(1000 + 2000 + 4000);
    await started;
    expect(world.client.calls('create')).toHaveLength(4);
    expect(store.state.value).toEqual({ type: 'failed', error: { kind: 'timeout', detail: 'lost (timeout)', retryable: true } });
    await world.timers.quiet();
    expect(world.client.calls('create')).toHaveLength(4);
    await store.start();
    expect(store.state.value).toEqual({ type: 'ready' });
  });

  test('rate limited while opening: waits retry_after, shows when it will go on', async () => {
    const { world, store, events } = setup();
    world.client.failNext('create', { kind: 'rate-limited', retryAfterMs: 7000 });
    const started = store.start();
    await flush();
    expect(store.state.value).toMatchObject({ type: 'connecting', trouble: { kind: 'rate_limited', retryAt: world.timers.now() + 7000 } });
    expect(events.some((e) => e.type === 'error')).toBe(true);
    await world.timers.advance(6999);
    expect(world.client.calls('create')).toHaveLength(1);
    await world.timers.advance(1);
    await started;
    expect(world.client.calls('create')).toHaveLength(2);
    expect(store.state.value).toEqual({ type: 'ready' });
  });

  test('offline while opening: waits for the network instead of failing', async () => {
    const { world, store } = setup();
    world.network.set(false);
    const started = store.start();
    await world.timers.advance(60_000);
    expect(world.client.requests).toEqual([]);
    expect(store.state.value.type).toBe('connecting');
    world.network.set(true);
    await started;
    expect(store.state.value.type).toBe('ready');
  });
});

describe('without a tab storage', () => {
  test('messages are sent all the same', async () => {
    const world = createFakeWorld();
    const { tabStorage: _unused, ...deps } = world.deps();
    const store = createConversationStore({ assistantId: ASSISTANT, apiBase: API_BASE, type: 'widget', variables: {} }, deps);
    store.send('hi');
    await flush();
    expect(shown(store)).toEqual([`assistant: ${GREETING}`, 'user: hi', 'assistant: You said: hi']);
  });
});
