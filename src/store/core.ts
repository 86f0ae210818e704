/**
 * What the parts of the store share: the state, the conversation shown (its id, history and outbox),
 * storage, events, and the session that every flow of the current conversation runs in. The opener
 * and the delivery change the store only through it.
 */
import { signal, type Signal } from '@preact/signals';
import { ApiError, isTransient } from '../api/errors';
import type { WireMessage } from '../api/types';
import { trimBase } from '../api/url';
import type { ChatError, ChatNotice } from '../model';
import { createShownHistory, type ShownHistory } from './history';
import { createOutbox, type Outbox, type Outgoing } from './outbox';
import { createPersistence, type Persistence, type StoredOutbox } from './persistence';
import { haltedState, toChatError } from './state';
import type { StoreDeps, StoreEvent, StoreOptions, StoreState } from './types';
import { backoffDelay, sleep, whenOnline } from './waits';

/** Default back-off: 1 s, 2 s, 4 s, 8 s between five reads. */
export const DEFAULT_BACKOFF = { initialMs: 1000, maxMs: 15000, attempts: 5 };

/** How one request made by the store ended: its value, its error, or `abandoned` (the flow must stop). */
export type Outcome<T> = { type: 'done'; value: T } | { type: 'failed'; error: ApiError } | { type: 'abandoned' };

/** How patient a request is: how many tries network trouble gets, and whom to tell while it waits. */
export interface Patience {
  attempts: number;
  /** Told what holds the request up (with `retryAt`), and `undefined` once it succeeded after that. */
  onTrouble(trouble: ChatError | undefined): void;
}

/** The shared state and the actions every part uses. */
export interface Core {
  /** The options with their defaults, the API base without trailing slashes. */
  readonly options: Required<Omit<StoreOptions, 'visitor'>> & Pick<StoreOptions, 'visitor'>;
  readonly deps: StoreDeps;
  readonly persistence: Persistence;
  readonly history: ShownHistory;
  readonly outbox: Outbox;
  readonly state: Signal<StoreState>;
  readonly conversationId: Signal<string | null>;
  readonly notice: Signal<ChatNotice | null>;
  /** A message is on the server and its reply is awaited (the delivery reads the history for it). */
  readonly awaitingReply: Signal<boolean>;
  /** What the last page of this tab left unsent, until it is restored into the outbox. */
  leftover: StoredOutbox | undefined;
  /**
   * Whether this page took over the page that left `leftover` (its lock was free: that page has gone).
   * False while it lives on in another tab (this tab's storage is a copy of its own), or where the
   * browser cannot tell: the messages are then not sent from here without the visitor.
   */
  readonly leftoverOwned: Promise<boolean>;
  /** Lets go of the locks this store holds for its messages (it is disposed). */
  releaseClaims(): void;
  /** The last conversation another tab announced (used when storage is out of reach). */
  announced: string | null;
  /** The host page's listeners (mount's, in the widget). */
  readonly listeners: Set<(event: StoreEvent) => void>;
  /** The signal of the current conversation's flows; it aborts when the store leaves that conversation. */
  session(): AbortSignal;
  /** Abandons every flow of the current conversation. */
  endSession(): void;
  emit(event: StoreEvent): void;
  /** The stored conversation id, else the one another tab announced. */
  readId(): string | null;
  /** Forgets `id` as the stored (and announced) conversation. */
  forgetId(id: string): void;
  /** The conversations this store forgot (reset, or gone): not to be opened again from another tab's claim. */
  readonly forgotten: Set<string>;
  /** Shows conversation `id` as opened with `history`, and remembers it for the next visit. */
  enter(id: string, history: readonly WireMessage[]): void;
  /** Sets what holds up the current `connecting` or `ready` state (no effect in others). */
  setTrouble(trouble: ChatError | undefined): void;
  /** The conversation cannot be used: `failed` or `blocked`, the site owner warned where they must act. */
  halt(error: ApiError): void;
  /** Marks a message failed (its text kept for Retry or Discard) and tells the host page. */
  fail(item: Outgoing, error: ChatError): void;
  /** A request made once online, waiting out rate limits and retrying network trouble `patience.attempts` times. */
  request<T>(task: (signal: AbortSignal) => Promise<T>, signal: AbortSignal, patience: Patience): Promise<Outcome<T>>;
}

/** Creates the shared core of a store. */
export function createCore(options: StoreOptions, deps: StoreDeps): Core {
  const settings = {
    ...options,
    apiBase: trimBase(options.apiBase),
    slowAfterMs: options.slowAfterMs ?? 8000,
    backoff: options.backoff ?? DEFAULT_BACKOFF,
    openAttempts: options.openAttempts ?? 3,
  };
  const persistence = createPersistence(settings, deps.storage, deps.tabStorage);
  const warned = new Set<string>();
  let session = new AbortController();
  // This page's messages are saved under its id, whose lock it holds while it lives (see StoredOutbox.tab).
  // A page left for another of the site may wait in the back/forward cache, lock held: Chromium evicts it
  // when the next page asks for that lock ("weblocks-contention"), so it never comes back to send them too.
  const tab = deps.newId();
  const claims = new AbortController();
  const claim = (owner: string) => deps.tabs.claim('outbox:' + owner, claims.signal);
  void claim(tab);
  const leftover = persistence.readOutbox();

  const core: Core = {
    options: settings,
    deps,
    persistence,
    history: createShownHistory(deps.newId),
    outbox: createOutbox(persistence, () => core.conversationId.value, () => core.leftover, tab, () => core.history.wire.length),
    state: signal<StoreState>({ type: 'idle' }),
    conversationId: signal<string | null>(null),
    notice: signal<ChatNotice | null>(null),
    awaitingReply: signal(false),
    leftover,
    leftoverOwned: leftover?.tab ? claim(leftover.tab) : Promise.resolve(false),
    releaseClaims: () => claims.abort(),
    announced: null,
    listeners: new Set(),
    session: () => session.signal,
    endSession() {
      session.abort();
      session = new AbortController();
    },
    // (The one listener, mount's, isolates the host page's handlers from each other and from the store.)
    emit: (event) => core.listeners.forEach((listener) => listener(event)),
    readId: () => persistence.readId() ?? core.announced,
    forgotten: new Set(),
    forgetId(id) {
      persistence.forgetId(id);
      core.forgotten.add(id);
      if (core.announced === id) core.announced = null;
    },
    enter(id, history) {
      if (core.conversationId.value === id) {
        // Opened again (Retry after a failure): the messages shown keep their ids and stay what they were.
        core.history.update(history);
      } else {
        core.conversationId.value = id;
        core.history.open(history);
        core.emit({ type: 'conversation', conversationId: id });
      }
      persistence.saveId(id);
    },
    setTrouble(trouble) {
      const current = core.state.value;
      if (current.type !== 'connecting' && current.type !== 'ready') return;
      core.state.value = trouble ? { type: current.type, trouble } : { type: current.type };
      if (trouble?.kind === 'rate_limited') core.emit({ type: 'error', error: trouble });
    },
    halt(error) {
      const next = haltedState(error);
      core.state.value = next;
      if (next.type === 'blocked' && next.reason !== 'no-balance') warnOnce(ownerMessage(error, settings));
      core.emit({ type: 'error', error: next.error });
    },
    fail(item, error) {
      core.outbox.update(item, 'failed', error);
      core.emit({ type: 'error', error });
    },
    async request(task, signal, patience) {
      let troubled = false;
      for (let failures = 0; ; ) {
        if (signal.aborted) return ABANDONED;
        if (!deps.network.isOnline()) {
          troubled = true;
          patience.onTrouble(OFFLINE);
          if (!(await whenOnline(deps.network, signal))) return ABANDONED;
        }
        let error: ApiError;
        try {
          const value = await task(signal);
          if (signal.aborted) return ABANDONED;
          if (troubled) patience.onTrouble(undefined);
          return { type: 'done', value };
        } catch (e) {
          if (signal.aborted) return ABANDONED;
          error = toApiError(e);
        }
        let wait: number;
        if (error.kind === 'rate_limited') wait = error.retryAfterMs ?? settings.backoff.initialMs;
        else if (isTransient(error) && ++failures < patience.attempts) wait = backoffDelay(settings.backoff, failures);
        else return { type: 'failed', error };
        troubled = true;
        patience.onTrouble({ ...toChatError(error, false), retryAt: deps.now() + wait });
        if (!(await sleep(deps, wait, signal))) return ABANDONED;
      }
    },
  };

  function warnOnce(message: string) {
    if (warned.has(message)) return;
    warned.add(message);
    deps.warn(message);
  }

  return core;
}

const ABANDONED = { type: 'abandoned' } as const;

/** Why a message that may never have left failed: it is offered for Retry. */
export const NOT_SENT: ChatError = { kind: 'network', detail: 'Not sent.', retryable: true };

/** The trouble while the browser is offline. */
const OFFLINE: ChatError = { kind: 'network', detail: 'Offline.', retryable: false };

/** What the site owner reads in the console when the store is blocked by its configuration. */
function ownerMessage(error: ApiError, { assistantId, apiBase }: { assistantId: string; apiBase: string }): string {
  if (error.kind === 'not_api') return `${error.message} Check data-api-base.`;
  return `Assistant ${assistantId} at ${apiBase}: ${error.message}`;
}

/** Any failure as an `ApiError` (the client only rejects with those; anything else is unexpected). */
export function toApiError(e: unknown): ApiError {
  return e instanceof ApiError ? e : new ApiError('unexpected', String(e));
}
