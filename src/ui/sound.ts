/**
 * The reply sound (`data-sound="on"`), a file of its own that the panel loads when the setting is on: the chime,
 * two short soft tones made with the Web Audio API (no sound file to load), and the visitor's mute, remembered on
 * the device in the widget's storage (the key of ../store/layout.ts).
 */
import { signal } from '@preact/signals';
import type { WidgetConfig } from '../config/table';
import type { ReplySound } from '../panel/sound';
import { envelope, openEnvelope, storageKeys } from '../store/layout';
import { createStorage } from '../store/storage';

/** The sound of the widget of `config`, on `doc`'s page. */
export function createReplySound(config: WidgetConfig, doc: Document): ReplySound {
  const storage = createStorage(config.storage);
  const key = storageKeys(config).sound;
  const raw = storage.getItem(key);
  const muted = signal(raw ? openEnvelope(raw, config)?.muted === true : false);
  return {
    muted,
    toggle() {
      muted.value = !muted.peek();
      storage.setItem(key, envelope(config, { muted: muted.peek() }));
    },
    replied(looking) {
      const win = doc.defaultView ?? window;
      // Browsers play no sound before the visitor has interacted with the page; where they cannot tell, try.
      const activated = (win.navigator as { userActivation?: { hasBeenActive: boolean } }).userActivation?.hasBeenActive ?? true;
      if (!looking && !muted.peek() && activated) play(win);
    },
  };
}

let context: AudioContext | undefined;

/** Plays the chime once (nothing where the browser has no Web Audio, or refuses it). */
function play(win: Window): void {
  try {
    const Context = (win as Window & { AudioContext?: typeof AudioContext }).AudioContext;
    if (!Context) return;
    context ??= new Context();
    const now = context.currentTime;
    for (const [index, frequency] of [880, 1320].entries()) {
      const start = now + index * 0.12;
      const tone = context.createOscillator();
      const volume = context.createGain();
      tone.type = 'sine';
      tone.frequency.value = frequency;
      volume.gain.setValueAtTime(0.0001, start);
      volume.gain.exponentialRampToValueAtTime(0.12, start + 0.02);
      volume.gain.exponentialRampToValueAtTime(0.0001, start + 0.25);
      tone.connect(volume).connect(context.destination);
      tone.start(start);
      tone.stop(start + 0.26);
    }
  } catch {
    // a browser that refuses sound: the badge and the launcher's name still tell
  }
}
