import { h } from 'preact';
import { useContext, useEffect, useMemo } from 'preact/hooks';
import { ChunksContext } from './chunks';
import { isPlainLine, MAX_MARKDOWN_LENGTH, renderPlainText } from './plain-text';
import type { Strings } from './strings';

/**
 * Markdown text (an assistant's reply, the site's disclaimer) as the renderer draws it. A one-line reply
 * with nothing markdown would change is drawn here as the renderer would draw it, and a reply too long to
 * format as plain text; anything else waits for the renderer's file (asked for here) and then shows once,
 * so the live log announces it once. A message's text does not change while its status line does: what the
 * renderer drew is kept, not drawn again. Rendering errors reach the caller's guard.
 */
export function Markdown({ text, strings }: { text: string; strings: Strings }) {
  const richText = useContext(ChunksContext).richText;
  const module = richText.module.value;
  const needed = !isPlainLine(text) && text.length <= MAX_MARKDOWN_LENGTH;
  useEffect(() => (needed ? richText.load() : undefined), [needed, richText]);
  return useMemo(() => {
    if (!needed) return text.length > MAX_MARKDOWN_LENGTH ? renderPlainText(text, strings) : h('p', { dir: 'auto' }, text);
    return module && module.renderMarkdown(text, strings);
  }, [needed, module, text, strings]);
}
