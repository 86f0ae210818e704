/**
 * The panel's conversation store, through its life: made for the settings, made anew when another assistant,
 * API base, type, storage or visitor takes over, its events forwarded to the page, and what a visitor left on
 * the device forgotten when they sign out.
 */
import { computed, effect, signal, type ReadonlySignal } from '@preact/signals';
import type { ChallengeProvider } from '../api/challenge';
import { createApiClient, type FetchLike } from '../api/client';
import { browserFetch } from '../api/transport';
import type { WidgetConfig } from '../config/table';
import type { PanelHost } from '../contract';
import { createBrowserStoreDeps } from '../store/browser';
import { STORAGE_SUFFIX, storageKey, visitorId, visitorKey, visitorSuffix } from '../store/layout';
import { createStorage } from '../store/storage';
import { createConversationStore } from '../store/store';
import type { ConversationStore, StoreEvent } from '../store/types';

/** Builds the conversation store for a configuration (tests pass their own). */
export type StoreFactory = (config: WidgetConfig, host: PanelHost) => ConversationStore;

/** The real store: the API client over the browser's fetch (or the developer's), Web Storage, timers, tabs. */
export const browserStore: StoreFactory = (config, { settings, root }) =>
  createConversationStore(
    config,
    createBrowserStoreDeps({
      // The browser's own fetch unless the developer passes one: never a host page's wrapper (see transport.ts).
      client: createApiClient({
        baseUrl: config.apiBase,
        fetch: (settings.value.given.fetch as FetchLike | undefined) ?? browserFetch(root.ownerDocument.defaultView ?? window),
        // The site's bot check, for its gateway (see docs/gateway.md): the one given when a conversation is
        // created (`mount()`'s option, or `AssistantChat('update', { challenge })` at any time).
        get challenge() {
          const given = settings.value.given.challenge;
          return typeof given === 'function' ? (given as ChallengeProvider) : undefined;
        },
      }),
      // (`memory`: nothing of the conversation touches Web Storage, unsent messages included.)
      storage: config.storage,
      scope: config.assistantId + '@' + config.apiBase + visitorSuffix(visitorId(config)),
    }),
  );

/** The store of a panel, made anew for each conversation's settings. */
export interface Conversation {
  /** The current store. */
  readonly store: ReadonlySignal<ConversationStore>;
  /** Counts the stores made: the UI starts afresh with each. */
  readonly generation: ReadonlySignal<number>;
  /**
   * Forgets what the visitor of `config` left on this device, once the current store has stopped (it saves the
   * draft as it goes), before the next store reads storage; then a store for the settings as they are then.
   */
  signOut(config: WidgetConfig, commit: () => void): void;
  dispose(): void;
}

/** What starts a new conversation: the settings a store is made for. */
const storeKey = (config: WidgetConfig) => [config.assistantId, config.apiBase, config.type, config.storage, visitorId(config)].join(' ');

/**
 * Makes a store for `config` now, and a new one each time the settings that scope it change; `listen` hears
 * each store's events (and returns the function that stops hearing), `started` is told of each new store.
 */
export function createConversation(
  config: ReadonlySignal<WidgetConfig>,
  host: PanelHost,
  makeStore: StoreFactory,
  listen: (store: ConversationStore, event: StoreEvent) => void,
  started: () => void,
): Conversation {
  const store = signal(makeStore(config.peek(), host));
  const generation = signal(0);
  let stopEvents = hear(store.peek());
  // The visitor who signed out, whose things go once the store stops.
  let leaving: WidgetConfig | undefined;

  function hear(current: ConversationStore) {
    return current.on((event) => listen(current, event));
  }

  const key = computed(() => storeKey(config.value));
  let current = key.peek();

  function startOver() {
    current = key.peek();
    stopEvents();
    store.peek().dispose();
    if (leaving) forget(leaving);
    leaving = undefined;
    const next = makeStore(config.peek(), host);
    stopEvents = hear(next);
    store.value = next;
    generation.value++;
    started();
  }

  const stopFollowing = effect(() => {
    if (key.value !== current) startOver();
  });

  return {
    store,
    generation,
    signOut(leavingConfig, commit) {
      leaving = leavingConfig;
      // The visitor leaves the settings: when they were signed in, that alone starts over.
      commit();
      // (Unless committing started over already, which takes `leaving` away.)
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
      if (leaving) startOver();
    },
    dispose() {
      stopFollowing();
      stopEvents();
      store.peek().dispose();
    },
  };
}

/**
 * Removes from this device what the visitor of `config` left: their conversation id, draft, unsent messages,
 * consent and answers, and those kept before they signed in (typed by them too, on what may be a shared
 * computer). With `memory` storage there is nothing outside the page to remove.
 */
function forget(config: WidgetConfig) {
  if (config.storage === 'memory') return;
  const storage = createStorage(config.storage);
  const tab = createStorage('session');
  for (const key of new Set([visitorKey(config), storageKey(config.assistantId, config.apiBase)])) {
    for (const suffix of [STORAGE_SUFFIX.conversation, STORAGE_SUFFIX.draft, STORAGE_SUFFIX.consent, STORAGE_SUFFIX.prechat])
      storage.removeItem(key + suffix);
    tab.removeItem(key + STORAGE_SUFFIX.outbox);
  }
}
