/**
 * The real dependencies of the conversation store, for a browser page.
 */
import type { ApiClient } from '../api/client';
import { isUuid } from '../api/client';
import { createStorage } from './storage';
import type { StorageLike, StoreDeps, TabMessage, TabSync } from './types';

/** What the browser dependencies are built from. */
export interface BrowserStoreDepsInput {
  client: ApiClient;
  storage: StorageLike;
  /** Names this widget's channel and locks (assistant and API base), so that other widgets on the site stay apart. */
  scope: string;
  /** Per-tab storage for unsent messages across a reload. Default: sessionStorage (pass memory storage to keep nothing). */
  tabStorage?: StorageLike;
}

/**
 * Real clock, ids, timers, network state (navigator.onLine and online/offline events),
 * a BroadcastChannel/Web Locks tab sync and a console warning once per distinct message.
 * Whatever the page refuses (sandboxed frames, old browsers) quietly does nothing.
 */
export function createBrowserStoreDeps(input: BrowserStoreDepsInput): StoreDeps {
  const warned = new Set<string>();
  const prefix = Math.random().toString(36).slice(2, 8);
  let count = 0;
  return {
    client: input.client,
    storage: input.storage,
    tabStorage: input.tabStorage ?? createStorage('session'),
    now: () => Date.now(),
    newId: () => `${prefix}-${++count}`,
    setTimer: (callback, ms) => setTimeout(callback, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    network: {
      isOnline: () => navigator.onLine !== false,
      subscribe(listener) {
        const online = () => listener(true);
        const offline = () => listener(false);
        addEventListener('online', online);
        addEventListener('offline', offline);
        return () => {
          removeEventListener('online', online);
          removeEventListener('offline', offline);
        };
      },
    },
    tabs: createTabSync(input.scope),
    warn(message) {
      if (warned.has(message)) return;
      warned.add(message);
      console.warn('[assistant-chat] ' + message);
    },
  };
}

/** Where the tab sync finds the browser's channels and locks (tests pass their own). */
export interface TabSyncEnv {
  openChannel(name: string): BroadcastChannel;
  locks(): LockManager | undefined;
}

const browserEnv: TabSyncEnv = {
  openChannel: (name) => new BroadcastChannel(name),
  locks: () => navigator.locks,
};

/**
 * Tab sync over a BroadcastChannel named for `scope` (opened while someone listens) and Web Locks.
 * Messages from other tabs are checked before use; where channels or locks are refused, posting
 * does nothing and `withLock` runs the task at once.
 */
export function createTabSync(scope: string, env: TabSyncEnv = browserEnv): TabSync {
  const name = 'assistant-chat:' + scope;
  const listeners = new Set<(message: TabMessage) => void>();
  let channel: BroadcastChannel | undefined;

  function open(): BroadcastChannel | undefined {
    if (!channel) {
      try {
        channel = env.openChannel(name);
        channel.onmessage = (event: MessageEvent) => {
          const message = toTabMessage(event.data);
          if (message) for (const listener of [...listeners]) listener(message);
        };
      } catch {
        channel = undefined;
      }
    }
    return channel;
  }

  return {
    post(message) {
      try {
        open()?.postMessage(message);
      } catch {
        // a closed or refused channel: the other tabs catch up on their next read
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      open();
      return () => {
        listeners.delete(listener);
        if (!listeners.size && channel) {
          channel.close();
          channel = undefined;
        }
      };
    },
    async withLock(lockName, task) {
      let started = false;
      try {
        return await env.locks()!.request(name + ':' + lockName, () => {
          started = true;
          return task();
        });
      } catch (error) {
        // Without locks (old browsers), or with a refused lock (SecurityError in opaque origins), the task
        // has not run: run it without one.
        if (started) throw error;
        return task();
      }
    },
  };
}

function toTabMessage(data: unknown): TabMessage | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { type, conversationId } = data as Record<string, unknown>;
  if (type === 'conversation' && (conversationId === null || isUuid(conversationId))) return { type, conversationId };
  if (type === 'history-changed' && isUuid(conversationId)) return { type, conversationId };
  return undefined;
}
