/**
 * The conversation store: the widget's state as signals, and the actions the UI calls. It keeps two
 * promises: nothing the visitor typed is lost, and no message is billed twice (a send of unknown
 * outcome is settled by reading the history).
 *
 * One closure holds the conversation shown (its id, history and outbox) and the flows over it:
 * opening (resume, create, replace), the outbox and its delivery (in order, at most once), the draft,
 * and the wiring to the other tabs, the network and the page. What needs none of that lives beside it:
 * storage (./persistence.ts), the history shown (./history.ts) and the verdict on a message of unknown
 * outcome (./reconcile.ts).
 */
import { computed, effect, signal } from '@preact/signals-core';
import type { Reply } from '../api/client';
import { ApiError, isTransient, sendOutcome } from '../api/errors';
import { checkMessage, wellFormed } from '../api/message-text';
import type { WireMessage } from '../api/types';
import { trimBase } from '../api/url';
import type { ChatError, ChatMessage, ChatNotice, MessageStatus } from '../model';
import { createShownHistory } from './history';
import { createPersistence } from './persistence';
import { reconcile } from './reconcile';
import { haltedState, isBlocked, isBlockedForGood, toChatError } from './state';
import type { ConversationStore, StoreDeps, StoreEvent, StoreOptions, StoreState } from './types';
import { backoffDelay, sleep, whenOnline } from './waits';

// Their earlier homes: tests and other modules import them from here.
export { checkMessage } from '../api/message-text';
export { storageKey } from './keys';

/** Default back-off: 1 s, 2 s, 4 s, 8 s between five reads. */
export const DEFAULT_BACKOFF = { initialMs: 1000, maxMs: 15000, attempts: 5 };

/** How long typing must pause before the draft is saved (ms). */
const SAVE_AFTER_MS = 300;

/** A message of the outbox. */
export interface Outgoing {
  readonly id: string;
  readonly text: string;
  status: MessageStatus;
  error?: ChatError | undefined;
  /**
   * History length this tab knew when the message last went out; set once its request may have
   * reached the server (it is then never sent again without a look at the history first).
   */
  snapshot?: number | undefined;
}

/** Told what holds a request up (with `retryAt`), and `undefined` once it succeeded after that. */
type TroubleListener = (trouble: ChatError | undefined) => void;

/**
 * Creates a conversation store. Reads storage (the draft, unsent messages) at once but makes no request
 * until `prepare()`, `start()` or `send()`.
 */
export function createConversationStore(options: StoreOptions, deps: StoreDeps): ConversationStore {
  const { client, network, tabs } = deps;
  const { assistantId, type, slowAfterMs = 8000, backoff = DEFAULT_BACKOFF, openAttempts = 3 } = options;
  let { variables } = options;
  const persistence = createPersistence(options, deps.storage, deps.tabStorage);

  // The conversation shown.
  const state = signal<StoreState>({ type: 'idle' });
  const conversationId = signal<string | null>(null);
  const notice = signal<ChatNotice | null>(null);
  /** A message is on the server and its reply is awaited (the delivery reads the history for it). */
  const awaitingReply = signal(false);
  const history = createShownHistory(deps.newId);
  /** What the last page of this tab left unsent, until it is restored into the outbox. */
  let leftover = persistence.readOutbox();
  /** The last conversation another tab announced (used when storage is out of reach). */
  let announced: string | null = null;
  /** The host page's listeners (mount's, in the widget). */
  const listeners = new Set<(event: StoreEvent) => void>();
  /** What the site owner has been told in the console: each problem once. */
  const warned = new Set<string>();
  /** Every flow of the current conversation runs under its signal; it aborts when the store leaves that conversation. */
  let session = new AbortController();

  // The outbox: the visitor's messages that are not (known to be) on the server yet, in the order typed.
  // They go out first in, first out: a message never overtakes an earlier one, and a failed message
  // holds the ones after it until the visitor retries or discards it. Every change is saved to the
  // tab's storage (after what the last page left, until that is restored), so a reload loses none.
  let outbox: Outgoing[] = [];
  /** The outbox as the UI shows it (`live`), oldest first. */
  const outboxMessages = signal<readonly ChatMessage[]>([]);

  /** Makes `items` the outbox: shown, and saved. */
  function setOutbox(items: Outgoing[]) {
    outbox = items;
    outboxMessages.value = items.map(({ id, text, status, error }) => ({
      id,
      role: 'user',
      parts: [{ type: 'text', text }],
      status,
      ...(error && { error }),
      live: true,
    }));
    const left = leftover;
    persistence.saveOutbox(left ? { conversationId: left.conversationId, items: [...left.items, ...items] } : { conversationId: conversationId.value, items });
  }

  function setStatus(item: Outgoing, status: MessageStatus, error?: ChatError) {
    item.status = status;
    item.error = error;
    setOutbox(outbox);
  }

  const removeFromOutbox = (item: Outgoing) => setOutbox(outbox.filter((other) => other !== item));
  const findInOutbox = (id: string) => outbox.find((item) => item.id === id);

  // The draft: the visitor's unsent text, restored from storage, saved once typing pauses, and saved at
  // once when the page is hidden or left (a page may be closed within the pause).
  const storedDraft = persistence.readDraft();
  const draft = signal(storedDraft.text);
  // A trimmed draft is saved again as it now is.
  let savedDraft: string | null = storedDraft.trimmed ? null : storedDraft.text;
  if (storedDraft.trimmed) notice.value = 'draft-trimmed';

  /** Saves the draft now if it changed. */
  function saveDraft() {
    if (draft.value === savedDraft) return;
    savedDraft = draft.value;
    persistence.saveDraft(savedDraft);
  }

  // The timer is cancelled by the next keystroke (the effect's cleanup).
  const stopDraftTimer = effect(() => {
    if (draft.value === savedDraft) return undefined;
    const handle = deps.setTimer(saveDraft, SAVE_AFTER_MS);
    return () => deps.clearTimer(handle);
  });

  /** Abandons every flow of the current conversation. */
  function endSession() {
    session.abort();
    session = new AbortController();
  }

  // (The one listener, mount's, isolates the host page's handlers from each other and from the store.)
  const emit = (event: StoreEvent) => listeners.forEach((listener) => listener(event));

  /** The stored conversation id, else the one another tab announced. */
  const readId = () => persistence.readId() ?? announced;

  /** Forgets `id` as the stored (and announced) conversation. */
  function forgetId(id: string) {
    persistence.forgetId(id);
    if (announced === id) announced = null;
  }

  /** Shows conversation `id` as opened with `wire`, and remembers it for the next visit. */
  function enter(id: string, wire: readonly WireMessage[]) {
    if (conversationId.value === id) {
      // Opened again (Retry after a failure): the messages shown keep their ids and stay what they were.
      history.update(wire);
    } else {
      conversationId.value = id;
      history.open(wire);
      emit({ type: 'conversation', conversationId: id });
    }
    persistence.saveId(id);
  }

  /** Sets what holds up the current `connecting` or `ready` state (no effect in others). */
  function setTrouble(trouble: ChatError | undefined) {
    const { type } = state.value;
    if (type !== 'connecting' && type !== 'ready') return;
    state.value = trouble ? { type, trouble } : { type };
    if (trouble?.kind === 'rate_limited') emit({ type: 'error', error: trouble });
  }

  /** The conversation cannot be used: `failed` or `blocked`, the site owner warned where they must act. */
  function halt(error: ApiError) {
    const next = haltedState(error);
    state.value = next;
    if (next.type === 'blocked' && next.reason !== 'no-balance') {
      const message = error.kind === 'not_api' ? `${error.message} Check data-api-base.` : `Assistant ${assistantId} at ${trimBase(options.apiBase)}: ${error.message}`;
      if (!warned.has(message)) deps.warn(message);
      warned.add(message);
    }
    emit({ type: 'error', error: next.error });
  }

  /** The trouble of a request held up by `error` for `wait` ms: it goes on by itself at `retryAt`. */
  const holdUp = (error: ApiError, wait: number): ChatError => ({ ...toChatError(error, false), retryAt: deps.now() + wait });

  /** Marks a message failed (its text kept for Retry or Discard) and tells the host page. */
  function fail(item: Outgoing, error: ChatError) {
    setStatus(item, 'failed', error);
    emit({ type: 'error', error });
  }

  /**
   * A request made once online, waiting out rate limits and retrying network trouble `attempts` times
   * (`onTrouble` is told what holds it up). Resolves with its value, with the error that ended it, or
   * with undefined when the flow was abandoned (it must stop).
   */
  async function request<T>(
    task: (signal: AbortSignal) => Promise<T>,
    signal: AbortSignal,
    attempts: number,
    onTrouble: TroubleListener,
  ): Promise<T | ApiError | undefined> {
    let troubled = false;
    for (let failures = 0; ; ) {
      if (signal.aborted) return;
      if (!network.isOnline()) {
        troubled = true;
        onTrouble(OFFLINE);
        if (!(await whenOnline(network, signal))) return;
      }
      let error: ApiError;
      try {
        const value = await task(signal);
        if (signal.aborted) return;
        if (troubled) onTrouble(undefined);
        return value;
      } catch (e) {
        if (signal.aborted) return;
        error = toApiError(e);
      }
      let wait: number;
      if (error.kind === 'rate_limited') wait = error.retryAfterMs ?? backoff.initialMs;
      else if (isTransient(error) && ++failures < attempts) wait = backoffDelay(backoff, failures);
      else return error;
      troubled = true;
      onTrouble(holdUp(error, wait));
      if (!(await sleep(deps, wait, signal))) return;
    }
  }

  /** Reads the history of conversation `id` (see `request`). */
  const readHistory = (id: string, signal: AbortSignal, attempts: number, onTrouble: TroubleListener) =>
    request((signal) => client.getConversation(id, { signal }), signal, attempts, onTrouble);

  // Opening: resume the current or stored conversation (a read, no lock), or create one (under a
  // cross-tab lock, so tabs opened at once create one conversation between them). A stored
  // conversation the server no longer knows is forgotten and replaced, with a notice.

  /** A stored conversation was found gone: the next one created is announced as its replacement. */
  let replaced = false;

  /**
   * Opens the current or stored conversation (the one another tab announced, where storage is out of
   * reach), else (`start`) a new one. Ends `ready`, `failed` or `blocked`; a `prepare` only reads a
   * stored conversation, and a read that fails leaves the store `idle`. Ends early, changing nothing
   * more, when the session ends.
   */
  async function open(mode: 'start' | 'prepare'): Promise<void> {
    const signal = session.signal;
    state.value = { type: 'connecting' };
    const id = conversationId.value ?? readId();
    if (id) {
      const read = await readHistory(id, signal, openAttempts, setTrouble);
      if (!read) return;
      if (!(read instanceof ApiError)) {
        enter(id, read);
        state.value = { type: 'ready' };
        return;
      }
      if (read.kind !== 'not_found') {
        if (mode === 'prepare') state.value = { type: 'idle' };
        else halt(read);
        return;
      }
      forgetId(id);
      replaced = true;
    }
    if (mode === 'prepare') {
      state.value = { type: 'idle' };
      return;
    }
    const error = await tabs.withLock('create', () => resumeOrCreate(signal));
    if (signal.aborted) return;
    if (error) return halt(error);
    if (replaced) notice.value = 'conversation-replaced';
    replaced = false;
    state.value = { type: 'ready' };
  }

  /**
   * Under the lock: the conversation another tab stored meanwhile, else a new one. Resolves with the
   * error that stopped it, if any.
   */
  async function resumeOrCreate(signal: AbortSignal): Promise<ApiError | undefined> {
    const other = readId();
    if (other) {
      const read = await readHistory(other, signal, openAttempts, setTrouble);
      if (read && !(read instanceof ApiError)) {
        enter(other, read);
        return undefined;
      }
      if (read?.kind !== 'not_found') return read;
      forgetId(other);
    }
    const created = await request((signal) => client.createConversation({ assistantId, type, variables }, { signal }), signal, openAttempts, setTrouble);
    if (!created || created instanceof ApiError) return created;
    const id = created.conversationId;
    // Entered (and stored) before the lock is released: a tab waiting for it finds this conversation.
    enter(id, created.history);
    tabs.post({ type: 'conversation', conversationId: id });
  }

  // Delivery: one message at a time, in the order typed, each posted at most once. A send whose
  // outcome is unknown (no answer, a 5xx, an answer of the wrong shape) is settled by reading the
  // history; so is every retry of a message the server may have taken. Only refusals that surely were
  // not processed (429, 404, 422, insufficient balance) let a message go again unchecked.

  /** The session whose pump runs. */
  let pumping: AbortSignal | null = null;
  /** Another tab changed the history. */
  let refreshWanted = false;
  /** A reply was given up on: the next reply reads the whole history to catch up. */
  let behind = false;
  /** The trouble the delivery shows (a rate limit, a late reply), to clear only its own. */
  let shown: ChatError | undefined;

  function show(trouble: ChatError | undefined) {
    if (trouble) {
      shown = trouble;
      setTrouble(trouble);
    } else if (shown) {
      const current = state.value;
      if (current.type === 'ready' && current.trouble === shown) setTrouble(undefined);
      shown = undefined;
    }
  }

  /** One read of the current conversation's history, once online and past any rate limit (shown meanwhile). */
  const readCurrent = (signal: AbortSignal) =>
    // Offline, the messages show as waiting; a rate limit holds up every message, so it is the state's.
    readHistory(conversationId.value!, signal, 1, (trouble) => (trouble === undefined || trouble.kind === 'rate_limited' ? show(trouble) : undefined));

  /** Sends what waits and catches up with other tabs' changes, while the store is `ready`; one run per session. */
  async function pump(): Promise<void> {
    const signal = session.signal;
    if (pumping === signal) return;
    pumping = signal;
    try {
      while (!signal.aborted && state.value.type === 'ready') {
        // The first message goes next, unless it failed (then none goes).
        const item = outbox[0];
        if (item && item.status !== 'failed') {
          if (network.isOnline()) await deliver(item, signal);
          else if (!(await whenOnline(network, signal))) return;
        } else if (refreshWanted) {
          refreshWanted = false;
          const read = await readCurrent(signal);
          // Other failures: the next change or send brings the history up to date.
          if (read instanceof ApiError) {
            if (read.kind === 'not_found') conversationGone();
          } else if (read) history.update(read);
        } else {
          return;
        }
      }
    } finally {
      if (pumping === signal) pumping = null;
    }
  }

  async function deliver(item: Outgoing, signal: AbortSignal): Promise<void> {
    if (item.snapshot !== undefined) {
      // Restored after a reload while it was out (`checking`: its request may still be on its way, so a
      // history without it is not final at once), or a retry of a message the server may have taken.
      const settled = await settle(item, signal, item.status === 'checking' ? NOT_SENT : undefined);
      if (settled) return;
    }
    item.snapshot = history.wire.length;
    setStatus(item, 'sending');
    const slow = deps.setTimer(() => setStatus(item, 'slow'), slowAfterMs);
    let reply: Reply | undefined;
    let error: ApiError | undefined;
    try {
      reply = await client.sendMessage(conversationId.value!, item.text, { signal });
    } catch (e) {
      error = toApiError(e);
    }
    deps.clearTimer(slow);
    if (signal.aborted) return;
    if (!reply) return failed(item, error!, signal);
    const index = history.wire.length;
    const { message, functionCalls } = reply;
    history.update(
      [...history.wire, { role: 'user', content: item.text }, { role: 'assistant', content: message, function_calls: functionCalls }],
      { index, id: item.id },
    );
    landed(item, index, index + 1);
  }

  /** What a failed send means for its message. */
  async function failed(item: Outgoing, error: ApiError, signal: AbortSignal): Promise<void> {
    const chatError = toChatError(error, error.kind !== 'validation');
    const outcome = sendOutcome(error);
    // A proxy's timeout or 5xx may hide a server still at work: read the history patiently.
    if (outcome === 'unknown') {
      await settle(item, signal, chatError);
      return;
    }
    // Surely not processed: it may go again unchecked. Otherwise its retry looks first.
    if (outcome === 'refused') item.snapshot = undefined;
    switch (error.kind) {
      case 'rate_limited': {
        // Waits as told (with the time shown), then the pump sends it again.
        setStatus(item, 'queued');
        const wait = error.retryAfterMs ?? backoff.initialMs;
        show(holdUp(error, wait));
        if (await sleep(deps, wait, signal)) show(undefined);
        return;
      }
      case 'not_found':
        // It goes to the conversation that replaces this one.
        setStatus(item, 'queued');
        return conversationGone();
      case 'insufficient_balance':
        // Told once, as the store's state.
        setStatus(item, 'failed', chatError);
        return halt(error);
      default:
        // Refused as invalid (its retry goes straight out), or answered with an error (its retry looks first).
        return fail(item, chatError);
    }
  }

  /**
   * Reads the history to learn whether `item` reached the server, with back-off while its reply is
   * missing. False when a read shows it surely is not there (send it); true when it is (shown, and no
   * longer in the outbox), or when it cannot be told (the message is then marked failed; a retry
   * looks again first). `fallback`: the request may still be on its way, so a history without it is
   * read again with back-off, and the message fails with `fallback` if it never shows.
   */
  async function settle(item: Outgoing, signal: AbortSignal, fallback?: ChatError): Promise<boolean> {
    setStatus(item, 'checking');
    let reason = fallback ?? NOT_SENT;
    let onServer = false;
    for (let attempt = 1; attempt <= backoff.attempts; attempt++) {
      if (attempt > 1 && !(await sleep(deps, backoffDelay(backoff, attempt - 1), signal))) return true;
      const read = await readCurrent(signal);
      if (!read) return true;
      if (read instanceof ApiError) {
        if (read.kind === 'not_found') {
          conversationGone();
          return true;
        }
        reason = toChatError(read, true);
        if (isTransient(read)) continue;
        if (read.kind === 'not_api') halt(read);
        break;
      }
      const verdict = reconcile({ snapshot: item.snapshot!, history: read, text: item.text });
      if (verdict.outcome === 'not-landed') {
        // Once seen on the server, a message stays there: an odd read changes nothing.
        if (onServer) continue;
        history.update(read);
        if (!fallback) return false;
        continue;
      }
      history.update(read, { index: verdict.index, id: item.id });
      if (!onServer) {
        // On the server: shown as sent, the assistant still at work until its reply shows.
        onServer = true;
        awaitingReply.value = true;
        landed(item, verdict.index);
      }
      if (verdict.outcome === 'landed-with-reply') {
        awaitingReply.value = false;
        announce(verdict.replyIndex);
        return true;
      }
    }
    if (onServer) {
      awaitingReply.value = false;
      behind = true;
      const late: ChatError = { kind: 'timeout', detail: 'No reply yet.', retryable: false };
      show(late);
      emit({ type: 'error', error: late });
    } else {
      fail(item, reason);
    }
    return true;
  }

  /** The history (already shown) holds `item` at `indexes[0]`: it leaves the outbox, and its news goes out. */
  function landed(item: Outgoing, ...indexes: number[]) {
    removeFromOutbox(item);
    announce(...indexes);
  }

  /** Tells the host page of the messages at `indexes` (new here), and the other tabs that the history changed. */
  function announce(...indexes: number[]) {
    for (const index of indexes) {
      const message = history.messages.value[index]!;
      emit({ type: 'message', message });
      if (message.role === 'assistant') {
        show(undefined);
        if (behind) refreshWanted = true;
        behind = false;
      }
    }
    tabs.post({ type: 'history-changed', conversationId: conversationId.value! });
  }

  /** The server no longer knows the conversation: it is replaced, and what waits goes to the new one. */
  function conversationGone() {
    forgetId(conversationId.value!);
    void restart(true, 'conversation-replaced');
  }

  // The store's own flow: opening on demand, restarting, and the actions.

  /** The latest opening (in flight while `connecting`), and whether it was only a `prepare`. */
  let loading: Promise<void> = Promise.resolve();
  let preparing = false;
  /** The last text taken, and when. */
  let lastText = '';
  let lastAt = -Infinity;

  function begin(mode: 'start' | 'prepare'): Promise<void> {
    preparing = mode === 'prepare';
    loading = open(mode).then(() => {
      if (mode === 'start') whenOpen();
    });
    return loading;
  }

  /** Once the conversation is open: what the last page left is restored, and what waits is sent. */
  function whenOpen() {
    if (state.value.type !== 'ready') return;
    restoreOutbox();
    void pump();
  }

  /**
   * After a reload: messages that may have reached the server are checked (never resent unchecked);
   * messages that never left, or belong to another conversation, come back as failed, for the visitor
   * to send again or discard.
   */
  function restoreOutbox() {
    const left = leftover;
    if (!left) return;
    leftover = undefined;
    const same = left.conversationId === conversationId.value;
    setOutbox([
      ...left.items.map(({ id, text, snapshot }): Outgoing =>
        same && snapshot !== undefined ? { id, text, status: 'checking', snapshot } : { id, text, status: 'failed', error: NOT_SENT },
      ),
      ...outbox,
    ]);
  }

  /** Gives texts the visitor typed back to the draft (at its end, each on a line of its own), saved at once. */
  function toDraft(texts: string[]) {
    draft.value = [draft.value, ...texts].filter(Boolean).join('\n');
    saveDraft();
  }

  /**
   * Abandons every flow of the current conversation and opens the stored one (or a new one). With `keep`,
   * messages that never left wait for the next conversation and the others (which belong to the old
   * one) are offered again; without, the texts of messages not sent go back to the draft.
   */
  function restart(keep: boolean, note: ChatNotice | null): Promise<void> {
    endSession();
    // The delivery forgets what it knew of the conversation left.
    refreshWanted = false;
    behind = false;
    shown = undefined;
    awaitingReply.value = false;
    const items = outbox;
    if (keep) {
      setOutbox(
        items.map(({ id, text, status, snapshot, error }): Outgoing =>
          status === 'queued' && snapshot === undefined ? { id, text, status } : { id, text, status: 'failed', error: error ?? NOT_SENT },
        ),
      );
    } else {
      toDraft(items.filter(({ status }) => status === 'queued' || status === 'failed').map(({ text }) => text));
      setOutbox([]);
    }
    // Nothing shown between two conversations.
    history.open([]);
    conversationId.value = null;
    notice.value = note;
    return begin('start');
  }

  async function start(): Promise<void> {
    for (;;) {
      const current = state.value;
      if (current.type === 'connecting') {
        const wasPreparing = preparing;
        await loading;
        // A prepare that ended: carry on from where it left the store.
        if (wasPreparing) continue;
        return;
      }
      if (current.type === 'ready') return whenOpen();
      if (isBlockedForGood(current)) return;
      return begin('start');
    }
  }

  const stopTabs = tabs.subscribe(({ type, conversationId: id }) => {
    if (type === 'history-changed') {
      if (id === conversationId.value) {
        // Read once the delivery is free.
        refreshWanted = true;
        void pump();
      }
      return;
    }
    announced = id;
    const current = state.value;
    // Two tabs that created at once (no locks): storage holds the one that wrote last; all follow it.
    if (current.type !== 'idle' && !isBlockedForGood(current) && id !== conversationId.value && readId() === id) {
      void restart(true, current.type === 'ready' ? 'conversation-reset' : notice.value);
    }
  });
  const stopNetwork = network.subscribe((online) => {
    if (online && state.value.type === 'failed') void start();
  });
  const stopLifecycle = deps.lifecycle.subscribe(saveDraft);

  return {
    state,
    messages: computed(() => [...history.messages.value, ...outboxMessages.value]),
    conversationId,
    // A message is out or being checked, or a reply is awaited.
    assistantBusy: computed(
      () => awaitingReply.value || outboxMessages.value.some(({ status }) => status === 'sending' || status === 'slow' || status === 'checking'),
    ),
    notice,
    draft,
    start,
    async prepare() {
      if (state.value.type === 'connecting') return loading;
      if (state.value.type !== 'idle' || !readId()) return;
      return begin('prepare');
    },
    send(text) {
      const clean = wellFormed(text);
      const now = deps.now();
      const rejection = isBlocked(state.value) ? 'unavailable' : checkMessage(clean);
      // The same text again within a second is the same send (double Enter, double click, key repeat).
      if (rejection || (clean === lastText && now - lastAt < 1000)) return rejection;
      lastText = clean;
      lastAt = now;
      setOutbox([...outbox, { id: deps.newId(), text: clean, status: 'queued' }]);
      if (draft.value === text) draft.value = '';
      void start();
      return null;
    },
    retry(messageId) {
      const item = findInOutbox(messageId);
      if (item?.status !== 'failed' || isBlockedForGood(state.value)) return;
      // A visitor's own retry may try a balance refusal again (start() reopens); nothing retries it by itself.
      setStatus(item, 'queued');
      void start();
    },
    discard(messageId) {
      const item = findInOutbox(messageId);
      if (item?.status !== 'failed') return;
      removeFromOutbox(item);
      toDraft([item.text]);
      void pump();
    },
    async reset() {
      if (isBlockedForGood(state.value)) return;
      const id = conversationId.value ?? readId();
      if (id) forgetId(id);
      announced = null;
      await restart(false, null);
    },
    setVariables(next) {
      variables = next;
    },
    dismissNotice() {
      notice.value = null;
    },
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      saveDraft();
      stopDraftTimer();
      endSession();
      listeners.clear();
      state.value = { type: 'blocked', reason: 'closed', error: CLOSED };
      stopTabs();
      stopNetwork();
      stopLifecycle();
    },
  };
}

/** Why a message that may never have left failed: it is offered for Retry. */
const NOT_SENT: ChatError = { kind: 'network', detail: 'Not sent.', retryable: true };

/** The trouble while the browser is offline. */
const OFFLINE: ChatError = { kind: 'network', detail: 'Offline.', retryable: false };

/** The error of a disposed store. */
const CLOSED: ChatError = { kind: 'unexpected', detail: 'The chat was closed.', retryable: false };

/** Any failure as an `ApiError` (the client only rejects with those; anything else is unexpected). */
function toApiError(e: unknown): ApiError {
  return e instanceof ApiError ? e : new ApiError('unexpected', String(e));
}
