/**
 * Copying code to the clipboard: the async Clipboard API where the page may use it, else the old
 * select-and-copy, else the text is left selected so the owner can press Ctrl+C / ⌘C.
 */

/** What a copy attempt did. */
export type CopyOutcome = 'copied' | 'selected';

/** The browser objects copying needs, injected for tests. */
export interface ClipboardDeps {
  clipboard: Pick<Clipboard, 'writeText'> | undefined;
  document: Document;
}

/** Copies `text`; on failure selects the contents of `element` (which shows the same text). */
export async function copyText(text: string, element: Element, deps: ClipboardDeps): Promise<CopyOutcome> {
  try {
    if (deps.clipboard) {
      await deps.clipboard.writeText(text);
      return 'copied';
    }
  } catch {
    // Not allowed here (insecure origin, permissions policy, no user gesture): fall back below.
  }
  const selection = deps.document.getSelection();
  if (selection) {
    const range = deps.document.createRange();
    range.selectNodeContents(element);
    selection.removeAllRanges();
    selection.addRange(range);
  }
  try {
    // The fallback where the Clipboard API is missing or refused (an http page, an old browser).
    // eslint-disable-next-line @typescript-eslint/no-deprecated
    if (deps.document.execCommand('copy')) return 'copied';
  } catch {
    // Some browsers throw instead of returning false.
  }
  return 'selected';
}
