import { effect } from '@preact/signals';
import { describe, expect, test } from 'vitest';
import { createApiClient, type FetchLike } from '../../src/api/client';
import { ApiError } from '../../src/api/errors';
import { createConversationStore } from '../../src/store/store';
import type { ConversationStore, StoreState } from '../../src/store/types';
import { ASSISTANT, GREETING, QUIET_ASSISTANT } from '../helpers/fake-client';
import { createFakeWorld, flush, type FakeWorld } from '../helpers/fake-deps';
import { API_BASE, openTab, ready, reloadAfter, setup, shown } from './setup';

const KEY = 'assistant-chat:3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10@https://api.example.test/api';
const STORED = 'aaaaaaaa-0000-4000-8000-cccccccccccc';

/** A world whose storage holds conversation STORED, which the server knows with a welcome. */
function worldWithStoredConversation(): FakeWorld {
  const world = createFakeWorld();
  world.storage.data.set(KEY, JSON.stringify({ v: 1, assistantId: ASSISTANT, apiBase: API_BASE, conversationId: STORED }));
  world.client.conversations.set(STORED, { assistantId: ASSISTANT, type: 'widget', history: [{ role: 'assistant', content: 'Welcome back' }] });
  return world;
}

/** Every state the store goes through, from now on. */
function record(store: ConversationStore): StoreState[] {
  const states: StoreState[] = [];
  effect(() => void states.push(store.state.value));
  return states;
}

const serverError = (status: number, body: 'empty' | 'json' | 'other') => new ApiError('server', `HTTP ${status}`, { status, body });

describe('opening, as the visitor sees it', () => {
  test('the store says it is connecting from the first moment, then ready', async () => {
    const { store } = setup();
    const states = record(store);
    const started = store.start();
    expect(store.state.value).toEqual({ type: 'connecting' });
    await started;
    expect(states).toEqual([{ type: 'idle' }, { type: 'connecting' }, { type: 'ready' }]);
  });

  test('network trouble while resuming: it says so and when it tries again, then after three tries offers Retry', async () => {
    const world = worldWithStoredConversation();
    world.client.failNext('get', { kind: 'lost-before-processing', as: 'network' }, 3);
    const { store, events } = openTab(world);
    const started = store.start();
    await flush();
    const first = world.timers.now();
    expect(store.state.value).toEqual({
      type: 'connecting',
      trouble: { kind: 'network', detail: 'lost (network)', retryable: false, retryAt: first + 1000 },
    });
    await world.timers.advance(1000);
    expect(store.state.value).toMatchObject({ type: 'connecting', trouble: { kind: 'network', retryAt: first + 1000 + 2000 } });
    await world.timers.advance(2000);
    await started;
    expect(world.client.calls('get')).toHaveLength(3);
    expect(store.state.value).toEqual({ type: 'failed', error: { kind: 'network', detail: 'lost (network)', retryable: true } });
    // The host page hears of the failure once, not of each try.
    expect(events.filter((e) => e.type === 'error')).toEqual([
      { type: 'error', error: { kind: 'network', detail: 'lost (network)', retryable: true } },
    ]);
    // Retry reads again; nothing was created.
    await store.start();
    expect(store.state.value).toEqual({ type: 'ready' });
    expect(shown(store)).toEqual(['assistant: Welcome back']);
    expect(world.client.calls('create')).toHaveLength(0);
  });

  test('a proxy page (502 HTML) while resuming is not retried: the error shows at once', async () => {
    const world = worldWithStoredConversation();
    world.client.failNext('get', { kind: 'error', error: serverError(502, 'other') });
    const { store, deps, events } = openTab(world);
    await store.start();
    expect(store.state.value).toEqual({ type: 'failed', error: { kind: 'server', detail: 'HTTP 502', retryable: true } });
    expect(events).toEqual([{ type: 'error', error: { kind: 'server', detail: 'HTTP 502', retryable: true } }]);
    // A passing failure is the visitor's to retry, not the site owner's to fix.
    expect(deps.warnings).toEqual([]);
    await world.timers.quiet();
    expect(world.client.requests.map((r) => r.route)).toEqual(['get']);
  });

  test('a resume answered in a shape that is not the API’s fails at once', async () => {
    const world = worldWithStoredConversation();
    world.client.failNext('get', { kind: 'error', error: new ApiError('unexpected', 'HTTP 200', { status: 200, body: 'json' }) });
    const { store } = openTab(world);
    await store.start();
    expect(store.state.value).toMatchObject({ type: 'failed', error: { kind: 'unexpected' } });
    await world.timers.quiet();
    expect(world.client.calls('get')).toHaveLength(1);
  });

  test('after a failed resume, a new conversation can be started', async () => {
    const world = worldWithStoredConversation();
    world.client.failNext('get', { kind: 'error', error: serverError(502, 'other') });
    const { store } = openTab(world);
    await store.start();
    await store.reset();
    expect(world.client.requests.map((r) => r.route)).toEqual(['get', 'create']);
    expect(store.state.value).toEqual({ type: 'ready' });
    expect(shown(store)).toEqual([`assistant: ${GREETING}`]);
    expect(store.conversationId.value).not.toBe(STORED);
  });

  test.each([
    ['a server error with a JSON body', serverError(500, 'json')],
    ['a server error with an empty body', serverError(503, 'empty')],
    ['a timeout', new ApiError('timeout', 'Timed out.')],
  ])('%s while creating is retried, and the store says why', async (_name, error) => {
    const { world, store } = setup();
    world.client.failNext('create', { kind: 'error', error });
    const started = store.start();
    await flush();
    expect(store.state.value).toEqual({
      type: 'connecting',
      trouble: { kind: error.kind, detail: error.message, retryable: false, retryAt: world.timers.now() + 1000 },
    });
    await world.timers.advance(1000);
    await started;
    expect(world.client.calls('create')).toHaveLength(2);
    expect(store.state.value).toEqual({ type: 'ready' });
  });

  test.each([
    ['an HTML page from a proxy', serverError(502, 'other')],
    ['a well-formed refusal', new ApiError('rejected', 'Forbidden', { status: 403, body: 'json' })],
    ['an answer of the wrong shape', new ApiError('unexpected', 'HTTP 200', { status: 200, body: 'json' })],
  ])('%s while creating is not retried: it will not change', async (_name, error) => {
    const { world, store } = setup();
    world.client.failNext('create', { kind: 'error', error });
    await store.start();
    await world.timers.quiet();
    expect(world.client.calls('create')).toHaveLength(1);
    expect(store.state.value).toEqual({ type: 'failed', error: { kind: error.kind, detail: error.message, retryable: true } });
  });

  test('network trouble while creating gives up after three tries by default, about three seconds after the first', async () => {
    const { world, store } = setup({ openAttempts: undefined });
    world.client.failNext('create', { kind: 'lost-before-processing' }, 3);
    const started = store.start();
    await world.timers.advance(2999);
    expect(store.state.value.type).toBe('connecting');
    await world.timers.advance(1);
    await started;
    expect(world.client.calls('create')).toHaveLength(3);
    expect(store.state.value.type).toBe('failed');
  });

  test('rate limited while connecting: the trouble says when it goes on, and an error event tells the host page', async () => {
    const { world, store, events } = setup();
    world.client.failNext('create', { kind: 'rate-limited', retryAfterMs: 7000 });
    const started = store.start();
    await flush();
    const trouble = { kind: 'rate_limited', detail: 'Too many requests; try again shortly.', retryable: false, retryAt: world.timers.now() + 7000 };
    expect(store.state.value).toEqual({ type: 'connecting', trouble });
    expect(events).toContainEqual({ type: 'error', error: trouble });
    await world.timers.advance(7000);
    await started;
    expect(store.state.value).toEqual({ type: 'ready' });
  });

  test('offline while connecting: the trouble says the network is out, and it goes on once back', async () => {
    const { world, store } = setup();
    world.network.set(false);
    const started = store.start();
    await flush();
    expect(store.state.value).toEqual({ type: 'connecting', trouble: { kind: 'network', detail: 'Offline.', retryable: false } });
    world.network.set(true);
    await started;
    expect(store.state.value).toEqual({ type: 'ready' });
  });

  test('a failed opening is tried again when the browser comes back online', async () => {
    const world = worldWithStoredConversation();
    world.client.failNext('get', { kind: 'error', error: serverError(502, 'other') });
    const { store } = openTab(world);
    await store.start();
    world.network.set(false);
    world.network.set(true);
    await flush();
    expect(store.state.value).toEqual({ type: 'ready' });
  });

  test('a request refused as malformed while creating blocks for good, and the site owner is told', async () => {
    const { world, store, deps } = setup();
    world.client.failNext('create', { kind: 'error', error: new ApiError('validation', 'The variables must be an object.', { status: 422 }) });
    await store.start();
    expect(store.state.value).toEqual({
      type: 'blocked',
      reason: 'misconfigured',
      error: { kind: 'validation', detail: 'The variables must be an object.', retryable: false },
    });
    expect(deps.warnings).toEqual([`Assistant ${ASSISTANT} at ${API_BASE}: The variables must be an object.`]);
    expect(store.send('hello')).toBe('unavailable');
    await store.start();
    await store.reset();
    expect(world.client.calls('create')).toHaveLength(1);
  });
});

describe('an API base that is not the chat API', () => {
  const SITE_API = 'https://site.test/api';
  /** A site that answers every path with its own 404 page. */
  const sitePage: FetchLike = async () =>
    new Response('<!doctype html><title>Not found</title><h1>Page not found</h1>', { status: 404, headers: { 'Content-Type': 'text/html' } });

  test('blocks sending at once, and tells the site owner which address did not answer and to check data-api-base', async () => {
    const world = createFakeWorld();
    const requests: string[] = [];
    const client = createApiClient({ baseUrl: SITE_API, fetch: (url, init) => (requests.push(url), sitePage(url, init)) });
    const deps = world.deps();
    const widget = createConversationStore({ assistantId: ASSISTANT, apiBase: SITE_API, type: 'widget', variables: {} }, { ...deps, client });
    await widget.start();
    expect(widget.state.value).toMatchObject({ type: 'blocked', reason: 'misconfigured', error: { kind: 'not_api', retryable: true } });
    expect(deps.warnings).toEqual([
      'https://site.test/api/conversations did not answer like the chat API (an HTML page, status 404). Check data-api-base.',
    ]);
    expect(widget.send('hello')).toBe('unavailable');
    await world.timers.quiet();
    expect(requests).toEqual(['https://site.test/api/conversations']);
    // Retry asks again (a captive portal passes), and the owner is not told twice.
    await widget.start();
    expect(requests).toHaveLength(2);
    expect(deps.warnings).toHaveLength(1);
  });
});

describe('a new visitor', () => {
  test('opens the first conversation without a notice', async () => {
    const { store } = await ready();
    expect(shown(store)).toEqual([`assistant: ${GREETING}`]);
    expect(store.notice.value).toBeNull();
  });

  test('whose store is disposed while the conversation is being created stops waiting for it', async () => {
    const { world, store } = setup();
    world.client.failNext('create', { kind: 'hang' });
    let settled = false;
    void store.start().finally(() => (settled = true));
    await flush();
    store.dispose();
    await flush();
    expect(settled).toBe(true);
  });
});

describe('prepare()', () => {
  test('without a stored conversation does nothing', async () => {
    const { world, store } = setup();
    await store.prepare();
    await world.timers.quiet();
    expect(world.client.requests).toEqual([]);
    expect(store.state.value).toEqual({ type: 'idle' });
  });

  test('reads the stored conversation, and start() then opens onto it without another request', async () => {
    const world = worldWithStoredConversation();
    const { store } = openTab(world);
    await store.prepare();
    expect(world.client.requests).toEqual([{ route: 'get', conversationId: STORED }]);
    expect(store.state.value).toEqual({ type: 'ready' });
    await store.start();
    expect(world.client.requests).toHaveLength(1);
    expect(shown(store)).toEqual(['assistant: Welcome back']);
  });

  test('start() while prepare() reads waits for that read', async () => {
    const world = worldWithStoredConversation();
    world.client.failNext('get', { kind: 'slow', ms: 500 });
    const { store } = openTab(world);
    const prepared = store.prepare();
    const started = store.start();
    const again = store.start();
    await world.timers.advance(500);
    await Promise.all([prepared, started, again]);
    expect(world.client.requests).toHaveLength(1);
    expect(store.state.value).toEqual({ type: 'ready' });
  });

  test('while start() opens, waits for that opening', async () => {
    const { world, store } = setup();
    world.client.failNext('create', { kind: 'slow', ms: 500 });
    const started = store.start();
    let prepared = false;
    void store.prepare().then(() => (prepared = true));
    await world.timers.advance(499);
    expect(prepared).toBe(false);
    await world.timers.advance(1);
    await started;
    expect(prepared).toBe(true);
    expect(shown(store)).toEqual([`assistant: ${GREETING}`]);
    expect(world.client.calls('create')).toHaveLength(1);
  });

  test('twice reads once', async () => {
    const world = worldWithStoredConversation();
    const { store } = openTab(world);
    await Promise.all([store.prepare(), store.prepare()]);
    await store.prepare();
    expect(world.client.requests).toHaveLength(1);
  });

  test('never creates: a stored conversation gone from the server is forgotten, and start() replaces it with a notice', async () => {
    const world = worldWithStoredConversation();
    world.client.forget(STORED);
    const { store } = openTab(world);
    await store.prepare();
    await world.timers.quiet();
    expect(world.client.requests.map((r) => r.route)).toEqual(['get']);
    expect(store.state.value).toEqual({ type: 'idle' });
    expect(world.storage.data.has(KEY)).toBe(false);
    await store.start();
    expect(world.client.requests.map((r) => r.route)).toEqual(['get', 'create']);
    expect(store.notice.value).toBe('conversation-replaced');
  });

  test('that fails leaves the store idle and quiet, and start() reads again', async () => {
    const world = worldWithStoredConversation();
    world.client.failNext('get', { kind: 'error', error: serverError(502, 'other') });
    const { store, events } = openTab(world);
    await store.prepare();
    await world.timers.quiet();
    expect(store.state.value).toEqual({ type: 'idle' });
    expect(events).toEqual([]);
    await store.start();
    expect(world.client.requests.map((r) => r.route)).toEqual(['get', 'get']);
    expect(store.state.value).toEqual({ type: 'ready' });
  });

  test('with a message the last page left on its way: looks for it (reads only) and shows it with its reply', async () => {
    const { world, after } = await reloadAfter('in flight', 'hello');
    const requestsBefore = world.client.requests.length;
    await after.store.prepare();
    await flush();
    // The request the last page made reaches its end on the server meanwhile.
    world.client.finishWork();
    await world.timers.quiet();
    expect(shown(after.store).slice(1)).toEqual(['user: hello', 'assistant: You said: hello']);
    expect(new Set(world.client.requests.slice(requestsBefore).map((r) => r.route))).toEqual(new Set(['get']));
    expect(world.client.calls('send')).toHaveLength(1);
  });

  test('with a message the last page never sent: sends it, without start() and without creating anything', async () => {
    const { world, after, conversationId } = await reloadAfter('offline', 'typed offline');
    const requestsBefore = world.client.requests.length;
    await after.store.prepare();
    await world.timers.quiet();
    expect(world.client.requests.slice(requestsBefore).map((r) => r.route)).toEqual(['get', 'send']);
    expect(
      world.client
        .history(conversationId)
        .filter((m) => m.role === 'user')
        .map((m) => m.content),
    ).toEqual(['typed offline']);
    // Opening the chat afterwards sends nothing more.
    await after.store.start();
    await world.timers.quiet();
    expect(world.client.calls('send')).toHaveLength(1);
  });

  test('with a message that had failed: reads, and leaves it for the visitor', async () => {
    const { world, after } = await reloadAfter('refused', 'refused once');
    const requestsBefore = world.client.requests.length;
    await after.store.prepare();
    await world.timers.quiet();
    expect(world.client.requests.slice(requestsBefore).map((r) => r.route)).toEqual(['get']);
    expect(shown(after.store).slice(1)).toEqual(['user: refused once [failed]']);
  });

  test('with a first message left before its conversation was created: creates nothing; opening the chat sends it', async () => {
    const world = createFakeWorld();
    const before = openTab(world);
    world.network.set(false);
    before.store.send('first words');
    await flush();
    before.store.dispose();
    world.network.set(true);
    const after = openTab(world, {}, { tabStorage: before.deps.tabStorage });
    await after.store.prepare();
    await world.timers.quiet();
    expect(world.client.requests).toEqual([]);
    await after.store.start();
    await world.timers.quiet();
    expect(world.client.requests.map((r) => r.route)).toEqual(['create', 'send']);
    expect(shown(after.store).slice(1)).toEqual(['user: first words', 'assistant: You said: first words']);
  });

  test('once started, does nothing', async () => {
    const { world, store } = setup();
    await store.start();
    await store.prepare();
    expect(world.client.requests.map((r) => r.route)).toEqual(['create']);
  });
});

describe('hasConversation()', () => {
  test('a new visitor has none until one is created, and asking makes no request', async () => {
    const { world, store } = setup();
    expect(store.hasConversation()).toBe(false);
    expect(world.client.requests).toEqual([]);
    await store.start();
    expect(store.hasConversation()).toBe(true);
  });

  test('where storage is blocked, the conversation open in this tab counts', async () => {
    const world = createFakeWorld();
    world.storage.mode = 'throws';
    const { store } = openTab(world);
    expect(store.hasConversation()).toBe(false);
    await store.start();
    expect(store.hasConversation()).toBe(true);
  });

  test('a returning visitor has one from the start, before it is read', () => {
    const world = worldWithStoredConversation();
    const { store } = openTab(world);
    expect(store.hasConversation()).toBe(true);
    expect(world.client.requests).toEqual([]);
  });
});

describe('the cross-tab lock', () => {
  /** Opens a tab whose lock requests are recorded, with the requests made before each. */
  function watchLocks(world: FakeWorld) {
    const tab = openTab(world);
    const locks: string[][] = [];
    const withLock = tab.deps.tabs.withLock;
    tab.deps.tabs.withLock = (name, task) => {
      locks.push([name, ...world.client.requests.map((r) => r.route)]);
      return withLock(name, task);
    };
    return { ...tab, locks };
  }

  test('is not taken to resume a stored conversation', async () => {
    const world = worldWithStoredConversation();
    const { store, locks } = watchLocks(world);
    await store.prepare();
    await store.start();
    expect(locks).toEqual([]);
    await openTab(world).store.start();
    expect(world.client.calls('create')).toHaveLength(0);
  });

  test('is taken to create, only after the stored conversation was found gone', async () => {
    const world = worldWithStoredConversation();
    world.client.forget(STORED);
    const { store, locks } = watchLocks(world);
    await store.start();
    expect(locks).toEqual([['create', 'get']]);
  });

  test('two assistants on one page open apart', async () => {
    const world = createFakeWorld();
    const one = openTab(world);
    const other = openTab(world, { assistantId: QUIET_ASSISTANT });
    await Promise.all([one.store.start(), other.store.start()]);
    expect(
      world.client
        .calls('create')
        .map((r) => r.assistantId)
        .sort(),
    ).toEqual([ASSISTANT, QUIET_ASSISTANT].sort());
  });
});
