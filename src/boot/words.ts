/**
 * The few words the launcher says before the panel has loaded, in every language the widget speaks: its name,
 * that the chat is loading, and what to say when it cannot load. The panel's words for the same things are
 * these (src/ui/strings.ts and src/ui/locales/ take them from ./words/); everything else the widget says loads
 * with the panel.
 */
import { words as ar } from './words/ar';
import { words as de } from './words/de';
import { words as en } from './words/en';
import { words as es } from './words/es';
import { words as fr } from './words/fr';
import { words as he } from './words/he';
import { words as it } from './words/it';
import { words as nl } from './words/nl';
import { words as pl } from './words/pl';
import { words as pt } from './words/pt';
import { words as tr } from './words/tr';

/** The launcher's words in one language. */
export interface LauncherWords {
  /** The launcher's accessible name, and the panel's title when `data-title` is not set. */
  title: string;
  /** Said to screen readers (and shown on the launcher) while the chat is on its way. */
  loading: string;
  /** Shown next to the launcher when the chat cannot be loaded. */
  loadFailed: string;
  /** The button that tries again. */
  retry: string;
}

/**
 * The launcher's words, by base language (`fr` for `fr-CA`); English for any other. Each language's are a file of
 * its own (./words/), from which that language's panel words take theirs.
 */
export const LAUNCHER_WORDS = { en, de, fr, es, it, nl, pt, pl, tr, ar, he } satisfies Record<string, LauncherWords>;

/** A language the widget speaks. */
export type WidgetLanguage = keyof typeof LAUNCHER_WORDS;

/** The launcher's words for a base language (English when the widget does not speak it). */
export function launcherWords(base: string): LauncherWords {
  return Object.prototype.hasOwnProperty.call(LAUNCHER_WORDS, base) ? LAUNCHER_WORDS[base as WidgetLanguage] : LAUNCHER_WORDS.en;
}
