/**
 * What a panel loads only when a message needs it, each a file of its own with its stylesheet (adopted into
 * that panel's shadow root when it arrives):
 * - the markdown renderer (./rich-text.ts), for the first reply with anything markdown would change (a
 *   one-line plain reply needs none), and ahead of time while a conversation is read (a returning visitor's)
 *   and once the visitor has sent a message;
 * - the function-call cards (./FunctionCalls.tsx), for the first message that shows some;
 * - dictation's microphone (./voice.ts), when `data-voice="dictation"` is on and the browser can listen.
 */
import { signal, type ReadonlySignal } from '@preact/signals';
import { createContext } from 'preact';

/** A module of its own, loaded on first request. */
export interface Chunk<T> {
  /** The module once it has arrived (null before): components that read it render again then. */
  readonly module: ReadonlySignal<T | null>;
  /** Loads the module (once; again after a failure, e.g. when the visitor was offline). */
  load(): void;
}

/** The markdown renderer's module. */
export type RichTextModule = typeof import('./rich-text');
/** The function-call cards' module. */
export type CardsModule = typeof import('./FunctionCalls');
/** Dictation's module: the composer's microphone. */
export type VoiceModule = typeof import('./voice');

/** A panel's chunks. */
export interface Chunks {
  richText: Chunk<RichTextModule>;
  cards: Chunk<CardsModule>;
  voice: Chunk<VoiceModule>;
}

/** A chunk that `import`s its module, whose stylesheet goes to `addStyles` when it arrives. */
function chunk<T extends { css: string }>(load: () => Promise<T>, addStyles: (css: string) => void): Chunk<T> {
  const module = signal<T | null>(null);
  let loading = false;
  return {
    module,
    load() {
      if (loading || module.peek()) return;
      loading = true;
      load().then(
        (loaded) => {
          addStyles(loaded.css);
          module.value = loaded;
        },
        () => (loading = false),
      );
    },
  };
}

/** A panel's chunks, whose stylesheets go to `addStyles`. */
export function createChunks(addStyles: (css: string) => void): Chunks {
  return {
    richText: chunk(() => import('./rich-text'), addStyles),
    cards: chunk(() => import('./FunctionCalls'), addStyles),
    voice: chunk(() => import('./voice'), addStyles),
  };
}

/** The panel's chunks (src/panel/index.ts provides them; without a provider, chunks without stylesheets). */
export const ChunksContext = createContext<Chunks>(createChunks(() => {}));
