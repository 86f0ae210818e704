/**
 * The playground page's own light/dark choice: follows the system unless the owner picks one, and
 * remembers the pick. (The widget's theme is a separate setting.)
 */
import { effect, signal, type Signal } from '@preact/signals';
import type { StorageLike } from '../../src/store/types';

/** The page's colour scheme choice. */
export type PageTheme = 'system' | 'light' | 'dark';

const KEY = 'assistant-chat-playground:page-theme';

/** A signal of the page theme, read from and saved to `storage`, applied as `data-theme` on `root`. */
export function createPageTheme(deps: { storage: StorageLike | null; root: HTMLElement }): {
  theme: Signal<PageTheme>;
  dispose: () => void;
} {
  let saved: string | null;
  try {
    saved = deps.storage?.getItem(KEY) ?? null;
  } catch {
    saved = null;
  }
  const theme = signal<PageTheme>(saved === 'light' || saved === 'dark' ? saved : 'system');
  const dispose = effect(() => {
    const value = theme.value;
    if (value === 'system') delete deps.root.dataset.theme;
    else deps.root.dataset.theme = value;
    try {
      if (value === 'system') deps.storage?.removeItem(KEY);
      else deps.storage?.setItem(KEY, value);
    } catch {
      // The choice just won't survive a reload.
    }
  });
  return { theme, dispose };
}
