/** Renders the chat UI with a fake store, the way mount does (minus the shadow root). */
import { signal } from '@preact/signals-core';
import { render } from '@testing-library/preact';
import type { WidgetConfig } from '../../src/config';
import { ChatApp } from '../../src/ui/App';
import { en, resolveLocale, type Strings } from '../../src/ui/strings';
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
    ...overrides,
  };
}

/** Renders ChatApp; returns the Testing Library result plus the store and the open signal. */
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
  // As mount does: language and direction from the configured locale, unless the test picks them.
  const locale = resolveLocale(config.locale);
  const result = render(
    <ChatApp
      store={store}
      config={config}
      strings={options.strings ?? en}
      open={open}
      inline={options.inline}
      lang={options.lang ?? locale.lang}
      dir={options.dir ?? locale.dir}
    />,
    options.container ? { container: options.container } : undefined,
  );
  return { ...result, store, open, config };
}
