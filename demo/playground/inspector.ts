/**
 * The raw conversation view's data: the history exactly as `GET {apiBase}/conversations/{id}` returns it,
 * re-read whenever the widget reports a new message. Only the latest read counts.
 */
import { signal, type ReadonlySignal } from '@preact/signals';
import { createApiClient, type FetchLike } from '../../src/api/client';
import { ApiError } from '../../src/api/errors';
import type { WireMessage } from '../../src/api/types';

/** What the raw view shows. `refreshing` keeps the last history on screen while a newer one loads. */
export type InspectorState =
  | { status: 'empty' }
  | { status: 'loading'; conversationId: string }
  | { status: 'ready'; conversationId: string; history: WireMessage[]; refreshing: boolean }
  | { status: 'error'; conversationId: string; message: string };

/** What the inspector needs; `fetch` defaults to the browser's. */
export interface InspectorDeps {
  fetch?: FetchLike;
}

/** The raw conversation view's state and its one action. */
export interface Inspector {
  readonly state: ReadonlySignal<InspectorState>;
  /** Reads the conversation's history (null: nothing to show). Cancels a read still under way. */
  load(apiBase: string, conversationId: string | null): void;
  dispose(): void;
}

/** Creates the raw conversation view's state. */
export function createInspector(deps: InspectorDeps = {}): Inspector {
  const state = signal<InspectorState>({ status: 'empty' });
  let pending: AbortController | null = null;

  function load(apiBase: string, conversationId: string | null): void {
    pending?.abort();
    pending = null;
    if (!conversationId) {
      state.value = { status: 'empty' };
      return;
    }
    const previous = state.peek();
    state.value =
      previous.status === 'ready' && previous.conversationId === conversationId
        ? { ...previous, refreshing: true }
        : { status: 'loading', conversationId };
    const controller = new AbortController();
    pending = controller;
    const client = createApiClient({ baseUrl: apiBase, ...(deps.fetch ? { fetch: deps.fetch } : {}) });
    client.getConversation(conversationId, { signal: controller.signal }).then(
      (history) => {
        if (pending !== controller) return;
        pending = null;
        state.value = { status: 'ready', conversationId, history, refreshing: false };
      },
      (error: unknown) => {
        if (pending !== controller) return;
        pending = null;
        const message = error instanceof ApiError ? error.message : 'The conversation could not be read.';
        state.value = { status: 'error', conversationId, message };
      },
    );
  }

  return {
    state,
    load,
    dispose() {
      pending?.abort();
      pending = null;
    },
  };
}
