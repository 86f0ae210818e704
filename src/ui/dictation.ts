/**
 * Dictation (`data-voice="dictation"`): the browser's speech recognition listens in the widget's language and the
 * words it hears go into the composer as they come. A file of its own, loaded the first time the visitor presses
 * the microphone. It never sends: every message is billed, so the visitor reads the text and presses Send.
 *
 * Where the browser does the listening is the browser's: Chrome and Edge send the audio to their maker's speech
 * service; Safari recognizes on the device or with Apple's servers (see the README).
 */

/** Why listening stopped short. */
export type DictationError = 'denied' | 'no-speech' | 'network' | 'failed';

/** What a listening session tells its caller. */
export interface Listening {
  /** The visitor's language (`de-AT`). */
  lang: string;
  /** The text before dictation began: what is heard goes after it. */
  before: string;
  /** The composer's text as it now reads, each time more is heard. */
  onText(text: string): void;
  /** Listening stopped short. */
  onError(error: DictationError): void;
  /** Listening has ended (a second press, silence, Escape, or an error). */
  onEnd(): void;
}

/** The browser's speech recognition, as far as the widget uses it. */
interface Recognition {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}

type RecognitionClass = new () => Recognition;

/** The browser's speech recognition, where it has one (not Firefox). */
export function recognitionOf(win: Window): RecognitionClass | undefined {
  const found = win as Window & { SpeechRecognition?: RecognitionClass; webkitSpeechRecognition?: RecognitionClass };
  return found.SpeechRecognition ?? found.webkitSpeechRecognition;
}

/** What each of the browser's errors means for the visitor (`aborted` is the widget's own stop: nothing to say). */
const ERRORS: Record<string, DictationError | null> = {
  'not-allowed': 'denied',
  'service-not-allowed': 'denied',
  'audio-capture': 'denied',
  'no-speech': 'no-speech',
  network: 'network',
  aborted: null,
};

/** Starts listening in `win`; returns the function that stops (what was heard stays in the composer). */
export function listen(win: Window, session: Listening): () => void {
  const Recognition = recognitionOf(win)!;
  const recognition = new Recognition();
  recognition.lang = session.lang;
  recognition.interimResults = true;
  // One utterance: listening stops when the visitor stops speaking.
  recognition.continuous = false;
  const joiner = session.before && !/\s$/.test(session.before) ? ' ' : '';
  recognition.onresult = ({ results }) => {
    let heard = '';
    for (let index = 0; index < results.length; index++) heard += results[index]![0]!.transcript;
    session.onText(session.before + joiner + heard.trimStart());
  };
  recognition.onerror = ({ error }) => {
    const meaning = error in ERRORS ? ERRORS[error] : 'failed';
    if (meaning) session.onError(meaning);
  };
  recognition.onend = () => session.onEnd();
  try {
    recognition.start();
  } catch {
    session.onError('failed');
    session.onEnd();
  }
  return () => recognition.stop();
}
