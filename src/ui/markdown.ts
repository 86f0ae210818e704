/**
 * A safe markdown renderer: CommonMark plus GitHub's tables, strikethrough and bare URLs, rendered straight
 * to VNodes (never to HTML strings). Raw HTML stays text; links only for absolute http(s), mailto and tel
 * targets (others are shown as text after their label); images are never fetched (they become links).
 * Time is linear in the text's length, and replies too long to be worth formatting are shown as plain text.
 */
import { h, type ComponentChildren } from 'preact';
import type { CodeBlockStrings } from './CodeBlock';
import { parseBlocks } from './markdown/blocks';
import { Reveal } from './Reveal';
import { en, type Strings } from './strings';

export { safeHref } from './markdown/links';

/** The words markdown shows: a code block's buttons, and "Show more" under a very long plain reply. */
export type MarkdownStrings = CodeBlockStrings & Pick<Strings, 'showMore'>;

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
export function renderPlainText(text: string, strings: MarkdownStrings = en): ComponentChildren {
  if (text.length <= PLAIN_TEXT_PART) return h('p', { class: 'plain-text' }, text);
  // Cut at a line break when there is one in the last half of the part.
  const lineEnd = text.lastIndexOf('\n', PLAIN_TEXT_PART);
  const cut = lineEnd > PLAIN_TEXT_PART / 2 ? lineEnd + 1 : PLAIN_TEXT_PART;
  return [
    h('p', { class: 'plain-text' }, text.slice(0, cut)),
    h(Reveal, { label: strings.showMore, render: () => renderPlainText(text.slice(cut), strings) }),
  ];
}

/** Renders markdown text as Preact children; text is never interpreted as HTML. */
export function renderMarkdown(text: string, strings: MarkdownStrings = en): ComponentChildren {
  if (text.length > MAX_MARKDOWN_LENGTH) return renderPlainText(text, strings);
  // The line break after the last line starts no line of its own.
  return parseBlocks(text.trimEnd().replace(/\0/g, '\ufffd').split(/\r\n?|\n/), strings).children;
}
