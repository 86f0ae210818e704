import { useEffect, useState } from 'preact/hooks';

/** Where the floating panel covers the whole screen; the same width as the phone media query in styles.ts. */
export const FULL_SCREEN_QUERY = '(max-width: 479.98px)';

/**
 * Whether the floating panel (while `active`) covers the whole screen, as on a phone. Then it is a modal
 * dialog: the page behind it can be neither seen nor touched, so neither Tab nor a screen reader should
 * wander there.
 */
export function useFullScreen(active: boolean): boolean {
  const [full, setFull] = useState(false);
  useEffect(() => {
    if (!active || typeof matchMedia !== 'function') {
      setFull(false);
      return;
    }
    const query = matchMedia(FULL_SCREEN_QUERY);
    const update = () => setFull(query.matches);
    update();
    query.addEventListener?.('change', update);
    return () => query.removeEventListener?.('change', update);
  }, [active]);
  return full;
}

const FOCUSABLE = 'button:not([disabled]),textarea:not([disabled]),a[href],[tabindex]:not([tabindex="-1"])';

/**
 * Keeps Tab inside `container` (call it from the container's keydown handler): Tab on the last control
 * goes to the first, Shift+Tab on the first goes to the last.
 */
export function wrapTab(event: KeyboardEvent, container: HTMLElement): void {
  if (event.key !== 'Tab') return;
  const items = Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.getClientRects().length > 0);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  const active = (container.getRootNode() as Document | ShadowRoot).activeElement;
  if (active === (event.shiftKey ? first : last)) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
}
