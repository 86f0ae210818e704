/**
 * What an owner may turn on to draw a visitor to the chat, a file of its own that the boot loads only when the
 * settings ask for it (`data-teaser`, `data-open-after`):
 * - a teaser: a short line in a bubble beside the closed launcher, after a delay; a click on it opens the chat,
 *   its close button dismisses it for the rest of the visit (in this tab); screen readers hear it once, politely;
 * - opening the panel by itself after a while, once per visit, on wide screens only: on a phone the panel covers
 *   the whole screen, which a visitor did not ask for.
 * It follows the settings on its own (the boot only loads it), and imports no code of the widget's (the boot hands
 * it what it needs): a file of its own, with nothing shared with the panel's.
 */
import type { ExtraHost, WidgetSettings } from '../contract';
import teaserCss from './teaser.css?inline';

/** The nudges' settings, from which they start again when they change. */
interface NudgeSettings {
  teaser: string | undefined;
  teaserDelay: number;
  openAfter: number | undefined;
  language: string;
}

/** The teaser's close button, in every language the widget speaks. */
const CLOSE: Record<string, string> = {
  en: 'Close',
  de: 'Schließen',
  fr: 'Fermer',
  es: 'Cerrar',
  it: 'Chiudi',
  nl: 'Sluiten',
  pt: 'Fechar',
  pl: 'Zamknij',
  tr: 'Kapat',
  ar: 'إغلاق',
  he: 'סגירה',
};

/** Screens at least this wide show a floating panel beside the page; narrower ones show it full screen. */
const WIDE = '(min-width: 480px)';

/**
 * Starts the nudges the settings ask for, again each time they change; returns the function that stops them and
 * takes the teaser away.
 */
export function start(host: ExtraHost): () => void {
  let asked = '';
  let stop = () => {};
  const follow = ({ boot }: WidgetSettings) => {
    const settings: NudgeSettings = { teaser: boot.teaser, teaserDelay: boot.teaserDelay, openAfter: boot.openAfter, language: host.language() };
    const wanted = JSON.stringify(settings);
    if (wanted === asked) return;
    asked = wanted;
    stop();
    stop = startNudges(host, settings);
  };
  follow(host.settings.value);
  const unsubscribe = host.settings.subscribe(follow);
  return () => {
    unsubscribe();
    stop();
  };
}

/** Starts the nudges of `settings`; returns the function that stops them. */
function startNudges(host: ExtraHost, settings: NudgeSettings): () => void {
  const win = host.dock.ownerDocument.defaultView ?? window;
  const timers: number[] = [];
  let removeTeaser = () => {};
  const removeStyles = settings.teaser ? host.addStyles(teaserCss) : () => {};
  const stopWatching = host.events.on('open', () => {
    mark(host, 'opened');
    removeTeaser();
  });

  const { teaser, openAfter } = settings;
  if (teaser && !marked(host, 'teaser')) {
    timers.push(win.setTimeout(() => !host.open.value && (removeTeaser = showTeaser(host, teaser, settings.language)), settings.teaserDelay));
  }
  if (openAfter !== undefined && !marked(host, 'opened')) {
    timers.push(
      win.setTimeout(() => {
        if (host.open.value || marked(host, 'opened') || !win.matchMedia(WIDE).matches) return;
        host.show();
      }, openAfter),
    );
  }
  return () => {
    for (const timer of timers) win.clearTimeout(timer);
    stopWatching();
    removeTeaser();
    removeStyles();
  };
}

/** Whether this visit (this tab) has seen `name`: the teaser dismissed, the chat opened. A storage out of reach remembers nothing. */
function marked(host: ExtraHost, name: 'teaser' | 'opened'): boolean {
  try {
    return sessionStorage.getItem(host.keyOf(name)) === '1';
  } catch {
    return false;
  }
}

function mark(host: ExtraHost, name: 'teaser' | 'opened'): void {
  try {
    sessionStorage.setItem(host.keyOf(name), '1');
  } catch {
    // out of reach: this visit forgets it
  }
}

/** Draws the teaser in the dock and says it once; returns the function that takes it away. */
function showTeaser(host: ExtraHost, text: string, language: string): () => void {
  const doc = host.dock.ownerDocument;
  const bubble = doc.createElement('div');
  bubble.className = 'teaser';
  const opener = doc.createElement('button');
  opener.type = 'button';
  opener.className = 'teaser-text';
  opener.textContent = text;
  opener.addEventListener('click', () => host.show());
  const close = doc.createElement('button');
  close.type = 'button';
  close.className = 'teaser-close';
  close.setAttribute('aria-label', CLOSE[language] ?? CLOSE.en!);
  close.textContent = '×';
  close.addEventListener('click', () => {
    mark(host, 'teaser');
    remove();
  });
  bubble.append(opener, close);
  host.dock.append(bubble);
  // Said once, politely, by the launcher's status line (the bubble itself is no live region: read once only).
  const status = host.dock.querySelector('[role="status"]');
  if (status) status.textContent = text;
  const remove = () => {
    bubble.remove();
    if (status?.textContent === text) status.textContent = '';
  };
  return remove;
}
