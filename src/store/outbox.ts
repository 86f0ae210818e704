/**
 * The visitor's messages that are not (known to be) on the server yet, in the order typed. They go
 * out first in, first out: a message never overtakes an earlier one, and a failed message holds the
 * ones after it until the visitor retries or discards it. Every change is saved to the tab's storage,
 * so a reload loses none of them.
 */
import { computed, signal, type ReadonlySignal } from '@preact/signals';
import type { ChatError, ChatMessage } from '../model';
import type { Persistence, StoredItem, StoredOutbox } from './persistence';

/**
 * A message of the outbox, in one of its states, with what that state needs. `snapshot` is the history's
 * length as this tab knew it when the message last went out: set once its request may have reached the server,
 * after which it is never sent again without a look at the history from there first.
 * - `queued`: waiting its turn (or for the browser to be online); with a `snapshot` when it may have reached the
 *   server before (a retry), so it is looked for first;
 * - `sending` (`slow` once it takes long): its request is out;
 * - `checking`: its outcome is unknown, and the history is being read to learn it;
 * - `failed`: not delivered, for the visitor to retry or discard; with a `snapshot` when it may have reached the
 *   server all the same.
 */
export type Outgoing =
  | { readonly id: string; readonly text: string; readonly status: 'queued'; readonly snapshot?: number }
  | { readonly id: string; readonly text: string; readonly status: 'sending' | 'slow' | 'checking'; readonly snapshot: number }
  | { readonly id: string; readonly text: string; readonly status: 'failed'; readonly error: ChatError; readonly snapshot?: number };

/** The outbox: its messages as the UI shows them, and the changes the store makes. */
export interface Outbox {
  /** The messages as the UI shows them (`live`), oldest first. */
  readonly messages: ReadonlySignal<readonly ChatMessage[]>;
  /** True while one of them is out or being checked. */
  readonly inFlight: ReadonlySignal<boolean>;
  readonly items: readonly Outgoing[];
  /** The message that goes next: the first one, unless it failed (then none goes). */
  next(): Outgoing | undefined;
  /** The message `id` as it is now (undefined once it has left the outbox). */
  find(id: string): Outgoing | undefined;
  add(item: Outgoing): void;
  /** Puts `items` before the others (what the last page left). */
  addFirst(items: Outgoing[]): void;
  /** Puts `item` in the place of the message of its id (nothing when that one has left the outbox). */
  set(item: Outgoing): void;
  remove(id: string): void;
  /** Replaces every message. */
  replace(items: Outgoing[]): void;
}

/**
 * Creates an empty outbox saved through `persistence` with the id of the current conversation and of the
 * page (`tab`). Until `pending` is taken (restored once a conversation is open), what the last page left
 * is saved before the new messages, under that page's id, so a second reload loses none of it either.
 */
export function createOutbox(
  persistence: Persistence,
  conversationId: () => string | null,
  pending: () => StoredOutbox | undefined,
  tab: string,
  seen: () => number,
): Outbox {
  const messages = signal<readonly ChatMessage[]>([]);
  let items: Outgoing[] = [];

  function changed(next: Outgoing[]) {
    items = next;
    messages.value = items.map((item) => ({
      id: item.id,
      role: 'user',
      parts: [{ type: 'text', text: item.text }],
      status: item.status,
      ...(item.status === 'failed' && { error: item.error }),
      live: true,
    }));
    const left = pending();
    const kept = items.map(({ id, text, snapshot, status }): StoredItem => ({ id, text, snapshot, failed: status === 'failed' || undefined }));
    persistence.saveOutbox(
      left ? { ...left, items: [...left.items, ...kept] } : { conversationId: conversationId(), tab, seen: seen(), items: kept },
    );
  }

  return {
    messages,
    inFlight: computed(() => messages.value.some(({ status }) => status === 'sending' || status === 'slow' || status === 'checking')),
    get items() {
      return items;
    },
    next() {
      const first = items[0];
      return first?.status === 'failed' ? undefined : first;
    },
    find: (id) => items.find((item) => item.id === id),
    add: (item) => changed([...items, item]),
    addFirst: (first) => changed([...first, ...items]),
    set(item) {
      if (items.some(({ id }) => id === item.id)) changed(items.map((other) => (other.id === item.id ? item : other)));
    },
    remove: (id) => changed(items.filter((item) => item.id !== id)),
    replace: changed,
  };
}
