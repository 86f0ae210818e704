/**
 * A safe markdown renderer: CommonMark plus GitHub's tables, strikethrough and bare URLs, rendered straight
 * to VNodes (never to HTML strings). Raw HTML stays text; links only for absolute http(s), mailto and tel
 * targets (others are shown as text after their label); images are never fetched (they become links).
 * Time is linear in the text's length, and replies too long to be worth formatting are shown as plain text.
 */
import type { ComponentChildren } from 'preact';
import type { CodeBlockStrings } from './CodeBlock';
import { parseBlocks } from './markdown/blocks';
import type { References } from './markdown/inline';
import { MAX_MARKDOWN_LENGTH, renderPlainText } from './plain-text';
import { en, type Strings } from './strings';

export { safeHref } from './markdown/links';
export { MAX_MARKDOWN_LENGTH, PLAIN_TEXT_PART, renderPlainText } from './plain-text';

/** The words markdown shows: a code block's buttons, and "Show more" under a very long plain reply. */
export type MarkdownStrings = CodeBlockStrings & Pick<Strings, 'showMore'>;

/** A line that may hold a link reference definition (`[1]: https://…`), in a quote or a list item too. */
const MAY_DEFINE = /^[ \t>*+\-\d.)]*\[[^\]\n]+\]:/m;

/**
 * Renders markdown text as Preact children; text is never interpreted as HTML. A reply that may define link
 * references is read twice: once for its definitions (a reference may come before the line that defines it), then
 * to render.
 */
export function renderMarkdown(text: string, strings: MarkdownStrings = en): ComponentChildren {
  if (text.length > MAX_MARKDOWN_LENGTH) return renderPlainText(text, strings);
  // The line break after the last line starts no line of its own.
  const lines = text
    .trimEnd()
    .replace(/\0/g, '\ufffd')
    .split(/\r\n?|\n/);
  const references: References = new Map();
  if (MAY_DEFINE.test(text)) parseBlocks(lines, strings, 0, { references, collect: true });
  return parseBlocks(lines, strings, 0, { references, collect: false }).children;
}
