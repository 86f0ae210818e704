/**
 * The chat panel, loaded when the visitor reaches for the launcher: the composition root of everything
 * the launcher does not need. It picks the real fetch, storage, clock and ids, builds the API client and
 * the conversation store, renders the UI beside the launcher, and counts the replies that arrive while
 * the panel is closed.
 */
import { batch, computed, effect, signal, type ReadonlySignal } from '@preact/signals';
import { h, render } from 'preact';
import type { ChallengeProvider } from '../api/challenge';
import { createApiClient, type FetchLike } from '../api/client';
import { browserFetch } from '../api/transport';
import type { WidgetConfig } from '../config';
import { log } from '../log';
import { createBrowserStoreDeps } from '../store/browser';
import type { GateStep } from '../store/gate';
import { storageKey, visitorId, visitorKey, visitorSuffix } from '../store/keys';
import { createStorage } from '../store/storage';
import { createConversationStore } from '../store/store';
import type { ConversationStore, StoreEvent } from '../store/types';
import { ChunksContext, createChunks } from '../ui/chunks';
import { ChatPanel, type LoadedGate } from '../ui/Panel';
import panelCss from '../ui/panel.css?inline';
import { en, fill, LANGUAGES, stringsFor, type Strings } from '../ui/strings';
import { PANEL_ID, type Panel, type PanelHost } from './contract';
import { parsePanelSettings, type Issue } from './settings';

export type { Panel, PanelHost, PanelModule } from './contract';

/** Builds the conversation store for a configuration (tests pass their own). */
export type StoreFactory = (config: WidgetConfig, host: PanelHost) => ConversationStore;

/** The real store: the API client over the browser's fetch (or the developer's), Web Storage, timers, tabs. */
const browserStore: StoreFactory = (config, { settings, root }) =>
  createConversationStore(
    config,
    createBrowserStoreDeps({
      // The browser's own fetch unless the developer passes one: never a host page's wrapper (see transport.ts).
      client: createApiClient({
        baseUrl: config.apiBase,
        fetch: (settings.fetch as FetchLike | undefined) ?? browserFetch(root.ownerDocument.defaultView ?? window),
        // The site's bot check, for its gateway (see docs/gateway.md): asked only when a conversation is created.
        challenge: typeof settings.challenge === 'function' ? (settings.challenge as ChallengeProvider) : undefined,
      }),
      // (`memory`: nothing of the conversation touches Web Storage, unsent messages included.)
      storage: config.storage,
      scope: config.assistantId + '@' + config.apiBase + visitorSuffix(visitorId(config)),
    }),
  );

/** Whether the visitor must accept the notice or answer the pre-chat form before a conversation is created. */
const asksFirst = (config: WidgetConfig) => config.consent === 'required' || config.prechat.length > 0;

/** Where the visitor's consent and answers are kept: the storage choice and the assistant's key in it. */
const gateScope = (config: WidgetConfig) => config.storage + ' ' + visitorKey(config);

/** What the settings mean for the panel, read again on every update. */
interface Reading {
  config: WidgetConfig;
  strings: Strings;
  /** The panel's title, which also names the launcher. */
  title: string;
  /** The words of the visitor's language are still on their way (the panel waits for them). */
  waiting: boolean;
}

/** Builds the panel for the launcher's widget (see PanelHost); makes no request until it opens, is prepared, or sends. */
export function createPanel(host: PanelHost, makeStore: StoreFactory = browserStore): Panel {
  const { container, inline, settings, context } = host;

  // What the site owner has been told already: each problem once.
  const told = new Set<string>();
  // The words of each language the panel has spoken so far; any but English arrive as a file of their own.
  const words: Record<string, Strings> = { en };

  /**
   * Tells the site owner, in one message, what was not understood in the settings (each thing once). The
   * words are a file of their own, loaded only when there is something to say.
   */
  function tell(issues: Issue[], problems: string[], values: Record<string, unknown>) {
    if (!issues.length && !problems.length) return;
    void import('./problems').then(({ describeIssues }) => {
      const sentences = [...problems, ...describeIssues(issues, settings, values, context.source)];
      log('warn', sentences.filter((sentence) => !told.has(sentence) && told.add(sentence)).join(' '));
    });
  }

  /** Parses every setting (the launcher's too), and tells the site owner what was not understood. */
  function read(previous?: WidgetConfig): Reading {
    const launcher = host.readLauncher();
    const panel = parsePanelSettings(settings);
    const invalid: Issue[] = launcher.invalid.map((setting) => ({ kind: 'invalid', setting }));
    // A bad assistant id in an update keeps the current one (there was a good one, or there would be no widget).
    const config: WidgetConfig = { ...previous!, ...launcher.values, ...launcher.config, ...panel.settings };
    tell([...invalid, ...panel.issues], launcher.problems, config as unknown as Record<string, unknown>);
    const { base } = host.language(config.locale);
    const waiting = !words[base] && !!LANGUAGES[base];
    // (Read again when they have come; a language that cannot load keeps English.)
    if (waiting) {
      void LANGUAGES[base]!()
        .then((module) => (words[base] = module.strings), () => (words[base] = en))
        .then(() => (reading.value = read(reading.peek().config)));
    }
    const strings = stringsFor(words[base] ?? en, settings.strings as Partial<Strings> | undefined);
    return { config, strings, title: config.title || strings.title, waiting };
  }

  const reading = signal(read());
  let store = makeStore(reading.value.config, host);
  // What destroy() stops: the effects and subscriptions made below.
  const stops: (() => void)[] = [];

  // The disclaimer, consent and the pre-chat form are a file of their own, loaded when the settings ask for
  // them, with what the visitor settled for this assistant and storage (kept apart per scope).
  const gate = signal<(LoadedGate & { scope: string }) | undefined>();
  let gateLoading: string | undefined;
  let stopGateStyles: (() => void) | undefined;
  stops.push(effect(() => {
    const { config } = reading.value;
    const scope = gateScope(config);
    if ((!asksFirst(config) && !config.disclaimer) || scope === gateLoading) return;
    gateLoading = scope;
    void import('./gate').then((ui) => {
      if (gateLoading !== scope) return;
      stopGateStyles ??= host.addStyles(ui.css);
      gate.value = { ui, state: ui.createGate(createStorage(config.storage), config), scope };
    });
  }));
  // Where the visitor stands: nothing is created or sent before they may chat (`open`).
  const step = computed((): GateStep | 'loading' => {
    const { config } = reading.value;
    const loaded = gate.value;
    if (!asksFirst(config)) return 'open';
    return loaded?.scope === gateScope(config) ? loaded.state.step(config) : 'loading';
  });
  // The variables of the next conversation: the site's, who the visitor is, and their answers to the pre-chat form.
  const variables = computed(() => {
    const { config } = reading.value;
    return { ...config.variables, ...config.visitor, ...gate.value?.state.answers.value };
  });
  stops.push(effect(() => store.setVariables(variables.value)));
  // Replies that arrived while the panel was closed: on the launcher's badge, and said once when it opens.
  const open = signal(host.isOpen());
  const unread = signal(0);
  const announcement = signal('');
  // Bumped when the widget starts over (another assistant, API base, type or storage): a fresh panel.
  let generation = 0;

  // The stylesheets, taken off last: the panel's, and those of the markdown renderer and the function-call
  // cards, which come when a message needs them.
  const styles = [host.addStyles(panelCss)];
  const chunks = createChunks((css) => styles.push(host.addStyles(css)));
  stops.push(effect(() => host.showLook(reading.value.config)));

  /**
   * Forwards the store's events to the host page, counting the replies that arrive while the panel is
   * closed; and while a conversation is being read, fetches the markdown renderer its replies will likely
   * want, so it comes with the history instead of after it.
   */
  const listen = () => {
    const stopReading = store.state.subscribe(({ type }) => {
      if (type === 'connecting' && store.hasConversation()) chunks.richText.load();
    });
    const stopForwarding = store.on((event: StoreEvent) => {
      // A store event carries its detail under its own name (`message`, `error`), or is the detail (`conversation`).
      if (event.type === 'message') {
        host.emit('message', event.message);
        // The visitor wrote: the reply on its way will likely want the markdown renderer.
        if (event.message.role === 'user') chunks.richText.load();
        if (event.message.role === 'assistant' && !open.peek()) unread.value++;
      } else if (event.type === 'error') host.emit('error', event.error);
      else host.emit('conversation', { conversationId: event.conversationId });
    });
    return () => {
      stopReading();
      stopForwarding();
    };
  };
  let stopEvents = listen();

  // The host page hears of every change in the count, for a badge of its own.
  let counted = 0;
  stops.push(effect(() => {
    if (unread.value !== counted) host.emit('unread', (counted = unread.value));
  }));
  // The launcher, named in the visitor's language from now on (it was drawn in English, unless the site named it).
  stops.push(drawUnreadBadge(host.launcher, unread, (count) => {
    const { title, strings } = reading.value;
    return count ? `${title}. ${fill(strings.unread, { n: count })}` : title;
  }));
  // (Subscriptions, not effects: what start() reads must not make them run again.)
  stops.push(open.subscribe((isOpen) => {
    if (!isOpen) return;
    announcement.value = unread.peek() ? fill(reading.peek().strings.unread, { n: unread.peek() }) : '';
    unread.value = 0;
  }));
  stops.push(computed(() => open.value && step.value === 'open').subscribe((go) => go && begin()));

  /** Opens the conversation, with the variables as they are now. */
  function begin() {
    store.setVariables(variables.peek());
    // The store settles its own failures (as its state), so its promise never rejects.
    void store.start();
  }

  const draw = () => {
    const { config, strings, waiting } = reading.value;
    // Until the visitor's words have come: nothing new (the first time, nothing at all).
    if (waiting) return;
    const { ui, state } = gate.value ?? {};
    render(
      h(
        ChunksContext.Provider,
        { value: chunks },
        h(ChatPanel, { key: generation, store, config, strings, open, inline, onClose: host.close, opener: host.opener, announcement, step: step.value, gate: ui && { ui, state: state! } }),
      ),
      container,
    );
  };
  stops.push(effect(draw));

  /**
   * Another conversation for other settings: the old store stops (`meanwhile` runs once it has, before the
   * new one reads storage), a new one starts if the panel is open.
   */
  function startOver(config: WidgetConfig, meanwhile?: () => void) {
    stopEvents();
    store.dispose();
    meanwhile?.();
    store = makeStore(config, host);
    stopEvents = listen();
    generation++;
    if (open.peek() && step.peek() === 'open') begin();
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
      for (const name of ['', ':draft', ':consent', ':prechat']) storage.removeItem(key + name);
      tab.removeItem(key + ':outbox');
    }
  }

  /** Whether the visitor may chat: anything else waits for their consent and answers. */
  const admitted = () => step.peek() === 'open';

  return {
    prepare() {
      // A stored conversation is read now, so the click opens onto it (the store never creates here).
      if (admitted()) void store.prepare();
    },
    setOpen(value) {
      open.value = value;
    },
    send(text) {
      const rejection =
        typeof text !== 'string' ? 'not a string' : admitted() ? store.send(text) : 'the visitor has not accepted the notice or answered the form yet';
      if (rejection) log('warn', `send: not sent (${rejection}).`);
    },
    reset: () => (admitted() ? store.reset() : Promise.resolve()),
    async logout() {
      const { config } = reading.peek();
      // Closed: whoever comes next starts a conversation when they open the chat, not before.
      host.close();
      delete settings.visitor;
      const next = read(config);
      // What the visitor settled is read again, from storage now empty of it.
      gateLoading = undefined;
      batch(() => {
        gate.value = undefined;
        reading.value = next;
        // (Forgotten once the store has stopped: it saves the draft as it goes.)
        startOver(next.config, () => forget(config));
      });
    },
    update() {
      const before = reading.peek().config;
      const next = read(before);
      const restart =
        (['assistantId', 'apiBase', 'type', 'storage'] as const).some((key) => next.config[key] !== before[key]) ||
        visitorId(next.config) !== visitorId(before);
      batch(() => {
        // (First: a new conversation starts under the new settings, and the visitor's consent for them.)
        reading.value = next;
        if (restart) startOver(next.config);
      });
    },
    destroy() {
      gateLoading = undefined;
      for (const stop of stops) stop();
      stopEvents();
      store.dispose();
      render(null, container);
      stopGateStyles?.();
      for (const stop of styles) stop();
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
