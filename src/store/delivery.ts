/**
 * Delivering the outbox: one message at a time, in the order typed, each posted at most once. A send
 * whose outcome is unknown (no answer, a 5xx, an answer of the wrong shape) is settled by reading the
 * history (./reconcile.ts); so is every retry of a message the server may have taken. Only refusals
 * that surely were not processed (429, 404, 422, insufficient balance) let a message go again unchecked.
 */
import { Signal, type ReadonlySignal } from '@preact/signals';
import { isTransient, sendOutcome, type ApiError } from '../api/errors';
import type { Reply } from '../api/client';
import type { WireMessage } from '../api/types';
import type { ChatError } from '../model';
import { NOT_SENT, toApiError, type Core } from './core';
import type { Outgoing } from './outbox';
import { reconcile, type Verdict } from './reconcile';
import { toChatError } from './state';
import { backoffDelay, sleep, whenOnline } from './waits';

/** A verdict that finds the message on the server. */
type Landed = Exclude<Verdict, { outcome: 'not-landed' }>;

/** The delivery of a store. */
export interface Delivery {
  /** A message is on the server and its reply is awaited (the delivery reads the history for it). */
  readonly awaitingReply: ReadonlySignal<boolean>;
  /** Sends what waits and catches up with other tabs' changes, while the store is `ready`; one run per session. */
  pump(): Promise<void>;
  /** Another tab added messages: the history is read once the delivery is free. */
  refreshSoon(): void;
  /** Forgets what it knew of the conversation left (the store moves to another): it awaits no reply there. */
  reset(): void;
  /**
   * Takes from the outbox each message shown as not sent that `wire` holds all the same (another tab sent
   * its copy, see restoreOutbox): the history shows it, once.
   */
  dropLanded(wire: readonly WireMessage[]): void;
}

/** Creates the delivery; `conversationGone` replaces a conversation the server no longer knows. */
export function createDelivery(core: Core, hooks: { conversationGone(): void }): Delivery {
  const { deps, outbox, history } = core;
  const awaitingReply = new Signal(false);
  /** The session whose pump runs. */
  let pumping: AbortSignal | null = null;
  /** Another tab changed the history. */
  let refreshWanted = false;
  /** A reply was given up on: the next reply reads the whole history to catch up. */
  let behind = false;
  /** The trouble this delivery shows (a rate limit, a late reply), to clear only its own. */
  let shown: ChatError | undefined;

  function show(trouble: ChatError | undefined) {
    if (trouble) {
      shown = trouble;
      core.setTrouble(trouble);
    } else if (shown) {
      const current = core.state.value;
      if (current.type === 'ready' && current.trouble === shown) core.setTrouble(undefined);
      shown = undefined;
    }
  }

  /** One read of the history, once online and past any rate limit (shown meanwhile). */
  const readHistory = (signal: AbortSignal) =>
    core.request((signal) => deps.client.getConversation(core.conversationId.value!, { signal }), signal, {
      attempts: 1,
      // Offline, the messages show as waiting; a rate limit holds up every message, so it is the state's.
      onTrouble: (trouble) => (trouble === undefined || trouble.kind === 'rate_limited' ? show(trouble) : undefined),
    });

  async function pump(): Promise<void> {
    const signal = core.session();
    if (pumping === signal) return;
    pumping = signal;
    try {
      while (!signal.aborted && core.state.value.type === 'ready') {
        const item = outbox.next();
        if (item) {
          if (deps.network.isOnline()) await deliver(item, signal);
          else if (!(await whenOnline(deps.network, signal))) return;
        } else if (refreshWanted) {
          refreshWanted = false;
          await refresh(signal);
        } else {
          return;
        }
      }
    } finally {
      if (pumping === signal) pumping = null;
    }
  }

  function dropLanded(wire: readonly WireMessage[]) {
    for (const item of outbox.items) {
      if (
        item.status === 'failed' &&
        item.snapshot !== undefined &&
        reconcile({ snapshot: item.snapshot, history: wire, text: item.text }).outcome !== 'not-landed'
      ) {
        outbox.remove(item.id);
      }
    }
  }

  async function refresh(signal: AbortSignal) {
    const read = await readHistory(signal);
    if (read.type === 'done') {
      history.update(read.value);
      dropLanded(read.value);
    }
    // Other failures: the next change or send brings the history up to date.
    else if (read.type === 'failed' && read.error.kind === 'not_found') hooks.conversationGone();
  }

  async function deliver(item: Outgoing, signal: AbortSignal): Promise<void> {
    if (item.snapshot !== undefined) {
      // Restored after a reload while it was out (`checking`: its request may still be on its way, so a
      // history without it is not final at once), or a retry of a message the server may have taken.
      const settled = await settle(
        { ...item, status: 'checking', snapshot: item.snapshot },
        signal,
        item.status === 'checking' ? NOT_SENT : undefined,
      );
      if (settled) return;
    }
    const sending: Outgoing = { id: item.id, text: item.text, status: 'sending', snapshot: history.wire.length };
    outbox.set(sending);
    const slow = deps.setTimer(() => outbox.set({ ...sending, status: 'slow' }), core.options.slowAfterMs);
    let reply: Reply | undefined;
    let error: ApiError | undefined;
    try {
      reply = await deps.client.sendMessage(core.conversationId.value!, item.text, { signal });
    } catch (e) {
      error = toApiError(e);
    }
    deps.clearTimer(slow);
    if (signal.aborted) return;
    if (!reply) return failed(sending, error!, signal);
    const index = history.wire.length;
    const { message, functionCalls } = reply;
    history.update([...history.wire, { role: 'user', content: item.text }, { role: 'assistant', content: message, function_calls: functionCalls }], {
      index,
      id: item.id,
    });
    landed(item, index, index + 1);
  }

  /** What a failed send of `sent` (which went out at its `snapshot`) means for its message. */
  async function failed(sent: Outgoing & { snapshot: number }, error: ApiError, signal: AbortSignal): Promise<void> {
    const chatError = toChatError(error, error.kind !== 'validation');
    const outcome = sendOutcome(error);
    // A proxy's timeout or 5xx may hide a server still at work: read the history patiently.
    if (outcome === 'unknown') {
      await settle({ ...sent, status: 'checking' }, signal, chatError);
      return;
    }
    // Surely not processed: it may go again unchecked. Otherwise its retry looks first.
    const { id, text } = sent;
    const lookFrom = outcome === 'refused' ? {} : { snapshot: sent.snapshot };
    switch (error.kind) {
      case 'rate_limited': {
        // Waits as told (with the time shown), then the pump sends it again.
        outbox.set({ id, text, status: 'queued', ...lookFrom });
        const wait = error.retryAfterMs ?? core.options.backoff.initialMs;
        show({ ...chatError, retryable: false, retryAt: deps.now() + wait });
        if (await sleep(deps, wait, signal)) show(undefined);
        return;
      }
      case 'not_found':
        // It goes to the conversation that replaces this one.
        outbox.set({ id, text, status: 'queued', ...lookFrom });
        hooks.conversationGone();
        return;
      case 'insufficient_balance':
        // Told once, as the store's state.
        outbox.set({ id, text, status: 'failed', error: chatError, ...lookFrom });
        core.halt(error);
        return;
      default:
        // Refused as invalid (its retry goes straight out), or answered with an error (its retry looks first).
        core.fail({ id, text, status: 'failed', error: chatError, ...lookFrom });
    }
  }

  /**
   * Reads the history to learn whether `item` reached the server, with back-off while its reply is
   * missing. False when a read shows it surely is not there (send it); true when it is (shown, and no
   * longer in the outbox), or when it cannot be told (the message is then marked failed; a retry
   * looks again first). `fallback`: the request may still be on its way, so a history without it is
   * read again with back-off, and the message fails with `fallback` if it never shows.
   */
  async function settle(item: Outgoing & { status: 'checking' }, signal: AbortSignal, fallback?: ChatError): Promise<boolean> {
    outbox.set(item);
    const { backoff } = core.options;
    let reason = fallback ?? NOT_SENT;
    let onServer = false;

    /** Shows `wire`, which holds `item` as `verdict` says; true once its reply is there too. */
    function found(wire: readonly WireMessage[], verdict: Landed): boolean {
      history.update(wire, { index: verdict.index, id: item.id });
      if (!onServer) {
        // On the server: shown as sent, the assistant still at work until its reply shows.
        onServer = true;
        awaitingReply.value = true;
        landed(item, verdict.index);
      }
      if (verdict.outcome !== 'landed-with-reply') return false;
      awaitingReply.value = false;
      announce(verdict.replyIndex);
      return true;
    }

    // The history shown may hold it already (after a reload, the opening has just read it): it then
    // never shows twice, not even until the next read.
    const known = reconcile({ snapshot: item.snapshot, history: history.wire, text: item.text });
    if (known.outcome !== 'not-landed' && found(history.wire, known)) return true;

    for (let attempt = 1; attempt <= backoff.attempts; attempt++) {
      if (attempt > 1 && !(await sleep(deps, backoffDelay(backoff, attempt - 1), signal))) return true;
      const read = await readHistory(signal);
      if (read.type === 'abandoned') return true;
      if (read.type === 'failed') {
        if (read.error.kind === 'not_found') {
          hooks.conversationGone();
          return true;
        }
        reason = toChatError(read.error, true);
        if (isTransient(read.error)) continue;
        if (read.error.kind === 'not_api') core.halt(read.error);
        break;
      }
      const verdict = reconcile({ snapshot: item.snapshot, history: read.value, text: item.text });
      if (verdict.outcome === 'not-landed') {
        // Once seen on the server, a message stays there: an odd read changes nothing.
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- set by found()
        if (onServer) continue;
        history.update(read.value);
        if (!fallback) return false;
        continue;
      }
      if (found(read.value, verdict)) return true;
    }
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- set by found()
    if (onServer) {
      awaitingReply.value = false;
      behind = true;
      const late: ChatError = { kind: 'timeout', detail: 'No reply yet.', retryable: false };
      show(late);
      core.emit({ type: 'error', error: late });
    } else {
      core.fail({ id: item.id, text: item.text, status: 'failed', error: reason, snapshot: item.snapshot });
    }
    return true;
  }

  /** The history (already shown) holds `item` at `indexes[0]`: it leaves the outbox, and its news goes out. */
  function landed(item: Outgoing, ...indexes: number[]) {
    outbox.remove(item.id);
    announce(...indexes);
  }

  /** Tells the host page of the messages at `indexes` (new here), and the other tabs that the history changed. */
  function announce(...indexes: number[]) {
    for (const index of indexes) {
      const message = history.messages.value[index]!;
      core.emit({ type: 'message', message });
      if (message.role === 'assistant') {
        show(undefined);
        refreshWanted ||= behind;
        behind = false;
      }
    }
    deps.tabs.post({ type: 'history-changed', conversationId: core.conversationId.value! });
  }

  return {
    awaitingReply,
    pump,
    dropLanded,
    refreshSoon() {
      refreshWanted = true;
      void pump();
    },
    reset() {
      refreshWanted = false;
      behind = false;
      shown = undefined;
      awaitingReply.value = false;
    },
  };
}
