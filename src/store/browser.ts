/**
 * The real dependencies of the conversation store, for a browser page.
 */
import type { ApiClient } from '../api/client';
import { isUuid } from '../api/url';
import type { StorageChoice } from '../config/table';
import { log } from '../log';
import { createStorage } from './storage';
import type { PageLifecycle, StoreDeps, TabNews, TabSync } from './types';

/** What the browser dependencies are built from. */
export interface BrowserStoreDepsInput {
  client: ApiClient;
  /**
   * Where the widget keeps what it remembers (`data-storage`). `local` or `session`: the conversation id
   * and draft there, unsent messages in sessionStorage (they belong to the tab). `memory`: nothing in Web
   * Storage at any moment; everything lives as long as the page.
   */
  storage: StorageChoice;
  /** Names this widget's channel and locks (assistant and API base), so that other widgets on the site stay apart. */
  scope: string;
}

/**
 * Real clock, ids, timers, network state (navigator.onLine and online/offline events), the page's
 * lifecycle (pagehide, and visibilitychange to hidden), a BroadcastChannel/Web Locks tab sync, the
 * storages of the `storage` choice, and console warnings (`AssistantChat: …`, like the config's).
 * Whatever the page refuses (sandboxed frames, old browsers) quietly does nothing.
 */
export function createBrowserStoreDeps(input: BrowserStoreDepsInput): StoreDeps {
  const prefix = Math.random().toString(36).slice(2, 8);
  let count = 0;
  const { client, storage, scope } = input;
  return {
    client,
    storage: createStorage(storage),
    tabStorage: createStorage(storage === 'memory' ? storage : 'session'),
    now: Date.now,
    newId: () => `${prefix}-${++count}`,
    setTimer: (callback, ms) => setTimeout(callback, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    network: {
      isOnline: () => navigator.onLine,
      subscribe(listener) {
        const change = (event: Event) => listener(event.type === 'online');
        addEventListener('online', change);
        addEventListener('offline', change);
        return () => {
          removeEventListener('online', change);
          removeEventListener('offline', change);
        };
      },
    },
    lifecycle: pageLifecycle(document),
    tabs: createTabSync(scope),
    warn: (message) => log('warn', message),
  };
}

/** The moments `doc`'s page may go away: `pagehide`, and `visibilitychange` to hidden (a hidden page may be discarded). */
export function pageLifecycle(doc: Document): PageLifecycle {
  return {
    subscribe(listener) {
      const view = doc.defaultView;
      const hidden = () => {
        if (doc.visibilityState === 'hidden') listener();
      };
      const left = () => listener();
      view?.addEventListener('pagehide', left);
      doc.addEventListener('visibilitychange', hidden);
      return () => {
        view?.removeEventListener('pagehide', left);
        doc.removeEventListener('visibilitychange', hidden);
      };
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
 * Tab sync over a BroadcastChannel named for `scope` (open while someone listens) and Web Locks.
 * Messages from other tabs are checked before use; where channels or locks are refused, posting
 * does nothing, `withLock` runs the task at once, `claim` takes nothing and `held` finds nothing.
 */
export function createTabSync(scope: string, env: TabSyncEnv = browserEnv): TabSync {
  const name = 'assistant-chat:' + scope;
  const listeners = new Set<(news: TabNews) => void>();
  const hear = (news: TabNews) => listeners.forEach((listener) => listener(news));
  const stored = () => hear({ type: 'storage' });
  let channel: BroadcastChannel | undefined;

  return {
    post(message) {
      try {
        channel?.postMessage(message);
      } catch {
        // a closed channel: the other tabs catch up on their next read
      }
    },
    subscribe(listener) {
      if (!listeners.size) {
        addEventListener('storage', stored);
        try {
          channel = env.openChannel(name);
          channel.onmessage = ({ data }: MessageEvent) => {
            const { type, conversationId } = Object(data) as { type?: unknown; conversationId?: unknown };
            if ((type === 'conversation' || type === 'history-changed') && isUuid(conversationId)) hear({ type, conversationId });
          };
        } catch {
          // refused (sandboxed frame): this tab works on its own
        }
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (!listeners.size) {
          channel?.close();
          removeEventListener('storage', stored);
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
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- set by the task, if it ran
        if (started) throw error;
        return task();
      }
    },
    claim(lockName, until) {
      return new Promise((resolve) => {
        try {
          env
            .locks()!
            .request(name + ':' + lockName, { ifAvailable: true }, (lock) => {
              const taken = !!lock && !until.aborted;
              resolve(taken);
              // (A lock lasts as long as the promise its callback returns.)
              return taken && new Promise((release) => until.addEventListener('abort', release));
            })
            .catch(() => resolve(false));
        } catch {
          resolve(false); // no locks
        }
      });
    },
    async held(prefix) {
      prefix = name + ':' + prefix;
      try {
        const names = (await env.locks()!.query()).held!.map((lock) => lock.name!);
        return names.filter((held) => held.startsWith(prefix)).map((held) => held.slice(prefix.length));
      } catch {
        return []; // no locks
      }
    },
  };
}
