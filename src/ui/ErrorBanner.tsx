import type { ChatError } from '../model';
import { Icon } from './Icon';
import { errorText, type Strings } from './strings';

/** Props of {@link ErrorBanner}. */
export interface ErrorBannerProps {
  error: ChatError;
  strings: Strings;
  /** Tries again (the panel passes `store.start`); offered only when the error is retryable. */
  onRetry: () => void;
}

/**
 * What stops the chat, in words chosen by the error's kind, with the way forward: Retry when trying
 * again can help; otherwise the words say what to expect (e.g. "unavailable right now").
 */
export function ErrorBanner({ error, strings, onRetry }: ErrorBannerProps) {
  return (
    <div class="banner" role="alert">
      <Icon name="alert" />
      <p>{errorText(error.kind, strings)}</p>
      {error.retryable && (
        <button type="button" class="link" onClick={onRetry}>
          {strings.retry}
        </button>
      )}
    </div>
  );
}
