/**
 * What the parts of the store share: the state, the conversation shown (its id, history and outbox),
 * storage, events, and the session that every flow of the current conversation runs in. The core owns
 * them: the opener, the delivery and the store change them only through its methods.
 */
import { signal, type ReadonlySignal } from '@preact/signals';
import { ApiError, isTransient } from '../api/errors';
import type { VariableValue, WireMessage } from '../api/types';
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

/**
 * What the last page of this tab left unsent, until it is restored into the outbox (the store takes it once a
 * conversation is open).
 */
export interface Leftovers {
  /** What is still to be restored. */
  readonly pending: StoredOutbox | undefined;
  /** Takes what is to be restored (undefined from then on). */
  take(): StoredOutbox | undefined;
  /**
   * Whether this page took over the page that left them (its lock was free: that page has gone). False while
   * it lives on in another tab (this tab's storage is a copy of its own), or where the browser cannot tell:
   * the messages are then not sent from here without the visitor.
   */
  readonly owned: Promise<boolean>;
}

/**
 * The shared part of a store: the conversation it shows (its state, id, notice, history and outbox, each
 * changed only through the methods here), storage, events, and the session every flow of the current
 * conversation runs in.
 */
export interface Core {
  /** The options with their defaults, the API base without trailing slashes. */
  readonly options: Readonly<Required<Omit<StoreOptions, 'visitor' | 'variables'>>> & Pick<StoreOptions, 'visitor'>;
  readonly deps: StoreDeps;
  readonly persistence: Persistence;
  readonly history: ShownHistory;
  readonly outbox: Outbox;
  readonly state: ReadonlySignal<StoreState>;
  readonly conversationId: ReadonlySignal<string | null>;
  readonly notice: ReadonlySignal<ChatNotice | null>;
  readonly leftovers: Leftovers;
  /** The variables of the next conversation created. */
  variables(): Record<string, VariableValue>;
  setVariables(variables: Record<string, VariableValue>): void;
  /** Lets go of the locks this store holds for its messages (it is disposed). */
  releaseClaims(): void;
  /** The host page's listeners (mount's, in the widget). */
  readonly listeners: Set<(event: StoreEvent) => void>;
  /** The signal of the current conversation's flows; it aborts when the store leaves that conversation. */
  session(): AbortSignal;
  /** Abandons every flow of the current conversation. */
  endSession(): void;
  emit(event: StoreEvent): void;
  /** Moves the conversation's state on: `idle`, `connecting` or `ready` (without trouble). */
  moveTo(type: 'idle' | 'connecting' | 'ready'): void;
  /** The store is disposed: it refuses everything from now on. */
  close(): void;
  /** Shows a notice (null: none). */
  note(notice: ChatNotice | null): void;
  /** The stored conversation id, else the one another tab announced. */
  readId(): string | null;
  /**
   * Another tab announced conversation `id` (or changed the site's storage: no id); returns the last conversation
   * announced, for when storage is out of reach.
   */
  heard(id?: string): string | null;
  /** Forgets `id` as the stored (and announced) conversation. */
  forgetId(id: string): void;
  /** Forgets every announcement (the visitor starts a new conversation here). */
  forgetAnnounced(): void;
  /** The conversations this store forgot (reset, or gone): not to be opened again from another tab's claim. */
  readonly forgotten: ReadonlySet<string>;
  /** Shows conversation `id` as opened with `history`, and remembers it for the next visit. */
  enter(id: string, history: readonly WireMessage[]): void;
  /** Shows no conversation (between two), with `notice`. */
  leave(notice: ChatNotice | null): void;
  /** Sets what holds up the current `connecting` or `ready` state (no effect in others). */
  readonly setTrouble: (trouble: ChatError | undefined) => void;
  /** The conversation cannot be used: `failed` or `blocked`, the site owner warned where they must act. */
  halt(error: ApiError): void;
  /** Puts `item` in the outbox as failed (its text kept for Retry or Discard) and tells the host page. */
  fail(item: Outgoing & { status: 'failed' }): void;
  /** A request made once online, waiting out rate limits and retrying network trouble `patience.attempts` times. */
  request<T>(task: (signal: AbortSignal) => Promise<T>, signal: AbortSignal, patience: Patience): Promise<Outcome<T>>;
}

/** Creates the shared core of a store. */
export function createCore(options: StoreOptions, deps: StoreDeps): Core {
  const { variables: initialVariables, ...given } = options;
  const settings = {
    ...given,
    apiBase: trimBase(options.apiBase),
    slowAfterMs: options.slowAfterMs ?? 8000,
    backoff: options.backoff ?? DEFAULT_BACKOFF,
    openAttempts: options.openAttempts ?? 3,
  };
  let variables = initialVariables;
  const persistence = createPersistence(settings, deps.storage, deps.tabStorage);
  const warned = new Set<string>();
  let session = new AbortController();
  const state = signal<StoreState>({ type: 'idle' });
  const conversationId = signal<string | null>(null);
  const notice = signal<ChatNotice | null>(null);
  const forgotten = new Set<string>();
  // The last conversation another tab announced (used when storage is out of reach).
  let announced: string | null = null;
  // This page's messages are saved under its id, whose lock it holds while it lives (see StoredOutbox.tab).
  // A page left for another of the site may wait in the back/forward cache, lock held: Chromium evicts it
  // when the next page asks for that lock ("weblocks-contention"), so it never comes back to send them too.
  const tab = deps.newId();
  const claims = new AbortController();
  const claim = (owner: string) => deps.tabs.claim('outbox:' + owner, claims.signal);
  void claim(tab);
  let leftover = persistence.readOutbox();
  const history = createShownHistory(deps.newId);

  const core: Core = {
    options: settings,
    deps,
    persistence,
    history,
    outbox: createOutbox(
      persistence,
      () => conversationId.value,
      () => leftover,
      tab,
      () => history.wire.length,
    ),
    state,
    conversationId,
    notice,
    leftovers: {
      get pending() {
        return leftover;
      },
      take() {
        const taken = leftover;
        leftover = undefined;
        return taken;
      },
      owned: leftover?.tab ? claim(leftover.tab) : Promise.resolve(false),
    },
    variables: () => variables,
    setVariables(next) {
      variables = next;
    },
    releaseClaims: () => claims.abort(),
    listeners: new Set(),
    session: () => session.signal,
    endSession() {
      session.abort();
      session = new AbortController();
    },
    // (The one listener, mount's, isolates the host page's handlers from each other and from the store.)
    emit: (event) => core.listeners.forEach((listener) => listener(event)),
    moveTo(type) {
      state.value = { type };
    },
    close() {
      state.value = { type: 'blocked', reason: 'closed', error: CLOSED };
    },
    note(next) {
      notice.value = next;
    },
    readId: () => persistence.readId() ?? announced,
    heard(id) {
      announced = id ?? announced;
      return announced;
    },
    forgotten,
    forgetId(id) {
      persistence.forgetId(id);
      forgotten.add(id);
      if (announced === id) announced = null;
    },
    forgetAnnounced() {
      announced = null;
    },
    enter(id, opened) {
      if (conversationId.value === id) {
        // Opened again (Retry after a failure): the messages shown keep their ids and stay what they were.
        history.update(opened);
      } else {
        conversationId.value = id;
        history.open(opened);
        core.emit({ type: 'conversation', conversationId: id });
      }
      persistence.saveId(id);
    },
    leave(next) {
      history.clear();
      conversationId.value = null;
      notice.value = next;
    },
    setTrouble(trouble) {
      const current = state.value;
      if (current.type !== 'connecting' && current.type !== 'ready') return;
      state.value = trouble ? { type: current.type, trouble } : { type: current.type };
      if (trouble?.kind === 'rate_limited') core.emit({ type: 'error', error: trouble });
    },
    halt(error) {
      const next = haltedState(error);
      state.value = next;
      if (next.type === 'blocked' && next.reason !== 'no-balance') warnOnce(ownerMessage(error, settings));
      core.emit({ type: 'error', error: next.error });
    },
    fail(item) {
      core.outbox.set(item);
      core.emit({ type: 'error', error: item.error });
    },
    async request(task, signal, patience) {
      let troubled = false;
      for (let failures = 0; ;) {
        if (signal.aborted) return ABANDONED;
        if (!deps.network.isOnline()) {
          troubled = true;
          patience.onTrouble(OFFLINE);
          if (!(await whenOnline(deps.network, signal))) return ABANDONED;
        }
        let error: ApiError;
        try {
          const value = await task(signal);
          // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- it may have been aborted meanwhile
          if (signal.aborted) return ABANDONED;
          if (troubled) patience.onTrouble(undefined);
          return { type: 'done', value };
        } catch (e) {
          // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- it may have been aborted meanwhile
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

/** The error of a disposed store. */
const CLOSED: ChatError = { kind: 'unexpected', detail: 'The chat was closed.', retryable: false };

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
