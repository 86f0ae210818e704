import { useMemo } from 'preact/hooks';
import { messageText, type ChatMessage, type FunctionCallPart } from '../model';
import { FunctionCallCard } from './FunctionCallCard';
import { renderMarkdown } from './markdown';
import { MessageMeta } from './MessageMeta';
import type { Strings } from './strings';

/** Props of {@link Message}. */
export interface MessageProps {
  message: ChatMessage;
  strings: Strings;
  showFunctionCalls: boolean;
  onRetry: (messageId: string) => void;
}

/**
 * One message: the visitor's as plain text, the assistant's as safe markdown after the cards of the
 * functions it ran. A hidden "You:"/"Assistant:" prefix tells screen-reader users who is speaking.
 */
export function Message({ message, strings, showFunctionCalls, onRetry }: MessageProps) {
  const user = message.role === 'user';
  const text = messageText(message);
  const body = useMemo(() => (user ? text : renderMarkdown(text)), [user, text]);
  const calls = showFunctionCalls
    ? message.parts.filter((part): part is FunctionCallPart => part.type === 'function_call')
    : [];
  if (!text.trim() && !calls.length && message.status === 'sent') return null;
  return (
    <div class={`msg ${message.role} ${message.status}`}>
      <span class="sr">{user ? strings.you : strings.assistant}: </span>
      {calls.map((part, index) => (
        <FunctionCallCard key={index} id={`${message.id}-${index}`} part={part} strings={strings} />
      ))}
      {text.trim() && (
        <div class="bubble" dir="auto">
          {body}
        </div>
      )}
      <MessageMeta key={message.status} message={message} strings={strings} onRetry={onRetry} />
    </div>
  );
}
