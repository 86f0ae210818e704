/**
 * A safe markdown renderer: CommonMark plus GitHub's tables, strikethrough and bare URLs, rendered straight
 * to VNodes (never to HTML strings). Raw HTML stays text; links only for absolute http(s), mailto and tel
 * targets (others are shown as text after their label); images are never fetched (they become links).
 * Time is linear in the text's length, and replies too long to be worth formatting are shown as plain text.
 */
import { h, type ComponentChildren } from 'preact';
import type { CodeBlockStrings } from './CodeBlock';
import { parseBlocks } from './markdown/blocks';
import { renderDocument } from './markdown/render';
import { en } from './strings';

export { safeHref } from './markdown/links';

/** Replies longer than this (in characters) are shown as plain text: no markdown is that long on purpose. */
export const MAX_MARKDOWN_LENGTH = 30_000;

/**
 * Text as it is, with its line breaks, each paragraph in its own direction (`unicode-bidi: plaintext`
 * in markdown.css): for replies over {@link MAX_MARKDOWN_LENGTH} and when rendering fails.
 */
export function renderPlainText(text: string): ComponentChildren {
  return h('p', { class: 'plain-text' }, text);
}

/** Renders markdown text as Preact children; text is never interpreted as HTML. */
export function renderMarkdown(text: string, strings: CodeBlockStrings = en): ComponentChildren {
  if (text.length > MAX_MARKDOWN_LENGTH) return renderPlainText(text);
  return renderDocument(parseBlocks(text), strings);
}
