/**
 * The composition root: picks the real fetch, storage, clock and ids, builds the API client and the
 * conversation store, renders the UI into a shadow root, and hands back a small imperative handle.
 */
import { effect, signal, untracked } from '@preact/signals';
import { h, render } from 'preact';
import { createApiClient } from './api/client';
import { browserFetch } from './api/transport';
import type { VariableValue } from './api/types';
import { cleanVariables, resolveOptions, type RuntimeOptions, type WidgetConfig } from './config';
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

const PREFIX = 'AssistantChat: ';

/**
 * Mounts a widget. Floating (default): appends a host element with a shadow root to `target`
 * (usually `document.body`). Inline: the host goes inside `target` and shows only the panel.
 * Makes no request until the panel opens or `send` is called.
 * Throws when `assistantId` is missing or not a UUID; other bad options fall back to defaults with a console warning.
 */
export function mount(target: Element, options: MountOptions): WidgetHandle {
  if (!target || typeof target.appendChild !== 'function') {
    throw new TypeError(PREFIX + 'mount() needs an element to mount into.');
  }
  const doc = target.ownerDocument;
  const parsed = resolveOptions(options, { pageUrl: doc.baseURI });
  const config = parsed.config;
  if (!config) throw new TypeError(PREFIX + parsed.problems.join(' '));
  if (parsed.problems.length) console.warn(PREFIX + parsed.problems.join(' '));
  const inline = parsed.inline;

  const deps = createBrowserStoreDeps({
    // The browser's own fetch unless the developer passes one: never a host page's wrapper (see transport.ts).
    client: createApiClient({ baseUrl: config.apiBase, fetch: options.fetch ?? browserFetch(doc.defaultView ?? window) }),
    storage: createStorage(config.storage),
    scope: config.assistantId + '@' + config.apiBase,
    // `memory` means nothing of the conversation outlives the page, unsent messages included.
    tabStorage: config.storage === 'memory' ? createStorage('memory') : undefined,
  });
  const store = createConversationStore(config, deps);
  const locale = resolveLocale(config.locale, options.strings);

  const host = doc.createElement('assistant-chat-root');
  host.setAttribute('data-assistant-id', config.assistantId);
  if (inline) host.setAttribute('data-inline', '');
  const shadow = host.attachShadow({ mode: 'open' });
  const removeStyles = adoptStyles(shadow, buildCss(config), config.nonce);

  const listeners = new Set<{ event: WidgetEvent; handler: (detail: never) => void }>();
  const emit = (event: WidgetEvent, detail?: unknown) => {
    for (const listener of [...listeners]) {
      if (listener.event !== event) continue;
      try {
        listener.handler(detail as never);
      } catch (error) {
        console.error(PREFIX + `a "${event}" handler threw; the widget carries on.`, error);
      }
    }
  };
  const stopStoreEvents = store.on((event: StoreEvent) =>
    emit(event.type, event.type === 'message' ? event.message : event.type === 'error' ? event.error : { conversationId: event.conversationId }),
  );

  const start = () => {
    store.start().catch((error: unknown) => console.error(PREFIX + 'could not start the conversation.', error));
  };

  // Inline, the panel is always on screen: it counts as open from the start.
  const open = signal(inline || config.open);
  let wasOpen = false;
  const stopOpenEffect = effect(() => {
    const isOpen = open.value;
    if (isOpen === wasOpen) return;
    wasOpen = isOpen;
    untracked(() => {
      if (isOpen) start();
      emit(isOpen ? 'open' : 'close');
    });
  });

  render(h(ChatApp, { store, config, strings: locale.strings, lang: locale.lang, dir: locale.dir, open, inline }), shadow);
  target.appendChild(host);

  let destroyed = false;
  return {
    open() {
      if (!destroyed) open.value = true;
    },
    close() {
      if (!destroyed) open.value = false;
    },
    toggle() {
      if (!destroyed) open.value = !open.value;
    },
    send(text) {
      if (destroyed) return;
      if (typeof text !== 'string') {
        console.warn(PREFIX + 'send() needs the message as a string.');
        return;
      }
      start();
      const rejection = store.send(text);
      if (rejection) console.warn(PREFIX + `send() did not send the message (${rejection}).`);
    },
    reset() {
      return destroyed ? Promise.resolve() : store.reset();
    },
    setVariables(variables) {
      if (destroyed) return;
      const problems: string[] = [];
      const clean = cleanVariables(variables, 'setVariables()', problems);
      if (problems.length) console.warn(PREFIX + problems.join(' '));
      store.setVariables(clean);
    },
    on(event, handler) {
      const listener = { event, handler };
      if (!destroyed) listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      stopOpenEffect();
      stopStoreEvents();
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
