import type { Ref } from 'preact';
import { useState } from 'preact/hooks';
import { MAX_MESSAGE_LENGTH } from '../api/types';
import type { ConversationStore } from '../store/types';
import { Icon } from './Icon';
import { errorText, fill, type Strings } from './strings';

/** The counter appears this many characters before the limit. */
const COUNTER_FROM = MAX_MESSAGE_LENGTH - 200;

// Unique enough: every widget renders into a shadow root of its own.
const COUNT_ID = 'acw-count';

/** Props of {@link Composer}. */
export interface ComposerProps {
  store: ConversationStore;
  strings: Strings;
  /** The textarea, so the panel can focus it when it opens. */
  inputRef: Ref<HTMLTextAreaElement>;
}

/**
 * Where the visitor writes: a labelled textarea bound to `store.draft`. Enter sends and Shift+Enter adds
 * a line; Enter that confirms an IME composition does not send. Near the limit a counter appears, and
 * over it the reason is shown (and the send button is disabled) before the visitor tries. While the assistant
 * cannot take messages at all (unknown or unfunded), sending is disabled and trying says why, in the banner's words.
 * The text is 16px so iOS does not zoom in on focus.
 */
export function Composer({ store, strings, inputRef }: ComposerProps) {
  const [rejection, setRejection] = useState<string | null>(null);
  const text = store.draft.value;
  const error = store.error.value;
  const kind = store.status.value === 'error' ? error?.kind : undefined;
  const blocked = kind === 'not_found' || kind === 'insufficient_balance';
  // Characters as the API counts them: code points (an emoji is one), not UTF-16 units.
  const count = [...text].length;
  const tooLong = count > MAX_MESSAGE_LENGTH;

  const submit = (event: Event) => {
    event.preventDefault();
    const result = blocked ? 'unavailable' : store.send(store.draft.value);
    if (result === null) {
      store.draft.value = '';
      setRejection(null);
    } else if (result === 'unavailable') {
      setRejection(errorText(blocked ? kind : 'insufficient_balance', strings));
    }
    // 'empty' needs no words; 'too-long' is already explained by the counter.
  };

  return (
    <form class="composer" onSubmit={submit}>
      <div class="composer-field">
        <textarea
          ref={inputRef}
          rows={1}
          value={text}
          aria-label={strings.composerLabel}
          placeholder={strings.placeholder}
          enterkeyhint="send"
          aria-describedby={COUNT_ID}
          aria-invalid={tooLong || undefined}
          onInput={(event) => {
            store.draft.value = event.currentTarget.value;
            setRejection(null);
          }}
          onKeyDown={(event) => {
            // keyCode 229: the key went to an input method (Safari reports the composing Enter this way).
            if (event.key === 'Enter' && !event.shiftKey && !event.isComposing && event.keyCode !== 229) submit(event);
          }}
        />
        <button type="submit" class="send-button" aria-label={strings.send} disabled={blocked || tooLong || !text.trim()}>
          <Icon name="send" />
        </button>
      </div>
      <p class={tooLong ? 'char-count is-over' : 'char-count'} id={COUNT_ID}>
        {count >= COUNTER_FROM &&
          fill(tooLong ? strings.tooLong : strings.charCount, { count, max: MAX_MESSAGE_LENGTH })}
      </p>
      {rejection && (
        <p class="composer-error" role="alert">
          {rejection}
        </p>
      )}
    </form>
  );
}
