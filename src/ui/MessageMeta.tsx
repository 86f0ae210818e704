import type { ChatMessage } from '../model';
import { Icon } from './Icon';
import { errorText, type Strings } from './strings';

/** Props of {@link MessageMeta}. */
export interface MessageMetaProps {
  message: ChatMessage;
  strings: Strings;
  onRetry: (messageId: string) => void;
}

/**
 * The line under a message that is not simply sent: waiting, sending, still working, checking, or
 * failed with the reason and a Retry button. Keyed by status in the list, so each new state is a new
 * node that the live log announces once.
 */
export function MessageMeta({ message, strings, onRetry }: MessageMetaProps) {
  const { status, error } = message;
  if (status === 'sent') return null;
  if (status !== 'failed') {
    return (
      <p class={`meta ${status}`}>
        {status === 'queued' ? <Icon name="clock" /> : <span class="spin" aria-hidden="true" />}
        {strings[status]}
      </p>
    );
  }
  return (
    <p class="meta failed">
      <Icon name="alert" />
      <span>
        {strings.failed}
        {error && ` ${errorText(error.kind, strings)}`}{' '}
        {(error?.retryable ?? true) && (
          <button type="button" class="link" onClick={() => onRetry(message.id)}>
            {strings.retry}
          </button>
        )}
      </span>
    </p>
  );
}
