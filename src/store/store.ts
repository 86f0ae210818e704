/**
 * The conversation store: the widget's state as signals, and the actions the UI calls.
 * It keeps two promises: nothing the visitor typed is lost, and no message is billed twice
 * (a send of unknown outcome is settled by reading the history, see ./reconcile.ts).
 */
import { computed, effect, signal } from '@preact/signals-core';
import { isUuid, toJson, trimBase } from '../api/client';
import { ApiError, isOutcomeUnknown, type ApiErrorKind } from '../api/errors';
import { MAX_MESSAGE_LENGTH, type WireMessage } from '../api/types';
import { toParts, type ChatError, type ChatMessage, type ChatNotice, type ChatStatus, type MessageStatus } from '../model';
import { reconcile } from './reconcile';
import type { ConversationStore, StorageLike, StoreDeps, StoreEvent, StoreOptions } from './types';

/** Why a text cannot be sent as it is (blank, or over the API's 2000 characters), or null when it can. */
export function checkMessage(text: string): 'empty' | 'too-long' | null {
  if (!text.trim()) return 'empty';
  // Characters as the API counts them: code points, not UTF-16 units.
  return [...text].length > MAX_MESSAGE_LENGTH ? 'too-long' : null;
}

/** The storage key of a conversation id: one per assistant and API base. */
export function storageKey(assistantId: string, apiBase: string): string {
  return `assistant-chat:${assistantId}@${trimBase(apiBase)}`;
}

/** Default back-off: 1 s, 2 s, 4 s, 8 s between five tries. */
export const DEFAULT_BACKOFF = { initialMs: 1000, maxMs: 15000, attempts: 5 };

const STOP = Symbol('stop');
/** Opening errors that refuse sends: for good, or until the owner tops up. */
const BLOCKING: Partial<Record<ApiErrorKind, 'closed' | 'balance'>> = { not_found: 'closed', validation: 'closed', insufficient_balance: 'balance' };
const NOT_SENT: ChatError = { kind: 'network', detail: 'Not sent.', retryable: true };

/** A message that is not (known to be) on the server yet. */
interface Outgoing {
  id: string;
  text: string;
  status: MessageStatus;
  error?: ChatError;
  /** History length this tab knew when the message last went out; set once the request may have reached the server. */
  snapshot?: number;
}

/**
 * Creates a conversation store. Reads storage (the draft, unsent messages) at once but makes no request
 * until `start()` or `send()`.
 */
export function createConversationStore(options: StoreOptions, deps: StoreDeps): ConversationStore {
  const { assistantId, type, slowAfterMs = 8000, backoff: { initialMs, maxMs, attempts } = DEFAULT_BACKOFF } = options;
  let variables = options.variables;
  const apiBase = trimBase(options.apiBase);
  const key = storageKey(assistantId, apiBase);
  const { client, storage, tabStorage, tabs, network } = deps;

  const status = signal<ChatStatus>('idle');
  const error = signal<ChatError | null>(null);
  const known = signal<readonly ChatMessage[]>([]);
  const local = signal<readonly ChatMessage[]>([]);
  const conversationId = signal<string | null>(null);
  const busy = signal(false);
  const notice = signal<ChatNotice | null>(null);
  const stored = load(storage, key + ':draft')?.text;
  let savedDraft = typeof stored === 'string' ? stored : '';
  const draft = signal(savedDraft);

  /** The server's history as this tab knows it (what `known` shows). */
  let wire: readonly WireMessage[] = [];
  /** The ids of the history's messages, by position (a conversation's history only grows). */
  let ids: string[] = [];
  let outbox: Outgoing[] = [];
  /** What the last page left in this tab's outbox, restored once a conversation is open. */
  let leftover = load(tabStorage, key + ':outbox');
  /** Why sends are refused: the owner's balance ran out (Retry may try again), or for good (unknown assistant, disposed). */
  let blocked: 'balance' | 'closed' | null = null;
  let session = new AbortController();
  /** The latest opening (in flight while `status` is `loading`). */
  let loading = Promise.resolve();
  let pumping: AbortSignal | null = null;
  /** Another tab changed the history: the pump reads it when it is free. */
  let refreshWanted = false;
  /** The last conversation another tab announced (for when storage is out of reach). */
  let announced: string | null = null;
  /** A reply was given up on: the next answered send reads the whole history to catch up. */
  let behind = false;
  let lastSend = { text: '', at: -Infinity };
  const waiters = new Set<() => void>();
  const listeners = new Set<(event: StoreEvent) => void>();

  // ---- small helpers -------------------------------------------------------------------

  // (The one listener, mount's, isolates the host page's handlers from each other and from the store.)
  const emit = (event: StoreEvent) => listeners.forEach((listener) => listener(event));
  const ready = () => status.value === 'ready';
  const stopIfAborted = (signal: AbortSignal) => {
    if (signal.aborted) throw STOP;
  };
  const later = (ms: number, callback: () => void) => {
    const handle = deps.setTimer(callback, ms);
    return () => deps.clearTimer(handle);
  };
  /** Waits `ms`, or (without `ms`) until the browser is online; rejects with STOP once `signal` aborts. */
  const wait = (signal: AbortSignal, ms?: number) =>
    new Promise<void>((resolve, reject) => {
      const done = () => {
        cancel();
        waiters.delete(done);
        signal.removeEventListener('abort', done);
        signal.aborted ? reject(STOP) : resolve();
      };
      const cancel = ms === undefined ? () => {} : later(ms, done);
      if (ms === undefined) waiters.add(done);
      signal.addEventListener('abort', done);
      if (signal.aborted || (ms === undefined && network.isOnline())) done();
    });
  const delay = (attempt: number) => Math.min(maxMs, initialMs * 2 ** (attempt - 1));
  const setError = (value: ChatError) => {
    error.value = value;
    emit({ type: 'error', error: value });
  };

  /** Waits out a 429 (the server did not process the request), showing when it will go on. */
  async function pause(err: ApiError, signal: AbortSignal): Promise<void> {
    const ms = err.retryAfterMs ?? initialMs;
    const shown = { ...toChatError(err, false), retryAt: deps.now() + ms };
    setError(shown);
    await wait(signal, ms);
    if (error.value === shown) error.value = null;
  }

  /**
   * A read or create, made once online, waiting out rate limits (a 429 was not processed); up to `tries`
   * times with back-off on server or network trouble. Rejects with an ApiError, or STOP once `signal` aborts.
   */
  async function request<T>(task: () => Promise<T>, signal: AbortSignal, tries = 1): Promise<T> {
    for (let failures = 0; ; ) {
      await wait(signal);
      try {
        const result = await task();
        stopIfAborted(signal);
        return result;
      } catch (e) {
        stopIfAborted(signal);
        const err = toApiError(e);
        if (err.kind === 'rate_limited') await pause(err, signal);
        else if (isOutcomeUnknown(err) && ++failures < tries) await wait(signal, delay(failures));
        else throw err;
      }
    }
  }
  const readHistory = (signal: AbortSignal, tries?: number, id = conversationId.value!) =>
    request(() => client.getConversation(id, { signal }), signal, tries);

  /** After a failed read: a conversation gone from the server is replaced; an abandoned flow stops. */
  function checkGone(e: unknown, signal: AbortSignal) {
    if ((e as ApiError).kind === 'not_found') {
      forgetId(conversationId.value);
      void restart(true, 'conversation-replaced');
    }
    stopIfAborted(signal);
  }

  // ---- persistence ----------------------------------------------------------------------

  /** What this store saved under `name`, or undefined when it is missing, corrupt, foreign or of another version. */
  function load(from: StorageLike | undefined, name: string): Record<string, unknown> | undefined {
    const value = safely(() => JSON.parse(from!.getItem(name)!));
    return value?.v === 1 && value.assistantId === assistantId && value.apiBase === apiBase ? value : undefined;
  }
  const save = (to: StorageLike | undefined, name: string, fields: object | null) =>
    safely(() => (fields ? to!.setItem(name, toJson({ v: 1, assistantId, apiBase, ...fields })) : to!.removeItem(name)));
  /** The stored conversation id, else the one another tab announced. */
  const readId = () => {
    const id = load(storage, key)?.conversationId;
    return isUuid(id) ? id : announced;
  };
  const forgetId = (id: string | null) => {
    if (readId() === id) {
      save(storage, key, null);
      announced = null;
    }
  };
  const flushDraft = () => {
    if (draft.value !== savedDraft) save(storage, key + ':draft', (savedDraft = draft.value) ? { text: savedDraft } : null);
  };
  // Written once typing pauses for 300 ms (the timer is cancelled by the next keystroke).
  const stopDraft = effect(() => (draft.value === savedDraft ? undefined : later(300, flushDraft)));

  /**
   * After a reload: messages that may have reached the server are checked (never resent unchecked);
   * messages that never left come back as failed, for the visitor to send again.
   */
  function restoreOutbox() {
    if (!leftover) return;
    const same = leftover.conversationId === conversationId.value;
    const items = (Array.isArray(leftover.items) ? leftover.items : []) as Partial<Outgoing>[];
    leftover = undefined;
    outbox = [
      ...items
        .filter((m) => typeof m?.id === 'string' && typeof m.text === 'string')
        .map(({ id, text, snapshot }): Outgoing =>
          same && typeof snapshot === 'number' ? { id: id!, text: text!, status: 'checking', snapshot } : { id: id!, text: text!, status: 'failed', error: NOT_SENT },
        ),
      ...outbox,
    ];
    sync();
  }

  // ---- what the UI sees -----------------------------------------------------------------

  /** Shows the outbox, and keeps it in the tab's storage so that a reload loses none of it. */
  function sync() {
    local.value = outbox.map(({ id, text, status, error }) => ({ id, role: 'user', parts: [{ type: 'text', text }], status, error }));
    save(tabStorage, key + ':outbox', outbox.length ? { conversationId: conversationId.value, items: outbox } : null);
  }
  function update(item: Outgoing, status: MessageStatus, err?: ChatError) {
    item.status = status;
    item.error = err;
    sync();
  }
  /** Marks a message failed (text kept, Retry offered) and tells the host page. */
  function fail(item: Outgoing, err: ChatError) {
    update(item, 'failed', err);
    emit({ type: 'error', error: err });
  }

  /** Shows `history` as the server's; `adopt` gives one message the id of the local message it was. */
  function setHistory(history: readonly WireMessage[], adopt?: { index: number; id: string }) {
    wire = history;
    if (adopt) ids[adopt.index] = adopt.id;
    known.value = history.map((m, i) => ({ id: (ids[i] ??= deps.newId()), role: m.role, parts: toParts(m), status: 'sent' }));
  }

  /** Shows conversation `id` with its history, and remembers it for the next visit. */
  function enter(id: string, history: readonly WireMessage[]) {
    if (conversationId.value !== id) {
      ids = [];
      conversationId.value = id;
      emit({ type: 'conversation', conversationId: id });
    }
    setHistory(history);
    save(storage, key, { conversationId: id });
  }

  /**
   * The history (already shown) holds `item` and maybe its reply, at `indexes` not announced yet:
   * leave the outbox, tell the host page and the other tabs.
   */
  function landed(item: Outgoing, ...indexes: number[]) {
    outbox = outbox.filter((m) => m !== item);
    sync();
    for (const i of indexes) {
      const message = known.value[i]!;
      emit({ type: 'message', message });
      if (message.role === 'assistant') {
        error.value = null;
        refreshWanted ||= behind;
        behind = false;
      }
    }
    tabs.post({ type: 'history-changed', conversationId: conversationId.value! });
  }

  // ---- opening a conversation -----------------------------------------------------------

  /** Opens `prefer`, else the current or stored conversation, else a new one; then sends what waits. */
  async function open(prefer: string | null = null): Promise<void> {
    const signal = session.signal;
    status.value = 'loading';
    error.value = null;
    if (blocked === 'balance') blocked = null;
    try {
      let stale = false;
      // Under the lock, so that tabs opened at once create one conversation between them (the later
      // ones find the id the first one stored or announced).
      await tabs.withLock('create', async () => {
        const id = prefer ?? conversationId.value ?? readId();
        if (id) {
          try {
            enter(id, await readHistory(signal, attempts, id));
            return;
          } catch (e) {
            if ((e as ApiError).kind !== 'not_found') throw e;
            forgetId(id);
            stale = true;
          }
        }
        const input = { assistantId, type, variables };
        const created = await request(() => client.createConversation(input, { signal }), signal, attempts);
        enter(created.conversationId, created.history);
        tabs.post({ type: 'conversation', conversationId: created.conversationId });
      });
      stopIfAborted(signal);
      if (stale) notice.value = 'conversation-replaced';
      status.value = 'ready';
      restoreOutbox();
      void pump();
    } catch (e) {
      if (!signal.aborted) halt(toApiError(e));
    }
  }

  /** The conversation cannot be used: says why, and refuses sends when calling again cannot help. */
  function halt(err: ApiError) {
    // Not found, or the configuration refused: for good. The owner's balance: until a visitor tries again.
    blocked = BLOCKING[err.kind] ?? null;
    if (blocked === 'closed') deps.warn(`Assistant ${assistantId} at ${apiBase}: ${err.message}`);
    status.value = 'error';
    setError(toChatError(err, blocked !== 'closed'));
  }

  /**
   * Abandons every flow of the current conversation and opens `prefer` (or a new one). Messages that
   * never left wait for the next one (`keep`); the others belong to the old conversation and are offered again.
   */
  function restart(keep: boolean, note: ChatNotice | null, prefer: string | null = null): Promise<void> {
    session.abort();
    session = new AbortController();
    refreshWanted = false;
    outbox = keep
      ? outbox.map(({ id, text, status, snapshot, error }) =>
          status === 'queued' && snapshot === undefined ? { id, text, status } : { id, text, status: 'failed', error: error ?? NOT_SENT },
        )
      : [];
    busy.value = false;
    setHistory([]);
    conversationId.value = null;
    notice.value = note;
    sync();
    return (loading = open(prefer));
  }

  // ---- sending --------------------------------------------------------------------------

  /** Sends the outbox in order, one message at a time, and reads the history when another tab changed it. */
  async function pump(): Promise<void> {
    const signal = session.signal;
    if (pumping === signal) return;
    pumping = signal;
    try {
      for (;;) {
        const item = outbox.find((m) => m.status === 'queued' || m.status === 'checking');
        if (blocked || !ready() || !(item || refreshWanted)) break;
        if (item) {
          await wait(signal);
          busy.value = true;
          try {
            await deliver(item, signal);
          } finally {
            if (!signal.aborted) busy.value = false;
          }
        } else {
          refreshWanted = false;
          try {
            setHistory(await readHistory(signal));
          } catch (e) {
            // Other failures: the next change or send brings the history up to date.
            checkGone(e, signal);
          }
        }
      }
    } catch (e) {
      if (!signal.aborted) throw e;
    } finally {
      if (pumping === signal) pumping = null;
    }
  }

  async function deliver(item: Outgoing, signal: AbortSignal): Promise<void> {
    // Restored after a reload while it was out (the request may still be on its way, so its absence is not
    // final at once), or a retry of a message that may have reached the server: look first, never resend unchecked.
    if (item.snapshot !== undefined && (await settle(item, signal, item.status === 'checking' ? NOT_SENT : undefined))) return;
    item.snapshot = wire.length;
    update(item, 'sending');
    const stopSlow = later(slowAfterMs, () => item.status === 'sending' && update(item, 'slow'));
    try {
      const reply = await client.sendMessage(conversationId.value!, item.text, { signal }).finally(stopSlow);
      stopIfAborted(signal);
      const index = wire.length;
      setHistory([...wire, { role: 'user', content: item.text }, { role: 'assistant', content: reply.message, function_calls: reply.functionCalls }], {
        index,
        id: item.id,
      });
      landed(item, index, index + 1);
    } catch (e) {
      stopIfAborted(signal);
      const err = toApiError(e);
      const kind = err.kind;
      const chatError = toChatError(err, kind !== 'validation');
      // A proxy's timeout or 5xx may hide a server still at work: read the history patiently.
      if (isOutcomeUnknown(err)) return void (await settle(item, signal, chatError));
      // Refused without processing (429, 404, validation, balance) or processed without a reply (assistant
      // failed, other 4xx): only the latter may be in the history, so only its retry must look first.
      if (kind !== 'assistant_failed' && kind !== 'rejected') item.snapshot = undefined;
      if (kind === 'rate_limited' || kind === 'not_found') {
        // 429: wait as told, then the pump sends it again. 404: it goes to the conversation that replaces this one.
        update(item, 'queued');
        busy.value = false;
        return kind === 'rate_limited' ? pause(err, signal) : checkGone(err, signal);
      }
      if (kind === 'insufficient_balance') {
        // Told once, as the widget's error.
        update(item, 'failed', chatError);
        halt(err);
      } else fail(item, chatError);
    }
  }

  /**
   * Reads the history to learn whether `item` reached the server, with back-off while its reply is
   * missing. False when a read shows it surely is not there; true when it is (shown, and no longer in
   * the outbox) or when the history cannot be read (the message is then marked failed; a retry looks
   * again first). `fallback`: the request may still be on its way, so a history without it is read
   * again with back-off, and the message fails with `fallback` if it never shows.
   */
  async function settle(item: Outgoing, signal: AbortSignal, fallback?: ChatError): Promise<boolean> {
    update(item, 'checking');
    let waiting = false;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (attempt > 1) await wait(signal, delay(attempt - 1));
      let history: WireMessage[];
      try {
        history = await readHistory(signal, attempts);
      } catch (e) {
        checkGone(e, signal);
        fallback = toChatError(e as ApiError, true);
        break;
      }
      const verdict = reconcile({ snapshot: item.snapshot!, history, text: item.text });
      if (verdict.outcome === 'not-landed') {
        // (Once seen on the server, a message stays there: an odd read changes nothing.)
        if (waiting) continue;
        setHistory(history);
        if (!fallback) return false;
      } else {
        setHistory(history, { index: verdict.index, id: item.id });
        if (verdict.outcome === 'landed-with-reply') {
          if (waiting) landed(item, verdict.replyIndex);
          else landed(item, verdict.index, verdict.replyIndex);
          return true;
        }
        // On the server, the assistant still working: show it as sent and look again later.
        if (!waiting) landed(item, verdict.index);
        waiting = true;
      }
    }
    if (waiting) {
      behind = true;
      setError({ kind: 'timeout', detail: 'No reply yet.', retryable: false });
    } else fail(item, fallback!);
    return true;
  }

  // ---- other tabs and the network -------------------------------------------------------

  const stopTabs = tabs.subscribe(({ type, conversationId: id }) => {
    if (type === 'history-changed') {
      if (id === conversationId.value) {
        refreshWanted = true;
        void pump();
      }
      return;
    }
    announced = id;
    // Two tabs that created at once (no locks): storage holds the one that wrote last; all follow it.
    if (status.value !== 'idle' && blocked !== 'closed' && id !== conversationId.value && readId() === id) {
      void restart(true, ready() ? 'conversation-reset' : notice.value, id);
    }
  });
  const stopNetwork = network.subscribe((online) => {
    if (!online) return;
    waiters.forEach((go) => go());
    if (status.value === 'error' && !blocked) void start();
  });

  // ---- the public surface ---------------------------------------------------------------

  /** Opens the conversation unless it is open or refused for good; when open, sends what waits. */
  async function start(): Promise<void> {
    if (ready()) void pump();
    else if (blocked !== 'closed') await (status.value === 'loading' ? loading : (loading = open()));
  }

  return {
    status,
    error,
    messages: computed(() => [...known.value, ...local.value]),
    conversationId,
    assistantBusy: busy,
    notice,
    draft,
    start,
    send(text) {
      const now = deps.now();
      const rejection = blocked ? 'unavailable' : checkMessage(text);
      // The same text again within a second is the same send (double Enter, double click, key repeat).
      if (rejection || (text === lastSend.text && now - lastSend.at < 1000)) return rejection;
      lastSend = { text, at: now };
      outbox.push({ id: deps.newId(), text, status: 'queued' });
      sync();
      if (draft.value === text) draft.value = '';
      void start();
      return null;
    },
    retry(messageId) {
      const item = outbox.find((m) => m.id === messageId && m.status === 'failed');
      if (!item || blocked === 'closed') return;
      // A visitor's own retry may try a balance refusal again; nothing retries it automatically.
      blocked = null;
      update(item, 'queued');
      void start();
    },
    async reset() {
      if (blocked === 'closed') return;
      forgetId(conversationId.value ?? readId());
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
      blocked = 'closed';
      flushDraft();
      session.abort();
      listeners.clear();
      stopDraft();
      stopTabs();
      stopNetwork();
    },
  };
}

function toApiError(e: unknown): ApiError {
  return e instanceof ApiError ? e : new ApiError('unexpected', String(e));
}

function toChatError(err: ApiError, retryable: boolean): ChatError {
  return { kind: err.kind, detail: err.message, retryable };
}

function safely<T>(task: () => T): T | undefined {
  try {
    return task();
  } catch {
    return undefined;
  }
}
