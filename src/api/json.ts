/**
 * JSON helpers the widget uses at its edges: writing request bodies and stored envelopes, and checking
 * that a parsed value is a plain object before reading it.
 */
import type { JsonObject } from './types';

/** True for a plain JSON object (not null, not an array). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * JSON for request bodies made of plain objects and primitives, written without
 * `JSON.stringify` so that a host page that patches it (or adds `toJSON` to
 * built-in prototypes) cannot change what is sent.
 *
 * Every escape it writes is a six-character `\uXXXX` (quotes and backslashes included), which
 * ./../store/persistence.ts relies on to read the start of an oversized stored string.
 */
export function toJson(value: unknown): string {
  if (typeof value === 'string') {
    // Quotes, backslashes, controls, U+2028/9 and lone surrogates (which UTF-8 encoding would alter)
    // become \u escapes; with the `u` flag a surrogate pair is one character, outside the class.
    // eslint-disable-next-line no-control-regex -- the control characters are what this escapes
    return `"${value.replace(/[\\"\x00-\x1f\u2028\u2029\ud800-\udfff]/gu, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'))}"`;
  }
  if (typeof value === 'boolean' || Number.isFinite(value)) return String(value);
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (!value || typeof value !== 'object') return 'null';
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object).filter((key) => object[key] !== undefined && typeof object[key] !== 'function');
  return `{${keys.map((key) => toJson(key) + ':' + toJson(object[key])).join(',')}}`;
}

/** The JSON object `text` holds, or undefined when it holds anything else or is not JSON. Never throws. */
export function parseObject(text: string): JsonObject | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
