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

/** Creates the API and its registry. Commands other than `on` wait until {@link GlobalController.ready}. */
export function createGlobalApi(deps: GlobalDeps): GlobalController {
  const doc = deps.document;
  const entries: Entry[] = [];
  const listeners: ListenerRecord[] = [];
  let waiting: Array<() => void> | null = [];

  const warn = (message: string) => console.warn(PREFIX + message);

  function select(id: unknown, command: string): Entry[] {
    if (id !== undefined && typeof id !== 'string') {
      warn(`${command}: the assistant id must be a string.`);
      return [];
    }
    const key = id?.trim().toLowerCase();
    const found = key ? entries.filter((entry) => entry.id === key) : entries.slice();
    if (!found.length) warn(key ? `${command}: no widget for assistant ${key} on this page.` : `${command}: no widget on this page.`);
    return found;
  }

  function attach(record: ListenerRecord, entry: Entry) {
    if (record.id && record.id !== entry.id) return;
    record.offs.push(entry.handle.on(record.event, (detail) => record.handler(detail as never, entry.id)));
  }

  function on(event: unknown, handler: unknown, id: unknown): () => void {
    const noop = () => {};
    if (typeof event !== 'string' || EVENTS.indexOf(event as WidgetEvent) < 0) {
      warn(`on: unknown event ${JSON.stringify(String(event))}; use ${EVENTS.join(', ')}.`);
      return noop;
    }
    if (typeof handler !== 'function') {
      warn('on: the handler must be a function.');
      return noop;
    }
    const record: ListenerRecord = {
      event: event as WidgetEvent,
      handler: handler as GlobalHandler,
      id: typeof id === 'string' && id.trim() ? id.trim().toLowerCase() : undefined,
      offs: [],
    };
    listeners.push(record);
    for (const entry of entries) attach(record, entry);
    return () => {
      const index = listeners.indexOf(record);
      if (index >= 0) listeners.splice(index, 1);
      for (const off of record.offs.splice(0)) off();
    };
  }

  function mountOne(input: unknown) {
    if (typeof input !== 'object' || input === null) {
      console.error(PREFIX + 'mount: pass an options object with assistantId.');
      return;
    }
    const { target, ...options } = input as GlobalMountOptions;
    const id = typeof options.assistantId === 'string' ? options.assistantId.trim().toLowerCase() : '';
    if (id && entries.some((entry) => entry.id === id)) {
      warn(`assistant ${id} is already on this page; the second widget is not added.`);
      return;
    }
    let element: Element | null = null;
    if (typeof target === 'string') {
      try {
        element = doc.querySelector(target);
      } catch {
        element = null;
      }
      if (!element && doc.readyState === 'loading') {
        // The target may come later in the page.
        doc.addEventListener('DOMContentLoaded', () => mountOne(input), { once: true });
        return;
      }
      if (!element) console.error(PREFIX + `target ${JSON.stringify(target)} matches no element; the widget floats instead.`);
    } else if (target && typeof target === 'object' && target.nodeType === 1) {
      element = target;
    }
    const inline = element !== null;
    let handle: WidgetHandle;
    try {
      handle = deps.mount(element ?? doc.body, { ...options, inline });
    } catch (error) {
      console.error(error instanceof Error ? error.message : PREFIX + 'the widget could not be mounted.', error);
      return;
    }
    const entry: Entry = { id: id || String(options.assistantId).toLowerCase(), handle };
    entries.push(entry);
    for (const record of listeners) attach(record, entry);
  }

  function destroy(id: unknown) {
    for (const entry of select(id, 'destroy')) {
      entries.splice(entries.indexOf(entry), 1);
      entry.handle.destroy();
    }
  }

  function run(command: unknown, args: unknown[]): unknown {
    switch (command) {
      case 'open':
        return select(args[0], command).forEach((entry) => entry.handle.open());
      case 'close':
        return select(args[0], command).forEach((entry) => entry.handle.close());
      case 'toggle':
        return select(args[0], command).forEach((entry) => entry.handle.toggle());
      case 'send':
        return select(args[1], command).forEach((entry) => entry.handle.send(args[0] as string));
      case 'setVariables':
        return select(args[1], command).forEach((entry) => entry.handle.setVariables(args[0] as Record<string, VariableValue>));
      case 'reset':
        return Promise.all(select(args[0], command).map((entry) => entry.handle.reset())).then(() => undefined);
      case 'destroy':
        return destroy(args[0]);
      case 'mount':
        return mountOne(args[0]);
      default:
        warn(`unknown command ${JSON.stringify(String(command))}; use ${COMMANDS.join(', ')}.`);
        return undefined;
    }
  }

  function call(command: unknown, ...args: unknown[]): unknown {
    try {
      if (command === 'on') return on(args[0], args[1], args[2]);
      if (waiting) {
        const queue = waiting;
        if (command === 'reset') return new Promise<void>((resolve) => queue.push(() => resolve(run(command, args) as Promise<void>)));
        queue.push(() => void run(command, args));
        return undefined;
      }
      return run(command, args);
    } catch (error) {
      // The host page must never see an exception from the widget.
      console.error(PREFIX + `${String(command)} failed.`, error);
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
      for (let i = 0; i < queued.length; i++) {
        const args = queued[i];
        if (!args) continue;
        const list: unknown[] = [];
        for (let j = 0; j < args.length; j++) list.push(args[j]);
        call(...(list as [unknown, ...unknown[]]));
      }
      for (const task of later) {
        try {
          task();
        } catch (error) {
          console.error(PREFIX + 'a queued call failed.', error);
        }
      }
    },
  };
}
