/**
 * The composition root: picks the real fetch, storage, clock and ids, builds the API client and the
 * conversation store, renders the UI into a shadow root, and hands back a small imperative handle.
 */
import { signal } from '@preact/signals-core';
import { h, render } from 'preact';
import { createApiClient } from './api/client';
import { browserFetch } from './api/transport';
import type { VariableValue } from './api/types';
import { cleanVariables, log, parseConfig, type RuntimeOptions, type WidgetConfig } from './config';
import type { ChatError, ChatMessage } from './model';
import { createBrowserStoreDeps } from './store/browser';
import { createConversationStore } from './store/store';
import { createStorage } from './store/storage';
import type { StoreEvent } from './store/types';
import { ChatApp } from './ui/App';
import { resolveLocale } from './ui/strings';
import { adoptStyles, buildCss } from './ui/styles';

/** Options of {@link mount}: the config fields (all optional but the assistant id) and the JS-only options. */
export interface MountOptions extends Partial<Omit<WidgetConfig, 'assistantId'>>, RuntimeOptions {
  /** The assistant's public UUID. */
  assistantId: string;
  /** Render only the panel, inside `target`, without the floating launcher. Default false. */
  inline?: boolean;
}

/** What each event of {@link WidgetHandle.on} passes to its handler. */
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
}

/** The events a host page can listen to. */
export type WidgetEvent = keyof WidgetEventMap;

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
      log('error', `a "${event}" handler threw; the widget carries on.`, error);
    }
  }
}

/**
 * Mounts a widget. Floating (default): appends a host element with a shadow root to `target`
 * (usually `document.body`). Inline: the host goes inside `target` and shows only the panel.
 * Makes no request until the panel opens or `send` is called.
 * Throws when `assistantId` is missing or not a UUID; other bad options fall back to defaults with a console warning.
 */
export function mount(target: Element, options: MountOptions): WidgetHandle {
  const doc = target.ownerDocument;
  // Typed options may still be wrong at run time in plain JavaScript: they are checked like attributes.
  const { config, inline, problems } = parseConfig(options as {}, { source: 'options', pageUrl: doc.baseURI });
  const message = problems.join(' ');
  if (!config) throw new TypeError('AssistantChat: ' + message);
  log('warn', message);

  const deps = createBrowserStoreDeps({
    // The browser's own fetch unless the developer passes one: never a host page's wrapper (see transport.ts).
    client: createApiClient({ baseUrl: config.apiBase, fetch: options.fetch ?? browserFetch(doc.defaultView ?? window) }),
    storage: createStorage(config.storage),
    scope: config.assistantId + '@' + config.apiBase,
    // `memory` means nothing of the conversation outlives the page, unsent messages included.
    tabStorage: config.storage === 'memory' ? createStorage('memory') : undefined,
  });
  const store = createConversationStore(config, deps);

  const host = doc.createElement('assistant-chat-root');
  host.setAttribute('data-assistant-id', config.assistantId);
  if (inline) host.setAttribute('data-inline', '');
  const shadow = host.attachShadow({ mode: 'open' });
  const removeStyles = adoptStyles(shadow, buildCss(config), config.nonce);

  const listeners = new Set<Listener>();
  const emit = (event: WidgetEvent, detail?: unknown) => notify(listeners, event, detail, config.assistantId);
  // A store event carries its detail under its own name (`message`, `error`), or is the detail (`conversation`).
  // store.dispose() drops this listener.
  store.on(({ type, ...detail }: StoreEvent) => emit(type, type === 'conversation' ? detail : detail[type as never]));

  // Inline, the panel is always on screen: it counts as open from the start.
  const open = signal(inline || config.open);
  // Runs now (telling no one: nobody listens yet) and on every change, whoever makes it (the UI or the handle).
  const stopOpen = open.subscribe((isOpen) => {
    // The store settles its own failures (as its state), so its promise never rejects.
    if (isOpen) void store.start();
    emit(isOpen ? 'open' : 'close');
  });

  render(h(ChatApp, { store, config, ...resolveLocale(config.locale, options.strings), open, inline }), shadow);
  target.appendChild(host);

  // After destroy() the store refuses work and nothing is subscribed, so the methods need no guard.
  return {
    open() {
      open.value = true;
    },
    close() {
      open.value = false;
    },
    toggle() {
      open.value = !open.value;
    },
    send(text) {
      // The store opens the conversation first if need be.
      const rejection = typeof text === 'string' ? store.send(text) : 'not a string';
      if (rejection) log('warn', `send: the message was not sent (${rejection}).`);
    },
    reset: () => store.reset(),
    setVariables(variables) {
      const problems: string[] = [];
      store.setVariables(cleanVariables(variables, 'setVariables', problems));
      log('warn', problems.join(' '));
    },
    on(event, handler) {
      const listener: Listener = [event, handler, ''];
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    destroy() {
      stopOpen();
      store.dispose();
      render(null, shadow);
      removeStyles();
      host.remove();
      listeners.clear();
    },
    get isOpen() {
      return open.value;
    },
  };
}
