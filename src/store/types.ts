import type { ReadonlySignal, Signal } from '@preact/signals-core';
import type { ApiClient } from '../api/client';
import type { ConversationType, VariableValue } from '../api/types';
import type { ChatError, ChatMessage, ChatNotice, ChatStatus } from '../model';

/** The storage seam: the subset of the Web Storage API the store uses. Any call may throw. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * Cross-tab coordination, injected so tests can fake it. The real one (built in mount)
 * uses BroadcastChannel and Web Locks where the browser allows them, and does nothing where it does not.
 */
export interface TabSync {
  /** Tells the other tabs of this site something happened (the payload is small JSON). */
  post(message: TabMessage): void;
  /** Listens to the other tabs; returns the unsubscribe function. */
  subscribe(listener: (message: TabMessage) => void): () => void;
  /** Runs `task` while holding an exclusive cross-tab lock named `name` (or at once when locks are unavailable). */
  withLock<T>(name: string, task: () => Promise<T>): Promise<T>;
}

/** What tabs tell each other. */
export interface TabMessage {
  /** `conversation`: this tab created the conversation (the others follow it); `history-changed`: it added messages. */
  type: 'conversation' | 'history-changed';
  conversationId: string;
}

/** Everything the conversation store depends on. */
export interface StoreDeps {
  client: ApiClient;
  storage: StorageLike;
  /**
   * Storage private to this tab that survives a reload (sessionStorage in the browser): keeps the
   * messages not yet confirmed, so a reload during a send loses nothing. Optional: without it they
   * live in memory.
   */
  tabStorage?: StorageLike;
  /** Current time in ms (Date.now in production). */
  now: () => number;
  /** Unique ids for local message keys. */
  newId: () => string;
  /** setTimeout/clearTimeout, injectable for fake timers. */
  setTimer: (callback: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
  /** Whether the browser believes it is online, and a subscription to changes. */
  network: { isOnline(): boolean; subscribe(listener: (online: boolean) => void): () => void };
  tabs: TabSync;
  /** Reports to the site owner (console.warn in production); the store says each problem once. */
  warn: (message: string) => void;
}

/** What the store is configured with. */
export interface StoreOptions {
  assistantId: string;
  apiBase: string;
  type: ConversationType;
  variables: Record<string, VariableValue>;
  /** Time after which an outstanding send is shown as "still working" (ms). Default 8000. */
  slowAfterMs?: number;
  /** Back-off for re-reading the history after a send of unknown outcome, and for failed reads (ms). */
  backoff?: { initialMs: number; maxMs: number; attempts: number };
}

/** Events for the host page's JS API. */
export type StoreEvent =
  | { type: 'message'; message: ChatMessage }
  | { type: 'error'; error: ChatError }
  | { type: 'conversation'; conversationId: string };

/** Why `send` did not take a message. */
export type SendRejection = 'empty' | 'too-long' | 'unavailable';

/** The conversation store: signals the UI reads and actions it calls. */
export interface ConversationStore {
  /** `idle` until started; `loading` while creating/resuming; `ready`; `error` when the conversation cannot be used. */
  readonly status: ReadonlySignal<ChatStatus>;
  /** The widget-level error (assistant not found, insufficient balance, network trouble while loading, rate limited). */
  readonly error: ReadonlySignal<ChatError | null>;
  /** History plus local messages (queued, sending, failed), oldest first. */
  readonly messages: ReadonlySignal<readonly ChatMessage[]>;
  /** The server's id of the current conversation, once known. */
  readonly conversationId: ReadonlySignal<string | null>;
  /** True while the assistant is producing a reply (typing indicator). */
  readonly assistantBusy: ReadonlySignal<boolean>;
  /** A notice to show once (e.g. an old conversation was replaced). */
  readonly notice: ReadonlySignal<ChatNotice | null>;
  /** The visitor's unsent text; persisted so it survives a reload. */
  readonly draft: Signal<string>;
  /** Creates or resumes the conversation (once open, sends what waits); idempotent; retries after an error when called again. */
  start(): Promise<void>;
  /** Queues a message; returns null when taken, or why not. Trims nothing the visitor typed but refuses blank text. */
  send(text: string): SendRejection | null;
  /** Sends a failed message again (after checking it did not land). */
  retry(messageId: string): void;
  /** Forgets the conversation and starts a new one. */
  reset(): Promise<void>;
  /** Replaces the variables used for the next conversation created. */
  setVariables(variables: Record<string, VariableValue>): void;
  dismissNotice(): void;
  /** Listens to store events; returns the unsubscribe function. */
  on(listener: (event: StoreEvent) => void): () => void;
  /** Releases every timer, listener and request. */
  dispose(): void;
}
