/**
 * What the boot (src/boot/, the launcher every page view loads) and the panel (src/panel/, loaded on the
 * visitor's intent) know of each other. Types only: the boot carries none of the panel's code, the panel none
 * of the boot's. The boot owns the settings and whether the panel is open; the panel reads both and never
 * changes them (it asks the boot to close).
 */
import type { Readable } from './boot/value';
import type { ConfigContext } from './config/boot';
import type { Issue } from './config/read';
import type { BootSettings } from './config/table';
import type { Emitter } from './events';
import type { ChatError, ChatMessage } from './model';

/** What each event of the widget passes to its handlers. */
export interface WidgetEventMap {
  /** The panel opened. */
  open: undefined;
  /** The panel closed. */
  close: undefined;
  /** A message arrived or was sent (as the UI shows it). */
  message: ChatMessage;
  /** Something went wrong that the visitor sees. */
  error: ChatError;
  /** A conversation was created or resumed. */
  conversation: { conversationId: string };
  /** The number of replies that arrived while the panel was closed changed (0 once it opens): for a badge of your own. */
  unread: number;
}

/** The events a page can listen to. */
export type WidgetEvent = keyof WidgetEventMap;

/** The widget's events, in the order the README lists them. */
export const WIDGET_EVENTS: readonly WidgetEvent[] = ['open', 'close', 'message', 'error', 'conversation', 'unread'];

/** The id of the panel element, for the launcher's `aria-controls` (unique in the widget's shadow root). */
export const PANEL_ID = 'acw-panel';

/** The widget's settings, as the boot owns them. */
export interface WidgetSettings {
  /** The boot's settings, read (defaults in place of what was not understood). */
  readonly boot: BootSettings;
  /**
   * Every setting as given: the script tag's data attributes as text, or a developer's options as values (with the
   * JavaScript-only `fetch` and `strings`). The panel reads its own settings from them.
   */
  readonly given: Readonly<Record<string, unknown>>;
  /** What the boot did not understand, for the panel to tell the site owner (the boot carries no words). */
  readonly issues: readonly Issue[];
}

/** What the boot gives the panel when it creates it. */
export interface PanelHost {
  /** The widget's shadow root: the panel adds its stylesheets here. */
  readonly root: ShadowRoot;
  /** The element the panel renders into (inside the shadow root, beside the launcher). */
  readonly container: HTMLElement;
  /** Where the settings came from: how problems name them. */
  readonly context: ConfigContext;
  /** The settings (the boot's): read again whenever they change. */
  readonly settings: Readable<WidgetSettings>;
  /** Whether the panel is open (always, inline): the boot's. */
  readonly open: Readable<boolean>;
  /** The visitor closed the panel from inside it (close button, Escape). */
  readonly close: () => void;
  /**
   * What had focus on the page when the panel was last asked to open (the launcher, the site's own button or link,
   * the page itself): the panel takes focus from there, not from where the visitor has gone since.
   */
  readonly opener: () => Element | null;
  /** Shows the number of unread replies on the launcher (`label` names it for screen readers); none without a launcher. */
  readonly badge: ((count: number, label: string) => void) | null;
  /** The panel has drawn itself: the launcher's loading sign can go. */
  drawn(): void;
  /** Tells the page's listeners. */
  readonly events: Emitter<WidgetEventMap>;
}

/** The loaded panel, as the boot drives it. */
export interface Panel {
  /**
   * The visitor reached for the launcher, or the last page left messages: get a stored conversation ready
   * (a read; never a create), and send on what the last page left for it.
   */
  prepare(): void;
  /** Sends `text` as the visitor; when it cannot, tells the site owner why in the console. */
  send(text: string): void;
  /** Forgets the conversation and starts a new one. */
  reset(): Promise<void>;
  /** The conversation as a plain-text (Markdown) transcript: who said what, the tools run, the date. */
  transcript(): Promise<string>;
  /**
   * Forgets everything the visitor left on this device (conversation id, draft, unsent text, consent and
   * answers), then calls `signedOut` (the boot takes the visitor out of its settings), and goes on anonymous
   * with an empty chat.
   */
  logout(signedOut: () => void): Promise<void>;
  /** Removes the panel: every node, style, listener, timer and request. */
  destroy(): void;
}

/**
 * What the boot gives the files of what an owner may turn on that it loads itself (src/boot/nudges.ts,
 * src/boot/analytics.ts): each follows the settings and the events on its own, so the boot carries none of it.
 */
export interface ExtraHost {
  readonly assistantId: string;
  /** The settings (the boot's). */
  readonly settings: Readable<WidgetSettings>;
  /** Whether the panel is open. */
  readonly open: Readable<boolean>;
  /** Opens the panel (as the launcher does). */
  show(): void;
  readonly events: Emitter<WidgetEventMap>;
  /** The launcher's corner (floating widgets only). */
  readonly dock: HTMLElement;
  /** Adds `css` to the shadow root; returns its remover. */
  readonly addStyles: (css: string) => () => void;
  /** The storage key of what the widget keeps of `name` (see src/store/layout.ts). */
  keyOf(name: 'teaser' | 'opened'): string;
  /** The visitor's language, as its base (`fr` for `fr-CA`). */
  language(): string;
}

/** A file of the boot's extras: it starts following its host, and returns the function that stops it. */
export interface ExtraModule {
  readonly start: (host: ExtraHost) => () => void;
}

/** The panel module's one export. */
export interface PanelModule {
  createPanel(host: PanelHost): Panel;
}
