/**
 * Dictation (`data-voice="dictation"`): the composer's microphone and what it hears, a file of its own with its
 * stylesheet (see ./chunks.ts), which the panel loads only when the setting is on and the browser can listen.
 */
import voiceCss from './voice.css?inline';

export { Microphone } from './Microphone';

/** The microphone's stylesheet, for the panel's shadow root. */
export const css: string = voiceCss;
