import { useEffect, useState } from 'preact/hooks';
import type { Strings } from './strings';

/** The words a code block shows. */
export type CodeBlockStrings = Pick<Strings, 'copyCode' | 'codeCopied' | 'copyFailed'>;

/** Props of {@link CodeBlock}. */
export interface CodeBlockProps {
  /** The code, each line ending in a line break. */
  code: string;
  /** The fence's info string (```python), shown as a label. */
  info?: string;
  strings: CodeBlockStrings;
}

/** How long "Copied" (or the failure) shows before the button reads "Copy" again, in ms. */
const FEEDBACK_MS = 2000;

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * A fenced code block: its language as a label and a Copy button whose text becomes "Copied" (announced:
 * it is a live region) or, where the page gives no clipboard access, "Copy failed". The code is always
 * left to right, whatever the reply's direction.
 */
export function CodeBlock({ code, info, strings }: CodeBlockProps) {
  const [copy, setCopy] = useState<CopyState>('idle');
  useEffect(() => {
    if (copy === 'idle') return;
    const timer = setTimeout(() => setCopy('idle'), FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copy]);
  const text = code.endsWith('\n') ? code.slice(0, -1) : code;

  const copyCode = async () => {
    try {
      // Missing (an insecure page) or refused (no permission): both end up in the catch.
      await navigator.clipboard.writeText(text);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };

  return (
    <div class="code-block">
      <div class="code-header">
        {info && <span class="code-language">{info}</span>}
        <button type="button" class="code-copy" onClick={copyCode}>
          <span aria-live="polite">
            {copy === 'copied' ? strings.codeCopied : copy === 'failed' ? strings.copyFailed : strings.copyCode}
          </span>
        </button>
      </div>
      <pre dir="ltr">
        <code>{text}</code>
      </pre>
    </div>
  );
}
