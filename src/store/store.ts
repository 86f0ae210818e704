/**
 * The conversation store: the widget's state as signals, and the actions the UI calls. It keeps two
 * promises: nothing the visitor typed is lost, and no message is billed twice (a send of unknown
 * outcome is settled by reading the history, see ./delivery.ts).
 *
 * It is made of parts that each hold one job: the opener (./opener.ts: resume, create, replace), the
 * delivery (./delivery.ts: the outbox in order, at most once), the draft (./draft.ts) and the
 * persistence (./persistence.ts) they share through the core (./core.ts). This file wires them to the
 * other tabs, the network and the page, and holds the public surface.
 */
import { batch, computed } from '@preact/signals';
import { checkMessage, visibleText, wellFormed } from '../api/message-text';
import type { ChatNotice } from '../model';
import { createCore, NOT_SENT } from './core';
import { createDelivery } from './delivery';
import { createDraft } from './draft';
import { createOpener, type OpenMode } from './opener';
import type { Outgoing } from './outbox';
import { isBlocked, isBlockedForGood } from './state';
import type { ConversationStore, StoreDeps, StoreOptions } from './types';

/**
 * Creates a conversation store. Reads storage (the draft, unsent messages) at once but makes no request
 * until `prepare()`, `start()` or `send()`.
 */
export function createConversationStore(options: StoreOptions, deps: StoreDeps): ConversationStore {
  const core = createCore(options, deps);
  const { state, outbox, history } = core;
  const opener = createOpener(core);
  const delivery = createDelivery(core, {
    conversationGone() {
      core.forgetId(core.conversationId.value!);
      void restart(true, 'conversation-replaced');
    },
  });
  const draft = createDraft(core.persistence, deps);
  if (draft.trimmed) core.note('draft-trimmed');

  /** The latest opening (in flight while `connecting`), and whether it was only a `prepare`. */
  let loading: Promise<void> = Promise.resolve();
  let preparing = false;
  let lastSend = { text: '', at: -Infinity };

  function begin(mode: OpenMode): Promise<void> {
    preparing = mode === 'prepare';
    loading = opener.open(mode).then(() => {
      // A prepare that found messages the last page left carries on as an opening would: they must
      // still go out, whether or not the visitor opens the chat.
      if (mode === 'start' || core.leftovers.pending) return whenOpen();
    });
    return loading;
  }

  /**
   * Once the conversation is open: what the last page left is restored, and what waits is sent. As one
   * change: a restored message the history shown already holds is taken from the outbox before anything
   * shows it twice.
   */
  function whenOpen(): Promise<void> | void {
    // (With something left, once it is known whether this page took over the last.)
    if (core.leftovers.pending) return core.leftovers.owned.then(carryOn);
    carryOn(false);
  }

  function carryOn(owned: boolean) {
    if (state.value.type !== 'ready') return;
    batch(() => {
      restoreOutbox(owned);
      void delivery.pump();
    });
  }

  /**
   * After a reload, what the last page left for this conversation goes on as it would have there: a
   * message that may have reached the server is looked for in the history (never resent unchecked), and
   * one still waiting to leave is sent, once this page has taken over from the last (`owned`: not when
   * that page lives on in another tab that may send it, see Core.leftoverOwned). Left before the
   * conversation was created, it was meant for the one that opens now. A message that had failed, or was
   * written to another conversation, or that this page may not send, comes back failed, for the visitor
   * to send again or discard; one of this conversation that this page may not send, because the other
   * tab may (a duplicated tab's copy), is looked for past what was read now before its retry sends it.
   */
  function restoreOutbox(owned: boolean) {
    const left = core.leftovers.take();
    if (!left) return;
    const same = left.conversationId === core.conversationId.value;
    const sendable = owned && (same || left.conversationId === null);
    const restored = left.items.map(({ id, text, snapshot, failed }): Outgoing => {
      if (!failed && same && snapshot !== undefined) return { id, text, status: 'checking', snapshot };
      if (!failed && sendable && snapshot === undefined) return { id, text, status: 'queued' };
      // Its retry looks for it first where it may have landed: where its send began (one that had failed is
      // not looked for before the visitor asks), or, still waiting to go when the page left it yet not this
      // page's to send (the other tab may: a duplicated tab's copy), past what that tab had seen.
      return { id, text, status: 'failed', error: NOT_SENT, ...(same && { snapshot: failed ? snapshot : left.seen }) };
    });
    outbox.addFirst(restored);
    // (One the other tab has sent already shows once, from the history.)
    delivery.dropLanded(history.wire);
  }

  /** Gives texts the visitor typed back to the draft (at its end, each on a line of its own), saved at once. */
  function toDraft(texts: string[]) {
    draft.text.value = [draft.text.value, ...texts].filter(Boolean).join('\n');
    draft.flush();
  }

  /**
   * Abandons every flow of the current conversation and opens the stored one (or a new one). With `keep`,
   * messages that never left wait for the next conversation and the others (which belong to the old
   * one) are offered again; without, the texts of messages not sent go back to the draft.
   */
  function restart(keep: boolean, note: ChatNotice | null): Promise<void> {
    core.endSession();
    delivery.reset();
    const items = outbox.items;
    if (keep) {
      outbox.replace(
        items.map((item): Outgoing =>
          item.status === 'queued' && item.snapshot === undefined
            ? { id: item.id, text: item.text, status: 'queued' }
            : { id: item.id, text: item.text, status: 'failed', error: item.status === 'failed' ? item.error : NOT_SENT },
        ),
      );
    } else {
      toDraft(items.filter(({ status }) => status === 'queued' || status === 'failed').map(({ text }) => text));
      outbox.replace([]);
    }
    core.leave(note);
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

  const stopTabs = deps.tabs.subscribe((news) => {
    if (news.type === 'history-changed') {
      if (news.conversationId === core.conversationId.value) delivery.refreshSoon();
      return;
    }
    // A tab follows the conversation another announced (a `conversation` message) once storage holds it,
    // which may be only at a later change of storage (`storage`, which announces nothing new). Two tabs
    // that created at once (no locks): storage holds the one that wrote last; all follow it.
    const id = core.heard(news.conversationId);
    const current = state.value;
    if (id && current.type !== 'idle' && !isBlockedForGood(current) && id !== core.conversationId.value && core.readId() === id) {
      void restart(true, current.type === 'ready' ? 'conversation-reset' : core.notice.peek());
    }
  });
  const stopNetwork = deps.network.subscribe((online) => {
    if (online && state.value.type === 'failed') void start();
  });
  const stopLifecycle = deps.lifecycle.subscribe(draft.flush);

  return {
    state,
    messages: computed(() => [...history.messages.value, ...outbox.messages.value]),
    conversationId: core.conversationId,
    assistantBusy: computed(() => outbox.inFlight.value || delivery.awaitingReply.value),
    notice: core.notice,
    draft: draft.text,
    start,
    async prepare() {
      if (state.value.type === 'connecting') return loading;
      if (state.value.type !== 'idle' || !core.readId()) return;
      return begin('prepare');
    },
    hasConversation: () => core.conversationId.value !== null || core.readId() !== null,
    send(text) {
      // What the visitor cannot see of a pasted text does not go to the assistant (see visibleText).
      const clean = visibleText(wellFormed(text));
      const now = deps.now();
      const rejection = isBlocked(state.value) ? 'unavailable' : checkMessage(clean);
      // The same text again within a second is the same send (double Enter, double click, key repeat).
      if (rejection || (clean === lastSend.text && now - lastSend.at < 1000)) return rejection;
      lastSend = { text: clean, at: now };
      outbox.add({ id: deps.newId(), text: clean, status: 'queued' });
      if (draft.text.value === text) draft.text.value = '';
      void start();
      return null;
    },
    retry(messageId) {
      const item = outbox.find(messageId);
      if (item?.status !== 'failed' || isBlockedForGood(state.value)) return;
      // A visitor's own retry may try a balance refusal again (start() reopens); nothing retries it by itself.
      // (One that may have reached the server keeps where to look for it first.)
      outbox.set({ id: item.id, text: item.text, status: 'queued', ...(item.snapshot !== undefined && { snapshot: item.snapshot }) });
      void start();
    },
    discard(messageId) {
      const item = outbox.find(messageId);
      if (item?.status !== 'failed') return;
      outbox.remove(item.id);
      toDraft([item.text]);
      void delivery.pump();
    },
    async reset() {
      if (isBlockedForGood(state.value)) return;
      const id = core.conversationId.value ?? core.readId();
      if (id) core.forgetId(id);
      core.forgetAnnounced();
      await restart(false, null);
    },
    setVariables(variables) {
      core.setVariables(variables);
    },
    dismissNotice() {
      core.note(null);
    },
    on(listener) {
      core.listeners.add(listener);
      return () => core.listeners.delete(listener);
    },
    dispose() {
      draft.flush();
      draft.dispose();
      core.endSession();
      core.listeners.clear();
      core.close();
      stopTabs();
      stopNetwork();
      stopLifecycle();
      core.releaseClaims();
    },
  };
}
