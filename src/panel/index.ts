/**
 * The chat panel, loaded when the visitor reaches for the launcher: the composition root of everything
 * the launcher does not need. It picks the real fetch, storage, clock and ids, builds the API client and
 * the conversation store, renders the UI beside the launcher, and counts the replies that arrive while
 * the panel is closed.
 */
import { effect, signal, type ReadonlySignal } from '@preact/signals';
import { h, render } from 'preact';
import { createApiClient } from '../api/client';
import { browserFetch } from '../api/transport';
import { accentRing, adoptStyles } from '../boot/styles';
import { log, type WidgetConfig } from '../config';
import { createBrowserStoreDeps } from '../store/browser';
import { createConversationStore } from '../store/store';
import { createStorage } from '../store/storage';
import type { ConversationStore, StoreEvent } from '../store/types';
import functionCallsCss from '../ui/function-calls.css?inline';
import markdownCss from '../ui/markdown.css?inline';
import { ChatPanel } from '../ui/Panel';
import panelCss from '../ui/panel.css?inline';
import { fill, stringsFor } from '../ui/strings';
import { PANEL_ID, type Panel, type PanelHost } from './contract';
import { cleanVariables, describeProblems, parsePanelSettings } from './settings';

export type { Panel, PanelHost, PanelModule } from './contract';

/** Builds the conversation store for a configuration (tests pass their own). */
export type StoreFactory = (config: WidgetConfig, host: PanelHost) => ConversationStore;

/** The real store: the API client over the browser's fetch (or the developer's), Web Storage, timers, tabs. */
const browserStore: StoreFactory = (config, { runtime, root }) =>
  createConversationStore(
    config,
    createBrowserStoreDeps({
      // The browser's own fetch unless the developer passes one: never a host page's wrapper (see transport.ts).
      client: createApiClient({ baseUrl: config.apiBase, fetch: runtime.fetch ?? browserFetch(root.ownerDocument.defaultView ?? window) }),
      storage: createStorage(config.storage),
      scope: config.assistantId + '@' + config.apiBase,
      // `memory` means nothing of the conversation outlives the page, unsent messages included.
      tabStorage: config.storage === 'memory' ? createStorage('memory') : undefined,
    }),
  );

/** Builds the panel for the launcher's widget (see PanelHost); makes no request until it opens, is prepared, or sends. */
export function createPanel(host: PanelHost, makeStore: StoreFactory = browserStore): Panel {
  const { runtime, root, container, inline, language } = host;
  // The problems of every setting, the launcher's included, in one message for the site owner.
  const parsed = parsePanelSettings(host.settings, host.source);
  log('warn', [...describeProblems(host.invalid, host.settings, host.config as {}, host.source), ...parsed.problems].join(' '));
  const config: WidgetConfig = { ...host.config, ...parsed.settings };
  const strings = stringsFor(language.base, runtime.strings);
  const title = config.title || strings.title;

  const store = makeStore(config, host);
  const removeStyles = adoptStyles(root, panelCss + functionCallsCss + markdownCss + accentRing(config.color, config.theme), config.nonce);

  const open = signal(host.isOpen());
  // Replies that arrived while the panel was closed: on the launcher's badge, and said once when it opens.
  const unread = signal(0);
  const announcement = signal('');

  // A store event carries its detail under its own name (`message`, `error`), or is the detail (`conversation`).
  const stopEvents = store.on((event: StoreEvent) => {
    if (event.type === 'message') {
      host.emit('message', event.message);
      if (event.message.role === 'assistant' && !open.peek()) unread.value++;
    } else if (event.type === 'error') host.emit('error', event.error);
    else host.emit('conversation', { conversationId: event.conversationId });
  });
  // The launcher, named in the visitor's language from now on (it was drawn in English, unless the site named it).
  const stopBadge = drawUnreadBadge(host.launcher, unread, (count) => (count ? `${title}. ${fill(strings.unread, { n: count })}` : title));
  // (A subscription, not an effect: what start() reads must not make it run again.)
  const stopOpen = open.subscribe((isOpen) => {
    if (!isOpen) return;
    // The store settles its own failures (as its state), so its promise never rejects.
    void store.start();
    announcement.value = unread.peek() ? fill(strings.unread, { n: unread.peek() }) : '';
    unread.value = 0;
  });

  render(h(ChatPanel, { store, config, strings, open, inline, onClose: host.close, announcement }), container);

  return {
    prepare() {
      // (Until the store learns to prepare, a hover only loads the panel.)
      void (store as { prepare?: () => Promise<void> }).prepare?.();
    },
    setOpen(value) {
      open.value = value;
    },
    send: (text) => store.send(text),
    reset: () => store.reset(),
    setVariables(variables) {
      const problems: string[] = [];
      store.setVariables(cleanVariables(variables, 'setVariables', problems));
      log('warn', problems.join(' '));
    },
    destroy() {
      stopOpen();
      stopBadge();
      stopEvents();
      store.dispose();
      render(null, container);
      removeStyles();
    },
  };
}

/**
 * Points the launcher at the panel and shows `unread` on it: a badge, and a name that says how many
 * (`label`). Returns the function that takes both off again.
 */
function drawUnreadBadge(launcher: HTMLButtonElement | null, unread: ReadonlySignal<number>, label: (count: number) => string): () => void {
  if (!launcher) return () => {};
  const drawnWith = launcher.getAttribute('aria-label') ?? '';
  const badge = launcher.ownerDocument.createElement('span');
  badge.className = 'unread-badge';
  badge.setAttribute('aria-hidden', 'true');
  launcher.append(badge);
  launcher.setAttribute('aria-controls', PANEL_ID);
  const stop = effect(() => {
    const count = unread.value;
    badge.hidden = !count;
    badge.textContent = count > 99 ? '99+' : String(count);
    launcher.setAttribute('aria-label', label(count));
  });
  return () => {
    stop();
    badge.remove();
    launcher.setAttribute('aria-label', drawnWith);
    launcher.removeAttribute('aria-controls');
  };
}
