/**
 * Every word the widget shows: the `Strings` every language has, English built in, the other languages
 * each in a file of its own under ./locales/. `{name}` placeholders are filled by `fill`. Phrasings avoid
 * plurals ("Unread replies: 3") so one template serves every count.
 */
import type { ApiErrorKind } from '../api/errors';
import { words as launcher } from '../boot/words/en';

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
  /** Takes a failed message out of the queue (its text goes back to the composer). */
  discard: string;
  /** While the conversation opens. */
  connecting: string;
  /** While opening runs into trouble and tries again. */
  retrying: string;
  /** In place of a message that failed to render. */
  unshowable: string;
  showEarlier: string;
  newMessages: string;
  /** Launcher badge label and the announcement on open; `{n}`. */
  unread: string;
  dismiss: string;
  noticeReplaced: string;
  noticeReset: string;
  /** The draft kept from the last visit was too long: only its beginning was kept. */
  noticeDraftTrimmed: string;
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
  /** Accessible name of the welcome's starter prompts (`data-starters`). */
  starters: string;
  /** The button that accepts the notice of `data-disclaimer` when `data-consent="required"`. */
  consentAccept: string;
  /** Shown in the locked composer until the visitor accepts the notice. */
  consentNeeded: string;
  /** Above the pre-chat form (`data-prechat`). */
  prechatIntro: string;
  /** The pre-chat form's button. */
  prechatSubmit: string;
  /** Marks a required field's label. */
  required: string;
  /** A required field left empty; `{label}`. */
  fieldMissing: string;
  /** An email field that does not hold an email address. */
  fieldEmail: string;
  /** A phone field that does not hold a phone number. */
  fieldTel: string;
  /** The header button that switches the floating panel to its large layout (`data-size`). */
  expand: string;
  /** The same button in the large layout: back to the usual size. */
  shrink: string;
  /** The header button that saves the conversation as a text file (`data-transcript`). */
  download: string;
  /** The saved conversation's second line; `{date}`. */
  transcriptSaved: string;
  /** The composer's microphone button (`data-voice="dictation"`). */
  dictate: string;
  /** The same button while it listens. */
  stopDictation: string;
  /** Said while the microphone listens. */
  listening: string;
  /** The browser refused the microphone. */
  dictationDenied: string;
  /** The microphone heard no speech. */
  dictationNoSpeech: string;
  /** Speech recognition needs the network, which failed. */
  dictationNetwork: string;
  /** Dictation stopped for another reason. */
  dictationFailed: string;
  /** The header button that mutes the reply chime (`data-sound`). */
  mute: string;
  /** The same button once muted. */
  unmute: string;
}

/** English. */
export const en: Strings = {
  title: launcher.title,
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
  retry: launcher.retry,
  discard: 'Discard',
  connecting: 'Connecting…',
  retrying: 'Can’t reach the chat service. Trying again…',
  unshowable: 'This message can’t be shown.',
  showEarlier: 'Show earlier messages',
  newMessages: 'New messages',
  unread: 'Unread replies: {n}',
  dismiss: 'Dismiss',
  noticeReplaced: 'Your previous conversation has ended, so a new one was started.',
  noticeReset: 'You started a new conversation.',
  noticeDraftTrimmed: 'Your unsent message was too long to keep whole: only its beginning was saved.',
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
  starters: 'Suggested questions',
  consentAccept: 'Accept',
  consentNeeded: 'Accept the notice above to start chatting.',
  prechatIntro: 'Before we start, please tell us a little about you.',
  prechatSubmit: 'Start chat',
  required: 'required',
  fieldMissing: 'Please fill in {label}.',
  fieldEmail: 'Please enter an email address like name@example.com.',
  fieldTel: 'Please enter a phone number (digits, spaces, +, -, parentheses).',
  expand: 'Larger view',
  shrink: 'Smaller view',
  download: 'Download conversation',
  transcriptSaved: 'Saved {date}',
  dictate: 'Dictate a message',
  stopDictation: 'Stop dictation',
  listening: 'Listening… Speak now.',
  dictationDenied: 'The microphone is blocked. Allow it in your browser to dictate.',
  dictationNoSpeech: 'No speech was heard. Try again.',
  dictationNetwork: 'Dictation needs a connection. Check it and try again.',
  dictationFailed: 'Dictation stopped. Try again, or type your message.',
  mute: 'Mute the reply sound',
  unmute: 'Turn the reply sound on',
};

/** Fills `{name}` placeholders of a template. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/**
 * The languages besides English, by base language (`fr-CA` and `pt-BR` speak `fr` and `pt`): each is a file
 * of its own (src/ui/locales/), which the panel loads when a visitor needs it, so no visitor downloads the
 * words of languages they do not read. (Right to left is the language's, not its words': see resolveLanguage.)
 */
export const LANGUAGES: Record<string, () => Promise<{ strings: Strings }>> = {
  ar: () => import('./locales/ar'),
  de: () => import('./locales/de'),
  es: () => import('./locales/es'),
  fr: () => import('./locales/fr'),
  he: () => import('./locales/he'),
  it: () => import('./locales/it'),
  nl: () => import('./locales/nl'),
  pl: () => import('./locales/pl'),
  pt: () => import('./locales/pt'),
  tr: () => import('./locales/tr'),
};

/**
 * The strings of a language (`words`: English when the language has none of its own), with the site
 * owner's overrides.
 */
export function stringsFor(words: Strings, overrides?: Partial<Strings>): Strings {
  const strings: Strings = { ...words };
  for (const [key, value] of Object.entries(overrides ?? {})) {
    if (Object.prototype.hasOwnProperty.call(en, key) && typeof value === 'string') strings[key as keyof Strings] = value;
  }
  return strings;
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
  not_api: 'errorNotFound',
};

/** The words for an error, by its kind. */
export function errorText(kind: ApiErrorKind, strings: Strings): string {
  return strings[ERROR_WORDS[kind]];
}
