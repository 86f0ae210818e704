import { useComputed } from '@preact/signals';
import type { ConversationStore } from '../store/types';
import { blockedText } from './Composer';
import { Icon } from './Icon';
import { errorText, type Strings } from './strings';

/** Props of {@link StatusBanner}. */
export interface StatusBannerProps {
  store: ConversationStore;
  strings: Strings;
}

/**
 * What the visitor should know about the conversation's state, never an empty panel: "Connecting…" while
 * it opens (announced once, by the panel), that it is trying again when opening runs into trouble, and, when it cannot
 * open or messages are refused, why, in words chosen by the kind of trouble, with Retry where trying again
 * can help and a way to start a new conversation where the old one cannot be read.
 */
export function StatusBanner({ store, strings }: StatusBannerProps) {
  const state = store.state.value;
  // (A computed: the banner draws again when the conversation becomes empty or not, not at every message.)
  const empty = useComputed(() => store.messages.value.length === 0).value;
  switch (state.type) {
    case 'idle':
      return null;
    case 'connecting':
      // (Said to screen readers by the panel's live region. The quiet line shows after a moment: a quick open
      // does not flash it.)
      return state.trouble ? <p class="connecting">{strings.retrying}</p> : !empty ? null : <p class="connecting is-quiet">{strings.connecting}</p>;
    case 'ready':
      // Sending held up for every message (a rate limit), or a reply overdue.
      return state.trouble ? <Alert text={errorText(state.trouble.kind, strings)} /> : null;
    case 'failed':
      return (
        <Alert text={errorText(state.error.kind, strings)}>
          <button type="button" class="text-button" onClick={() => void store.start()}>
            {strings.retry}
          </button>{' '}
          <button type="button" class="text-button" onClick={() => void store.reset()}>
            {strings.newConversation}
          </button>
        </Alert>
      );
    case 'blocked':
      return (
        <Alert text={blockedText(state.reason, strings)}>
          {state.error.retryable && (
            <button type="button" class="text-button" onClick={() => void store.start()}>
              {strings.retry}
            </button>
          )}
        </Alert>
      );
    default:
      return state satisfies never;
  }
}

/** An error in words, with the actions that can help after them (on the same line while there is room). */
function Alert({ text, children }: { text: string; children?: preact.ComponentChildren }) {
  return (
    <div class="error-banner" role="alert">
      <Icon name="alert" />
      <p>
        {text}
        {children && <> {children}</>}
      </p>
    </div>
  );
}
