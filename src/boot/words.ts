/**
 * The few words the launcher needs before the panel has loaded (its name, and what to say when the panel
 * cannot load), and how a locale becomes a language and a text direction. Everything else the widget says
 * lives with the panel (src/ui/strings.ts), which loads only when the visitor reaches for the chat.
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

const RIGHT_TO_LEFT = ['ar', 'he', 'fa', 'ur'];

/** A language tag such as `de` or `de-AT` (`de_AT` is read as `de-AT`), or undefined when `tag` is none. */
export function languageTag(tag: string | null | undefined): string | undefined {
  const value = (tag ?? '').trim().replace(/_/g, '-');
  return /^[a-z]{2,3}(-[a-z0-9]{1,8})*$/i.test(value) ? value : undefined;
}

/** The language the widget speaks: its tag, its base language (`de` for `de-AT`) and its direction. */
export interface Language {
  lang: string;
  base: string;
  dir: 'ltr' | 'rtl';
}

/**
 * The language for a configured locale: the locale, else the page's `lang`, else the browser's language,
 * else English. Right-to-left languages (`ar`, `he`, `fa`, `ur`) lay out mirrored.
 */
export function resolveLanguage(locale: string | undefined): Language {
  const lang = languageTag(locale) ?? languageTag(document.documentElement.lang) ?? languageTag(navigator.language) ?? 'en';
  const base = lang.split('-')[0]!.toLowerCase();
  return { lang, base, dir: RIGHT_TO_LEFT.includes(base) ? 'rtl' : 'ltr' };
}
