import type { ReadonlySignal, Signal } from '@preact/signals';
import type { ApiClient } from '../api/client';
import type { ConversationType, VariableValue } from '../api/types';
import type { ChatError, ChatMessage, ChatNotice } from '../model';

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
  subscribe(listener: (news: TabNews) => void): () => void;
  /** Runs `task` while holding an exclusive cross-tab lock named `name` (or at once when locks are unavailable). */
  withLock<T>(name: string, task: () => Promise<T>): Promise<T>;
  /**
   * Takes the cross-tab lock `name` if no tab holds it, and holds it until `until` aborts or the page goes.
   * False when another tab holds it, when `until` has aborted, or without locks.
   */
  claim(name: string, until: AbortSignal): Promise<boolean>;
  /**
   * The names of the locks tabs hold that start with `prefix`, without it (none without locks). Unlike
   * storage and messages, which reach other tabs a moment later and in no set order with a lock, a lock
   * claimed before another is released shows to the tab that takes that one next.
   */
  held(prefix: string): Promise<string[]>;
}

/** What tabs tell each other. */
export interface TabMessage {
  /** `conversation`: this tab created the conversation (the others follow it); `history-changed`: it added messages. */
  type: 'conversation' | 'history-changed';
  conversationId: string;
}

/**
 * What a tab hears: another tab's message, or that another tab changed the site's storage. (A message
 * may come before the storage it tells of: in Chromium, another tab's writes come through another process.)
 */
export type TabNews = TabMessage | { type: 'storage'; conversationId?: undefined };

/** The page's lifecycle, as far as the store cares: the moments the page may go away without warning. */
export interface PageLifecycle {
  /**
   * Calls `listener` whenever the page is hidden or being left (in the browser: `pagehide`, and
   * `visibilitychange` to hidden; a page hidden may be discarded without any further event).
   * Returns the unsubscribe function.
   */
  subscribe(listener: () => void): () => void;
}

/** Everything the conversation store depends on. */
export interface StoreDeps {
  client: ApiClient;
  /** Storage for what outlives the tab: the conversation id and the draft (localStorage, sessionStorage or memory). */
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
  /** When the page is hidden or left: the store saves the draft at once. */
  lifecycle: PageLifecycle;
  /** Reports to the site owner (console.warn in production); the store says each problem once. */
  warn: (message: string) => void;
}

/** What the store is configured with. */
export interface StoreOptions {
  assistantId: string;
  apiBase: string;
  /** The signed-in visitor (their `id` keeps their stored conversation apart), if any. */
  visitor?: Record<string, VariableValue>;
  type: ConversationType;
  variables: Record<string, VariableValue>;
  /** Time after which an outstanding send is shown as "still working" (ms). Default 8000. */
  slowAfterMs?: number;
  /**
   * Back-off (ms): between tries while opening, and between reads of the history while checking
   * whether a send of unknown outcome arrived (`attempts` reads). Default 1 s doubling to 15 s, 5 reads.
   */
  backoff?: { initialMs: number; maxMs: number; attempts: number };
  /**
   * How many times opening (reading or creating the conversation) tries on network trouble before it
   * shows the error with Retry. Default 3: the error shows about 3 s after the first failure.
   */
  openAttempts?: number;
}

/**
 * Events for the host page's JS API.
 * - `message`: this tab's own messages: each visitor message once it is on the server, and each reply.
 *   Never the history a conversation was opened with (its greeting included), nor other tabs' messages.
 * - `error`: something went wrong that the visitor sees: the chat cannot open, a message failed, a rate
 *   limit holds messages up, a reply is overdue.
 * - `conversation`: a conversation was created or resumed (also when this tab follows another tab's).
 */
export type StoreEvent =
  { type: 'message'; message: ChatMessage } | { type: 'error'; error: ChatError } | { type: 'conversation'; conversationId: string };

/** Why `send` did not take a message. */
export type SendRejection = 'empty' | 'too-long' | 'unavailable';

/**
 * Why the store refuses messages (`blocked`).
 * - `unknown-assistant`: the API does not know the assistant (for good; the site's configuration is wrong).
 * - `no-balance`: the owner's balance is too low; `start()` or a message's Retry tries again.
 * - `misconfigured`: the API refused the widget's request as malformed (for good), or the API base
 *   did not answer like the chat API (`not_api`; `start()` tries again).
 * - `closed`: the store was disposed.
 */
export type BlockReason = 'unknown-assistant' | 'no-balance' | 'misconfigured' | 'closed';

/**
 * Where the conversation stands, as one union.
 * - `idle`: nothing asked yet (no request made, or `prepare()` found nothing to read).
 * - `connecting`: reading or creating the conversation. `trouble` is set while it waits to try again
 *   (network trouble, a 5xx, a rate limit, offline), with `retryAt` when a time is known.
 * - `ready`: the conversation is open. `trouble` is set while sending is held up for all messages
 *   (a rate limit, with `retryAt`) or a reply is overdue (`timeout`, "No reply yet").
 * - `failed`: opening failed; `start()` tries again (Retry) and `reset()` starts a new conversation.
 * - `blocked`: messages are refused, for `reason`; `error` says what the API answered.
 */
export type StoreState =
  | { type: 'idle' }
  | { type: 'connecting'; trouble?: ChatError }
  | { type: 'ready'; trouble?: ChatError }
  | { type: 'failed'; error: ChatError }
  | { type: 'blocked'; reason: BlockReason; error: ChatError };

/** The conversation store: signals the UI reads and actions it calls. */
export interface ConversationStore {
  /** Where the conversation stands (see {@link StoreState}). */
  readonly state: ReadonlySignal<StoreState>;
  /** History plus local messages (queued, sending, failed), oldest first. */
  readonly messages: ReadonlySignal<readonly ChatMessage[]>;
  /** The server's id of the current conversation, once known. */
  readonly conversationId: ReadonlySignal<string | null>;
  /** True while the assistant is producing a reply (typing indicator): a send is out or being checked, or a reply is awaited. */
  readonly assistantBusy: ReadonlySignal<boolean>;
  /** A notice to show once (e.g. an old conversation was replaced, the draft was trimmed). */
  readonly notice: ReadonlySignal<ChatNotice | null>;
  /** The visitor's unsent text; persisted (after a pause in typing, and when the page is hidden) so it survives a reload. */
  readonly draft: Signal<string>;
  /**
   * Opens the conversation: resumes the stored one (a read, no lock), else creates one (under a
   * cross-tab lock); once open, sends what waits. Idempotent. Retries after `failed`, and after a
   * `blocked` that may pass (`no-balance`, an API base that was not the API). Never rejects.
   */
  start(): Promise<void>;
  /**
   * Gets ahead of `start()` when the visitor shows intent (hover or focus on the launcher): reads the
   * stored conversation (no cross-tab lock), so `start()` then opens onto it without another request;
   * the store is then `ready` and the host page hears the `conversation` event. Never creates a
   * conversation; posts only what the last page of this tab left for the conversation read (those
   * messages go on as they would have there: see `restoreOutbox`). Without a stored id, or once started,
   * does nothing. A failed read leaves the store `idle` (and a conversation gone from the server
   * forgotten), for `start()` to handle.
   */
  prepare(): Promise<void>;
  /**
   * Whether opening reads a conversation rather than creating one: one is open, or this visitor's is
   * stored (by this tab or another). Reads storage; makes no request.
   */
  hasConversation(): boolean;
  /**
   * Queues a message (made well-formed: lone surrogates become U+FFFD); returns null when taken, or why
   * not. Trims nothing the visitor typed but refuses blank text. Messages go out one at a time, in order.
   */
  send(text: string): SendRejection | null;
  /** Sends a failed message again; one that may have reached the server is first looked for in the history. */
  retry(messageId: string): void;
  /**
   * Gives up a failed message, so the messages after it go out. Its text is not lost: it becomes the
   * draft when the draft is empty, else is added to the end of the draft on a new line.
   */
  discard(messageId: string): void;
  /**
   * Forgets the conversation and starts a new one. Messages not yet sent (waiting or failed) are not sent
   * there: their texts go back to the draft as with `discard`.
   */
  reset(): Promise<void>;
  /** Replaces the variables used for the next conversation created. */
  setVariables(variables: Record<string, VariableValue>): void;
  /** Hides the notice. */
  dismissNotice(): void;
  /** Listens to store events; returns the unsubscribe function. */
  on(listener: (event: StoreEvent) => void): () => void;
  /** Saves the draft, then releases every timer, listener and request; the store is then `blocked` (`closed`). */
  dispose(): void;
}
