import type { RefObject } from 'preact';
import { useLayoutEffect } from 'preact/hooks';

/**
 * Where the browser cannot size a field to its content (`field-sizing: content`: Safari before 26.2), the composer
 * grows with its text all the same, up to its `max-height`: after each change of `text`, its height is set to its
 * content's, through a constructable stylesheet of the shadow root (never a `style` attribute, so a strict CSP
 * holds). Elsewhere the browser does it.
 */
export function useGrowingField(ref: RefObject<HTMLTextAreaElement>, text: string): void {
  useLayoutEffect(() => {
    const field = ref.current;
    if (!field) return;
    const root = field.getRootNode();
    if (typeof CSS !== 'undefined' && !CSS.supports('field-sizing', 'content') && root instanceof ShadowRoot && 'adoptedStyleSheets' in root) {
      const sheet = sheets.get(root) ?? adopt(root);
      // Back to one line first, so that the field also shrinks as text is taken away.
      sheet.replaceSync('textarea{height:auto}');
      sheet.replaceSync(`textarea{box-sizing:border-box;height:${field.scrollHeight + field.offsetHeight - field.clientHeight}px}`);
    }
    // Writing at the end of a text taller than the field: all the way down, so that the top line shows whole
    // (engines scroll only until the caret shows, which leaves the line above it cut). Not for an empty field:
    // reading its height would lay the panel out once more as it opens.
    if (text && field.selectionStart === text.length) field.scrollTop = field.scrollHeight;
  }, [ref, text]);
}

/** The stylesheet that sizes each shadow root's composer. */
const sheets = new WeakMap<ShadowRoot, CSSStyleSheet>();

function adopt(root: ShadowRoot): CSSStyleSheet {
  const sheet = new CSSStyleSheet();
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  sheets.set(root, sheet);
  return sheet;
}
