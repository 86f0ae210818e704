/** The markdown renderer with its stylesheet: a chunk of its own (see ./chunks.ts). */
import markdownCss from './markdown.css?inline';

export { renderMarkdown } from './markdown';

/** The stylesheet of what the renderer draws, for the shadow root of the panel that shows it. */
export const css: string = markdownCss;
