/**
 * Fakes for the playground's unit tests: a widget `mount` that records what it was given, an account
 * API that answers from a list, and the rest of the playground's outside world.
 */
import { vi } from 'vitest';
import type { AccountFetch } from '../../demo/playground/account-api';
import { createDataLayerLog } from '../../demo/playground/data-layer-log';
import type { SettingsPersistence } from '../../demo/playground/persistence';
import type { PlaygroundDeps } from '../../demo/playground/state';
import type { MountOptions, WidgetHandle } from '../../src/mount';

/** One widget the fake `mount` made. */
export interface FakeWidget {
  options: MountOptions;
  handle: WidgetHandle & {
    reset: ReturnType<typeof vi.fn>;
    destroy: ReturnType<typeof vi.fn>;
    setVariables: ReturnType<typeof vi.fn>;
  };
  /** Fires one of the widget's events, as the real one does. */
  emit(event: string, detail?: unknown): void;
}

/** A `mount` that records every widget; handles open and close, and reset() resolves at once. */
export function fakeMount() {
  const widgets: FakeWidget[] = [];
  const mount = (_target: Element, options: MountOptions): WidgetHandle => {
    let open = options.open === true;
    const listeners: Array<[string, (detail: unknown) => void]> = [];
    const handle = {
      get isOpen() {
        return open;
      },
      open: () => void (open = true),
      close: () => void (open = false),
      toggle: () => void (open = !open),
      send: vi.fn(),
      reset: vi.fn(async () => undefined),
      destroy: vi.fn(),
      setVariables: vi.fn(),
      update: vi.fn(),
      setLocale: vi.fn(),
      identify: vi.fn(),
      logout: vi.fn(async () => undefined),
      transcript: vi.fn(async () => ''),
      on: (event: string, handler: (detail: unknown) => void) => {
        const entry: [string, (detail: unknown) => void] = [event, handler];
        listeners.push(entry);
        return () => void listeners.splice(listeners.indexOf(entry), 1);
      },
    };
    const emit = (event: string, detail?: unknown) => listeners.filter(([name]) => name === event).forEach(([, handler]) => handler(detail));
    widgets.push({ options, handle: handle as FakeWidget['handle'], emit });
    return handle as WidgetHandle;
  };
  return { mount, widgets };
}

/** Persistence that keeps every save (in memory) and loads nothing. */
export function recordingPersistence(): SettingsPersistence & { saved: string[] } {
  const saved: string[] = [];
  return {
    saved,
    load: () => '',
    save: (encoded) => void saved.push(encoded),
    onExternalChange: () => () => undefined,
  };
}

/** One assistant record as the platform lists it. */
export interface FakeAssistantRecord {
  uuid: string;
  name: string;
  status?: string;
  widget_settings?: Record<string, string | null>;
}

/**
 * An account API that accepts one key and pages through `assistants` (per_page from the query), and
 * records every request: its URL and headers.
 */
export function fakeAccountApi(key: string, assistants: FakeAssistantRecord[]) {
  const requests: Array<{ url: string; headers: Record<string, string> }> = [];
  const fetch: AccountFetch = async (url, init) => {
    requests.push({ url, headers: { ...(init.headers as Record<string, string>) } });
    const headers = new Headers({ 'content-type': 'application/json' });
    if ((init.headers as Record<string, string>).Authorization !== `Bearer ${key}`) {
      return { status: 401, headers, text: async () => JSON.stringify({ message: 'Unauthenticated.' }) };
    }
    const query = new URL(url, 'http://playground.test').searchParams;
    const perPage = Number(query.get('per_page') ?? 10);
    const page = Number(query.get('page') ?? 1);
    const body = {
      current_page: page,
      data: assistants.slice((page - 1) * perPage, page * perPage),
      last_page: Math.max(1, Math.ceil(assistants.length / perPage)),
      per_page: perPage,
      total: assistants.length,
    };
    return { status: 200, headers, text: async () => JSON.stringify(body) };
  };
  return { fetch, requests };
}

/** The playground's deps with fakes, real timers, a fixed page URL and a data layer on a window of its own. */
export function playgroundDeps(overrides: Partial<PlaygroundDeps> = {}): PlaygroundDeps & { persistence: ReturnType<typeof recordingPersistence> } {
  let nextId = 0;
  return {
    mount: fakeMount().mount,
    persistence: recordingPersistence(),
    pageUrl: 'http://127.0.0.1:5173/',
    newId: () => `row-${++nextId}`,
    setTimer: (callback, ms) => setTimeout(callback, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    dataLayerLog: createDataLayerLog({ win: {}, now: () => Date.now() }),
    visitStorage: null,
    ...overrides,
  } as PlaygroundDeps & { persistence: ReturnType<typeof recordingPersistence> };
}
