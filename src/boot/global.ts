/**
 * The page-wide JavaScript API of the script-tag build, `window.AssistantChat`: a function taking a
 * command (`AssistantChat('open')`) with the same commands as methods (`AssistantChat.open()`). It keeps
 * the registry of the widgets on the page, so two assistants get two widgets and one assistant gets one.
 */
import type { VariableValue } from '../api/types';
import type { ConfigContext } from '../config/boot';
import type { Visitor } from '../config/table';
import { WIDGET_EVENTS, type WidgetEvent, type WidgetEventMap } from '../contract';
import { createEmitter } from '../events';
import { log } from '../log';
import { VERSION } from '../version';
import type { MountOptions, WidgetHandle } from './widget';

/** A handler of the global API: the event's detail and the id of the assistant it came from. */
export type GlobalHandler<E extends WidgetEvent = WidgetEvent> = (detail: WidgetEventMap[E], assistantId: string) => void;

/** What the page's listeners hear: each widget's event, with the assistant it came from. */
type PageEvents = { [E in WidgetEvent]: { detail: WidgetEventMap[E]; assistantId: string } };

/** Options of the `mount` command: those of `mount()`, plus where to put the panel inline. */
export interface GlobalMountOptions extends MountOptions {
  /** A CSS selector or an element: renders the panel inline there. Without it the widget floats. */
  target?: string | Element;
  /**
   * Where the options come from, set by the script tag for its own: how console messages name the settings
   * (`data-theme` rather than `theme`) and what a relative URL is resolved against. Default: a developer's options.
   */
  context?: ConfigContext;
}

/**
 * `window.AssistantChat`. Every command takes an optional assistant id as its last argument; without
 * it the command goes to every widget on the page (with one widget: that widget). `on` without an id
 * also applies to widgets mounted later.
 */
export interface AssistantChatApi {
  (command: 'open' | 'close' | 'toggle' | 'destroy', assistantId?: string): void;
  (command: 'send', text: string, assistantId?: string): void;
  (command: 'reset', assistantId?: string): Promise<void>;
  (command: 'setVariables', variables: Record<string, VariableValue>, assistantId?: string): void;
  // eslint-disable-next-line @typescript-eslint/unified-signatures -- one signature per command, as the README lists them
  (command: 'setLocale', locale: string, assistantId?: string): void;
  (command: 'identify', visitor: Visitor, assistantId?: string): void;
  // eslint-disable-next-line @typescript-eslint/unified-signatures -- one signature per command, as the README lists them
  (command: 'logout', assistantId?: string): Promise<void>;
  <E extends WidgetEvent>(command: 'on', event: E, handler: GlobalHandler<E>, assistantId?: string): () => void;
  (command: 'mount', options: GlobalMountOptions): void;
  (command: 'update', options: Partial<MountOptions>, assistantId?: string): void;
  (command: 'transcript', assistantId?: string): Promise<string>;
  /** Opens the panel. */
  open(assistantId?: string): void;
  /** Closes the panel. */
  close(assistantId?: string): void;
  /** Opens or closes the panel. */
  toggle(assistantId?: string): void;
  /** Sends a message as the visitor. */
  send(text: string, assistantId?: string): void;
  /** Starts a new conversation. */
  reset(assistantId?: string): Promise<void>;
  /** Removes the widget(s) from the page. */
  destroy(assistantId?: string): void;
  /** Replaces the variables of the next conversation. */
  setVariables(variables: Record<string, VariableValue>, assistantId?: string): void;
  /** Switches the widget's language (`fr`, `de-AT`, …) at once, the open panel included. */
  setLocale(locale: string, assistantId?: string): void;
  /** Says who the visitor is: their values go to the assistant as variables, and their conversation is kept apart from others'. */
  identify(visitor: Visitor, assistantId?: string): void;
  /** Forgets the visitor's conversation, draft, unsent text and answers on this device. */
  logout(assistantId?: string): Promise<void>;
  /** Listens to `open`, `close`, `message`, `error`, `conversation` or `unread`; returns the function that stops listening. */
  on<E extends WidgetEvent>(event: E, handler: GlobalHandler<E>, assistantId?: string): () => void;
  /** Mounts a widget configured from JavaScript instead of data attributes. */
  mount(options: GlobalMountOptions): void;
  /**
   * Changes settings of the live widget(s), as `mount()`'s handle does: the look and words in place (an open panel
   * stays open, no request), another assistant, API base, type, storage or visitor starts over.
   */
  update(options: Partial<MountOptions>, assistantId?: string): void;
  /** The conversation as a plain-text (Markdown) transcript (of the one widget, or of the assistant given). */
  transcript(assistantId?: string): Promise<string>;
  /** The ids of the assistants whose widgets are on the page. */
  widgets(): string[];
  /** The version of the script. */
  version: string;
}

/** The controller behind the global: the API function plus what the script-tag boot needs. */
export interface GlobalController {
  /** The function to install as `window.AssistantChat`. */
  api: AssistantChatApi;
  /** Runs the calls made so far, in order, then every later call at once. */
  readonly ready: () => void;
}

/** What the controller needs from its surroundings. */
export interface GlobalDeps {
  document: Document;
  /** Mounts a widget; throws (with the words for the site owner) when its assistant id is not usable. */
  mount: (target: Element, options: MountOptions, context?: ConfigContext) => WidgetHandle;
}

const COMMANDS = [
  'open',
  'close',
  'toggle',
  'send',
  'reset',
  'destroy',
  'setVariables',
  'setLocale',
  'identify',
  'logout',
  'update',
  'transcript',
  'on',
  'mount',
] as const;
type HandleCommand = Exclude<(typeof COMMANDS)[number], 'on' | 'mount'>;

// An assistant id as the registry keys it ('' when none is given; anything but text or a number finds no widget).
const toId = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value).trim().toLowerCase() : value == null ? '' : typeof value;

/** Creates the API and its registry. Commands other than `on` wait until {@link GlobalController.ready}. */
export function createGlobalApi(deps: GlobalDeps): GlobalController {
  const doc = deps.document;
  const widgets = new Map<string, WidgetHandle>();
  const pageEvents = createEmitter<PageEvents>();
  let waiting: Array<() => void> | null = [];

  function on(event: unknown, handler: unknown, id: unknown): () => void {
    if (!WIDGET_EVENTS.includes(event as WidgetEvent) || typeof handler !== 'function') {
      log('warn', `on: expected an event (${WIDGET_EVENTS.join(', ')}) and a function.`);
      return () => {};
    }
    const only = toId(id);
    return pageEvents.on(event as WidgetEvent, ({ detail, assistantId }) => {
      if (!only || only === assistantId) (handler as GlobalHandler)(detail, assistantId);
    });
  }

  function mountOne({ target, context, ...options }: GlobalMountOptions) {
    const id = toId(options.assistantId);
    if (widgets.has(id)) {
      log('warn', `assistant ${id} is already on this page.`);
      return;
    }
    // (A selector that is not one throws: the command fails with the browser's words for it.)
    const element = typeof target === 'string' ? doc.querySelector(target) : target;
    if (typeof target === 'string' && !element) log('error', `target "${target}" matches no element; the widget floats instead.`);
    let handle: WidgetHandle;
    try {
      handle = deps.mount(element ?? doc.documentElement, { ...options, inline: !!element }, context);
    } catch (error) {
      // Without a usable assistant id there is no widget: the error says why, in the site owner's words.
      if (!(error instanceof TypeError)) throw error;
      log('error', error.message.replace(/^AssistantChat: /, ''));
      return;
    }
    widgets.set(id, handle);
    for (const event of WIDGET_EVENTS) handle.on(event, (detail) => pageEvents.emit(event, { detail, assistantId: id }));
  }

  function run(command: unknown, args: unknown[]): unknown {
    if (command === 'on') return on(args[0], args[1], args[2]);
    if (command === 'mount') {
      mountOne(args[0] as GlobalMountOptions);
      return;
    }
    if (!COMMANDS.includes(command as never)) {
      log('warn', `unknown command "${String(command)}".`);
      return;
    }
    const name = command as HandleCommand;
    // `send`, `setVariables`, `setLocale`, `identify` and `update` take a value first; the assistant id comes after it.
    const id = toId(args[/^(send|set|iden|upd)/.test(name) ? 1 : 0]);
    const found = [...widgets].filter(([other]) => !id || other === id);
    if (!found.length) log('warn', `${name}: no widget ${id ? `for assistant ${id} ` : ''}on this page.`);
    const results = found.map(([other, handle]) => {
      if (name === 'destroy') widgets.delete(other);
      return (handle[name] as (value: unknown) => unknown)(args[0]);
    });
    // Every command settles when done (`reset` and `logout` have something to wait for; `transcript`, its text: the
    // first widget's).
    return name === 'transcript' ? Promise.resolve(results[0] ?? '') : Promise.all(results);
  }

  function call(command: unknown, ...args: unknown[]): unknown {
    const queue = command === 'on' ? null : waiting;
    // Run later through `call` again, so a queued call fails as quietly as a direct one.
    if (queue) return new Promise((resolve) => queue.push(() => resolve(call(command, ...args))));
    try {
      return run(command, args);
    } catch (error) {
      // The host page must never see an exception from the widget (`mount` throws on a bad assistant id).
      log('error', 'a command failed.', error);
    }
  }

  const api = call as AssistantChatApi;
  // Each command as a method: AssistantChat.open(id) is AssistantChat('open', id).
  for (const command of COMMANDS) {
    (api as unknown as Record<string, unknown>)[command] = call.bind(null, command);
  }
  api.widgets = () => [...widgets.keys()];
  api.version = VERSION;

  return {
    api,
    ready() {
      const queue = waiting;
      waiting = null;
      queue?.forEach((task) => task());
    },
  };
}
