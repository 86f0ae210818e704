import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';

/** Props of {@link Reveal}. */
export interface RevealProps {
  /** The button's text. */
  label: string;
  /** What to show once the button is pressed (built only then). */
  render: () => ComponentChildren;
  /** Shown before the button while collapsed, e.g. "…". */
  before?: string;
  /** Wrap in a span (inside text) rather than a div. */
  inline?: boolean;
}

// The revealed content mounts only after the press, so focusing it on mount is focusing it on reveal.
const focusOnMount = (el: HTMLElement | null) => el?.focus({ preventScroll: true });

/**
 * A button that, pressed, is replaced by more content. Focus moves to that content so keyboard users
 * do not lose their place when the button disappears.
 */
export function Reveal({ label, render, before, inline }: RevealProps) {
  const [shown, setShown] = useState(false);
  if (shown) {
    return inline ? (
      <span class="revealed" tabIndex={-1} ref={focusOnMount}>
        {render()}
      </span>
    ) : (
      <div class="revealed" tabIndex={-1} ref={focusOnMount}>
        {render()}
      </div>
    );
  }
  return (
    <>
      {before}
      <button type="button" class="text-button reveal-button" onClick={() => setShown(true)}>
        {label}
      </button>
    </>
  );
}
