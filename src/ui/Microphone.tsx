import type { Signal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { listen, type DictationError } from './dictation';
import { MIC_ICON, STOP_ICON } from '../icons';
import type { Strings } from './strings';

/** Props of {@link Microphone}. */
export interface MicrophoneProps {
  /** The composer's text: what is heard goes into it. */
  draft: Signal<string>;
  strings: Strings;
  /** The visitor's language tag (`de-AT`). */
  lang: string;
  disabled: boolean;
  /** Listening, for the composer (Escape stops it there too). */
  listening: Signal<(() => void) | null>;
  /** What the line under the composer says about dictation. */
  status: Signal<string>;
}

/** The words for why listening stopped short. */
const ERROR_WORDS: Record<DictationError, keyof Strings> = {
  denied: 'dictationDenied',
  'no-speech': 'dictationNoSpeech',
  network: 'dictationNetwork',
  failed: 'dictationFailed',
};

/**
 * The composer's microphone (`data-voice="dictation"`, where the browser can listen): a press starts listening,
 * a second press stops; so do silence and Escape. What is heard shows in the composer as it comes; nothing is sent
 * by itself. (Its code, and the dictation's, load with dictation on: ./voice.ts.)
 */
export function Microphone({ draft, strings, lang, disabled, listening, status }: MicrophoneProps) {
  const button = useRef<HTMLButtonElement>(null);
  // Stops listening when the composer goes (the panel closes for good, another conversation starts).
  useEffect(() => () => listening.peek()?.(), [listening]);

  function toggle() {
    const stop = listening.peek();
    if (stop) {
      stop();
      return;
    }
    const win = button.current!.ownerDocument.defaultView ?? window;
    status.value = strings.listening;
    listening.value = listen(win, {
      lang,
      before: draft.peek(),
      onText: (text) => (draft.value = text),
      onError: (error) => (status.value = strings[ERROR_WORDS[error]]),
      onEnd() {
        listening.value = null;
        if (status.peek() === strings.listening) status.value = '';
      },
    });
  }

  const on = !!listening.value;
  return (
    <button
      ref={button}
      type="button"
      class={on ? 'mic-button is-listening' : 'mic-button'}
      aria-label={on ? strings.stopDictation : strings.dictate}
      title={on ? strings.stopDictation : strings.dictate}
      disabled={disabled}
      onClick={toggle}
    >
      <svg class="icon" viewBox="0 0 24 24" aria-hidden="true">
        <path d={on ? STOP_ICON : MIC_ICON} />
      </svg>
    </button>
  );
}
