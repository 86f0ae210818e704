import { useSignal } from '@preact/signals';
import type { Ref } from 'preact';
import { useId } from 'preact/hooks';
import { MAX_MESSAGE_LENGTH } from '../api/types';
import type { ConversationStore } from '../store/types';
import { Icon } from './Icon';
import { errorText, fill, type Strings } from './strings';

/** The counter appears this many characters before the limit. */
const COUNTER_FROM = MAX_MESSAGE_LENGTH - 200;

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
 * over it the reason is shown (and the send button is disabled) before the visitor tries.
 * The text is 16px so iOS does not zoom in on focus.
 */
export function Composer({ store, strings, inputRef }: ComposerProps) {
  const id = useId();
  const rejection = useSignal<string | null>(null);
  const text = store.draft.value;
  const count = text.length;
  const tooLong = count > MAX_MESSAGE_LENGTH;

  const submit = () => {
    const result = store.send(store.draft.value);
    if (result === null) {
      store.draft.value = '';
      rejection.value = null;
    } else if (result === 'unavailable') {
      rejection.value = errorText('insufficient_balance', strings);
    }
    // 'empty' needs no words; 'too-long' is already explained by the counter.
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // keyCode 229: the key went to an input method (Safari reports the composing Enter this way).
    if (event.key !== 'Enter' || event.shiftKey || event.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    submit();
  };

  return (
    <form
      class="composer"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label class="sr-only" for={`${id}-input`}>
        {strings.composerLabel}
      </label>
      <div class="field">
        <textarea
          id={`${id}-input`}
          ref={inputRef}
          rows={1}
          value={text}
          placeholder={strings.placeholder}
          enterkeyhint="send"
          aria-describedby={`${id}-count`}
          aria-invalid={tooLong || undefined}
          onInput={(event) => {
            store.draft.value = event.currentTarget.value;
            rejection.value = null;
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit" class="send" aria-label={strings.send} disabled={tooLong || !text.trim()}>
          <Icon name="send" />
        </button>
      </div>
      <p class={tooLong ? 'count over' : 'count'} id={`${id}-count`}>
        {count >= COUNTER_FROM &&
          fill(tooLong ? strings.tooLong : strings.charCount, { count, max: MAX_MESSAGE_LENGTH })}
      </p>
      {rejection.value && (
        <p class="reject" role="alert">
          {rejection.value}
        </p>
      )}
    </form>
  );
}
