/**
 * The few words the launcher needs before the panel has loaded: its name, and what to say when the panel
 * cannot load. Everything else the widget says lives with the panel (src/ui/strings.ts), which loads only
 * when the visitor reaches for the chat. (How a locale becomes a language is ./language.ts: the panel's
 * strings take these words, and the panel file carries no more of the launcher than that.)
 */

/** The launcher's words in one language. */
export interface LauncherWords {
  /** The launcher's accessible name and the panel's title when `data-title` is not set. */
  title: string;
  /** Shown next to the launcher when the chat cannot be loaded. */
  loadFailed: string;
  /** The button that tries again. */
  retry: string;
}

/**
 * The launcher's words before the panel has loaded, in English: every other language's words load with the
 * panel (which then names the launcher in the visitor's language), so that the launcher script stays small.
 * `data-title` names the launcher in any language from the start.
 */
export const LAUNCHER_WORDS: LauncherWords = { title: 'Chat with us', loadFailed: 'The chat could not be loaded.', retry: 'Retry' };
