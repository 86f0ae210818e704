/**
 * The text of a user message as the API takes it: well-formed UTF-16 (strict JSON decoders refuse a
 * lone surrogate), at most 2000 characters counted as code points. The composer calls these on every
 * input, so each is one pass over the text.
 */
import { MAX_MESSAGE_LENGTH } from './types';

/**
 * `text` with every lone surrogate (half an emoji, from a broken paste) replaced by U+FFFD, the
 * replacement character, as `String.prototype.toWellFormed` does (2023 on). (With the `u` flag, a
 * regular expression reads code points: a pair is one, above the surrogates' range; a lone half is in it.)
 */
export function wellFormed(text: string): string {
  return text.replace(/[\ud800-\udfff]/gu, '\ufffd');
}

/**
 * The length of `text` as the API counts it once sent: code points of its well-formed form (an emoji
 * is one, a lone surrogate becomes one U+FFFD).
 */
export function messageLength(text: string): number {
  return text.length - (text.match(/[\ud800-\udbff][\udc00-\udfff]/g)?.length ?? 0);
}

/** Why a text cannot be sent as it is (blank, or over the API's 2000 characters), or null when it can. */
export function checkMessage(text: string): 'empty' | 'too-long' | null {
  if (!text.trim()) return 'empty';
  return messageLength(text) > MAX_MESSAGE_LENGTH ? 'too-long' : null;
}

/**
 * Text a reader cannot see, which must not ride along unseen: in a reply (hidden instructions for whoever copies
 * it, or a different reading of it) or in what the visitor sends (a pasted text with hidden instructions for the
 * assistant, billed all the same). What goes, and what stays:
 * - Unicode tag characters (U+E0000 to U+E007F), which spell hidden ASCII ("ASCII smuggling"), go, each run in its
 *   place marked with U+FFFD (�) so that the reader sees something was there; except in a subdivision flag (🏴 and
 *   its tags), which they draw.
 * - Bidirectional embeddings, overrides and isolates (U+202A to U+202E, U+2066 to U+2069), which make text read in
 *   another order than it is written, go: every paragraph already takes the direction of its own text. The marks
 *   that only hint at a direction (LRM, RLM, ALM) stay.
 * - Characters that are nothing but invisible (zero-width space, word joiner, invisible operators, the zero-width
 *   no-break space, the Mongolian vowel separator, the Hangul fillers) go; the zero-width joiner and non-joiner,
 *   which shape emoji and Persian and Indic words, stay one at a time, and go in runs, where they can only hide
 *   something.
 * Everything visible stays as it is.
 */
export function visibleText(text: string): string {
  return text
    .replace(/(\u{1F3F4}[\u{E0061}-\u{E007A}]{1,7}\u{E007F})|[\u{E0000}-\u{E007F}]+/gu, (run, flag?: string) => flag ?? '\ufffd')
    .replace(/[\u202a-\u202e\u2066-\u2069\u200b\u2060-\u2064\ufeff\u180e\u115f\u1160\u3164\uffa0]/g, '')
    .replace(/[\u200c\u200d]{2,}/g, '');
}
