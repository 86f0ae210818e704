/**
 * Text shown as it is: replies too long to be worth formatting, a reply the renderer failed on, and (in
 * the panel file, so it needs no renderer) the one-line replies with nothing markdown would change.
 */
import { h, type ComponentChildren } from 'preact';
import { Reveal } from './Reveal';
import { en, type Strings } from './strings';

/** Replies longer than this (in characters) are shown as plain text: no markdown is that long on purpose. */
export const MAX_MARKDOWN_LENGTH = 30_000;

/**
 * How much plain text is laid out at once: a browser takes about half a second for 200 000 characters
 * without a space, so the rest of a longer text waits behind "Show more", a part at a time.
 */
export const PLAIN_TEXT_PART = 10_000;

/**
 * Text as it is, with its line breaks, each paragraph in its own direction (`unicode-bidi: plaintext`
 * in markdown.css): for replies over {@link MAX_MARKDOWN_LENGTH} and when rendering fails.
 */
export function renderPlainText(text: string, strings: Pick<Strings, 'showMore'> = en): ComponentChildren {
  if (text.length <= PLAIN_TEXT_PART) return h('p', { class: 'plain-text' }, text);
  // Cut at a line break when there is one in the last half of the part.
  const lineEnd = text.lastIndexOf('\n', PLAIN_TEXT_PART);
  const cut = lineEnd > PLAIN_TEXT_PART / 2 ? lineEnd + 1 : PLAIN_TEXT_PART;
  return [
    h('p', { class: 'plain-text' }, text.slice(0, cut)),
    h(Reveal, { label: strings.showMore, render: () => renderPlainText(text.slice(cut), strings) }),
  ];
}

/**
 * Whether markdown would show `text` as one paragraph of exactly this text: one line with no character
 * or start that means something in CommonMark or GitHub's extensions (emphasis, code, links and
 * autolinks, entities, escapes, HTML, lists, quotes, headings, tables) and no space at either end. Such a
 * reply needs no renderer; anything in doubt goes to it.
 */
export function isPlainLine(text: string): boolean {
  return !!text && !/[\n\r*_`#|>[\]~<&\\@]|:\/\/|www\.|^\s|\s$|^([-+=]|\d+[.)])/i.test(text);
}
