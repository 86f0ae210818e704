/**
 * Every word the widget shows, in one place per language. `{name}` placeholders are filled by `fill`.
 * Phrasings avoid plurals ("Unread replies: 3") so one template serves every count.
 */
import type { ApiErrorKind } from '../api/errors';
import { LAUNCHER_WORDS, resolveLanguage } from '../boot/words';

/** The UI strings of one language. Site owners may override any of them (RuntimeOptions.strings). */
export interface Strings {
  /** Panel title and launcher name when `data-title` is not set. */
  title: string;
  close: string;
  newConversation: string;
  messages: string;
  you: string;
  assistant: string;
  composerLabel: string;
  placeholder: string;
  send: string;
  /** `{count}` of `{max}` characters used, shown near the limit. */
  charCount: string;
  /** Shown (before trying) when the text is over the limit. */
  tooLong: string;
  typing: string;
  queued: string;
  sending: string;
  slow: string;
  checking: string;
  failed: string;
  retry: string;
  showEarlier: string;
  newMessages: string;
  /** Launcher badge label and the announcement on open; `{n}`. */
  unread: string;
  dismiss: string;
  noticeReplaced: string;
  noticeReset: string;
  errorNotFound: string;
  errorUnavailable: string;
  errorAssistant: string;
  errorRejected: string;
  errorRateLimited: string;
  errorServer: string;
  errorNetwork: string;
  errorTimeout: string;
  callSucceeded: string;
  callFailed: string;
  /** Accessible label of a card's toggle; `{name}`. */
  callDetails: string;
  arguments: string;
  result: string;
  /** Name shown for a function call without one. */
  unnamed: string;
  empty: string;
  showMore: string;
  /** Reveals the next items of a long list; `{n}` remain. */
  moreItems: string;
  /** Reveals data nested too deep to show at once; `{n}` entries. */
  expandNested: string;
  /** A code block's copy button, and what it says after copying or failing to. */
  copyCode: string;
  codeCopied: string;
  copyFailed: string;
  /** Reveals more of a reply's function-call cards; `{n}` not shown yet. */
  moreCalls: string;
}

/** English. */
export const en: Strings = {
  title: LAUNCHER_WORDS.title,
  close: 'Close chat',
  newConversation: 'Start a new conversation',
  messages: 'Messages',
  you: 'You',
  assistant: 'Assistant',
  composerLabel: 'Your message',
  placeholder: 'Write a message…',
  send: 'Send',
  charCount: '{count}/{max}',
  tooLong: 'Too long ({count}/{max} characters). Shorten your message to send it.',
  typing: 'The assistant is typing…',
  queued: 'Waiting to send',
  sending: 'Sending…',
  slow: 'Still working…',
  checking: 'Checking whether it arrived…',
  failed: 'Not sent.',
  retry: LAUNCHER_WORDS.retry,
  showEarlier: 'Show earlier messages',
  newMessages: 'New messages',
  unread: 'Unread replies: {n}',
  dismiss: 'Dismiss',
  noticeReplaced: 'Your previous conversation has ended, so a new one was started.',
  noticeReset: 'You started a new conversation.',
  errorNotFound: 'This chat is not available.',
  errorUnavailable: 'The chat is unavailable right now. Please try again later.',
  errorAssistant: 'The assistant could not answer this time.',
  errorRejected: 'The message was not accepted.',
  errorRateLimited: 'Too many messages at once. Trying again shortly.',
  errorServer: 'Something went wrong on our side.',
  errorNetwork: 'Could not connect. Check your connection.',
  errorTimeout: 'The chat took too long to answer.',
  callSucceeded: 'Done',
  callFailed: 'Failed',
  callDetails: 'Details of {name}',
  arguments: 'Arguments',
  result: 'Result',
  unnamed: 'Action',
  empty: 'None',
  showMore: 'Show more',
  moreItems: 'Show more ({n} left)',
  expandNested: 'Show nested data ({n})',
  copyCode: 'Copy',
  codeCopied: 'Copied',
  copyFailed: 'Copy failed',
  moreCalls: 'And {n} more',
};

/** German. */
export const de: Strings = {
  title: 'Schreiben Sie uns',
  close: 'Chat schließen',
  newConversation: 'Neues Gespräch beginnen',
  messages: 'Nachrichten',
  you: 'Sie',
  assistant: 'Assistent',
  composerLabel: 'Ihre Nachricht',
  placeholder: 'Nachricht schreiben…',
  send: 'Senden',
  charCount: '{count}/{max}',
  tooLong: 'Zu lang ({count}/{max} Zeichen). Kürzen Sie die Nachricht, um sie zu senden.',
  typing: 'Der Assistent schreibt…',
  queued: 'Wartet auf Versand',
  sending: 'Wird gesendet…',
  slow: 'Wird noch bearbeitet…',
  checking: 'Prüfe, ob sie angekommen ist…',
  failed: 'Nicht gesendet.',
  retry: 'Erneut versuchen',
  showEarlier: 'Frühere Nachrichten anzeigen',
  newMessages: 'Neue Nachrichten',
  unread: 'Ungelesene Antworten: {n}',
  dismiss: 'Schließen',
  noticeReplaced: 'Ihr früheres Gespräch ist beendet, daher wurde ein neues begonnen.',
  noticeReset: 'Sie haben ein neues Gespräch begonnen.',
  errorNotFound: 'Dieser Chat ist nicht verfügbar.',
  errorUnavailable: 'Der Chat ist gerade nicht verfügbar. Bitte versuchen Sie es später erneut.',
  errorAssistant: 'Der Assistent konnte diesmal nicht antworten.',
  errorRejected: 'Die Nachricht wurde nicht angenommen.',
  errorRateLimited: 'Zu viele Nachrichten auf einmal. Gleich geht es weiter.',
  errorServer: 'Bei uns ist etwas schiefgelaufen.',
  errorNetwork: 'Keine Verbindung. Bitte prüfen Sie Ihre Verbindung.',
  errorTimeout: 'Die Antwort hat zu lange gedauert.',
  callSucceeded: 'Erledigt',
  callFailed: 'Fehlgeschlagen',
  callDetails: 'Details zu {name}',
  arguments: 'Eingaben',
  result: 'Ergebnis',
  unnamed: 'Aktion',
  empty: 'Keine',
  showMore: 'Mehr anzeigen',
  moreItems: 'Mehr anzeigen (noch {n})',
  expandNested: 'Verschachtelte Daten anzeigen ({n})',
  copyCode: 'Kopieren',
  codeCopied: 'Kopiert',
  copyFailed: 'Kopieren fehlgeschlagen',
  moreCalls: 'Und {n} weitere',
};

const BUILT_IN: Record<string, Strings> = { en, de };

/** Fills `{name}` placeholders of a template. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/**
 * The strings for a base language (`de`), with the site owner's overrides. Languages without built-in
 * strings get English words (plus any overrides).
 */
export function stringsFor(base: string, overrides?: Partial<Strings>): Strings {
  const strings: Strings = { ...(BUILT_IN[base] ?? en) };
  for (const [key, value] of Object.entries(overrides ?? {})) {
    if (Object.prototype.hasOwnProperty.call(en, key) && typeof value === 'string') strings[key as keyof Strings] = value;
  }
  return strings;
}

/**
 * Picks the strings and text direction for a locale (`de-AT` → German). Without a locale: the page's
 * `lang`, then the browser's language, then English (see `resolveLanguage`).
 */
export function resolveLocale(
  locale: string | undefined,
  overrides?: Partial<Strings>,
): { strings: Strings; lang: string; dir: 'ltr' | 'rtl' } {
  const { lang, base, dir } = resolveLanguage(locale);
  return { strings: stringsFor(base, overrides), lang, dir };
}

/** The words for each kind of error. */
const ERROR_WORDS: Record<ApiErrorKind, keyof Strings> = {
  not_found: 'errorNotFound',
  insufficient_balance: 'errorUnavailable',
  assistant_failed: 'errorAssistant',
  validation: 'errorRejected',
  rejected: 'errorRejected',
  rate_limited: 'errorRateLimited',
  server: 'errorServer',
  unexpected: 'errorServer',
  network: 'errorNetwork',
  timeout: 'errorTimeout',
};

/** The words for an error, by its kind. */
export function errorText(kind: ApiErrorKind, strings: Strings): string {
  return strings[ERROR_WORDS[kind]];
}
