import { useMemo } from 'preact/hooks';
import { messageText, type ChatMessage, type FunctionCallPart, type MessageStatus } from '../model';
import type { ConversationStore } from '../store/types';
import { FunctionCallCard } from './FunctionCallCard';
import { Icon, type IconName } from './Icon';
import { renderMarkdown } from './markdown';
import { errorText, type Strings } from './strings';

/** Props of {@link Message}. */
export interface MessageProps {
  message: ChatMessage;
  /** Its Retry calls `store.retry`. */
  store: ConversationStore;
  strings: Strings;
  showFunctionCalls: boolean;
}

/** The icon of a status line; the other states show a spinner. */
const STATUS_ICONS: Partial<Record<MessageStatus, IconName>> = { queued: 'clock', failed: 'alert' };

/**
 * One message: the visitor's as plain text, the assistant's as safe markdown after the cards of the
 * functions it ran. A hidden "You:"/"Assistant:" prefix tells screen-reader users who is speaking.
 * A message that is not simply sent gets a status line: waiting, sending, still working, checking, or
 * failed with the reason, Retry and Discard (which puts the text back in the composer).
 */
export function Message({ message, store, strings, showFunctionCalls }: MessageProps) {
  const { id, role, status, error } = message;
  const user = role === 'user';
  const text = messageText(message);
  const body = useMemo(() => (user ? text : renderMarkdown(text)), [user, text]);
  const calls = showFunctionCalls
    ? message.parts.filter((part): part is FunctionCallPart => part.type === 'function_call')
    : [];
  const icon = STATUS_ICONS[status];
  if (!text.trim() && !calls.length && status === 'sent') return null;
  return (
    <div class={`message from-${role} is-${status}`}>
      <span class="visually-hidden">{user ? strings.you : strings.assistant}: </span>
      {calls.map((part, index) => (
        <FunctionCallCard key={index} id={`${id}-${index}`} part={part} strings={strings} />
      ))}
      {text.trim() && (
        <div class="bubble" dir="auto">
          {body}
        </div>
      )}
      {status !== 'sent' && (
        // Keyed by status, so each new state is a new node that the live log announces once.
        <p key={status} class={`message-status is-${status}`}>
          {icon ? <Icon name={icon} /> : <span class="spinner" aria-hidden="true" />}
          <span>
            {strings[status]}
            {status === 'failed' && (
              <>
                {error && ` ${errorText(error.kind, strings)}`}{' '}
                {(error?.retryable ?? true) && (
                  <button type="button" class="text-button" onClick={() => store.retry(id)}>
                    {strings.retry}
                  </button>
                )}{' '}
                <button type="button" class="text-button" onClick={() => store.discard(id)}>
                  {strings.discard}
                </button>
              </>
            )}
          </span>
        </p>
      )}
    </div>
  );
}
