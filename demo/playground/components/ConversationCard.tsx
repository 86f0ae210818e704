/**
 * The raw conversation: the JSON history the API returns for the widget's conversation, pretty-printed
 * as text, so an owner can see exactly what the assistant's tools received and returned.
 */
import type { InspectorState } from '../inspector';
import type { Playground } from '../state';
import { JsonText } from './JsonText';

/** The history as JSON text, with the request it came from and a Refresh button. */
export function ConversationCard({ pg }: { pg: Playground }) {
  const state = pg.inspector.state.value;
  const apiBase = pg.mountOptions.value?.apiBase ?? pg.settings.value.apiBase;
  const id = state.status === 'empty' ? null : state.conversationId;
  return (
    <section class="card conversation" id="conversation" aria-labelledby="conversation-title">
      <div class="card__head">
        <h2 class="card__title" id="conversation-title">
          Raw conversation
        </h2>
        <button type="button" class="button button--small button--ghost" disabled={id === null} onClick={() => pg.refreshConversation()}>
          Refresh
        </button>
      </div>
      <p class="card__text">
        The history exactly as the API returns it, re-read after every message: see what each tool was called with and what it returned.
      </p>
      {id ? (
        <p class="conversation__request">
          <span class="method">GET</span>
          <code>
            {apiBase.replace(/\/+$/, '')}/conversations/{id}
          </code>
        </p>
      ) : null}
      <Body state={state} />
    </section>
  );
}

function Body({ state }: { state: InspectorState }) {
  switch (state.status) {
    case 'empty':
      return <p class="empty-state">Open the chat in the preview (or run a scenario) to start a conversation; its history shows up here.</p>;
    case 'loading':
      return (
        <p class="empty-state" role="status">
          Loading the conversation…
        </p>
      );
    case 'error':
      return (
        <p class="callout callout--error" role="alert">
          Could not read the conversation: {state.message}
        </p>
      );
    case 'ready':
      return (
        <>
          <p class="conversation__meta" role="status">
            {state.refreshing ? 'Refreshing…' : `${state.history.length} message${state.history.length === 1 ? '' : 's'}`}
          </p>
          <pre class="code__body conversation__json" data-testid="raw-conversation" tabIndex={0}>
            <JsonText value={{ status: true, history: state.history }} />
          </pre>
        </>
      );
    default: {
      const never: never = state;
      return never;
    }
  }
}
