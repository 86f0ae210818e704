/** A block of code with a Copy button and a visible confirmation. */
import { useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { copyText } from '../clipboard';

const CONFIRM_MS = 2000;

/** Shows `code` as text (never as HTML) and copies it on request. */
export function CodeBlock(props: { code: string; label: string; language: string }) {
  const pre = useRef<HTMLPreElement>(null);
  const outcome = useSignal<'idle' | 'copied' | 'selected'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    if (!pre.current) return;
    outcome.value = await copyText(props.code, pre.current, {
      clipboard: typeof navigator !== 'undefined' ? navigator.clipboard : undefined,
      document,
    });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => (outcome.value = 'idle'), CONFIRM_MS);
  };

  return (
    <div class="code">
      <div class="code__bar">
        <span class="code__label">{props.label}</span>
        <span class="code__status" role="status">
          {outcome.value === 'copied' ? 'Copied' : outcome.value === 'selected' ? 'Selected — press Ctrl+C / ⌘C' : ''}
        </span>
        <button
          type="button"
          class={outcome.value === 'copied' ? 'button button--small button--done' : 'button button--small button--ghost'}
          aria-label={`Copy ${props.label}`}
          onClick={() => void copy()}
        >
          {outcome.value === 'copied' ? (
            <svg viewBox="0 0 20 20" aria-hidden="true" class="button__icon">
              <path d="M4 10.5l4 4 8-9" />
            </svg>
          ) : (
            <svg viewBox="0 0 20 20" aria-hidden="true" class="button__icon">
              <rect x="7" y="7" width="9" height="9" rx="2" />
              <path d="M13 4H6a2 2 0 00-2 2v7" />
            </svg>
          )}
          Copy
        </button>
      </div>
      <pre class="code__body" ref={pre} data-language={props.language} tabIndex={0}>
        <code>{props.code}</code>
      </pre>
    </div>
  );
}
