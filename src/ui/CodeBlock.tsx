import { useState } from 'preact/hooks';
import type { Strings } from './strings';

/** The words a code block shows. */
export type CodeBlockStrings = Pick<Strings, 'copyCode' | 'codeCopied' | 'copyFailed'>;

/** Props of {@link CodeBlock}. */
export interface CodeBlockProps {
  code: string;
  /** The fence's info string (```python), shown as a label. */
  info?: string;
  strings: CodeBlockStrings;
}

/** How long "Copied" (or the failure) shows before the button reads "Copy" again, in ms. */
const FEEDBACK_MS = 2000;

/**
 * A code block: its language as a label and a Copy button whose text becomes "Copied" (announced: it is a
 * live region) or, where the page gives no clipboard access, "Copy failed". The code is always left to
 * right, whatever the reply's direction.
 */
export function CodeBlock({ code, info, strings }: CodeBlockProps) {
  // The button's text, by its name in the strings.
  const [word, setWord] = useState<keyof CodeBlockStrings>('copyCode');
  const copy = async () => {
    try {
      // Missing (an insecure page) or refused (no permission): both end up in the catch.
      await navigator.clipboard.writeText(code);
      setWord('codeCopied');
    } catch {
      setWord('copyFailed');
    }
    setTimeout(() => setWord('copyCode'), FEEDBACK_MS);
  };
  return (
    <div class="code-block">
      <div class="code-header">
        <span>{info}</span>
        <button type="button" class="text-button" onClick={() => void copy()}>
          <span aria-live="polite">{strings[word]}</span>
        </button>
      </div>
      <pre dir="ltr">
        <code>{code}</code>
      </pre>
    </div>
  );
}
