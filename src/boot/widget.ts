/**
 * One widget on the page, launcher first: the host element with its shadow root, the plain-DOM launcher,
 * whether the panel is open, the host page's listeners, and the panel itself, loaded at the first sign
 * that the visitor wants it (hover, touch or focus on the launcher, a command that needs it, `data-open`,
 * inline mode, or unsent messages the last page left). A page view where the visitor never reaches for
 * the launcher downloads no panel and makes no request.
 */
import type { VariableValue } from '../api/types';
import type { MountOptions } from './mount-widget';
import { log, parseLauncherConfig, type ConfigContext, type LauncherConfig, type Visitor } from '../config';
import type { Panel, PanelHost, PanelModule, WidgetEvent, WidgetEventMap } from '../panel/contract';
import { storageKey } from '../store/keys';
import launcherCss from './launcher.css?inline';
import { createLauncher, showLoadFailure, type Launcher } from './launcher';
import { adoptStyles, settingsRule } from './styles';
import { applyLook } from './look';
import { resolveLanguage } from './language';
import { LAUNCHER_WORDS as words } from './words';

export type { WidgetEvent, WidgetEventMap } from '../panel/contract';

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
  /** Removes the widget: every node, style, listener and timer. Idempotent. */
  destroy(): void;
  /** Replaces the variables sent when the next conversation is created. */
  setVariables(variables: Record<string, VariableValue>): void;
  /** Switches the language (`fr`, `de-AT`, …) at once; `update({ locale })`. */
  setLocale(locale: string): void;
  /**
   * Says who the visitor is (`{ id, name, email, … }`): the values go to the assistant as variables of the next
   * conversation, and the conversation stored on this device is the one of this `id` (another person's stays
   * apart). Loads nothing by itself: the panel reads it when it loads.
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
   * another assistant id, API base, type or storage starts over with a new conversation. Loads the panel.
   */
  update(options: Partial<MountOptions>): void;
  /** Listens to an event; returns the function that stops listening. A throwing handler cannot break the widget. */
  on<E extends WidgetEvent>(event: E, handler: (detail: WidgetEventMap[E]) => void): () => void;
  /** Whether the panel is open. */
  readonly isOpen: boolean;
}

/** A host page's listener: its event, its handler, and the assistant it listens to ('' for any). */
export type Listener = [event: WidgetEvent, handler: (detail: never, assistantId: string) => void, assistantId: string];

/** Calls the listeners of `event` from `assistantId`, each on its own: one that throws is reported, and the others still run. */
export function notify(listeners: Set<Listener>, event: WidgetEvent, detail: unknown, assistantId: string): void {
  for (const [name, handler, only] of [...listeners]) {
    try {
      if (name === event && (!only || only === assistantId)) handler(detail as never, assistantId);
    } catch (error) {
      log('error', `a "${event}" listener threw.`, error);
    }
  }
}

/** How a widget gets its panel. */
export interface PanelSource {
  /** Loads the panel module; `attempt` counts from 0 (a retry may need a fresh URL). */
  load(attempt: number): Promise<PanelModule>;
  /** Where it comes from, for the site owner's console message (undefined when bundled by an app). */
  url?: string | undefined;
}

/** What a widget is made of. */
export interface WidgetOptions {
  /** The launcher's settings, parsed. */
  config: LauncherConfig;
  /** Every setting as given (with `fetch` and `strings` from a developer): the panel parses them all when it loads. */
  settings: Record<string, unknown>;
  /** Where the settings came from: how problems name them, what relative URLs resolve against. */
  context: ConfigContext;
  /** Only the panel, always shown, inside `target`. */
  inline: boolean;
  panel: PanelSource;
}

/**
 * Mounts a widget into `target` (floating: a host element appended to it; inline: the panel inside it).
 * Reads no storage and makes no request until the page is idle or the visitor shows intent.
 */
export function createWidget(target: Element | ShadowRoot, { config, settings, context, inline, panel: panelSource }: WidgetOptions): WidgetHandle {
  const doc = target.ownerDocument;
  const win = doc.defaultView ?? window;

  const host = doc.createElement('assistant-chat-root');
  host.setAttribute('data-assistant-id', config.assistantId);
  if (inline) host.setAttribute('data-inline', '');
  const root = host.attachShadow({ mode: 'open' });
  const removeStyles = adoptStyles(root, launcherCss, config.nonce);
  const frame = doc.createElement('div');
  let removeLook = () => {};
  /** Shows the settings' look: theme, corner and language on the host and frame; accent, offset and layer in a rule. */
  function showLook(shown: LauncherConfig) {
    applyLook(host, frame, shown, inline);
    removeLook();
    removeLook = adoptStyles(root, settingsRule(shown), config.nonce);
  }
  showLook(config);
  // Keys typed in the widget stay in the widget: outside the shadow root they look as if they came from the
  // host element, so a page's shortcuts (`/`, Space, Escape) could not tell that the visitor is typing.
  for (const type of ['keydown', 'keyup', 'keypress']) frame.addEventListener(type, (event) => event.stopPropagation());
  const container = doc.createElement('div');
  container.className = 'panel-container';
  root.append(frame);

  const listeners = new Set<Listener>();
  const emit = <E extends WidgetEvent>(event: E, detail?: WidgetEventMap[E]) => notify(listeners, event, detail, config.assistantId);

  let open = false;
  let panel: Panel | null = null;
  let loading: Promise<Panel | null> | null = null;
  let attempts = 0;
  let destroyed = false;
  // Set while the note that the chat could not be loaded is shown: the visitor (or the browser coming back
  // online) may try again.
  let removeFailure: (() => void) | null = null;
  // What had focus when the panel was asked to open: the panel takes focus from it (the site's own button too),
  // and without the round launcher, the site's own button that opened the panel gets focus back when it closes.
  let opener: Element | null = null;

  function loadPanel(): Promise<Panel | null> {
    if (panel || destroyed) return Promise.resolve(panel);
    loading ??= panelSource.load(attempts++).then(
      (module) => {
        if (destroyed) return null;
        hideFailure();
        panel = module.createPanel(panelHost);
        return panel;
      },
      (error: unknown) => {
        loading = null;
        // (Once per failed try: the visitor's Retry, or the browser coming back online, tries again.)
        log('error', loadProblem(panelSource.url), error);
        return null;
      },
    );
    return loading;
  }

  /** Loads the panel for something the visitor (or the page) asked for; says so when it cannot load. */
  async function withPanel(): Promise<Panel | null> {
    const loaded = await loadPanel();
    if (!loaded && !destroyed && !removeFailure) {
      removeFailure = showLoadFailure(inline ? container : dock, words.loadFailed, words.retry, retry);
    }
    return loaded;
  }

  function hideFailure() {
    removeFailure?.();
    removeFailure = null;
  }

  function retry() {
    hideFailure();
    if (inline) void withPanel();
    else setOpen(true);
  }

  const onOnline = () => {
    if (removeFailure) retry();
  };
  win.addEventListener('online', onOnline);

  // The site's own buttons, without a line of script (so a strict CSP is no obstacle): any element with
  // `data-assistant-chat="open|close|toggle"` (and `data-assistant-id` to pick one widget of several), and
  // links to `#assistant-chat`.
  const onTrigger = (event: Event) => {
    const trigger = (event.target as Element | null)?.closest?.('[data-assistant-chat],a[href="#assistant-chat"]');
    const action = trigger?.getAttribute('data-assistant-chat') || 'open';
    const only = trigger?.getAttribute('data-assistant-id');
    if (!trigger || (only && only.toLowerCase() !== config.assistantId)) return;
    event.preventDefault();
    setOpen(action === 'toggle' ? !open : action !== 'close');
  };
  doc.addEventListener('click', onTrigger);

  function setOpen(next: boolean) {
    if (inline || destroyed || next === open) return;
    open = next;
    launcher?.setOpen(open);
    if (open) opener = doc.activeElement;
    // Closed while focus was in the panel (Escape, close, the JS API): the launcher (or the opener) takes it.
    else if (container.contains(root.activeElement)) ((launcher?.button ?? opener) as HTMLElement | null)?.focus();
    emit(open ? 'open' : 'close');
    if (panel) panel.setOpen(open);
    // Could not load: nothing opened (the note says so, and offers Retry).
    else if (open) void withPanel().then((loaded) => loaded || setOpen(false));
  }

  const prepare = () => void loadPanel().then((loaded) => loaded?.prepare());
  // The corner where the launcher (unless `data-launcher="none"`) and the note that the chat cannot load go.
  const dock = doc.createElement('div');
  dock.className = 'dock';
  const launcher: Launcher | null =
    inline || config.launcher === 'none' ? null : createLauncher(dock, config.title || words.title, () => setOpen(!open), prepare);
  if (!inline) frame.append(dock);
  frame.append(container);

  const panelHost: PanelHost = {
    root,
    container,
    settings,
    context,
    readLauncher: () => parseLauncherConfig(settings, context),
    showLook,
    addStyles: (css) => adoptStyles(root, css, config.nonce),
    language: resolveLanguage,
    inline,
    isOpen: () => inline || open,
    close: () => setOpen(false),
    opener: () => opener,
    launcher: launcher?.button ?? null,
    emit,
  };

  target.appendChild(host);

  /** A setting for the next conversation: kept for the panel to read when it loads, or read again now. */
  const remember = (key: string) => (value: unknown) => {
    settings[key] = value;
    panel?.update();
  };

  function update(options: Partial<MountOptions>) {
    // The panel reads the settings again and applies them (the launcher's look included).
    Object.assign(settings, options);
    void loadPanel().then((loaded) => loaded?.update());
  }

  // Unsent messages the last page left in this tab: look for them once the page is idle (those of any visitor
  // of this assistant) and prepare the panel, which reads the conversation and sends the current visitor's
  // on (a message that may have reached the server is looked for in it first), the chat open or not.
  if (config.storage !== 'memory' && mayFindLeftovers(win)) {
    whenIdle(win, () => {
      if (!destroyed && hasLeftover(win, storageKey(config.assistantId, config.apiBase))) prepare();
    });
  }
  if (inline) void withPanel();
  else if (config.open) setOpen(true);

  return {
    open: () => setOpen(true),
    close: () => setOpen(false),
    toggle: () => setOpen(!open),
    // (The panel checks the text and says in the console why it did not send it; the launcher script
    // carries none of that. When the panel cannot load, the console and the launcher already say so.)
    send: (text) => void withPanel().then((loaded) => loaded?.send(text)),
    reset: () => withPanel().then((loaded) => loaded?.reset()),
    setVariables: remember('variables'),
    identify: remember('visitor'),
    logout: () => withPanel().then((loaded) => loaded?.logout()),
    update,
    setLocale: (locale) => update({ locale }),
    on(event, handler) {
      const listener: Listener = [event, handler, ''];
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      win.removeEventListener('online', onOnline);
      doc.removeEventListener('click', onTrigger);
      panel?.destroy();
      removeStyles();
      removeLook();
      host.remove();
      listeners.clear();
    },
    get isOpen() {
      return inline || open;
    },
  };
}

/** What the site owner reads in the console when the panel cannot be loaded: the URL and the likely causes. */
function loadProblem(url = 'the chat panel'): string {
  return `could not load ${url}: serve it (with Access-Control-Allow-Origin from another origin) and allow it in script-src.`;
}

/**
 * Whether an earlier page of this site may have left unsent messages in the tab: not when the browser tells
 * (Navigation API) that the page before this one was none of this origin: a visitor arriving from another
 * site or in a new tab (a reload comes from the page itself). Most page views are such, and then the
 * launcher reads no storage at all. (What a page left before the visitor went to another site and came
 * back is found when the panel loads, at the visitor's first sign of intent.)
 */
function mayFindLeftovers(win: Window): boolean {
  const { navigation } = win as { navigation?: { activation?: NavigationActivation | null } };
  // (Undefined where the browser cannot tell: then look.)
  return navigation?.activation?.from !== null;
}

/** Whether the tab's storage holds messages the last page could not confirm, under keys that start with `scope`. */
function hasLeftover(win: Window, scope: string): boolean {
  try {
    return Object.keys(win.sessionStorage).some((key) => key.startsWith(scope) && key.endsWith(':outbox'));
  } catch {
    return false; // storage out of reach: nothing was kept there either
  }
}

/** Runs `task` once the page is idle (where the browser cannot tell, after the current task). */
function whenIdle(win: Window, task: () => void): void {
  if (win.requestIdleCallback) win.requestIdleCallback(task);
  else win.setTimeout(task);
}
