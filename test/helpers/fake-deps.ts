/**
 * Fakes for the store's dependencies: a clock with timers, storage that can turn hostile, the
 * network's online state, and an in-process tab bus that connects several stores like tabs.
 * `createFakeWorld` wires them to one fake server, and hands out deps per tab.
 */
import { setImmediate } from 'node:timers';
import type { PageLifecycle, StorageLike, StoreDeps, TabMessage, TabNews, TabSync } from '../../src/store/types';
import { createFakeClient, type FakeAssistant, type FakeClient } from './fake-client';

/** Lets every pending promise callback run (one macrotask turn, twice). */
export async function flush(): Promise<void> {
  for (let i = 0; i < 2; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** A fake clock: time moves only through `advance`. */
export interface FakeTimers {
  now(): number;
  setTimer(callback: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  /** Moves time forward, running due timers in order and letting promises settle between them. */
  advance(ms: number): Promise<void>;
  /** How many timers are pending. */
  pending(): number;
  /**
   * Runs every pending timer, however far ahead, until none is left: the store has gone quiet. For
   * absence checks ("no more calls"): they wait for this event, not for an arbitrary time. Throws when
   * timers keep coming (a loop that never ends).
   */
  quiet(): Promise<void>;
}

/** Creates a fake clock starting at `start` (ms). */
export function createFakeTimers(start = 1_700_000_000_000): FakeTimers {
  let now = start;
  let seq = 0;
  const timers = new Map<number, { at: number; seq: number; callback: () => void }>();
  return {
    now: () => now,
    setTimer(callback, ms) {
      const id = ++seq;
      timers.set(id, { at: now + Math.max(0, ms), seq: id, callback });
      return id;
    },
    clearTimer(handle) {
      timers.delete(handle as number);
    },
    async advance(ms) {
      const end = now + ms;
      await flush();
      for (;;) {
        let next: [number, { at: number; seq: number; callback: () => void }] | undefined;
        for (const entry of timers) {
          if (entry[1].at <= end && (!next || entry[1].at < next[1].at || (entry[1].at === next[1].at && entry[1].seq < next[1].seq))) next = entry;
        }
        if (!next) break;
        timers.delete(next[0]);
        now = next[1].at;
        next[1].callback();
        await flush();
      }
      now = end;
      await flush();
    },
    pending: () => timers.size,
    async quiet() {
      for (let rounds = 0; timers.size; rounds++) {
        if (rounds === 1000) throw new Error('the store never went quiet: 1000 timers in a row');
        const next = Math.min(...[...timers.values()].map((timer) => timer.at));
        await this.advance(next - now);
      }
      await flush();
    },
  };
}

/** Storage that behaves like Web Storage until told otherwise. */
export interface FakeStorage extends StorageLike {
  readonly data: Map<string, string>;
  /** `ok`; `throws`: every access throws (sandboxed frame); `full`: writes throw a quota error. */
  mode: 'ok' | 'throws' | 'full';
  /** Someone cleared the site's data. */
  wipe(): void;
}

/** Creates a fake storage. */
export function createFakeStorage(): FakeStorage {
  const data = new Map<string, string>();
  const storage: FakeStorage = {
    data,
    mode: 'ok',
    getItem(key) {
      if (storage.mode === 'throws') throw new DOMException('The operation is insecure.', 'SecurityError');
      return data.get(key) ?? null;
    },
    setItem(key, value) {
      if (storage.mode === 'throws') throw new DOMException('The operation is insecure.', 'SecurityError');
      if (storage.mode === 'full') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      data.set(key, value);
    },
    removeItem(key) {
      if (storage.mode === 'throws') throw new DOMException('The operation is insecure.', 'SecurityError');
      data.delete(key);
    },
    wipe() {
      data.clear();
    },
  };
  return storage;
}

/** The browser's online state. */
/** A tab's view of the site's `storage`, which shows other tabs' writes only at `catchUp()`. */
export interface LaggingStorage extends StorageLike {
  catchUp(): void;
}

/**
 * A view of `storage` as a browser's other tabs may have it: their writes reach it a moment later (in
 * Chromium, through another process), until `catchUp()`. Its own writes go through at once.
 */
export function createLaggingView(storage: FakeStorage): LaggingStorage {
  let seen = new Map(storage.data);
  return {
    getItem: (key) => seen.get(key) ?? null,
    setItem(key, value) {
      storage.setItem(key, value);
      seen.set(key, value);
    },
    removeItem(key) {
      storage.removeItem(key);
      seen.delete(key);
    },
    catchUp() {
      seen = new Map(storage.data);
    },
  };
}

export interface FakeNetwork {
  isOnline(): boolean;
  subscribe(listener: (online: boolean) => void): () => void;
  /** Goes online or offline, telling the listeners. */
  set(online: boolean): void;
  /** How many listeners are subscribed. */
  listeners(): number;
}

/** Creates a fake network, online. */
export function createFakeNetwork(): FakeNetwork {
  let online = true;
  const listeners = new Set<(online: boolean) => void>();
  return {
    isOnline: () => online,
    subscribe(listener) {
      const entry = (value: boolean) => listener(value);
      listeners.add(entry);
      return () => listeners.delete(entry);
    },
    set(value) {
      online = value;
      for (const listener of [...listeners]) listener(value);
    },
    listeners: () => listeners.size,
  };
}

/** The page's lifecycle, moved by the test. */
export interface FakeLifecycle extends PageLifecycle {
  /** The page is hidden or left (pagehide, or visibilitychange to hidden). */
  hide(): void;
  /** How many listeners are subscribed. */
  listeners(): number;
}

/** Creates a fake page lifecycle. */
export function createFakeLifecycle(): FakeLifecycle {
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      const entry = () => listener();
      listeners.add(entry);
      return () => listeners.delete(entry);
    },
    hide() {
      for (const listener of [...listeners]) listener();
    },
    listeners: () => listeners.size,
  };
}

/** One tab's end of the bus, with what it posted. */
export interface FakeTabSync extends TabSync {
  readonly posted: TabMessage[];
}

/**
 * Connects tabs: messages go to the other tabs on the same scope (asynchronously, like a
 * BroadcastChannel named for the scope); locks are shared within a scope.
 */
export interface FakeTabBus {
  connect(scope?: string): FakeTabSync;
  /** Another tab changed the site's storage: every tab hears it (a `storage` event). */
  storageChanged(): void;
  /** Listeners across all tabs. */
  listeners(): number;
}

/** Creates a tab bus; `channel: false` or `locks: false` model a browser (or sandbox) without them. */
export function createTabBus(options: { channel?: boolean; locks?: boolean } = {}): FakeTabBus {
  const { channel = true, locks = true } = options;
  const tabs = new Map<Set<(news: TabNews) => void>, string>();
  const tails = new Map<string, Promise<unknown>>();
  const held = new Set<string>();
  return {
    connect(scope = 'site') {
      const mine = new Set<(news: TabNews) => void>();
      tabs.set(mine, scope);
      const posted: TabMessage[] = [];
      return {
        posted,
        post(message) {
          posted.push(message);
          if (!channel) return;
          const copy = structuredClone(message);
          for (const [tab, tabScope] of tabs) {
            if (tab === mine || tabScope !== scope) continue;
            void Promise.resolve().then(() => {
              for (const listener of [...tab]) listener(copy);
            });
          }
        },
        subscribe(listener) {
          const entry = (news: TabNews) => listener(news);
          mine.add(entry);
          return () => mine.delete(entry);
        },
        withLock(name, task) {
          if (!locks) return task();
          const lock = scope + ':' + name;
          const run = (tails.get(lock) ?? Promise.resolve()).then(task);
          tails.set(
            lock,
            run.catch(() => undefined),
          );
          return run;
        },
        async claim(name, until) {
          const lock = scope + ':' + name;
          if (!locks || held.has(lock) || until.aborted) return false;
          held.add(lock);
          until.addEventListener('abort', () => held.delete(lock));
          return true;
        },
        async held(prefix) {
          prefix = scope + ':' + prefix;
          return [...held].filter((lock) => lock.startsWith(prefix)).map((lock) => lock.slice(prefix.length));
        },
      };
    },
    storageChanged() {
      for (const tab of tabs.keys()) for (const listener of [...tab]) listener({ type: 'storage' });
    },
    listeners: () => [...tabs.keys()].reduce((sum, tab) => sum + tab.size, 0),
  };
}

/** One tab's deps, with what it warned, its own (reload-surviving) tab storage and its page lifecycle. */
export interface FakeDeps extends StoreDeps {
  tabs: FakeTabSync;
  tabStorage: FakeStorage;
  lifecycle: FakeLifecycle;
  warnings: string[];
}

/** A fake server, site storage, clock, network and tab bus shared by the tabs of one site. */
export interface FakeWorld {
  client: FakeClient;
  storage: FakeStorage;
  timers: FakeTimers;
  network: FakeNetwork;
  bus: FakeTabBus;
  /**
   * Deps for a new tab; pass the `tabStorage` of an earlier one to model a reload of that tab,
   * and a `scope` to put a widget of another assistant or API base on its own channel.
   */
  deps(options?: { tabStorage?: FakeStorage; storage?: StorageLike; scope?: string }): FakeDeps;
}

/** Creates a world of fakes. */
export function createFakeWorld(options: { assistants?: Record<string, FakeAssistant>; channel?: boolean; locks?: boolean } = {}): FakeWorld {
  const timers = createFakeTimers();
  const client = createFakeClient({ scheduler: timers, ...(options.assistants ? { assistants: options.assistants } : {}) });
  const storage = createFakeStorage();
  const network = createFakeNetwork();
  const bus = createTabBus(options);
  let tab = 0;
  return {
    client,
    storage,
    timers,
    network,
    bus,
    deps(tabOptions = {}) {
      const prefix = `t${++tab}-`;
      let ids = 0;
      const warnings: string[] = [];
      return {
        client,
        storage: tabOptions.storage ?? storage,
        tabStorage: tabOptions.tabStorage ?? createFakeStorage(),
        now: timers.now,
        newId: () => `${prefix}${++ids}`,
        setTimer: timers.setTimer,
        clearTimer: timers.clearTimer,
        network,
        tabs: bus.connect(tabOptions.scope),
        lifecycle: createFakeLifecycle(),
        warn: (message) => void warnings.push(message),
        warnings,
      };
    },
  };
}
