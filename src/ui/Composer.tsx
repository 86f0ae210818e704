import type { RefObject } from 'preact';
import { useContext, useEffect, useMemo } from 'preact/hooks';
import { MAX_MESSAGE_LENGTH } from '../api/types';
import { messageLength } from '../api/message-text';
import type { BlockReason, ConversationStore } from '../store/types';
import { useSignal } from '@preact/signals';
import { useGrowingField } from './growing-field';
import { Icon } from './Icon';
import { ChunksContext } from './chunks';
import { fill, type Strings } from './strings';

/** The counter appears this many characters before the limit. */
const COUNTER_FROM = MAX_MESSAGE_LENGTH - 200;

// Unique enough: every widget renders into a shadow root of its own.
const COUNT_ID = 'acw-count';

/** Props of {@link Composer}. */
export interface ComposerProps {
  store: ConversationStore;
  strings: Strings;
  /** The textarea, so the panel can focus it when it opens. */
  inputRef: RefObject<HTMLTextAreaElement>;
  /** Set while the visitor may not write yet (consent, the pre-chat form): the field is disabled and says this. */
  lock?: string | undefined;
  /** Dictation (`data-voice="dictation"`, where the browser can listen): the visitor's language tag. */
  voice?: { lang: string } | undefined;
}

/** Whether the browser of `doc` can listen (speech recognition: not Firefox). */
export function canListen(doc: Document): boolean {
  const win = doc.defaultView;
  return !!win && ('SpeechRecognition' in win || 'webkitSpeechRecognition' in win);
}

/** The words for why the store refuses messages (`blocked`). */
export function blockedText(reason: BlockReason, strings: Strings): string {
  return reason === 'no-balance' ? strings.errorUnavailable : strings.errorNotFound;
}

/**
 * Where the visitor writes: a labelled textarea bound to `store.draft`. Enter sends and Shift+Enter adds
 * a line; Enter that confirms an IME composition does not send. Near the limit a counter appears, and
 * over it the reason is shown (and the send button is disabled) before the visitor tries. While the store
 * refuses messages (`blocked`), the field is disabled, keeping what was typed; the banner says why, once.
 * So it is while `lock`ed, with the lock's words in place of the placeholder. The text is at least 16px so iOS
 * does not zoom in on focus.
 */
export function Composer({ store, strings, inputRef, lock, voice }: ComposerProps) {
  const listening = useSignal<(() => void) | null>(null);
  const dictation = useSignal('');
  // The microphone's file, asked for when dictation is on.
  const voiceChunk = useContext(ChunksContext).voice;
  useEffect(() => (voice ? voiceChunk.load() : undefined), [voice, voiceChunk]);
  const Microphone = voice && voiceChunk.module.value?.Microphone;
  const text = store.draft.value;
  useGrowingField(inputRef, text);
  const disabled = store.state.value.type === 'blocked' || !!lock;
  // Characters as the API counts them (code points of the text as it would be sent), counted only near the
  // limit, once per change of the text: a long paste costs one pass, not one per render.
  const count = useMemo(() => (text.length < COUNTER_FROM ? text.length : messageLength(text)), [text]);
  const tooLong = count > MAX_MESSAGE_LENGTH;

  const submit = (event: Event) => {
    event.preventDefault();
    // Taken: the field empties. Refused: 'empty' needs no words, 'too-long' is explained by the counter,
    // 'unavailable' by the banner (or the lock by its words).
    if (!disabled && store.send(store.draft.value) === null) store.draft.value = '';
  };

  return (
    <form
      class="composer"
      onSubmit={submit}
      onKeyDown={(event) => {
        // Escape stops listening (and only that: the panel stays open).
        const stop = listening.peek();
        if (event.key === 'Escape' && stop) {
          event.stopPropagation();
          stop();
        }
      }}
    >
      <div class="composer-field">
        <textarea
          ref={inputRef}
          rows={1}
          value={text}
          disabled={disabled}
          aria-label={strings.composerLabel}
          placeholder={lock || strings.placeholder}
          enterkeyhint="send"
          aria-describedby={COUNT_ID}
          aria-invalid={tooLong || undefined}
          onInput={(event) => {
            store.draft.value = event.currentTarget.value;
          }}
          onKeyDown={(event) => {
            // keyCode 229: the key went to an input method (Safari reports the composing Enter this way).
            // eslint-disable-next-line @typescript-eslint/no-deprecated -- the one way Safari says it
            if (event.key === 'Enter' && !event.shiftKey && !event.isComposing && event.keyCode !== 229) submit(event);
          }}
        />
        {voice && Microphone && (
          <Microphone draft={store.draft} strings={strings} lang={voice.lang} disabled={disabled} listening={listening} status={dictation} />
        )}
        <button type="submit" class="send-button" aria-label={strings.send} disabled={disabled || tooLong || !text.trim()}>
          <Icon name="send" />
        </button>
      </div>
      <p class={tooLong ? 'char-count is-over' : 'char-count'} id={COUNT_ID}>
        {count >= COUNTER_FROM && fill(tooLong ? strings.tooLong : strings.charCount, { count, max: MAX_MESSAGE_LENGTH })}
      </p>
      {voice && (
        <p class="char-count dictation-status" role="status">
          {dictation}
        </p>
      )}
    </form>
  );
}
