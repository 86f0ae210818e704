import { useContext, useEffect } from 'preact/hooks';
import { messageText, type ChatMessage, type FunctionCallPart, type MessageStatus } from '../model';
import type { ConversationStore } from '../store/types';
import { ChunksContext } from './chunks';
import { Guard } from './Guard';
import { Icon, type IconName } from './Icon';
import { Markdown } from './Markdown';
import { renderPlainText } from './plain-text';
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
 * An assistant's text as markdown, inside a guard of its own: should the renderer throw (a bug meeting an odd
 * reply) or rendering its output fail, this one message falls back to plain text, and the rest of the chat, the
 * history after a reload included, renders as usual.
 */
function AssistantText({ text, strings }: { text: string; strings: Strings }) {
  return (
    <Guard fallback={renderPlainText(text, strings)}>
      <Markdown text={text} strings={strings} />
    </Guard>
  );
}

/** Props of {@link Calls}. */
interface CallsProps {
  calls: FunctionCallPart[];
  id: string;
  strings: Strings;
}

/** The cards of the functions a reply ran, once their chunk has arrived (it is asked for here). */
function Calls(props: CallsProps) {
  const cards = useContext(ChunksContext).cards;
  const module = cards.module.value;
  useEffect(() => cards.load(), [cards]);
  return module && <module.FunctionCalls {...props} />;
}

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
  const calls = showFunctionCalls ? message.parts.filter((part): part is FunctionCallPart => part.type === 'function_call') : [];
  const icon = STATUS_ICONS[status];
  if (!text.trim() && !calls.length && status === 'sent') return null;
  return (
    <div class={`message from-${role} is-${status}`}>
      <span class="visually-hidden">{user ? strings.you : strings.assistant}: </span>
      {calls.length > 0 && <Calls calls={calls} id={id} strings={strings} />}
      {text.trim() && (
        <div class="bubble" dir="auto">
          {user ? text : <AssistantText text={text} strings={strings} />}
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
