/**
 * Where a panel gets its function-call cards: src/ui/FunctionCalls.tsx, loaded once, the first time a
 * message shows function calls, with its stylesheet adopted into that panel's shadow root.
 */
import { signal, type ReadonlySignal } from '@preact/signals-core';
import { createContext } from 'preact';

/** The cards' module. */
export type CardsModule = typeof import('./FunctionCalls');

/** The cards of one panel: the module once it has arrived (null before), and the request to load it. */
export interface Cards {
  readonly module: ReadonlySignal<CardsModule | null>;
  /** Loads the module (once; again after a failure, e.g. when the visitor was offline). */
  load(): void;
}

/** Cards whose stylesheet goes to `addStyles` when they arrive. */
export function createCards(addStyles: (css: string) => void): Cards {
  const module = signal<CardsModule | null>(null);
  let loading = false;
  return {
    module,
    load() {
      if (loading || module.peek()) return;
      loading = true;
      import('./FunctionCalls').then(
        (loaded) => {
          addStyles(loaded.css);
          module.value = loaded;
        },
        () => (loading = false),
      );
    },
  };
}

/** The panel's cards (src/panel/index.ts provides them; without a provider, cards without a stylesheet). */
export const CardsContext = createContext<Cards>(createCards(() => {}));
