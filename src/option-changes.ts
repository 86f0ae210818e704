/**
 * How a live widget follows new options from a framework (the `<ChatWidget>` component, the
 * `<assistant-chat>` element): a framework hands over the same options again on every render, often as new
 * objects, so they are compared by content, and only what really changed reaches the widget.
 */
import { toJson } from './api/client';

/**
 * Options that `WidgetHandle.update()` cannot change: `inline` (another kind of widget) and `fetch` (read when
 * a conversation starts; the component and the element pass a stand-in that calls the latest one, so this
 * changes only when a transport is given or taken away). A change of these mounts the widget anew.
 */
export const REMOUNT_OPTIONS: readonly string[] = ['inline', 'fetch'];

/**
 * The options whose values differ between `before` and `after`, with their values in `after` (`undefined`
 * for one that was taken away, which `update()` reads as "back to the default"). Data is compared by content
 * (a new object with the same content is no change); functions by identity.
 */
export function changedOptions(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (!sameValue(before[key], after[key])) changes[key] = after[key];
  }
  return changes;
}

/** Whether any of `changes` needs a new mount (see {@link REMOUNT_OPTIONS}). */
export function needsRemount(changes: Record<string, unknown>): boolean {
  return REMOUNT_OPTIONS.some((key) => key in changes);
}

function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === 'function' || typeof b === 'function') return a === b;
  return toJson(a) === toJson(b);
}
