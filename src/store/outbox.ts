/**
 * The visitor's messages that are not (known to be) on the server yet, in the order typed. They go
 * out first in, first out: a message never overtakes an earlier one, and a failed message holds the
 * ones after it until the visitor retries or discards it. Every change is saved to the tab's storage,
 * so a reload loses none of them.
 */
import { computed, signal, type ReadonlySignal } from '@preact/signals';
import type { ChatError, ChatMessage, MessageStatus } from '../model';
import type { Persistence, StoredItem, StoredOutbox } from './persistence';

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

/** The outbox: its messages as the UI shows them, and the changes the store makes. */
export interface Outbox {
  /** The messages as the UI shows them (`live`), oldest first. */
  readonly messages: ReadonlySignal<readonly ChatMessage[]>;
  /** True while one of them is out or being checked. */
  readonly inFlight: ReadonlySignal<boolean>;
  readonly items: readonly Outgoing[];
  /** The message that goes next: the first one, unless it failed (then none goes). */
  next(): Outgoing | undefined;
  find(id: string): Outgoing | undefined;
  add(item: Outgoing): void;
  /** Puts `items` before the others (what the last page left). */
  addFirst(items: Outgoing[]): void;
  update(item: Outgoing, status: MessageStatus, error?: ChatError): void;
  remove(item: Outgoing): void;
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

  function changed() {
    messages.value = items.map(({ id, text, status, error }) => ({
      id,
      role: 'user',
      parts: [{ type: 'text', text }],
      status,
      ...(error && { error }),
      live: true,
    }));
    const left = pending();
    const kept = items.map(({ id, text, snapshot, status }): StoredItem => ({ id, text, snapshot, failed: status === 'failed' || undefined }));
    persistence.saveOutbox(left ? { ...left, items: [...left.items, ...kept] } : { conversationId: conversationId(), tab, seen: seen(), items: kept });
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
    add(item) {
      items.push(item);
      changed();
    },
    addFirst(first) {
      items = [...first, ...items];
      changed();
    },
    update(item, status, error) {
      item.status = status;
      item.error = error;
      changed();
    },
    remove(item) {
      items = items.filter((other) => other !== item);
      changed();
    },
    replace(next) {
      items = next;
      changed();
    },
  };
}
