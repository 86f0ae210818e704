/**
 * The page-wide JavaScript API of the script-tag build, `window.AssistantChat`: a function taking a
 * command (`AssistantChat('open')`) with the same commands as methods (`AssistantChat.open()`). It keeps
 * the registry of the widgets on the page, so two assistants get two widgets and one assistant gets one.
 */
import type { VariableValue } from './api/types';
import type { MountOptions, WidgetEvent, WidgetEventMap, WidgetHandle } from './mount';

/** A handler of the global API: the event's detail and the id of the assistant it came from. */
export type GlobalHandler<E extends WidgetEvent = WidgetEvent> = (detail: WidgetEventMap[E], assistantId: string) => void;

/** Options of the `mount` command: those of `mount()`, plus where to put the panel inline. */
export interface GlobalMountOptions extends MountOptions {
  /** A CSS selector or an element: renders the panel inline there. Without it the widget floats. */
  target?: string | Element;
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
  <E extends WidgetEvent>(command: 'on', event: E, handler: GlobalHandler<E>, assistantId?: string): () => void;
  (command: 'mount', options: GlobalMountOptions): void;
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
  /** Listens to `open`, `close`, `message`, `error` or `conversation`; returns the function that stops listening. */
  on<E extends WidgetEvent>(event: E, handler: GlobalHandler<E>, assistantId?: string): () => void;
  /** Mounts a widget configured from JavaScript instead of data attributes. */
  mount(options: GlobalMountOptions): void;
  /** The ids of the assistants whose widgets are on the page. */
  widgets(): string[];
  /** The version of the script. */
  version: string;
}

/** The controller behind the global: the API function plus what the script-tag boot needs. */
export interface GlobalController {
  /** The function to install as `window.AssistantChat`. */
  api: AssistantChatApi;
  /** Runs the calls queued so far (the stub's, then those made while waiting), then every later call at once. */
  ready(queued: ArrayLike<ArrayLike<unknown>>): void;
}

/** What the controller needs from its surroundings. */
export interface GlobalDeps {
  document: Document;
  mount: (target: Element, options: MountOptions) => WidgetHandle;
  version: string;
}

const PREFIX = 'AssistantChat: ';
const EVENTS: readonly WidgetEvent[] = ['open', 'close', 'message', 'error', 'conversation'];
const COMMANDS = ['open', 'close', 'toggle', 'send', 'reset', 'destroy', 'setVariables', 'on', 'mount'] as const;
/** Commands whose first argument is a value for the widget; the assistant id comes after it. */
const WITH_VALUE: readonly unknown[] = ['send', 'setVariables'];

interface Entry {
  id: string;
  handle: WidgetHandle;
}

interface ListenerRecord {
  event: WidgetEvent;
  handler: GlobalHandler;
  id: string | undefined;
  offs: Array<() => void>;
}

const toId = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : '');

/** Creates the API and its registry. Commands other than `on` wait until {@link GlobalController.ready}. */
export function createGlobalApi(deps: GlobalDeps): GlobalController {
  const doc = deps.document;
  const entries: Entry[] = [];
  const listeners = new Set<ListenerRecord>();
  let waiting: Array<() => void> | null = [];

  const warn = (message: string) => console.warn(PREFIX + message);
  const fail = (message: string, ...details: unknown[]) => console.error(PREFIX + message, ...details);

  function select(id: unknown, command: string): Entry[] {
    if (id !== undefined && typeof id !== 'string') {
      warn(`${command}: the assistant id must be a string.`);
      return [];
    }
    const key = toId(id);
    const found = entries.filter((entry) => !key || entry.id === key);
    if (!found.length) warn(`${command}: no widget ${key ? `for assistant ${key} ` : ''}on this page.`);
    return found;
  }

  function attach(record: ListenerRecord, entry: Entry) {
    if (!record.id || record.id === entry.id) {
      record.offs.push(entry.handle.on(record.event, (detail) => record.handler(detail as never, entry.id)));
    }
  }

  function on(event: unknown, handler: unknown, id: unknown): () => void {
    const noop = () => {};
    if (!EVENTS.includes(event as WidgetEvent)) {
      warn(`on: unknown event ${JSON.stringify(String(event))}; use ${EVENTS.join(', ')}.`);
      return noop;
    }
    if (typeof handler !== 'function') {
      warn('on: the handler must be a function.');
      return noop;
    }
    const record: ListenerRecord = { event: event as WidgetEvent, handler: handler as GlobalHandler, id: toId(id) || undefined, offs: [] };
    listeners.add(record);
    for (const entry of entries) attach(record, entry);
    return () => {
      listeners.delete(record);
      for (const off of record.offs.splice(0)) off();
    };
  }

  function mountOne(input: unknown) {
    if (typeof input !== 'object' || input === null) return fail('mount: pass an options object with assistantId.');
    const { target, ...options } = input as GlobalMountOptions;
    const id = toId(options.assistantId);
    if (id && entries.some((entry) => entry.id === id)) {
      return warn(`assistant ${id} is already on this page; the second widget is not added.`);
    }
    let element: Element | null = null;
    if (typeof target === 'string') {
      try {
        element = doc.querySelector(target);
      } catch {
        // an invalid selector matches nothing
      }
      // The target may come later in the page.
      if (!element && doc.readyState === 'loading') return doc.addEventListener('DOMContentLoaded', () => mountOne(input), { once: true });
      if (!element) fail(`target ${JSON.stringify(target)} matches no element; the widget floats instead.`);
    } else if (target?.nodeType === 1) {
      element = target;
    }
    let handle: WidgetHandle;
    try {
      handle = deps.mount(element ?? doc.body, { ...options, inline: element !== null });
    } catch (error) {
      return console.error(error instanceof Error ? error.message : PREFIX + 'the widget could not be mounted.', error);
    }
    const entry: Entry = { id: id || String(options.assistantId).toLowerCase(), handle };
    entries.push(entry);
    for (const record of listeners) attach(record, entry);
  }

  function run(command: unknown, args: unknown[]): unknown {
    if (command === 'on') return on(args[0], args[1], args[2]);
    if (command === 'mount') return mountOne(args[0]);
    if (!COMMANDS.includes(command as never)) {
      return warn(`unknown command ${JSON.stringify(String(command))}; use ${COMMANDS.join(', ')}.`);
    }
    const name = command as 'open' | 'close' | 'toggle' | 'send' | 'reset' | 'destroy' | 'setVariables';
    const value = WITH_VALUE.includes(name);
    const found = select(args[value ? 1 : 0], name);
    if (name === 'destroy') for (const entry of found) entries.splice(entries.indexOf(entry), 1);
    const results = found.map((entry) => (entry.handle[name] as (value?: unknown) => unknown)(...(value ? [args[0]] : [])));
    return name === 'reset' ? Promise.all(results).then(() => undefined) : undefined;
  }

  function call(command: unknown, ...args: unknown[]): unknown {
    const queue = command === 'on' ? null : waiting;
    if (queue) {
      // Run later through `call` again, so a queued call fails as quietly as a direct one.
      if (command === 'reset') return new Promise((resolve) => queue.push(() => resolve(call(command, ...args))));
      queue.push(() => call(command, ...args));
      return undefined;
    }
    try {
      return run(command, args);
    } catch (error) {
      // The host page must never see an exception from the widget.
      fail(`${String(command)} failed.`, error);
      return command === 'reset' ? Promise.resolve() : undefined;
    }
  }

  const api = call as AssistantChatApi;
  // Each command as a method: AssistantChat.open(id) is AssistantChat('open', id).
  for (const command of COMMANDS) {
    (api as unknown as Record<string, unknown>)[command] = (...args: unknown[]) => call(command, ...args);
  }
  api.widgets = () => entries.map((entry) => entry.id);
  api.version = deps.version;

  return {
    api,
    ready(queued) {
      const later = waiting ?? [];
      waiting = null;
      for (const args of Array.from(queued)) if (args) call(...(Array.from(args) as [unknown]));
      for (const task of later) task();
    },
  };
}
