/**
 * The few words the launcher says before the panel has loaded, in every language the widget speaks: its name,
 * that the chat is loading, and what to say when it cannot load. The panel's words for the same things are
 * these (src/ui/strings.ts and src/ui/locales/ take them from here); everything else the widget says loads
 * with the panel.
 */

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

/** The launcher's words, by base language (`fr` for `fr-CA`); English for any other. */
export const LAUNCHER_WORDS = {
  en: { title: 'Chat with us', loading: 'Loading the chat…', loadFailed: 'The chat could not be loaded.', retry: 'Retry' },
  de: { title: 'Schreiben Sie uns', loading: 'Der Chat wird geladen…', loadFailed: 'Der Chat konnte nicht geladen werden.', retry: 'Erneut versuchen' },
  fr: { title: 'Écrivez-nous', loading: 'Chargement du chat…', loadFailed: 'Le chat n’a pas pu être chargé.', retry: 'Réessayer' },
  es: { title: 'Escríbanos', loading: 'Cargando el chat…', loadFailed: 'No se pudo cargar el chat.', retry: 'Reintentar' },
  it: { title: 'Scrivici', loading: 'Caricamento della chat…', loadFailed: 'Non è stato possibile caricare la chat.', retry: 'Riprova' },
  nl: { title: 'Chat met ons', loading: 'De chat wordt geladen…', loadFailed: 'De chat kon niet worden geladen.', retry: 'Opnieuw proberen' },
  pt: { title: 'Fale conosco', loading: 'Carregando o chat…', loadFailed: 'Não foi possível carregar o chat.', retry: 'Tentar novamente' },
  pl: { title: 'Napisz do nas', loading: 'Ładowanie czatu…', loadFailed: 'Nie udało się załadować czatu.', retry: 'Spróbuj ponownie' },
  tr: { title: 'Bize yazın', loading: 'Sohbet yükleniyor…', loadFailed: 'Sohbet yüklenemedi.', retry: 'Tekrar dene' },
  ar: { title: 'راسلنا', loading: 'جارٍ تحميل المحادثة…', loadFailed: 'تعذّر تحميل المحادثة.', retry: 'إعادة المحاولة' },
  he: { title: 'דברו איתנו', loading: 'הצ׳אט נטען…', loadFailed: 'לא ניתן היה לטעון את הצ׳אט.', retry: 'ניסיון חוזר' },
} satisfies Record<string, LauncherWords>;

/** A language the widget speaks. */
export type WidgetLanguage = keyof typeof LAUNCHER_WORDS;

/** The launcher's words for a base language (English when the widget does not speak it). */
export function launcherWords(base: string): LauncherWords {
  return Object.prototype.hasOwnProperty.call(LAUNCHER_WORDS, base) ? LAUNCHER_WORDS[base as WidgetLanguage] : LAUNCHER_WORDS.en;
}
