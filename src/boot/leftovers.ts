/**
 * Whether the last page of this tab left messages it could not confirm: the widget then loads its panel once
 * the page is idle, and the panel sends them on (or looks for them on the server first), the chat open or not.
 */
import { STORAGE_SUFFIX } from '../store/layout';

/**
 * Whether an earlier page of this site may have left unsent messages in the tab: not when the browser tells
 * (Navigation API) that the page before this one was none of this origin: a visitor arriving from another
 * site or in a new tab (a reload comes from the page itself). Most page views are such, and then the
 * launcher reads no storage at all. (What a page left before the visitor went to another site and came
 * back is found when the panel loads, at the visitor's first sign of intent.)
 */
export function mayFindLeftovers(win: Window): boolean {
  const { navigation } = win as { navigation?: { activation?: NavigationActivation | null } };
  // (Undefined where the browser cannot tell: then look.)
  return navigation?.activation?.from !== null;
}

/** Whether the tab's storage holds messages the last page could not confirm, under keys that start with `scope`. */
export function hasLeftover(win: Window, scope: string): boolean {
  try {
    return Object.keys(win.sessionStorage).some((key) => key.startsWith(scope) && key.endsWith(STORAGE_SUFFIX.outbox));
  } catch {
    return false; // storage out of reach: nothing was kept there either
  }
}

/** Runs `task` once the page is idle (where the browser cannot tell, after the current task). */
export function whenIdle(win: Window, task: () => void): void {
  // (Safari has no requestIdleCallback.)
  if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(task);
  else win.setTimeout(task);
}
