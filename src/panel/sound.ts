/**
 * A short chime for a reply the visitor is not looking at (`data-sound="on"`): the panel closed, or the tab
 * hidden. Only after the visitor has interacted with the page (browsers block sound before that), at most one
 * per reply, and never once they muted it with the header's button (remembered on the device, in the widget's
 * storage). Its code (../ui/sound.ts) is a file of its own, loaded when the setting is on; this is its hook.
 */
import { computed, effect, signal, type ReadonlySignal } from '@preact/signals';
import type { WidgetConfig } from '../config/table';

/** The reply sound of a panel, once its file has come (the setting on). */
export interface ReplySound {
  /** The visitor muted it. */
  readonly muted: ReadonlySignal<boolean>;
  readonly toggle: () => void;
  /** A reply arrived: a chime, unless the visitor is looking at it (`looking`) or muted it. */
  replied(looking: boolean): void;
}

/** The sound's hook in the panel. */
export interface SoundHook {
  /** The sound, while the setting is on and its file has come (its mute button shows then). */
  readonly sound: ReadonlySignal<ReplySound | null>;
  /** A reply arrived. */
  replied(): void;
  dispose(): void;
}

/** Follows `config`; the visitor looks at replies while `open` and the page is shown. */
export function createSoundHook(config: ReadonlySignal<WidgetConfig>, doc: Document, open: ReadonlySignal<boolean>): SoundHook {
  const sound = signal<ReplySound | null>(null);
  const on = computed(() => config.value.sound === 'on');
  const stop = effect(() => {
    const current = config.value;
    if (!on.value) return void (sound.value = null);
    void import('../ui/sound').then((module) => {
      if (on.peek()) sound.value = module.createReplySound(current, doc);
    });
  });
  return {
    sound,
    replied: () => sound.peek()?.replied(open.peek() && doc.visibilityState === 'visible'),
    dispose: stop,
  };
}
