/**
 * The server's history of the open conversation, as the UI sees it. A history only grows, so a
 * message keeps its id (and its object) by position from one read to the next; its parts are made
 * from the wire message the first time something reads them, so opening a long conversation costs
 * next to nothing until it is shown.
 */
import { signal, type ReadonlySignal } from '@preact/signals';
import type { WireMessage } from '../api/types';
import { toParts, type ChatMessage, type MessagePart } from '../model';

/** The history shown, and the ways it changes. */
export interface ShownHistory {
  /** The history's messages, oldest first, all `sent`. */
  readonly messages: ReadonlySignal<readonly ChatMessage[]>;
  /** The wire history as last read or extended. */
  readonly wire: readonly WireMessage[];
  /** Shows a conversation just opened: `history` is what it held then (none of it `live`). */
  open(history: readonly WireMessage[]): void;
  /**
   * Shows a later state of the same conversation (a read, or a send and its reply): what is new is `live`.
   * `adopt` gives the message at `index` the id of the local message it was, so the UI keeps its node.
   */
  update(history: readonly WireMessage[], adopt?: { index: number; id: string }): void;
  /** Shows nothing (between two conversations). */
  clear(): void;
}

/** Creates an empty history; `newId` names each message the first time it is seen. */
export function createShownHistory(newId: () => string): ShownHistory {
  const messages = signal<readonly ChatMessage[]>([]);
  let wire: readonly WireMessage[] = [];
  let ids: string[] = [];
  /** How many messages the conversation had when it was opened here. */
  let opened = 0;

  function show(history: readonly WireMessage[], adopt?: { index: number; id: string }) {
    if (adopt) ids[adopt.index] = adopt.id;
    const before = messages.value;
    const next: ChatMessage[] = [];
    for (let i = 0; i < history.length; i++) {
      const message = history[i]!;
      const id = (ids[i] ??= newId());
      const kept = before[i];
      next.push(kept && kept.id === id && sameMessage(wire[i], message) ? kept : toMessage(id, message, i >= opened));
    }
    wire = history;
    messages.value = next;
  }

  return {
    messages,
    get wire() {
      return wire;
    },
    open(history) {
      // New ids: nothing shown before is taken for this conversation's messages.
      ids = [];
      opened = history.length;
      show(history);
    },
    update: show,
    clear() {
      ids = [];
      wire = [];
      opened = 0;
      messages.value = [];
    },
  };
}

/** Same role, text and number of function calls: the same message seen again. */
function sameMessage(before: WireMessage | undefined, after: WireMessage): boolean {
  return (
    before !== undefined &&
    before.role === after.role &&
    before.content === after.content &&
    (before.function_calls?.length ?? 0) === (after.function_calls?.length ?? 0)
  );
}

/** A history message whose parts are made on first read. */
function toMessage(id: string, message: WireMessage, live: boolean): ChatMessage {
  let parts: MessagePart[] | undefined;
  return {
    id,
    role: message.role,
    status: 'sent',
    ...(live && { live }),
    get parts() {
      return (parts ??= toParts(message));
    },
  };
}
