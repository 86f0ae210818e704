/** Opens stores ("tabs") on a fake world, and reads what a visitor would see. */
import { ApiError } from '../../src/api/errors';
import { messageText } from '../../src/model';
import { createConversationStore } from '../../src/store/store';
import type { ConversationStore, StoreEvent, StoreOptions } from '../../src/store/types';
import { ASSISTANT } from '../helpers/fake-client';
import { createFakeWorld, flush, type FakeDeps, type FakeWorld } from '../helpers/fake-deps';

export const API_BASE = 'https://api.example.test/api';

/** Back-off used by these tests: 1 s, 2 s, 4 s between four tries. */
export const BACKOFF = { initialMs: 1000, maxMs: 8000, attempts: 4 };

/** A store ("tab") on `world`, and what it emitted. */
export interface Tab {
  store: ConversationStore;
  deps: FakeDeps;
  events: StoreEvent[];
}

/** Opens a tab (a new store) on `world`. */
export function openTab(world: FakeWorld, options: Partial<StoreOptions> = {}, depsOptions: Parameters<FakeWorld['deps']>[0] = {}): Tab {
  // Like mount: one channel per assistant and API base.
  const deps = world.deps({ scope: `${options.assistantId ?? ASSISTANT}@${options.apiBase ?? API_BASE}`, ...depsOptions });
  const store = createConversationStore(
    { assistantId: ASSISTANT, apiBase: API_BASE, type: 'widget', variables: { name: 'Ada' }, slowAfterMs: 5000, backoff: BACKOFF, ...options },
    deps,
  );
  const events: StoreEvent[] = [];
  store.on((event) => events.push(event));
  return { store, deps, events };
}

/** A new world with one tab. */
export function setup(options: Partial<StoreOptions> = {}, world: FakeWorld = createFakeWorld()) {
  return { world, ...openTab(world, options) };
}

/** A new world with one tab whose conversation has started. */
export async function ready(options: Partial<StoreOptions> = {}, world: FakeWorld = createFakeWorld()) {
  const tab = setup(options, world);
  await tab.store.start();
  return tab;
}

/** Two tabs on `world`, both started: together (as when two tabs open at once) or one after the other. */
export async function twoTabs(world: FakeWorld, how: 'together' | 'in turn' = 'in turn'): Promise<[Tab, Tab]> {
  const one = openTab(world);
  const two = openTab(world);
  if (how === 'together') await Promise.all([one.store.start(), two.store.start()]);
  else {
    await one.store.start();
    await two.store.start();
  }
  await flush();
  return [one, two];
}

/**
 * A tab that sent `text` and was reloaded before it was delivered: `offline`, the message never left;
 * `in flight`, its request reached the server and hangs there (the reply comes at `finishWork()`);
 * `refused`, the server refused it as invalid, and it was shown failed. Returns the tab before
 * (disposed) and the reloaded one (not started), online again.
 */
export async function reloadAfter(how: 'offline' | 'in flight' | 'refused', text: string, world: FakeWorld = createFakeWorld()) {
  const before = openTab(world);
  await before.store.start();
  if (how === 'offline') world.network.set(false);
  else if (how === 'in flight') world.client.failNext('send', { kind: 'hang' });
  else world.client.failNext('send', { kind: 'error', error: new ApiError('validation', 'The message field is invalid.', { status: 422 }) });
  before.store.send(text);
  await flush();
  before.store.dispose();
  world.network.set(true);
  const after = openTab(world, {}, { tabStorage: before.deps.tabStorage });
  return { world, before, after, conversationId: before.store.conversationId.value! };
}

/** The conversation as the visitor sees it: "role: text [status]". */
export function shown(store: ConversationStore): string[] {
  return store.messages.value.map((m) => `${m.role}: ${messageText(m)}${m.status === 'sent' ? '' : ` [${m.status}]`}`);
}

/** The texts of the 'message' events. */
export function messageEvents(events: StoreEvent[]): string[] {
  return events.flatMap((e) => (e.type === 'message' ? [`${e.message.role}: ${messageText(e.message)}`] : []));
}
