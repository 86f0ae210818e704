// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createApiClient, type FetchLike } from '../../src/api/client';
import { createBrowserStoreDeps, createTabSync, pageLifecycle, type TabSyncEnv } from '../../src/store/browser';
import { createConversationStore } from '../../src/store/store';
import type { TabNews, TabSync } from '../../src/store/types';
import { createFakeConversationFetch } from '../helpers/fake-conversation-fetch';

const ID = '3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10';
const OTHER = '7b2e9d41-3c6a-4f88-a1d5-2e9c8b7f6a01';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function listen(sync: TabSync): TabNews[] {
  const received: TabNews[] = [];
  cleanups.push(sync.subscribe((message) => received.push(message)));
  return received;
}

const noLocks: TabSyncEnv = { openChannel: (name) => new BroadcastChannel(name), locks: () => undefined };

describe('createTabSync', () => {
  test('tabs of one scope hear each other; a tab does not hear itself', async () => {
    const one = createTabSync('site-a', noLocks);
    const two = createTabSync('site-a', noLocks);
    const heardByOne = listen(one);
    const heardByTwo = listen(two);
    one.post({ type: 'conversation', conversationId: ID });
    await vi.waitFor(() => expect(heardByTwo).toEqual([{ type: 'conversation', conversationId: ID }]));
    two.post({ type: 'history-changed', conversationId: ID });
    await vi.waitFor(() => expect(heardByOne).toEqual([{ type: 'history-changed', conversationId: ID }]));
    expect(heardByTwo).toHaveLength(1);
  });

  test('another scope (another assistant or API base) is not heard', async () => {
    const one = createTabSync('site-a', noLocks);
    const other = createTabSync('site-b', noLocks);
    const same = createTabSync('site-a', noLocks);
    listen(one);
    const heardByOther = listen(other);
    const heardBySame = listen(same);
    one.post({ type: 'conversation', conversationId: ID });
    await vi.waitFor(() => expect(heardBySame).toHaveLength(1));
    expect(heardByOther).toEqual([]);
  });

  test('malformed messages from the channel are ignored', async () => {
    const sync = createTabSync('site-c', noLocks);
    const heard = listen(sync);
    const raw = new BroadcastChannel('assistant-chat:site-c');
    cleanups.push(() => raw.close());
    raw.postMessage({ type: 'conversation', conversationId: 'not-a-uuid' });
    raw.postMessage('conversation');
    raw.postMessage({ type: 'something-else', conversationId: ID });
    raw.postMessage({ type: 'history-changed', conversationId: null });
    raw.postMessage({ type: 'conversation', conversationId: OTHER });
    await vi.waitFor(() => expect(heard).toEqual([{ type: 'conversation', conversationId: OTHER }]));
  });

  test('channels refused (sandboxed frame): posting and listening quietly do nothing', async () => {
    const refused: TabSyncEnv = {
      openChannel: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      locks: () => undefined,
    };
    const sync = createTabSync('site-d', refused);
    expect(() => sync.post({ type: 'conversation', conversationId: ID })).not.toThrow();
    const stop = sync.subscribe(() => {});
    stop();
    expect(await sync.withLock('create', async () => 'ran')).toBe('ran');
  });

  test('the lock is taken through the Web Locks API where there is one', async () => {
    const names: string[] = [];
    const locks = { request: async (name: string, task: () => Promise<unknown>) => (names.push(name), task()) } as unknown as LockManager;
    const sync = createTabSync('site-e', { openChannel: noLocks.openChannel, locks: () => locks });
    expect(await sync.withLock('create', async () => 42)).toBe(42);
    expect(names).toEqual(['assistant-chat:site-e:create']);
  });

  test('a refused lock runs the task without one, once', async () => {
    let runs = 0;
    const locks = { request: () => Promise.reject(new DOMException('denied', 'SecurityError')) } as unknown as LockManager;
    const sync = createTabSync('site-f', { openChannel: noLocks.openChannel, locks: () => locks });
    await sync.withLock('create', async () => runs++);
    expect(runs).toBe(1);
  });

  test("the task's own failure is passed on, not run again", async () => {
    let runs = 0;
    const locks = { request: async (_name: string, task: () => Promise<unknown>) => task() } as unknown as LockManager;
    const sync = createTabSync('site-g', { openChannel: noLocks.openChannel, locks: () => locks });
    await expect(
      sync.withLock('create', async () => {
        runs++;
        throw new Error('create failed');
      }),
    ).rejects.toThrow('create failed');
    expect(runs).toBe(1);
  });

  test('each listener of a tab hears a message once; the channel closes when the last one stops', async () => {
    const opened: BroadcastChannel[] = [];
    const env: TabSyncEnv = {
      openChannel: (name) => {
        const channel = new BroadcastChannel(name);
        opened.push(channel);
        return channel;
      },
      locks: () => undefined,
    };
    const sync = createTabSync('site-j', env);
    const first: TabNews[] = [];
    const second: TabNews[] = [];
    const stopFirst = sync.subscribe((message) => first.push(message));
    const stopSecond = sync.subscribe((message) => second.push(message));
    expect(opened).toHaveLength(1);
    const close = vi.spyOn(opened[0]!, 'close');
    const other = createTabSync('site-j', noLocks);
    listen(other);
    other.post({ type: 'conversation', conversationId: ID });
    await vi.waitFor(() => expect(second).toHaveLength(1));
    expect(first).toHaveLength(1);
    stopFirst();
    expect(close).not.toHaveBeenCalled();
    other.post({ type: 'history-changed', conversationId: ID });
    await vi.waitFor(() => expect(second).toHaveLength(2));
    expect(first).toHaveLength(1);
    stopSecond();
    expect(close).toHaveBeenCalledOnce();
  });

  test("another tab's change of the site's storage is heard while someone listens; then the page's listener goes", () => {
    const added = vi.spyOn(window, 'addEventListener');
    const removed = vi.spyOn(window, 'removeEventListener');
    cleanups.push(() => {
      added.mockRestore();
      removed.mockRestore();
    });
    const sync = createTabSync('site-o', noLocks);
    const heard: TabNews[] = [];
    const stop = sync.subscribe((news) => heard.push(news));
    dispatchEvent(new StorageEvent('storage', { key: 'assistant-chat:anything' }));
    expect(heard).toEqual([{ type: 'storage' }]);
    stop();
    dispatchEvent(new StorageEvent('storage', { key: 'assistant-chat:anything' }));
    expect(heard).toHaveLength(1);
    // (Nothing of the widget stays attached to the page.)
    const storageListeners = (spy: typeof added) => spy.mock.calls.filter(([type]) => type === 'storage').map(([, listener]) => listener);
    expect(storageListeners(added)).toHaveLength(1);
    expect(storageListeners(removed)).toEqual(storageListeners(added));
  });

  test('by default, tabs of a scope talk over a BroadcastChannel', async () => {
    const one = createTabSync('site-k');
    const two = createTabSync('site-k');
    const heard = listen(two);
    listen(one);
    one.post({ type: 'conversation', conversationId: ID });
    await vi.waitFor(() => expect(heard).toEqual([{ type: 'conversation', conversationId: ID }]));
    expect(await one.withLock('create', async () => 'ran')).toBe('ran');
  });

  test('claim takes a free lock and holds it until its signal aborts; another tab finds it held', async () => {
    // Web Locks' `ifAvailable`: the callback gets null when the name is held; a lock lasts as long as the callback's promise.
    const held = new Set<string>();
    const locks = {
      request: async (name: string, options: LockOptions, callback: (lock: Lock | null) => unknown) => {
        if (!options.ifAvailable) throw new Error('claim asks only for a free lock');
        if (held.has(name)) return callback(null);
        held.add(name);
        await callback({ name, mode: 'exclusive' });
        held.delete(name);
      },
    } as unknown as LockManager;
    const env = { openChannel: noLocks.openChannel, locks: () => locks };
    const one = createTabSync('site-l', env);
    const two = createTabSync('site-l', env);
    const oneHolds = new AbortController();
    expect(await one.claim('outbox:a', oneHolds.signal)).toBe(true);
    expect([...held]).toEqual(['assistant-chat:site-l:outbox:a']);
    const twoHolds = new AbortController();
    expect(await two.claim('outbox:a', twoHolds.signal)).toBe(false);
    oneHolds.abort();
    await vi.waitFor(() => expect(held.size).toBe(0));
    expect(await two.claim('outbox:a', twoHolds.signal)).toBe(true);
    // Taken after its signal aborted, a lock is let go at once.
    twoHolds.abort();
    await vi.waitFor(() => expect(held.size).toBe(0));
    expect(await one.claim('outbox:a', twoHolds.signal)).toBe(false);
    await vi.waitFor(() => expect(held.size).toBe(0));
  });

  test('claim takes nothing without locks, or with locks refused', async () => {
    const until = new AbortController().signal;
    expect(await createTabSync('site-m', noLocks).claim('outbox:a', until)).toBe(false);
    const refused = { request: () => Promise.reject(new DOMException('denied', 'SecurityError')) } as unknown as LockManager;
    expect(await createTabSync('site-n', { openChannel: noLocks.openChannel, locks: () => refused }).claim('outbox:a', until)).toBe(false);
  });

  test('held lists the locks of its scope under a prefix, whoever holds them; nothing without locks', async () => {
    const locks = {
      query: async () => ({
        held: [
          'assistant-chat:site-p:created:one',
          'assistant-chat:site-p:outbox:tab',
          'assistant-chat:site-q:created:two',
          'assistant-chat:site-p:created:three',
        ].map((name) => ({ name, mode: 'exclusive', clientId: 'c' })),
        pending: [],
      }),
    } as unknown as LockManager;
    expect(await createTabSync('site-p', { openChannel: noLocks.openChannel, locks: () => locks }).held('created:')).toEqual(['one', 'three']);
    expect(await createTabSync('site-p', noLocks).held('created:')).toEqual([]);
    const refused = { query: () => Promise.reject(new DOMException('denied', 'SecurityError')) } as unknown as LockManager;
    expect(await createTabSync('site-p', { openChannel: noLocks.openChannel, locks: () => refused }).held('created:')).toEqual([]);
  });

  test('locks that cannot even be looked up: the task runs at once', async () => {
    const sync = createTabSync('site-h', {
      openChannel: noLocks.openChannel,
      locks: () => {
        throw new Error('no navigator');
      },
    });
    expect(await sync.withLock('create', async () => 'ran')).toBe('ran');
  });
});

describe('createBrowserStoreDeps', () => {
  test('gives unique ids, a clock, cancellable timers, the network state and owner warnings', async () => {
    const deps = createBrowserStoreDeps({
      client: createApiClient({ baseUrl: 'http://127.0.0.1:9/api', fetch: () => Promise.reject(new Error('offline')) }),
      storage: 'memory',
      scope: 'site-i',
    });
    const ids = new Set(Array.from({ length: 100 }, deps.newId));
    expect(ids.size).toBe(100);
    expect(Math.abs(deps.now() - Date.now())).toBeLessThan(1000);
    expect(deps.network.isOnline()).toBe(navigator.onLine);

    const seen: boolean[] = [];
    const stop = deps.network.subscribe((online) => seen.push(online));
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));
    stop();
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));
    expect(seen).toEqual([false, true]);

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    deps.warn('Assistant x at y: not found');
    expect(warn).toHaveBeenCalledWith('AssistantChat: Assistant x at y: not found');
    warn.mockRestore();

    let fired = false;
    const handle = deps.setTimer(() => (fired = true), 0);
    deps.clearTimer(handle);
    await new Promise<void>((resolve) => deps.setTimer(resolve, 1));
    expect(fired).toBe(false);
  });
});

describe('the storage choice', () => {
  const ASSISTANT = '3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10';
  const BASE = 'https://api.example.test/api';

  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    vi.restoreAllMocks();
  });

  /** A transport like the API whose message posts wait until `answer()`. */
  function heldSends() {
    const fake = createFakeConversationFetch({ greeting: 'Hi' });
    let release: () => void = () => {};
    const fetch: FetchLike = async (url, init) => {
      if (url.endsWith('/messages')) await new Promise<void>((resolve) => (release = resolve));
      return fake.fetch(url, init);
    };
    return { fetch, answer: () => release() };
  }

  /** Every call to Web Storage, local or session, from now on. */
  function watchWebStorage(): string[] {
    const calls: string[] = [];
    for (const method of ['getItem', 'setItem', 'removeItem', 'clear', 'key'] as const) {
      const original = Storage.prototype[method] as (...args: unknown[]) => unknown;
      vi.spyOn(Storage.prototype, method).mockImplementation(function (this: Storage, ...args: unknown[]) {
        calls.push(`${this === sessionStorage ? 'session' : 'local'}.${method}(${String(args[0])})`);
        return original.apply(this, args);
      });
    }
    return calls;
  }

  test("'memory' keeps everything off Web Storage at every moment, a message in flight included", async () => {
    const calls = watchWebStorage();
    const { fetch, answer } = heldSends();
    const deps = createBrowserStoreDeps({ client: createApiClient({ baseUrl: BASE, fetch }), storage: 'memory', scope: 'memory-test' });
    const store = createConversationStore({ assistantId: ASSISTANT, apiBase: BASE, type: 'test', variables: {} }, deps);
    store.draft.value = 'a thought';
    await store.start();
    store.send('hello');
    await vi.waitFor(() => expect(store.messages.value.at(-1)?.status).toBe('sending'));
    window.dispatchEvent(new Event('pagehide'));
    expect(calls).toEqual([]);
    answer();
    await vi.waitFor(() => expect(store.messages.value).toHaveLength(3));
    store.dispose();
    expect(calls).toEqual([]);
    expect(localStorage.length + sessionStorage.length).toBe(0);
  });

  test("'local' keeps the conversation in localStorage and a message in flight in sessionStorage, for this tab only", async () => {
    const { fetch, answer } = heldSends();
    const deps = createBrowserStoreDeps({ client: createApiClient({ baseUrl: BASE, fetch }), storage: 'local', scope: 'local-test' });
    const store = createConversationStore({ assistantId: ASSISTANT, apiBase: BASE, type: 'test', variables: {} }, deps);
    await store.start();
    store.send('hello');
    await vi.waitFor(() => expect(store.messages.value.at(-1)?.status).toBe('sending'));
    const key = `assistant-chat:${ASSISTANT}@${BASE}`;
    expect(JSON.parse(localStorage.getItem(key)!).state.conversationId).toBe(store.conversationId.value);
    expect(JSON.parse(sessionStorage.getItem(key + ':outbox')!).state.items).toMatchObject([{ text: 'hello' }]);
    answer();
    await vi.waitFor(() => expect(sessionStorage.getItem(key + ':outbox')).toBeNull());
    store.dispose();
  });

  test("'session' keeps the conversation in sessionStorage", async () => {
    const { fetch } = heldSends();
    const deps = createBrowserStoreDeps({ client: createApiClient({ baseUrl: BASE, fetch }), storage: 'session', scope: 'session-test' });
    const store = createConversationStore({ assistantId: ASSISTANT, apiBase: BASE, type: 'test', variables: {} }, deps);
    await store.start();
    expect(sessionStorage.getItem(`assistant-chat:${ASSISTANT}@${BASE}`)).not.toBeNull();
    expect(localStorage.length).toBe(0);
    store.dispose();
  });
});

describe('the page lifecycle', () => {
  /** Sets what document.visibilityState says. */
  function setVisibility(state: DocumentVisibilityState) {
    Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  }

  afterEach(() => {
    setVisibility('visible');
  });

  test('tells when the page is left or hidden, not when it is shown again', () => {
    let told = 0;
    const stop = pageLifecycle(document).subscribe(() => told++);
    window.dispatchEvent(new Event('pagehide'));
    expect(told).toBe(1);
    setVisibility('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(told).toBe(2);
    setVisibility('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(told).toBe(2);
    stop();
    window.dispatchEvent(new Event('pagehide'));
    setVisibility('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(told).toBe(2);
  });

  test('a document without a window (one a script made) is watched for hiding only, without an error', () => {
    const made = document.implementation.createHTMLDocument('made');
    expect(made.defaultView).toBeNull();
    Object.defineProperty(made, 'visibilityState', { value: 'hidden', configurable: true });
    let told = 0;
    const stop = pageLifecycle(made).subscribe(() => told++);
    made.dispatchEvent(new Event('visibilitychange'));
    expect(told).toBe(1);
    stop();
    made.dispatchEvent(new Event('visibilitychange'));
    expect(told).toBe(1);
  });

  test('the browser deps save the draft when the page is hidden', () => {
    const deps = createBrowserStoreDeps({ client: createApiClient({ baseUrl: 'https://api.example.test' }), storage: 'local', scope: 'draft-test' });
    const store = createConversationStore(
      { assistantId: '3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10', apiBase: 'https://api.example.test', type: 'test', variables: {} },
      deps,
    );
    store.draft.value = 'almost sent';
    setVisibility('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(JSON.parse(localStorage.getItem('assistant-chat:3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10@https://api.example.test:draft')!).state.text).toBe(
      'almost sent',
    );
    store.dispose();
    localStorage.clear();
  });
});
