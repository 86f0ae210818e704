/**
 * Pretty-printed JSON with its keys, strings, numbers and literals coloured. Built from text nodes only:
 * the values come from the API (tool results included) and are never parsed as HTML.
 */
import type { JSX } from 'preact';

const TOKEN = /("(?:[^"\\]|\\.)*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|\b(true|false|null)\b/g;

/** `value` as `JSON.stringify(value, null, 2)`, split into coloured spans. */
export function JsonText({ value }: { value: unknown }) {
  // `undefined` (and a function) stringify to undefined, whatever the types say.
  const text = (JSON.stringify(value, null, 2) as string | undefined) ?? 'undefined';
  const out: Array<string | JSX.Element> = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const index = match.index;
    if (index > last) out.push(text.slice(last, index));
    const [whole, string, colon, number, literal] = match;
    if (string !== undefined) {
      out.push(
        <span key={index} class={colon ? 'json-key' : 'json-string'}>
          {string}
        </span>,
      );
      if (colon) out.push(colon);
    } else if (number !== undefined) {
      out.push(
        <span key={index} class="json-number">
          {number}
        </span>,
      );
    } else if (literal !== undefined) {
      out.push(
        <span key={index} class="json-literal">
          {literal}
        </span>,
      );
    } else {
      out.push(whole);
    }
    last = index + whole.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return <>{out}</>;
}
