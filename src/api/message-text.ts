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
