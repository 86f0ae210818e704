/**
 * The text of a user message as the API takes it: well-formed UTF-16 (strict JSON decoders refuse a
 * lone surrogate), at most 2000 characters counted as code points. The composer calls these on every
 * input, so each is one pass over the text with no copies unless something must change.
 */
import { MAX_MESSAGE_LENGTH } from './types';

const REPLACEMENT = '\ufffd';

const isHigh = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLow = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/**
 * `text` with every lone surrogate (half an emoji, from a broken paste) replaced by U+FFFD, the
 * replacement character; the same string when there is none. The browser's own
 * `String.prototype.toWellFormed` where it has one (2023 on), the same by hand before.
 */
export function wellFormed(text: string): string {
  const native = (text as { toWellFormed?: () => string }).toWellFormed;
  return native ? native.call(text) : byHand(text);
}

function byHand(text: string): string {
  let result = '';
  let copied = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (isHigh(unit) && isLow(text.charCodeAt(i + 1))) {
      i++;
    } else if (isHigh(unit) || isLow(unit)) {
      result += text.slice(copied, i) + REPLACEMENT;
      copied = i + 1;
    }
  }
  return copied ? result + text.slice(copied) : text;
}

/**
 * The length of `text` as the API counts it once sent: code points of its well-formed form (an emoji
 * is one, a lone surrogate becomes one U+FFFD).
 */
export function messageLength(text: string): number {
  let pairs = 0;
  for (let i = 0; i < text.length - 1; i++) {
    if (isHigh(text.charCodeAt(i)) && isLow(text.charCodeAt(i + 1))) {
      pairs++;
      i++;
    }
  }
  return text.length - pairs;
}

/** Why a text cannot be sent as it is (blank, or over the API's 2000 characters), or null when it can. */
export function checkMessage(text: string): 'empty' | 'too-long' | null {
  if (!text.trim()) return 'empty';
  return messageLength(text) > MAX_MESSAGE_LENGTH ? 'too-long' : null;
}
