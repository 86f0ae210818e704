/**
 * The playground's state: the settings (saved as they change), what follows from them (the widget's
 * options, the snippets, the validation messages), the live widget, the raw conversation view, and
 * the actions the page's controls call.
 */
import { batch, computed, effect, signal, untracked, type ReadonlySignal } from '@preact/signals';
import type { MountOptions, WidgetHandle } from '../../src/mount';
import { STORAGE_SUFFIX, storageKey } from '../../src/store/layout';
import { createAccount, type Account } from './account';
import type { DataLayerLog } from './data-layer-log';
import type { AccountAssistant } from './account-api';
import type { DemoAssistant } from './assistants';
import { createInspector, type Inspector, type InspectorDeps } from './inspector';
import { createLiveWidget, type LiveWidget, type LiveWidgetDeps } from './live-widget';
import { withLook, type AssistantLook } from './look';
import type { SettingsPersistence } from './persistence';
import type { Scenario } from './scenarios';
import {
  DATA_LAYER,
  defaultSettings,
  openAfterOf,
  encodeSettings,
  parseSettings,
  prechatOf,
  startersOf,
  teaserDelayOf,
  validateSettings,
  variablesOf,
  visitorOf,
  type PlaygroundSettings,
  type SettingsErrors,
  type VariableRow,
} from './settings';
import { absoluteApiBase, buildNpmUsage, buildScriptTag } from './snippet';

/** Everything the playground needs from the outside world. */
export interface PlaygroundDeps extends LiveWidgetDeps, InspectorDeps {
  persistence: SettingsPersistence;
  /** The playground page's own URL: resolves an API base like `/api` for the snippets. */
  pageUrl: string;
  /** Row ids for the variables editor. */
  newId: () => string;
  /** Timers, for gathering quick changes (typing) into fewer mounts of the widget. */
  setTimer: (callback: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
  /** What the widget pushes to the page's `dataLayer`, watched while the analytics switch is on. */
  dataLayerLog: DataLayerLog;
  /** The tab's storage, where the widget marks the teaser dismissed and the chat opened for the visit; null: out of reach. */
  visitStorage: Pick<Storage, 'removeItem'> | null;
}

/** The settings that can be changed with a plain patch (variables have their own actions). */
export type SettingsPatch = Partial<Omit<PlaygroundSettings, 'variables'>>;

/** The playground's signals and actions. */
export interface Playground {
  readonly settings: ReadonlySignal<PlaygroundSettings>;
  readonly errors: ReadonlySignal<SettingsErrors>;
  /** The options the live widget is mounted with, or null while a typed field is not usable. */
  readonly mountOptions: ReadonlySignal<MountOptions | null>;
  /** The API base as an absolute URL (what the snippets carry). */
  readonly apiBaseUrl: ReadonlySignal<string>;
  /** The script tag for the chosen settings (production: billed `widget` conversations). */
  readonly scriptTag: ReadonlySignal<string>;
  /** The npm usage for the chosen settings. */
  readonly npmUsage: ReadonlySignal<string>;
  /** The scenario whose settings are in place, until the owner changes the assistant. */
  readonly activeScenario: ReadonlySignal<Scenario | null>;
  /** True when the variables changed after the current conversation started (they apply to the next one). */
  readonly variablesPending: ReadonlySignal<boolean>;
  readonly live: LiveWidget;
  readonly inspector: Inspector;
  /** The owner's own assistants ("Use my assistants"). */
  readonly account: Account;
  /** The entries the widget pushed to `window.dataLayer` while analytics is on. */
  readonly dataLayerLog: DataLayerLog;
  update(patch: SettingsPatch): void;
  /** Picks a demo assistant of the stand-in: its id and its look (theme, colour, corner). */
  pickDemoAssistant(assistant: DemoAssistant): void;
  /** Reads the key owner's assistants from the current API base. The key is used for that and not kept. */
  listAccountAssistants(apiKey: string): Promise<void>;
  /** Previews one of the owner's assistants: adopts its look and starts a free `test` conversation, panel open. */
  useAccountAssistant(assistant: AccountAssistant): Promise<void>;
  addVariable(): void;
  updateVariable(id: string, patch: Partial<Omit<VariableRow, 'id'>>): void;
  removeVariable(id: string): void;
  /** Sets the scenario's assistant, starts a fresh conversation, opens the widget and sends its message. */
  runScenario(scenario: Scenario): Promise<void>;
  /** Starts the visit over: forgets the dismissed teaser and the opened chat, and shows the widget afresh, closed. */
  replayNudges(): void;
  /** Starts a new conversation in the live widget (`handle.reset()`). */
  newConversation(): Promise<void>;
  /** Re-reads the raw conversation now. */
  refreshConversation(): void;
  dispose(): void;
}

/** At most one new mount of the widget per this many ms while settings change quickly. */
const REMOUNT_PAUSE_MS = 400;

/** Creates the playground's state from the saved settings and starts saving and previewing. */
export function createPlayground(deps: PlaygroundDeps): Playground {
  const defaults = defaultSettings(deps.newId);
  const settings = signal(parseSettings(deps.persistence.load(), defaults, deps.newId));
  const activeScenario = signal<Scenario | null>(null);
  const live = createLiveWidget(deps);
  const inspector = createInspector(deps);
  const account = createAccount({
    fetch: deps.fetch ?? ((url, init) => fetch(url, init)),
    setTimer: deps.setTimer,
    clearTimer: deps.clearTimer,
  });
  /** The variables the current conversation was started with (JSON), to tell the owner when they changed. */
  const conversationVariables = signal<string | null>(null);

  const errors = computed(() => validateSettings(settings.value));
  const mountOptions = computed<MountOptions | null>(() => {
    const s = settings.value;
    if (Object.keys(errors.value).length) return null;
    const options: MountOptions = {
      assistantId: s.assistantId.trim(),
      apiBase: s.apiBase.trim(),
      type: s.type,
      theme: s.theme,
      color: s.color,
      position: s.position,
      variables: variablesOf(s.variables),
      showFunctionCalls: s.showFunctionCalls,
    };
    if (s.locale !== 'auto') options.locale = s.locale;
    if (s.title.trim()) options.title = s.title.trim();
    if (s.subtitle.trim()) options.subtitle = s.subtitle.trim();
    if (s.avatar.trim()) options.avatar = s.avatar.trim();
    if (s.disclaimer.trim()) options.disclaimer = s.disclaimer.trim();
    if (s.consentRequired) options.consent = 'required';
    const starters = startersOf(s.starters);
    if (starters.length) options.starters = starters;
    const prechat = prechatOf(s.prechat);
    if (prechat.length) options.prechat = prechat;
    if (s.launcher === 'none') options.launcher = 'none';
    if (s.offset.trim()) options.offset = s.offset.trim();
    const visitor = visitorOf(s);
    if (visitor) options.visitor = visitor;
    if (s.teaser.trim()) options.teaser = s.teaser.trim();
    const teaserDelay = teaserDelayOf(s);
    if (teaserDelay) options.teaserDelay = teaserDelay;
    const openAfter = openAfterOf(s);
    if (openAfter) options.openAfter = openAfter;
    if (s.size !== 'normal') options.size = s.size;
    if (s.transcript) options.transcript = true;
    if (s.analytics) options.analytics = DATA_LAYER;
    if (s.dictation) options.voice = 'dictation';
    if (s.sound) options.sound = 'on';
    return options;
  });
  const apiBaseUrl = computed(() => absoluteApiBase(settings.value.apiBase, deps.pageUrl));
  const scriptTag = computed(() => buildScriptTag(settings.value, apiBaseUrl.value));
  const npmUsage = computed(() => buildNpmUsage(settings.value, apiBaseUrl.value));
  const variablesPending = computed(() => {
    const started = conversationVariables.value;
    return started !== null && started !== JSON.stringify(variablesOf(settings.value.variables));
  });

  const disposers: Array<() => void> = [];

  // Save every change (hash + storage); take in links the owner pastes into the address bar.
  disposers.push(effect(() => deps.persistence.save(encodeSettings(settings.value, defaults))));
  disposers.push(
    deps.persistence.onExternalChange((encoded) => {
      settings.value = parseSettings(encoded, defaults, deps.newId);
    }),
  );

  // Watch the data layer while analytics is on, from before the widget (mounted by the next effect) can push.
  disposers.push(
    effect(() => {
      if (settings.value.analytics) {
        // (Again at each change: the page may have put another array in its place.)
        deps.dataLayerLog.watch();
      } else {
        deps.dataLayerLog.stop();
        deps.dataLayerLog.clear();
      }
    }),
  );

  // Follow the settings with the live widget. The first change of a burst shows at once; the rest
  // (typing a title, dragging the colour picker) are gathered and shown once per pause, because every
  // mount of an open widget reads the conversation again and the API limits requests.
  let timer: unknown = null;
  let pending = false;
  const showNow = () => {
    // Mounting renders a whole widget: nothing it reads may subscribe the effect that triggered it.
    untracked(() => live.show(mountOptions.peek()));
  };
  const follow = () => {
    if (timer !== null) {
      pending = true;
      return;
    }
    showNow();
    timer = deps.setTimer(() => {
      timer = null;
      if (pending) {
        pending = false;
        follow();
      }
    }, REMOUNT_PAUSE_MS);
  };
  disposers.push(mountOptions.subscribe(() => follow()));

  // Re-read the raw history whenever the widget starts a conversation or reports a message.
  disposers.push(
    effect(() => {
      const id = live.conversationId.value;
      // Read to subscribe: each message the widget reports loads the history again.
      // eslint-disable-next-line @typescript-eslint/no-unused-expressions
      live.revision.value;
      untracked(() => inspector.load(mountOptions.peek()?.apiBase ?? '', id));
    }),
  );
  // The owner's list belongs to the API base it was read from: another base forgets it.
  disposers.push(
    effect(() => {
      const apiBase = settings.value.apiBase.trim();
      const state = account.state.peek();
      if (state.status !== 'idle' && state.apiBase !== apiBase) account.forget();
    }),
  );
  // Remember the variables each conversation started with.
  disposers.push(
    effect(() => {
      const id = live.conversationId.value;
      conversationVariables.value = id ? JSON.stringify(variablesOf(settings.peek().variables)) : null;
    }),
  );

  function update(patch: SettingsPatch): void {
    batch(() => {
      const current = settings.peek();
      const next = { ...current, ...patch };
      if (patch.assistantId !== undefined && patch.assistantId.trim() !== current.assistantId.trim()) {
        // Billed conversations are only for the "no balance" scenario; any other assistant is tried for free.
        if (patch.type === undefined) next.type = 'test';
        activeScenario.value = null;
      }
      if (patch.type === 'test' && activeScenario.peek()?.type === 'widget') activeScenario.value = null;
      settings.value = next;
    });
  }

  /** Switches to an assistant with its look: free `test` conversations, no scenario. */
  function adopt(assistantId: string, look: AssistantLook): void {
    batch(() => {
      settings.value = { ...withLook(settings.peek(), look), assistantId, type: 'test' };
      activeScenario.value = null;
    });
  }

  function setVariables(rows: VariableRow[]): void {
    settings.value = { ...settings.peek(), variables: rows };
  }

  async function runScenario(scenario: Scenario): Promise<void> {
    batch(() => {
      const current = settings.peek();
      settings.value = {
        ...current,
        assistantId: scenario.assistantId,
        type: scenario.type,
        showFunctionCalls: scenario.message ? true : current.showFunctionCalls,
        variables: scenario.variables
          ? Object.entries(scenario.variables).map(([key, value]) => ({ id: deps.newId(), key, value }))
          : current.variables,
      };
      activeScenario.value = scenario;
    });
    const handle = await freshConversation();
    if (handle && scenario.message) handle.send(scenario.message);
  }

  /**
   * Mounts with the current settings now, starts a new conversation and opens the panel at once (so the
   * owner sees it load). Resolves with the widget when the conversation is ready or has failed, or with
   * null when the widget was replaced meanwhile. A failed start (unknown assistant, no balance) is what
   * some scenarios show: the widget explains it, so the rejection is not ours to report.
   */
  async function freshConversation(): Promise<WidgetHandle | null> {
    showNow();
    const handle = live.handle.peek();
    if (!handle) return null;
    const fresh = handle.reset().catch(() => undefined);
    handle.open();
    await fresh;
    return live.handle.peek() === handle ? handle : null;
  }

  return {
    settings,
    errors,
    mountOptions,
    scriptTag,
    npmUsage,
    activeScenario,
    variablesPending,
    live,
    inspector,
    account,
    dataLayerLog: deps.dataLayerLog,
    apiBaseUrl,
    update,
    pickDemoAssistant(assistant) {
      adopt(assistant.id, assistant.look);
    },
    listAccountAssistants(apiKey) {
      return account.list(settings.peek().apiBase.trim(), apiKey);
    },
    async useAccountAssistant(assistant) {
      adopt(assistant.id, assistant.look);
      await freshConversation();
    },
    addVariable() {
      setVariables([...settings.peek().variables, { id: deps.newId(), key: '', value: '' }]);
    },
    updateVariable(id, patch) {
      setVariables(settings.peek().variables.map((row) => (row.id === id ? { ...row, ...patch } : row)));
    },
    removeVariable(id) {
      setVariables(settings.peek().variables.filter((row) => row.id !== id));
    },
    runScenario,
    replayNudges() {
      const shown = mountOptions.peek();
      forgetVisitMarks(deps.visitStorage, shown && { assistantId: shown.assistantId, apiBase: apiBaseUrl.peek() });
      live.restart();
    },
    async newConversation() {
      await freshConversation();
    },
    refreshConversation() {
      inspector.load(mountOptions.peek()?.apiBase ?? '', live.conversationId.peek());
    },
    dispose() {
      if (timer !== null) deps.clearTimer(timer);
      disposers.forEach((dispose) => dispose());
      live.dispose();
      deps.dataLayerLog.stop();
      inspector.dispose();
      account.dispose();
    },
  };
}

/** Removes the marks of this visit (teaser dismissed, chat opened) the widget keeps for the assistant it shows, under the boot's keys. */
function forgetVisitMarks(storage: PlaygroundDeps['visitStorage'], shown: { assistantId: string; apiBase: string } | null): void {
  if (!storage || !shown) return;
  const key = storageKey(shown.assistantId, shown.apiBase);
  try {
    storage.removeItem(key + STORAGE_SUFFIX.teaser);
    storage.removeItem(key + STORAGE_SUFFIX.opened);
  } catch {
    // Blocked storage holds no marks to forget.
  }
}
