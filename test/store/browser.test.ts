import { afterEach, describe, expect, test, vi } from 'vitest';
import { createApiClient } from '../../src/api/client';
import { createBrowserStoreDeps, createTabSync, type TabSyncEnv } from '../../src/store/browser';
import { createStorage } from '../../src/store/storage';
import type { TabMessage, TabSync } from '../../src/store/types';

const ID = '3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10';
const OTHER = '7b2e9d41-3c6a-4f88-a1d5-2e9c8b7f6a01';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function listen(sync: TabSync): TabMessage[] {
  const received: TabMessage[] = [];
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
      storage: createStorage('memory'),
      tabStorage: createStorage('memory'),
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
