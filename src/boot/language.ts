/**
 * How a locale becomes a language and a text direction: the launcher reads `data-locale` and the page's
 * language with it, and the panel asks the launcher (PanelHost.language).
 */

const RIGHT_TO_LEFT = ['ar', 'he', 'fa', 'ur'];

/** A language tag such as `de` or `de-AT` (`de_AT` is read as `de-AT`), or undefined when `tag` is none. */
export function languageTag(tag: string | null | undefined): string | undefined {
  const value = (tag ?? '').trim().replace(/_/g, '-');
  return /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{1,8})*$/.test(value) ? value : undefined;
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
