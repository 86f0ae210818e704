/**
 * A ConversationStore made of plain signals, for UI tests: the test writes the signals to put the UI
 * in any state, and reads `calls` to see which actions the UI took. No network, no timers.
 */
import { signal, type Signal } from '@preact/signals';
import type { JsonObject } from '../../src/api/types';
import type { ChatError, ChatMessage, ChatNotice, FunctionCallPart, MessageStatus } from '../../src/model';
import type { ConversationStore, SendRejection, StoreEvent, StoreState } from '../../src/store/types';

/** The fake: every signal writable, every action recorded. */
export interface FakeStore extends ConversationStore {
  readonly state: Signal<StoreState>;
  readonly messages: Signal<readonly ChatMessage[]>;
  readonly conversationId: Signal<string | null>;
  readonly assistantBusy: Signal<boolean>;
  readonly notice: Signal<ChatNotice | null>;
  /** What the UI asked for, in order. */
  readonly calls: {
    start: number;
    prepare: number;
    send: string[];
    retry: string[];
    discard: string[];
    reset: number;
    dismissNotice: number;
    setVariables: unknown[];
  };
  /** When set, `send` returns this instead of deciding like the real store. */
  sendResult: SendRejection | null | undefined;
  /** Appends messages (as the real store does when replies arrive). */
  push(...messages: ChatMessage[]): void;
  /** Emits a store event to listeners. */
  emit(event: StoreEvent): void;
}

let counter = 0;

/** A visitor message. */
export function userMessage(text: string, status: MessageStatus = 'sent', error?: ChatError): ChatMessage {
  return { id: `m${++counter}`, role: 'user', parts: [{ type: 'text', text }], status, ...(error ? { error } : {}) };
}

/**
 * An assistant message, with optional function calls before its text. A call's `state` is what the
 * test says (default `success`), never computed: the UI is tested against stated expectations.
 */
export function assistantMessage(
  text: string,
  calls: { name: string; arguments?: JsonObject; result?: JsonObject; state?: FunctionCallPart['state'] }[] = [],
): ChatMessage {
  return {
    id: `m${++counter}`,
    role: 'assistant',
    status: 'sent',
    parts: [
      ...calls.map((call) => ({
        type: 'function_call' as const,
        name: call.name,
        arguments: call.arguments ?? {},
        result: call.result ?? {},
        state: call.state ?? ('success' as const),
      })),
      ...(text ? [{ type: 'text' as const, text }] : []),
    ],
  };
}

/** A fresh fake store, optionally with some messages already there. */
export function createFakeStore(initial: readonly ChatMessage[] = []): FakeStore {
  const listeners = new Set<(event: StoreEvent) => void>();
  const store: FakeStore = {
    state: signal<StoreState>({ type: 'ready' }),
    messages: signal<readonly ChatMessage[]>(initial),
    conversationId: signal<string | null>(null),
    assistantBusy: signal(false),
    notice: signal<ChatNotice | null>(null),
    draft: signal(''),
    calls: { start: 0, prepare: 0, send: [], retry: [], discard: [], reset: 0, dismissNotice: 0, setVariables: [] },
    sendResult: undefined,
    async start() {
      store.calls.start++;
    },
    send(text: string) {
      store.calls.send.push(text);
      if (store.sendResult !== undefined) return store.sendResult;
      if (!text.trim()) return 'empty';
      if (text.length > 2000) return 'too-long';
      store.push(userMessage(text, 'sending'));
      return null;
    },
    hasConversation: () => store.conversationId.value !== null,
    async prepare() {
      store.calls.prepare++;
    },
    retry(id: string) {
      store.calls.retry.push(id);
    },
    discard(id: string) {
      store.calls.discard.push(id);
    },
    async reset() {
      store.calls.reset++;
      store.messages.value = [];
    },
    setVariables(variables) {
      store.calls.setVariables.push(variables);
    },
    dismissNotice() {
      store.calls.dismissNotice++;
      store.notice.value = null;
    },
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      listeners.clear();
    },
    push(...messages) {
      store.messages.value = [...store.messages.value, ...messages];
    },
    emit(event) {
      for (const listener of listeners) listener(event);
    },
  };
  return store;
}
