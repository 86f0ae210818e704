/**
 * What the launcher (src/boot/widget.ts) and the lazily loaded panel (src/panel/index.ts) know of each
 * other. Types only: the launcher script carries none of the panel's code.
 */
import type { Language } from '../boot/language';
import type { ConfigContext, LauncherConfig, LauncherParseResult } from '../config';
import type { ChatError, ChatMessage } from '../model';

/** What each event of the widget passes to its handler. */
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

/** The events a host page can listen to. */
export type WidgetEvent = keyof WidgetEventMap;

/** The id of the panel element, for the launcher's `aria-controls` (unique in the widget's shadow root). */
export const PANEL_ID = 'acw-panel';

/** What the launcher gives the panel when it creates it. */
export interface PanelHost {
  /** The widget's shadow root: the panel adds its stylesheet here. */
  readonly root: ShadowRoot;
  /** The element the panel renders into (inside the shadow root, beside the launcher). */
  readonly container: HTMLElement;
  /**
   * Every setting as given (data attributes, or a developer's options with `fetch` and `strings`). The panel
   * parses them all, names the ones it does not understand, and reads them again on `update()`.
   */
  readonly settings: Record<string, unknown>;
  /** Where the settings came from: how problems name them, what relative URLs resolve against. */
  readonly context: ConfigContext;
  /** Parses the launcher's part of the settings (the launcher's own parser, so the panel carries no copy). */
  readLauncher(): LauncherParseResult;
  /**
   * Shows the look of the settings: theme, corner and language on the widget's elements, and the accent,
   * offset and layer in a rule that replaces the previous one. (The launcher's own code, lent like
   * `readLauncher`, `addStyles` and `language`, so the panel file carries no second copy.)
   */
  showLook(config: LauncherConfig): void;
  /** Adds `css` to the shadow root (with the CSP nonce where a `<style>` is needed); returns its remover. */
  addStyles(css: string): () => void;
  /** The visitor's language for a `locale` setting (else the page's, else the browser's). */
  language(locale: string | undefined): Language;
  /** Only the panel, always shown, inside the page's element. */
  readonly inline: boolean;
  /** Whether the panel is open now (it may have opened while the panel loaded). */
  isOpen(): boolean;
  /** The visitor closed the panel from inside it (close button, Escape). */
  close(): void;
  /**
   * What had focus on the page when the panel was last asked to open (the launcher's widget, the site's own
   * button or link, the page itself): the panel takes focus from there, not from where the visitor has gone since.
   */
  opener(): Element | null;
  /** The launcher (none inline): the panel points it at itself and draws the unread badge on it. */
  readonly launcher: HTMLButtonElement | null;
  /** Tells the host page's listeners. */
  emit<E extends WidgetEvent>(event: E, detail: WidgetEventMap[E]): void;
}

/** The loaded panel, as the launcher drives it. */
export interface Panel {
  /**
   * The visitor reached for the launcher, or the last page left messages: get a stored conversation ready
   * (a read; never a create), and send on what the last page left for it.
   */
  prepare(): void;
  /** The panel opened or closed. */
  setOpen(open: boolean): void;
  /** Sends `text` as the visitor; when it cannot, tells the site owner why in the console. */
  send(text: string): void;
  /** Forgets the conversation and starts a new one. */
  reset(): Promise<void>;
  /**
   * Forgets everything the visitor left on this device (conversation id, draft, unsent text, consent and
   * answers), takes the visitor out of the settings, closes, and goes on anonymous with an empty chat.
   */
  logout(): Promise<void>;
  /**
   * The settings changed (the launcher has put the new values in `PanelHost.settings`): the look, the words
   * and the variables of the next conversation change in place; another assistant, API base, type or storage
   * starts over with a new conversation.
   */
  update(): void;
  /** Removes the panel: every node, style, listener, timer and request. */
  destroy(): void;
}

/** The panel module's one export. */
export interface PanelModule {
  createPanel(host: PanelHost): Panel;
}
