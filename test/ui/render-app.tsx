/**
 * Renders the chat UI with a fake store: the panel alone (renderApp), or the whole widget, launcher and
 * panel in a shadow root, the way mount() builds it (renderWidget).
 */
import { computed, signal } from '@preact/signals';
import { cleanup, render, within } from '@testing-library/preact';
import { afterEach } from 'vitest';
import { createWidget, type WidgetHandle } from '../../src/boot/widget';
import type { BootSettings, PanelSettings, WidgetConfig } from '../../src/config/table';
import { createPanel, type PanelHost } from '../../src/panel/index';
import { ChatPanel } from '../../src/ui/Panel';
import { resolveLanguage } from '../../src/boot/language';
import { en, type Strings } from '../../src/ui/strings';
import { createFakeStore, type FakeStore } from '../helpers/fake-store';

/** A complete configuration with test defaults. */
export function testConfig(overrides: Partial<WidgetConfig> = {}): WidgetConfig {
  return {
    assistantId: '3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10',
    apiBase: '/api',
    type: 'test',
    variables: {},
    theme: 'light',
    color: '#4f46e5',
    position: 'bottom-right',
    locale: 'en',
    title: undefined,
    open: false,
    showFunctionCalls: true,
    storage: 'memory',
    nonce: undefined,
    launcher: 'default',
    offset: '20px 20px',
    zIndex: 2147480000,
    inline: false,
    teaser: undefined,
    teaserDelay: 4000,
    openAfter: undefined,
    analytics: undefined,
    subtitle: undefined,
    avatar: undefined,
    starters: [],
    disclaimer: undefined,
    consent: 'none',
    prechat: [],
    visitor: {},
    size: 'normal',
    transcript: false,
    voice: 'none',
    sound: 'off',
    ...overrides,
  };
}

/** Renders the panel alone (as the widget shows it, minus the shadow root); the test drives `open`. */
export function renderApp(
  options: {
    store?: FakeStore;
    config?: Partial<WidgetConfig>;
    strings?: Strings;
    open?: boolean;
    inline?: boolean;
    lang?: string;
    dir?: 'ltr' | 'rtl';
    container?: HTMLElement;
  } = {},
) {
  const store = options.store ?? createFakeStore();
  const open = signal(options.open ?? false);
  const config = testConfig(options.config);
  const title = computed(() => config.title || (options.strings ?? en).title);
  // As the widget does: language and direction from the configured locale, unless the test picks them.
  const locale = resolveLanguage(config.locale);
  const result = render(
    <div class="widget" lang={options.lang ?? locale.lang} dir={options.dir ?? locale.dir}>
      <ChatPanel
        store={store}
        config={config}
        strings={options.strings ?? en}
        title={title}
        open={open}
        inline={options.inline}
        onClose={() => (open.value = false)}
        announcement={signal('')}
      />
    </div>,
    options.container ? { container: options.container } : undefined,
  );
  return { ...result, store, open, config };
}

/**
 * Mounts the whole widget (the launcher, and the panel once something asks for it) into the document with a
 * fake store. `ui` queries inside its shadow root; `panelLoads` counts how often the panel was loaded.
 */
export function renderWidget(
  options: {
    store?: FakeStore;
    config?: Partial<BootSettings>;
    settings?: Partial<PanelSettings>;
    strings?: Partial<Strings>;
    inline?: boolean;
    target?: Element;
  } = {},
) {
  const store = options.store ?? createFakeStore();
  const config: BootSettings = { ...testConfig(), ...options.config, inline: options.inline ?? false };
  const target = options.target ?? document.body;
  let panelLoads = 0;
  const handle: WidgetHandle = createWidget(target, {
    settings: config,
    issues: [],
    given: { ...config, showFunctionCalls: true, type: 'test', ...options.settings, strings: options.strings },
    context: { source: 'options' },
    files: {
      panel: {
        load: async () => {
          panelLoads++;
          return { createPanel: (host: PanelHost) => createPanel(host, () => store) };
        },
      },
      nudges: () => import('../../src/boot/nudges'),
      analytics: () => import('../../src/boot/analytics'),
    },
  });
  const host = target.querySelector('assistant-chat-root:last-of-type')!;
  const root = host.shadowRoot!;
  return {
    handle,
    host,
    root,
    store,
    ui: within(root as unknown as HTMLElement),
    /** The element that has focus inside the widget. */
    focused: () => root.activeElement,
    get panelLoads() {
      return panelLoads;
    },
  };
}

/**
 * `renderWidget` for a test file: every widget it mounts is destroyed after each test, and the rendered
 * DOM cleaned up. Call it at the top of the file.
 */
export function widgetsPerTest(): typeof renderWidget {
  const widgets: Array<{ handle: { destroy(): void } }> = [];
  afterEach(() => {
    for (const mounted of widgets.splice(0)) mounted.handle.destroy();
    cleanup();
  });
  return (options) => {
    const mounted = renderWidget(options);
    widgets.push(mounted);
    return mounted;
  };
}
