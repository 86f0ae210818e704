/**
 * The conversation store: the widget's state as signals, and the actions the UI calls.
 * It keeps two promises: nothing the visitor typed is lost, and no message is billed twice
 * (a send of unknown outcome is settled by reading the history, see ./reconcile.ts).
 */
import { batch, computed, signal } from '@preact/signals';
import { isUuid, toJson, type Reply } from '../api/client';
import { ApiError, isOutcomeUnknown } from '../api/errors';
import { MAX_MESSAGE_LENGTH, type WireMessage } from '../api/types';
import { toParts, type ChatError, type ChatMessage, type ChatNotice, type ChatStatus, type MessageStatus } from '../model';
import { reconcile } from './reconcile';
import type { ConversationStore, StorageLike, StoreDeps, StoreEvent, StoreOptions, TabMessage } from './types';

/** Why a text cannot be sent as it is (blank, or over the API's 2000 characters), or null when it can. */
export function checkMessage(text: string): 'empty' | 'too-long' | null {
  if (!text.trim()) return 'empty';
  // Characters as the API counts them: code points, not UTF-16 units.
  return [...text].length > MAX_MESSAGE_LENGTH ? 'too-long' : null;
}

/** The storage key of a conversation id: one per assistant and API base. */
export function storageKey(assistantId: string, apiBase: string): string {
  return `assistant-chat:${assistantId}@${normalizeBase(apiBase)}`;
}

/** Default back-off: 1 s, 2 s, 4 s, 8 s between five tries. */
export const DEFAULT_BACKOFF = { initialMs: 1000, maxMs: 15000, attempts: 5 };

const VERSION = 1;
const DRAFT_DELAY_MS = 300;
/** The same text sent again this soon is the same send (double Enter, double click, key repeat). */
const REPEAT_MS = 1000;
const STOP = Symbol('stop');

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
 * Creates a conversation store. Reads storage (the draft) at once but makes no request
 * until `start()` or `send()`.
 */
export function createConversationStore(options: StoreOptions, deps: StoreDeps): ConversationStore {
  const { assistantId, type } = options;
  const apiBase = normalizeBase(options.apiBase);
  let variables = options.variables;
  const slowAfterMs = options.slowAfterMs ?? 8000;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const key = storageKey(assistantId, apiBase);

  const status = signal<ChatStatus>('idle');
  const error = signal<ChatError | null>(null);
  const known = signal<readonly ChatMessage[]>([]);
  const local = signal<readonly ChatMessage[]>([]);
  const conversationId = signal<string | null>(null);
  const busy = signal(false);
  const notice = signal<ChatNotice | null>(null);
  let savedDraft = read(deps.storage, key + ':draft', (v) => (typeof v.text === 'string' ? v.text : null)) ?? '';
  const draft = signal(savedDraft);

  /** The server's history as this tab knows it (what `known` shows). */
  let wire: readonly WireMessage[] = [];
  let outbox: Outgoing[] = [];
  let blocked: 'assistant' | 'balance' | null = null;
  let session = new AbortController();
  let loading: Promise<void> | null = null;
  let pumping: AbortSignal | null = null;
  let refreshing = false;
  let refreshWanted = false;
  /** The last conversation another tab announced (for when storage is out of reach). */
  let announced: string | null = null;
  let restored = false;
  /** A reply was given up on: the next answered send reads the whole history to catch up. */
  let behind = false;
  let disposed = false;
  let lastSend = { text: '', at: -Infinity };
  const timers = new Set<unknown>();
  const onlineWaiters = new Set<() => void>();
  const listeners = new Set<(event: StoreEvent) => void>();

  // ---- small helpers -------------------------------------------------------------------

  const emit = (event: StoreEvent) => {
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch {
        // a host page's handler must not break the store
      }
    }
  };
  const online = () => {
    try {
      return deps.network.isOnline();
    } catch {
      return true;
    }
  };
  const stopIfAborted = (signal: AbortSignal) => {
    if (signal.aborted) throw STOP;
  };
  const later = (ms: number, callback: () => void): (() => void) => {
    const handle = deps.setTimer(() => {
      timers.delete(handle);
      callback();
    }, ms);
    timers.add(handle);
    return () => {
      timers.delete(handle);
      deps.clearTimer(handle);
    };
  };
  const wait = (ms: number, signal: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      if (signal.aborted) return reject(STOP);
      const stop = () => {
        cancel();
        reject(STOP);
      };
      const cancel = later(ms, () => {
        signal.removeEventListener('abort', stop);
        resolve();
      });
      signal.addEventListener('abort', stop, { once: true });
    });
  const untilOnline = (signal: AbortSignal) =>
    online()
      ? Promise.resolve()
      : new Promise<void>((resolve, reject) => {
          const go = () => {
            onlineWaiters.delete(go);
            signal.removeEventListener('abort', stop);
            resolve();
          };
          const stop = () => {
            onlineWaiters.delete(go);
            reject(STOP);
          };
          onlineWaiters.add(go);
          signal.addEventListener('abort', stop, { once: true });
        });
  const ready = () => status.value === 'ready';
  const delay = (attempt: number) => Math.min(backoff.maxMs, backoff.initialMs * 2 ** (attempt - 1));

  function setError(err: ApiError | ChatError | null, retryable = true): ChatError | null {
    const value = err && (err instanceof ApiError ? toChatError(err, retryable) : err);
    error.value = value;
    if (value) emit({ type: 'error', error: value });
    return value;
  }

  /** Waits out a 429 (the server did not process the request), showing when it will go on. */
  async function pause(err: ApiError, signal: AbortSignal): Promise<void> {
    const ms = err.retryAfterMs ?? backoff.initialMs;
    const shown = setError({ ...toChatError(err, false), retryAt: deps.now() + ms });
    await wait(ms, signal);
    if (error.value === shown) error.value = null;
  }

  /** One read or create, once online, waiting out rate limits (a 429 was not processed). */
  async function once<T>(task: () => Promise<T>, signal: AbortSignal): Promise<T> {
    for (;;) {
      await untilOnline(signal);
      try {
        return await task();
      } catch (e) {
        stopIfAborted(signal);
        const err = toApiError(e);
        if (err.kind !== 'rate_limited') throw err;
        await pause(err, signal);
      }
    }
  }

  /** A read or create, retried with back-off on server or network trouble. */
  async function retrying<T>(task: () => Promise<T>, signal: AbortSignal): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await once(task, signal);
      } catch (e) {
        if (e === STOP || !(e instanceof ApiError) || !isOutcomeUnknown(e) || attempt >= backoff.attempts) throw e;
        await wait(delay(attempt), signal);
      }
    }
  }

  // ---- persistence ----------------------------------------------------------------------

  const envelope = (fields: Record<string, unknown>) => toJson({ v: VERSION, assistantId, apiBase, ...fields });
  function read<T>(storage: StorageLike | undefined, name: string, pick: (value: Record<string, unknown>) => T | null): T | null {
    const raw = safely(() => storage?.getItem(name) ?? null);
    if (raw == null) return null;
    let value: Record<string, unknown> | null = null;
    try {
      value = JSON.parse(raw);
    } catch {
      // corrupt: discarded below
    }
    const ok = typeof value === 'object' && value !== null && value.v === VERSION && value.assistantId === assistantId && value.apiBase === apiBase;
    const picked = ok ? pick(value!) : null;
    // Corrupt, foreign or from another version: discard it.
    if (picked === null) safely(() => storage?.removeItem(name));
    return picked;
  }
  const write = (storage: StorageLike | undefined, name: string, value: string | null) =>
    safely(() => (value === null ? storage?.removeItem(name) : storage?.setItem(name, value)));
  const readId = () => read(deps.storage, key, (v) => (isUuid(v.conversationId) ? v.conversationId : null));
  const forgetId = (id: string) => {
    if (readId() === id) write(deps.storage, key, null);
    if (announced === id) announced = null;
  };
  const flushDraft = () => {
    if (draft.value === savedDraft) return;
    savedDraft = draft.value;
    write(deps.storage, key + ':draft', savedDraft ? envelope({ text: savedDraft }) : null);
  };
  let cancelDraftWrite = () => {};
  const stopDraft = draft.subscribe((text) => {
    cancelDraftWrite();
    if (text !== savedDraft) cancelDraftWrite = later(DRAFT_DELAY_MS, flushDraft);
  });

  /** Keeps the unconfirmed messages in the tab's storage, so that a reload loses none. */
  function saveOutbox() {
    const items = outbox.map(({ id, text, status, snapshot }) => ({ id, text, snapshot, sent: status !== 'queued' && status !== 'failed' }));
    write(deps.tabStorage, key + ':outbox', items.length ? envelope({ conversationId: conversationId.value, items }) : null);
  }

  /**
   * After a reload: messages that were out are checked (never resent unchecked); messages
   * that were waiting come back as failed, for the visitor to send again.
   */
  function restoreOutbox() {
    if (restored) return;
    restored = true;
    const saved = read(deps.tabStorage, key + ':outbox', (v) => (Array.isArray(v.items) ? v : null));
    if (!saved) return;
    const same = saved.conversationId === conversationId.value;
    const items: Outgoing[] = [];
    for (const item of saved.items as unknown[]) {
      const { id, text, snapshot, sent } = (item ?? {}) as Record<string, unknown>;
      if (typeof id !== 'string' || typeof text !== 'string' || outbox.some((m) => m.id === id)) continue;
      const at = same && typeof snapshot === 'number' && snapshot >= 0 ? snapshot : undefined;
      items.push(
        sent && at !== undefined
          ? { id, text, status: 'checking', snapshot: at }
          : { id, text, status: 'failed', snapshot: at, error: { kind: 'network', detail: 'Not sent before the page was left.', retryable: true } },
      );
    }
    outbox = [...items, ...outbox];
    sync();
  }

  // ---- what the UI sees -----------------------------------------------------------------

  function sync() {
    local.value = outbox.map(({ id, text, status, error }) => ({
      id,
      role: 'user',
      parts: [{ type: 'text', text }],
      status,
      ...(error ? { error } : {}),
    }));
    saveOutbox();
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
  function remove(item: Outgoing) {
    outbox = outbox.filter((m) => m !== item);
    sync();
  }

  /** Shows `history` as the server's; unchanged messages keep their objects, `adopt` gives one a local id. */
  function setHistory(history: readonly WireMessage[], adopt?: { index: number; id: string }) {
    const before = wire;
    const shown = known.value;
    wire = history;
    known.value = history.map((m, i) => {
      if (adopt?.index === i) return toChatMessage(adopt.id, m);
      const old = before[i];
      const kept = shown[i];
      return kept && old?.role === m.role && old.content === m.content ? kept : toChatMessage(deps.newId(), m);
    });
  }

  function adopt(id: string, history: readonly WireMessage[]) {
    batch(() => {
      setHistory(history);
      if (conversationId.value !== id) {
        conversationId.value = id;
        emit({ type: 'conversation', conversationId: id });
      }
    });
    write(deps.storage, key, envelope({ conversationId: id }));
  }

  /**
   * The history (already shown) holds `item` at `index` and maybe its reply: leave the outbox,
   * tell the host page and the other tabs.
   */
  function landed(item: Outgoing | null, index: number | undefined, replyIndex: number | undefined) {
    batch(() => {
      if (item) remove(item);
      for (const i of [index, replyIndex]) if (i !== undefined) emit({ type: 'message', message: known.value[i]! });
      if (replyIndex !== undefined) error.value = null;
    });
    if (replyIndex !== undefined && behind) {
      behind = false;
      refreshWanted = true;
    }
    if (conversationId.value) deps.tabs.post({ type: 'history-changed', conversationId: conversationId.value });
  }

  /** Shows no conversation (while the next one opens). */
  function clearConversation() {
    wire = [];
    batch(() => {
      known.value = [];
      conversationId.value = null;
    });
  }

  // ---- opening a conversation -----------------------------------------------------------

  /** Reads a conversation; false when the server no longer knows it (the id is then forgotten). */
  async function resume(id: string, signal: AbortSignal): Promise<boolean> {
    try {
      const history = await retrying(() => deps.client.getConversation(id, { signal }), signal);
      stopIfAborted(signal);
      adopt(id, history);
      return true;
    } catch (e) {
      if (!(e instanceof ApiError) || e.kind !== 'not_found') throw e;
      forgetId(id);
      return false;
    }
  }

  async function open(signal: AbortSignal, prefer: string | null): Promise<void> {
    let stale: string | null = null;
    const first = prefer ?? conversationId.value ?? readId();
    if (first) {
      if (await resume(first, signal)) return;
      stale = first;
    }
    // Under the lock, so that tabs opened at once create one conversation between them.
    await deps.tabs.withLock('create', async () => {
      stopIfAborted(signal);
      const other = readId() ?? announced;
      if (other && other !== stale && (await resume(other, signal))) return;
      const input = { assistantId, type, variables };
      const created = await retrying(() => deps.client.createConversation(input, { signal }), signal);
      stopIfAborted(signal);
      adopt(created.conversationId, created.history);
      deps.tabs.post({ type: 'conversation', conversationId: created.conversationId });
    });
    stopIfAborted(signal);
    if (stale) notice.value = 'conversation-replaced';
  }

  function begin(prefer: string | null = null): Promise<void> {
    const signal = session.signal;
    const run = (async () => {
      batch(() => {
        status.value = 'loading';
        if (blocked === 'balance') blocked = null;
        if (error.value && error.value.kind !== 'rate_limited') error.value = null;
      });
      try {
        await open(signal, prefer);
        batch(() => {
          status.value = 'ready';
          error.value = null;
          restoreOutbox();
        });
        void pump();
        if (refreshWanted) void refresh();
      } catch (e) {
        if (e === STOP || signal.aborted) return;
        const err = toApiError(e);
        // Creating answered "not found", or refused the configuration: calling again cannot help.
        if (err.kind === 'not_found' || err.kind === 'validation') {
          blocked = 'assistant';
          deps.warn(
            err.kind === 'not_found'
              ? `Assistant ${assistantId} was not found at ${apiBase}; check the assistant id. The widget stays idle.`
              : `The API refused to start a conversation with assistant ${assistantId}: ${err.message} The widget stays idle.`,
          );
        } else if (err.kind === 'insufficient_balance') blocked = 'balance';
        batch(() => {
          status.value = 'error';
          setError(err, blocked !== 'assistant');
        });
      }
    })();
    const done: Promise<void> = run.finally(() => {
      if (loading === done) loading = null;
    });
    loading = done;
    return done;
  }

  /** Abandons every flow of the current conversation; keeps what the visitor typed unless told not to. */
  function newSession(keep: boolean) {
    session.abort();
    session = new AbortController();
    loading = null;
    pumping = null;
    refreshWanted = false;
    busy.value = false;
    const interrupted: ChatError = { kind: 'network', detail: 'Interrupted by a change of conversation.', retryable: true };
    outbox = keep
      ? outbox.map((m) => ({
          id: m.id,
          text: m.text,
          // Messages that never left wait; the others belong to the old conversation and are offered again.
          ...(m.status === 'queued' && m.snapshot === undefined ? { status: 'queued' } : { status: 'failed', error: m.error ?? interrupted }),
        }))
      : [];
    sync();
  }

  /** The conversation is gone on the server: start a new one by itself, once. */
  function replace() {
    const id = conversationId.value;
    if (id) forgetId(id);
    newSession(true);
    clearConversation();
    notice.value = 'conversation-replaced';
    void begin();
  }

  // ---- sending --------------------------------------------------------------------------

  async function pump(): Promise<void> {
    const signal = session.signal;
    if (pumping === signal || disposed) return;
    pumping = signal;
    try {
      for (;;) {
        const item = outbox.find((m) => m.status === 'queued' || m.status === 'checking');
        if (!item || blocked) break;
        if (!ready()) {
          await start();
          stopIfAborted(signal);
          if (!ready()) break;
        }
        await untilOnline(signal);
        busy.value = true;
        try {
          await deliver(item, signal);
        } finally {
          if (!signal.aborted) busy.value = false;
        }
      }
    } catch (e) {
      if (e !== STOP) throw e;
    } finally {
      if (pumping === signal) pumping = null;
    }
    if (!signal.aborted && refreshWanted) void refresh();
  }

  async function deliver(item: Outgoing, signal: AbortSignal): Promise<void> {
    if (item.status === 'checking') {
      // Restored after a reload while it was out: settle it, never resend it unchecked. The request
      // may still be on its way (queued, or waiting for the server), so its absence is not final at once.
      if (!(await settle(item, signal, true))) fail(item, { kind: 'network', detail: 'The message did not reach the server.', retryable: true });
      return;
    }
    // A retry of a message that may have reached the server: look first.
    if (item.snapshot !== undefined && (await settle(item, signal))) return;
    const id = conversationId.value!;
    item.snapshot = wire.length;
    update(item, 'sending');
    const stopSlow = later(slowAfterMs, () => item.status === 'sending' && update(item, 'slow'));
    let reply: Reply;
    try {
      reply = await deps.client.sendMessage(id, item.text, { signal });
    } catch (e) {
      stopIfAborted(signal);
      return failed(item, toApiError(e), signal);
    } finally {
      stopSlow();
    }
    stopIfAborted(signal);
    const index = wire.length;
    setHistory([...wire, { role: 'user', content: item.text }, { role: 'assistant', content: reply.message, function_calls: reply.functionCalls }], {
      index,
      id: item.id,
    });
    landed(item, index, index + 1);
  }

  async function failed(item: Outgoing, err: ApiError, signal: AbortSignal): Promise<void> {
    const kind = err.kind;
    if (kind === 'rate_limited') {
      // 429: not processed. Wait as told, then the pump sends it again.
      item.snapshot = undefined;
      update(item, 'queued');
      busy.value = false;
      return pause(err, signal);
    }
    if (kind === 'not_found') {
      item.snapshot = undefined;
      update(item, 'queued');
      replace();
      throw STOP;
    }
    if (isOutcomeUnknown(err)) {
      // A proxy's timeout or 5xx may hide a server still at work: read the history patiently.
      if (!(await settle(item, signal, true))) fail(item, toChatError(err, true));
      return;
    }
    // Refused without processing (validation, balance) or processed without a reply (assistant failed, other 4xx):
    // only the latter may be in the history, so only its retry must look first.
    if (kind === 'validation' || kind === 'insufficient_balance') item.snapshot = undefined;
    const chatError = toChatError(err, kind !== 'validation');
    if (kind !== 'insufficient_balance') return fail(item, chatError);
    update(item, 'failed', chatError);
    blocked = 'balance';
    batch(() => {
      status.value = 'error';
      setError(chatError);
    });
  }

  /**
   * Reads the history to learn whether `item` reached the server, with back-off while the reply is
   * missing. True when it is there (shown, and no longer in the outbox); false when it surely is not.
   * When the history cannot be read, the message is marked failed (a retry looks again first).
   * `patient`: the request may still be on its way (the page was left while it was out), so a history
   * without it is read again with back-off before the message counts as not sent.
   */
  async function settle(item: Outgoing, signal: AbortSignal, patient = false): Promise<boolean> {
    update(item, 'checking');
    const snapshot = item.snapshot!;
    let waiting = false;
    let lastError: ApiError | undefined;
    let absent = false;
    for (let attempt = 1; attempt <= backoff.attempts; attempt++) {
      if (attempt > 1) await wait(delay(attempt - 1), signal);
      const id = conversationId.value!;
      let history: WireMessage[];
      try {
        history = await once(() => deps.client.getConversation(id, { signal }), signal);
      } catch (e) {
        if (e === STOP) throw e;
        lastError = toApiError(e);
        if (lastError.kind === 'not_found') {
          replace();
          throw STOP;
        }
        if (!isOutcomeUnknown(lastError)) break;
        continue;
      }
      stopIfAborted(signal);
      const verdict = reconcile({ snapshot, history, text: item.text });
      if (verdict.outcome === 'not-landed') {
        // (Once seen on the server, a message stays there: an odd read changes nothing.)
        if (waiting) continue;
        setHistory(history);
        if (!patient) return false;
        absent = true;
        lastError = undefined;
        continue;
      }
      if (verdict.outcome === 'landed-waiting') {
        // On the server, the assistant still working: show it as sent and look again later.
        setHistory(history, { index: verdict.index, id: item.id });
        if (!waiting) landed(item, verdict.index, undefined);
        waiting = true;
        continue;
      }
      setHistory(history, { index: verdict.index, id: item.id });
      if (waiting) landed(null, undefined, verdict.replyIndex);
      else landed(item, verdict.index, verdict.replyIndex);
      return true;
    }
    if (waiting) {
      behind = true;
      setError({ kind: 'timeout', detail: 'The reply has not arrived yet.', retryable: false });
      return true;
    }
    // The last read answered and did not hold it: it did not arrive.
    if (absent && !lastError) return false;
    fail(item, toChatError(lastError ?? new ApiError('network', 'The history could not be read.'), true));
    return true;
  }

  // ---- other tabs -----------------------------------------------------------------------

  async function refresh(): Promise<void> {
    const id = conversationId.value;
    if (pumping || refreshing || !id || status.value !== 'ready') {
      refreshWanted = true;
      return;
    }
    refreshWanted = false;
    refreshing = true;
    const signal = session.signal;
    try {
      const history = await once(() => deps.client.getConversation(id, { signal }), signal);
      if (pumping) refreshWanted = true;
      else if (!signal.aborted) setHistory(history);
    } catch (e) {
      if (e instanceof ApiError && e.kind === 'not_found' && !signal.aborted) replace();
      // Other failures: the next change or send brings the history up to date.
    } finally {
      refreshing = false;
    }
    if (refreshWanted && !signal.aborted) void refresh();
  }

  function onTabMessage(message: TabMessage) {
    if (disposed) return;
    const id = message.conversationId;
    if (message.type === 'history-changed') {
      if (id === conversationId.value && status.value === 'ready') void refresh();
      return;
    }
    if (!isUuid(id)) return;
    announced = id;
    if (status.value === 'idle' || blocked === 'assistant' || id === conversationId.value) return;
    // Two tabs that created at once (no locks): storage holds the one that wrote last; all follow it.
    const stored = readId();
    if (stored && stored !== id) return;
    const moved = status.value === 'ready' && conversationId.value !== null;
    newSession(true);
    clearConversation();
    if (moved) notice.value = 'conversation-reset';
    void begin(id);
  }

  const stopTabs = safely(() => deps.tabs.subscribe(onTabMessage)) ?? (() => {});
  const stopNetwork =
    safely(() =>
      deps.network.subscribe((isOnline) => {
        if (!isOnline || disposed) return;
        for (const go of [...onlineWaiters]) go();
        if (status.value === 'error' && !blocked) void start();
      }),
    ) ?? (() => {});

  // ---- the public surface ---------------------------------------------------------------

  function start(): Promise<void> {
    if (disposed || blocked === 'assistant' || status.value === 'ready') return Promise.resolve();
    return loading ?? begin();
  }

  return {
    status,
    error,
    messages: computed(() => [...known.value, ...local.value]),
    conversationId,
    assistantBusy: computed(() => busy.value),
    notice,
    draft,
    start,
    send(text) {
      if (disposed || blocked) return 'unavailable';
      const rejection = checkMessage(text);
      if (rejection) return rejection;
      const now = deps.now();
      if (text === lastSend.text && now - lastSend.at < REPEAT_MS) return null;
      lastSend = { text, at: now };
      outbox.push({ id: deps.newId(), text, status: 'queued' });
      batch(() => {
        sync();
        if (draft.value === text) draft.value = '';
      });
      void pump();
      return null;
    },
    retry(messageId) {
      const item = outbox.find((m) => m.id === messageId && m.status === 'failed');
      if (!item || disposed || blocked === 'assistant') return;
      // A visitor's own retry may try a balance refusal again; nothing retries it automatically.
      if (blocked === 'balance') blocked = null;
      update(item, 'queued');
      void pump();
    },
    async reset() {
      if (disposed || blocked === 'assistant') return;
      const old = conversationId.value ?? readId();
      if (old) forgetId(old);
      announced = null;
      newSession(false);
      clearConversation();
      batch(() => {
        notice.value = null;
        error.value = null;
      });
      await begin();
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
      if (disposed) return;
      disposed = true;
      flushDraft();
      session.abort();
      for (const handle of timers) deps.clearTimer(handle);
      timers.clear();
      onlineWaiters.clear();
      listeners.clear();
      stopDraft();
      stopTabs();
      stopNetwork();
    },
  };
}

function normalizeBase(apiBase: string): string {
  return apiBase.replace(/\/+$/, '');
}

function toChatMessage(id: string, message: WireMessage): ChatMessage {
  return { id, role: message.role, parts: toParts(message), status: 'sent' };
}

function toApiError(e: unknown): ApiError {
  return e instanceof ApiError ? e : new ApiError('unexpected', e instanceof Error ? e.message : String(e));
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
