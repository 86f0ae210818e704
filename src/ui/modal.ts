import { useEffect, useState } from 'preact/hooks';

/** Where the floating panel covers the whole screen; the same width as the phone media query in styles.ts. */
export const FULL_SCREEN_QUERY = '(max-width: 479.98px)';

/**
 * Whether the floating panel (while `active`) covers the whole screen, as on a phone. Then it is a modal
 * dialog: the page behind it can be neither seen nor touched, so neither Tab nor a screen reader should
 * wander there.
 */
export function useFullScreen(active: boolean): boolean {
  const [, rerender] = useState(0);
  // Read while rendering (right from the first open), and listened to only while open: nothing runs on page load.
  useEffect(() => {
    if (!active) return;
    // (Partial: Safari before 14 has addListener only, and then the panel just does not follow a rotation.)
    const query: Partial<MediaQueryList> = matchMedia(FULL_SCREEN_QUERY);
    const update = () => rerender((n) => n + 1);
    query.addEventListener?.('change', update);
    return () => query.removeEventListener?.('change', update);
  }, [active]);
  return active && matchMedia(FULL_SCREEN_QUERY).matches;
}

/** The element that has focus in the document or shadow root that holds `node`. */
export function focusedIn(node: Node): Element | null {
  return (node.getRootNode() as Document | ShadowRoot).activeElement;
}

/**
 * Keeps Tab inside `container` (call it from the container's keydown handler): Tab on the last enabled
 * button or textarea goes to the first, Shift+Tab on the first goes to the last. (The panel starts and
 * ends with those: the header's buttons, the composer's field and Send.)
 */
export function wrapTab(event: KeyboardEvent, container: HTMLElement): void {
  const items = container.querySelectorAll<HTMLElement>('button:not([disabled]),textarea');
  const first = items[0];
  const last = items[items.length - 1];
  if (event.key === 'Tab' && focusedIn(container) === (event.shiftKey ? first : last)) {
    event.preventDefault();
    (event.shiftKey ? last : first)!.focus();
  }
}
