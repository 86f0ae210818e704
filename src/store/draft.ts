/**
 * The visitor's unsent text: restored from storage, saved once typing pauses, and saved at once when
 * the page is hidden or left (a page may be closed within the pause).
 */
import { effect, signal, type Signal } from '@preact/signals';
import type { Persistence } from './persistence';
import type { StoreDeps } from './types';

/** How long typing must pause before the draft is saved (ms). */
const SAVE_AFTER_MS = 300;

/** The draft and its saving. */
export interface Draft {
  readonly text: Signal<string>;
  /** Whether the stored draft was longer than the widget keeps (only its start was restored). */
  readonly trimmed: boolean;
  /** Saves the draft now if it changed. */
  readonly flush: () => void;
  /** Stops saving after pauses (call `flush` first to keep the last change). */
  dispose(): void;
}

/** Creates the draft, restored from `persistence`. */
export function createDraft(persistence: Persistence, deps: Pick<StoreDeps, 'setTimer' | 'clearTimer'>): Draft {
  const stored = persistence.readDraft();
  const text = signal(stored.text);
  // A trimmed draft is saved again as it now is.
  let saved: string | null = stored.trimmed ? null : stored.text;

  function flush() {
    if (text.value === saved) return;
    saved = text.value;
    persistence.saveDraft(saved);
  }

  // The timer is cancelled by the next keystroke (the effect's cleanup).
  const stop = effect(() => {
    if (text.value === saved) return undefined;
    const handle = deps.setTimer(flush, SAVE_AFTER_MS);
    return () => deps.clearTimer(handle);
  });

  return { text, trimmed: stored.trimmed, flush, dispose: stop };
}
