/**
 * One widget on the page, launcher first: its frame (./frame.ts), the plain-DOM launcher (./launcher.ts), the
 * settings and whether the panel is open (this file owns both), the page's triggers, and the panel, loaded at
 * the first sign that the visitor wants it (./panel-loader.ts: hover, touch or focus on the launcher, a command
 * that needs it, `data-open`, inline mode, or unsent messages the last page left). A page view where the visitor
 * never reaches for the launcher downloads no panel and makes no request.
 */
import type { VariableValue } from '../api/types';
import { readBootSettings, type ConfigContext } from '../config/boot';
import type { Issue } from '../config/read';
import type { BootSettings, SettingInputs, Visitor } from '../config/table';
import { PANEL_ID, type ExtraHost, type ExtraModule, type PanelHost, type WidgetEvent, type WidgetEventMap, type WidgetSettings } from '../contract';
import { createEmitter } from '../events';
import type { FetchLike } from '../api/client';
import type { Strings } from '../ui/strings';
import type { ChallengeProvider } from '../api/challenge';
import { createFrame } from './frame';
import { resolveLanguage } from './language';
import { createLauncher, showLoadFailure } from './launcher';
import { hasLeftover, mayFindLeftovers, whenIdle } from './leftovers';
import { createPanelLoader, type PanelSource } from './panel-loader';
import { listenToTriggers } from './triggers';
import { createValue } from './value';
import { launcherWords } from './words';
import { STORAGE_SUFFIX, storageKey } from '../store/layout';

export type { PanelSource } from './panel-loader';

/** Options only a JavaScript caller can pass (not data attributes). */
export interface RuntimeOptions {
  /** A custom transport, e.g. to go through a proxy that adds auth. */
  fetch?: FetchLike;
  /** Overrides of UI strings, by key (see `Strings`), e.g. `{ placeholder: 'Ask us…' }`. */
  strings?: Partial<Strings>;
  /** The site's bot check for its gateway: returns a token (e.g. Cloudflare Turnstile's) before each new conversation. */
  challenge?: ChallengeProvider;
}

/** Options of `mount()`: every setting (all optional but the assistant id; see the README's table) and the JS-only options. */
export interface MountOptions extends Omit<SettingInputs, 'target'>, RuntimeOptions {
  /** The assistant's public UUID. */
  assistantId: string;
}

/** The imperative API of one mounted widget. */
export interface WidgetHandle {
  /** Opens the panel (and, the first time, loads the conversation). */
  open(): void;
  /** Closes the panel. */
  close(): void;
  /** Opens the panel when closed, closes it when open. */
  toggle(): void;
  /** Sends `text` as the visitor (loading the conversation first if needed); does not open the panel. */
  send(text: string): void;
  /** Forgets the conversation and starts a new one. */
  reset(): Promise<void>;
  /**
   * The conversation as a plain-text (Markdown) transcript: who said what, the tools the assistant ran by name and
   * outcome, and the date. Loads the panel; nothing leaves the browser.
   */
  transcript(): Promise<string>;
  /** Removes the widget: every node, style, listener and timer. Idempotent. */
  destroy(): void;
  /** Replaces the variables sent when the next conversation is created: `update({ variables })`. */
  setVariables(variables: Record<string, VariableValue>): void;
  /** Switches the language (`fr`, `de-AT`, …) at once: `update({ locale })`. */
  setLocale(locale: string): void;
  /**
   * Says who the visitor is (`{ id, name, email, … }`): the values go to the assistant as variables of the next
   * conversation, and the conversation stored on this device is the one of this `id` (another person's stays
   * apart). `update({ visitor })`; loads nothing by itself.
   */
  identify(visitor: Visitor): void;
  /**
   * The visitor signed out: forgets their conversation id, draft, unsent text, consent and pre-chat answers on
   * this device, and the widget goes on anonymous and empty. (A message already on its way is not sent again.)
   */
  logout(): Promise<void>;
  /**
   * Changes settings of the live widget. Theme, colour, position, title, locale, strings, variables and
   * function-call cards change in place (an open panel stays open, the conversation is kept, no request);
   * another assistant id, API base, type, storage or visitor starts over with the conversation stored for them.
   * A setting given as `undefined` goes back to its default.
   */
  update(options: Partial<MountOptions>): void;
  /** Listens to an event; returns the function that stops listening. A throwing handler cannot break the widget. */
  on<E extends WidgetEvent>(event: E, handler: (detail: WidgetEventMap[E]) => void): () => void;
  /** Whether the panel is open. */
  readonly isOpen: boolean;
}

/** Where a widget's files come from: the panel, and what the boot loads for what an owner turned on. */
export interface WidgetFiles {
  readonly panel: PanelSource;
  /** The teaser and the timed open (`data-teaser`, `data-open-after`). */
  readonly nudges: () => Promise<ExtraModule>;
  /** The data layer's events (`data-analytics`). */
  readonly analytics: () => Promise<ExtraModule>;
}

/** What a widget is made of. */
export interface WidgetOptions {
  /** The boot's settings, read from `given`. */
  settings: BootSettings;
  /** What was not understood in them (the panel tells the site owner). */
  issues: Issue[];
  /** Every setting as given (with `fetch` and `strings` from a developer). */
  given: Record<string, unknown>;
  /** Where the settings came from: how problems name them, what relative URLs resolve against. */
  context: ConfigContext;
  files: WidgetFiles;
}

/**
 * Mounts a widget into `target` (floating: a host element appended to it; inline: the panel inside it).
 * Reads no storage and makes no request until the page is idle or the visitor shows intent.
 */
export function createWidget(target: Element | ShadowRoot, { settings, issues, given, context, files }: WidgetOptions): WidgetHandle {
  const { inline } = settings;
  const doc = target.ownerDocument;
  const win = doc.defaultView ?? window;
  const frame = createFrame(target, settings);
  const events = createEmitter<WidgetEventMap>();
  const owned = createValue<WidgetSettings>({ boot: settings, given: { ...given }, issues });
  const open = createValue(inline);
  let destroyed = false;
  // What had focus (or the site's own trigger) when the panel was asked to open: the panel takes focus from it,
  // and it gets focus back when the panel closes.
  let opener: Element | null = null;
  // What the launcher adds to its name: the unread replies, in the panel's words.
  let unreadLabel = '';

  const words = () => launcherWords(resolveLanguage(owned.value.boot.locale).base);
  const launcherName = () => {
    const title = owned.value.boot.title || words().title;
    return unreadLabel ? `${title}. ${unreadLabel}` : title;
  };
  const launcher =
    inline || settings.launcher === 'none'
      ? null
      : createLauncher(
          frame.dock,
          launcherName(),
          // A second tap while the panel is on its way keeps it coming (the loading sign says so).
          () => (open.value && !loader.panel ? undefined : setOpen(!open.value)),
          () => prepare(),
        );

  const host: PanelHost = {
    root: frame.root,
    container: frame.container,
    context,
    settings: owned,
    open,
    close: () => setOpen(false),
    opener: () => opener,
    badge:
      launcher &&
      ((count, label) => {
        unreadLabel = count ? label : '';
        launcher.setUnread(count);
        launcher.setName(launcherName());
      }),
    drawn() {
      launcher?.setLoading(null);
      launcher?.button.setAttribute('aria-controls', PANEL_ID);
    },
    events,
  };

  const loader = createPanelLoader({
    source: files.panel,
    host,
    showFailure: (retry) => showLoadFailure(inline ? frame.container : frame.dock, words().loadFailed, words().retry, retry),
    retry: () => (inline ? void loader.need() : setOpen(true)),
  });

  /** Whether `element` is this widget (its host, or the element whose shadow root holds it). */
  const isWidget = (element: Element) => element === frame.host || !!element.shadowRoot?.contains(frame.host);

  function setOpen(next: boolean, from: Element | null = doc.activeElement) {
    if (inline || destroyed || next === open.value) return;
    if (next) opener = from;
    const hadFocus = frame.container.contains(frame.root.activeElement);
    open.set(next);
    launcher?.setOpen(next);
    // Closed while focus was in the panel (Escape, close, the JS API): what opened it takes focus back, the site's
    // own button or link, else the launcher (shown again by now, on a phone).
    if (!next && hadFocus) {
      const back = opener?.isConnected && opener !== doc.body && !isWidget(opener) ? opener : launcher?.button;
      (back as HTMLElement | undefined)?.focus();
    }
    events.emit(next ? 'open' : 'close', undefined);
    if (next && !loader.panel) {
      launcher?.setLoading(words().loading);
      // Could not load: nothing opened (the note says so, and offers Retry).
      void loader.need().then((loaded) => {
        if (loaded) return;
        launcher?.setLoading(null);
        setOpen(false);
      });
    }
  }

  const prepare = () => void loader.load().then((loaded) => loaded?.prepare());

  /** Reads the settings again with `changes` (`undefined`: back to the default); the look, the launcher and the panel follow. */
  function update(changes: Record<string, unknown>) {
    const next = Object.fromEntries(Object.entries({ ...owned.value.given, ...changes }).filter(([, value]) => value !== undefined));
    const read = readBootSettings(next, context);
    // A bad assistant id in an update keeps the current one (there was a good one, or there would be no widget);
    // `inline` is the widget's kind, for good.
    const boot = { ...(read.settings ?? { ...read.values, assistantId: owned.value.boot.assistantId }), inline } as BootSettings;
    owned.set({ boot, given: next, issues: read.issues });
  }

  const stopFollowing = owned.subscribe(({ boot }) => {
    frame.showLook(boot);
    launcher?.setName(launcherName());
  });
  const stopTriggers = listenToTriggers(doc, settings.assistantId, (action, trigger) =>
    setOpen(action === 'toggle' ? !open.value : action === 'open', trigger),
  );

  // What an owner turned on that the boot loads itself, once the settings ask for it: each file follows the
  // settings and the events on its own.
  const extraHost: ExtraHost = {
    assistantId: settings.assistantId,
    settings: owned,
    open,
    show: () => setOpen(true),
    events,
    dock: frame.dock,
    addStyles: frame.addStyles,
    keyOf: (name) => storageKey(settings.assistantId, settings.apiBase) + STORAGE_SUFFIX[name],
    language: () => resolveLanguage(owned.value.boot.locale).base,
  };
  const stopExtras: (() => void)[] = [];
  const loadWhen = (wanted: (boot: BootSettings) => unknown, load: () => Promise<ExtraModule>) => {
    let loading = false;
    const check = ({ boot }: WidgetSettings) => {
      if (loading || !wanted(boot)) return;
      loading = true;
      load().then(
        ({ start }) => !destroyed && stopExtras.push(start(extraHost)),
        () => {},
      );
    };
    check(owned.value);
    stopExtras.push(owned.subscribe(check));
  };
  loadWhen((boot) => !inline && (boot.teaser || boot.openAfter !== undefined), files.nudges);
  loadWhen((boot) => boot.analytics, files.analytics);

  // Unsent messages the last page left in this tab: look for them once the page is idle (those of any visitor
  // of this assistant) and prepare the panel, which reads the conversation and sends the current visitor's
  // on (a message that may have reached the server is looked for in it first), the chat open or not.
  if (settings.storage !== 'memory' && mayFindLeftovers(win)) {
    whenIdle(win, () => {
      if (!destroyed && hasLeftover(win, storageKey(settings.assistantId, settings.apiBase))) prepare();
    });
  }
  if (inline) void loader.need();
  else if (settings.open) setOpen(true);

  const withPanel = <T>(task: (panel: NonNullable<typeof loader.panel>) => T) => loader.need().then((loaded) => loaded && task(loaded));

  return {
    open: () => setOpen(true),
    close: () => setOpen(false),
    toggle: () => setOpen(!open.value),
    // (The panel checks the text and says in the console why it did not send it; the boot carries none of that.
    // When the panel cannot load, the console and the launcher already say so.)
    send: (text) => void withPanel((panel) => panel.send(text)),
    reset: () => withPanel((panel) => panel.reset()).then(() => undefined),
    transcript: () => withPanel((panel) => panel.transcript()).then((text) => text || ''),
    setVariables: (variables) => update({ variables }),
    identify: (visitor) => update({ visitor }),
    setLocale: (locale) => update({ locale }),
    update,
    logout: () =>
      // (The visitor leaves the settings once the panel has forgotten what they left on this device.)
      withPanel((panel) => panel.logout(() => update({ visitor: undefined }))).then(() => undefined),
    on: events.on,
    destroy() {
      if (destroyed) return;
      destroyed = true;
      stopFollowing();
      stopExtras.forEach((stop) => stop());
      stopTriggers();
      loader.destroy();
      frame.remove();
      events.clear();
    },
    get isOpen() {
      return open.value;
    },
  };
}
