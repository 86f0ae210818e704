import { ApiError } from '../../src/api/errors';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createPersistence } from '../../src/store/persistence';
import { ASSISTANT, GREETING, type FakeFault } from '../helpers/fake-client';
import { createFakeStorage, createFakeWorld, flush, type FakeWorld } from '../helpers/fake-deps';
import { API_BASE, openTab, reloadAfter, shown } from './setup';

const KEY = 'assistant-chat:3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10@https://api.example.test/api';
const ID = 'aaaaaaaa-0000-4000-8000-cccccccccccc';
// As this version writes it (./layout.ts); what 0.1.0 wrote is read too: test/store/layout.test.ts.
const envelope = (state: object) => JSON.stringify({ version: 2, scope: `${ASSISTANT}@${API_BASE}`, state });
const MEGABYTES = 5 * 1024 * 1024;

/** Watches JSON.parse: the longest text it was given. */
function watchParse() {
  const parse = vi.spyOn(JSON, 'parse');
  return () => Math.max(0, ...parse.mock.calls.map(([text]) => text.length));
}

afterEach(() => {
  vi.restoreAllMocks();
});

/** A tab storage holding an outbox of `items`, of no conversation. */
function storedOutbox(items: unknown[]) {
  const tabStorage = createFakeStorage();
  tabStorage.data.set(KEY + ':outbox', envelope({ conversationId: null, items }));
  return tabStorage;
}

describe('values too big to be ours are not parsed', () => {
  test('a multi-megabyte conversation id value is ignored, and a conversation is created', async () => {
    const world = createFakeWorld();
    world.storage.data.set(KEY, envelope({ conversationId: ID, padding: 'x'.repeat(MEGABYTES) }));
    const longestParsed = watchParse();
    const { store } = openTab(world);
    await store.start();
    expect(longestParsed()).toBeLessThan(10_000);
    expect(world.client.requests.map((r) => r.route)).toEqual(['create']);
  });

  test('a multi-megabyte outbox is ignored', async () => {
    const world = createFakeWorld();
    const tabStorage = createFakeStorage();
    tabStorage.data.set(KEY + ':outbox', envelope({ conversationId: null, items: [{ id: 'a', text: 'x'.repeat(MEGABYTES) }] }));
    const longestParsed = watchParse();
    const { store } = openTab(world, {}, { tabStorage });
    await store.start();
    await flush();
    expect(longestParsed()).toBeLessThan(100_000);
    expect(shown(store)).toEqual([`assistant: ${GREETING}`]);
  });

  test('a multi-megabyte draft is cut to its first 10,000 characters, with a notice, without parsing it whole', () => {
    const world = createFakeWorld();
    world.storage.data.set(KEY + ':draft', envelope({ text: 'ab'.repeat(MEGABYTES / 2) }));
    const longestParsed = watchParse();
    const { store } = openTab(world);
    expect(longestParsed()).toBeLessThan(100_000);
    expect(store.draft.value).toBe('ab'.repeat(5000));
    expect(store.notice.value).toBe('draft-trimmed');
  });

  test('a multi-megabyte draft cut where an escaped character stands keeps the text before it', () => {
    const world = createFakeWorld();
    // 9,999 letters, then quotes (each stored as a six-character escape) far past the limit.
    world.storage.data.set(KEY + ':draft', envelope({ text: 'a'.repeat(9999) + '"'.repeat(MEGABYTES / 6) }));
    const { store } = openTab(world);
    expect(store.draft.value).toBe('a'.repeat(9999) + '"');
    expect(store.notice.value).toBe('draft-trimmed');
  });

  test('a multi-megabyte draft of another assistant is not ours: ignored without a notice', () => {
    const world = createFakeWorld();
    world.storage.data.set(KEY + ':draft', JSON.stringify({ version: 2, scope: `someone-else@${API_BASE}`, state: { text: 'x'.repeat(MEGABYTES) } }));
    const { store } = openTab(world);
    expect(store.draft.value).toBe('');
    expect(store.notice.value).toBeNull();
  });

  test('a multi-megabyte draft of escaped characters only keeps its first 10,000', () => {
    const world = createFakeWorld();
    world.storage.data.set(KEY + ':draft', envelope({ text: '"'.repeat(MEGABYTES / 6) }));
    expect(openTab(world).store.draft.value).toBe('"'.repeat(10_000));
  });

  test('a multi-megabyte draft the first version (0.1.0) wrote is cut to its first 10,000 characters, with a notice', () => {
    const world = createFakeWorld();
    world.storage.data.set(KEY + ':draft', JSON.stringify({ v: 1, assistantId: ASSISTANT, apiBase: API_BASE, text: 'ab'.repeat(MEGABYTES / 2) }));
    const { store } = openTab(world);
    expect(store.draft.value).toBe('ab'.repeat(5000));
    expect(store.notice.value).toBe('draft-trimmed');
  });

  test('a multi-megabyte draft with an escaped character near its start keeps the text after it', () => {
    const world = createFakeWorld();
    world.storage.data.set(KEY + ':draft', envelope({ text: 'say "hi"' + 'b'.repeat(MEGABYTES) }));
    const { store } = openTab(world);
    expect(store.draft.value).toBe('say "hi"' + 'b'.repeat(9992));
  });

  test('a multi-megabyte value that is not JSON is ignored', () => {
    const world = createFakeWorld();
    world.storage.data.set(KEY + ':draft', envelope({ text: '' }).slice(0, -3) + '\\'.repeat(MEGABYTES));
    const { store } = openTab(world);
    expect(store.draft.value).toBe('');
  });
});

describe('a long draft', () => {
  test('longer than 10,000 characters is restored cut, with a notice for the visitor', () => {
    const world = createFakeWorld();
    world.storage.data.set(KEY + ':draft', envelope({ text: 'y'.repeat(12_000) }));
    const { store } = openTab(world);
    expect(store.draft.value).toBe('y'.repeat(10_000));
    expect(store.notice.value).toBe('draft-trimmed');
    store.dismissNotice();
    expect(store.notice.value).toBeNull();
  });

  test.each([
    ['an emoji', '😀'],
    ['the first character past the basic plane', '\u{10000}'],
    ['the last character there is', '\u{10ffff}'],
  ])('is cut between characters, never inside %s', (_name, character) => {
    const world = createFakeWorld();
    world.storage.data.set(KEY + ':draft', envelope({ text: 'y'.repeat(9999) + character + 'zz' }));
    const { store } = openTab(world);
    expect(store.draft.value).toBe('y'.repeat(9999));
  });

  test('cut where a character of the basic plane stands keeps it whole', () => {
    const world = createFakeWorld();
    world.storage.data.set(KEY + ':draft', envelope({ text: 'y'.repeat(9999) + '\ue000' + 'zz' }));
    expect(openTab(world).store.draft.value).toBe('y'.repeat(9999) + '\ue000');
  });

  test('stays whole on the page; only its start is saved, and the next visit says it was cut', async () => {
    const world = createFakeWorld();
    const first = openTab(world);
    first.store.draft.value = 'z'.repeat(10_500);
    await world.timers.quiet();
    expect(first.store.draft.value).toHaveLength(10_500);
    expect(JSON.parse(world.storage.data.get(KEY + ':draft')!)).toEqual({
      version: 2,
      scope: `${ASSISTANT}@${API_BASE}`,
      state: { text: 'z'.repeat(10_000), trimmed: true },
    });
    first.store.dispose();
    const second = openTab(world);
    expect(second.store.draft.value).toBe('z'.repeat(10_000));
    expect(second.store.notice.value).toBe('draft-trimmed');
  });

  test('of exactly 10,000 characters is kept whole, without a notice', () => {
    const world = createFakeWorld();
    world.storage.data.set(KEY + ':draft', envelope({ text: 'y'.repeat(10_000) }));
    const { store } = openTab(world);
    expect(store.draft.value).toHaveLength(10_000);
    expect(store.notice.value).toBeNull();
  });

  test('of exactly 10,000 characters, every one stored escaped, is kept whole, without a notice', () => {
    const world = createFakeWorld();
    world.storage.data.set(KEY + ':draft', envelope({ text: '"'.repeat(10_000) }).replaceAll('\\"', '\\u0022'));
    const { store } = openTab(world);
    expect(store.draft.value).toBe('"'.repeat(10_000));
    expect(store.notice.value).toBeNull();
  });

  test('cut keeps an emoji that stands before the cut whole', () => {
    const world = createFakeWorld();
    world.storage.data.set(KEY + ':draft', envelope({ text: 'I 😀 it' + 'y'.repeat(12_000) }));
    expect(openTab(world).store.draft.value).toBe('I 😀 it' + 'y'.repeat(10_000 - 7));
  });

  test('restored cut is saved again as it now is', async () => {
    const world = createFakeWorld();
    world.storage.data.set(KEY + ':draft', envelope({ text: 'y'.repeat(12_000) }));
    openTab(world);
    await world.timers.quiet();
    expect(JSON.parse(world.storage.data.get(KEY + ':draft')!).state.text).toHaveLength(10_000);
    expect(JSON.parse(world.storage.data.get(KEY + ':draft')!).state.trimmed).toBeUndefined();
    expect(openTab(world).store.notice.value).toBeNull();
  });
});

describe('the outbox kept for a reload', () => {
  test('is kept in the tab storage under its own key, in a versioned envelope', async () => {
    const { world, store, deps } = (() => {
      const world = createFakeWorld();
      return { world, ...openTab(world) };
    })();
    await store.start();
    world.network.set(false);
    store.send('wait for me');
    await flush();
    expect(JSON.parse(deps.tabStorage.data.get(KEY + ':outbox')!)).toEqual({
      version: 2,
      scope: `${ASSISTANT}@${API_BASE}`,
      state: {
        conversationId: store.conversationId.value,
        tab: expect.any(String),
        // The greeting: the message would land after it.
        seen: 1,
        items: [{ id: store.messages.value[1]!.id, text: 'wait for me' }],
      },
    });
  });

  /** A tab whose message typed offline waits in it, and a copy of its tab storage taken then (a duplicated tab's). */
  async function tabWithCopy(world: FakeWorld) {
    const original = openTab(world);
    await original.store.start();
    world.network.set(false);
    original.store.send('typed offline');
    await flush();
    const tabStorage = createFakeStorage();
    for (const [key, value] of original.deps.tabStorage.data) tabStorage.data.set(key, value);
    return { original, tabStorage };
  }

  /**
   * {@link tabWithCopy}, then both online while the tab it came from takes its time to send the message
   * (`delay`): the copy opens meanwhile, and shows it not sent.
   */
  async function copyWhileTheTabWaits(world: FakeWorld, delay: FakeFault) {
    const { tabStorage } = await tabWithCopy(world);
    world.client.failNext('send', delay);
    world.network.set(true);
    const copy = openTab(world, {}, { tabStorage });
    await copy.store.start();
    await flush();
    return { copy, tabStorage };
  }

  /** {@link tabWithCopy}, then both online: the copy opens while the tab it came from sends the message. */
  async function duplicated(world: FakeWorld) {
    const { original, tabStorage } = await tabWithCopy(world);
    const copy = openTab(world, {}, { tabStorage });
    world.network.set(true);
    await copy.store.start();
    await world.timers.quiet();
    const sent = () =>
      world.client
        .history(original.store.conversationId.value!)
        .filter((m) => m.role === 'user')
        .map((m) => m.content);
    return { original, copy, sent };
  }

  test('a copy of a live tab (a duplicated tab) sends none of its messages: the tab they belong to sends them, and the copy shows them once', async () => {
    const world = createFakeWorld();
    const { copy, sent } = await duplicated(world);
    expect(shown(copy.store).slice(-2)).toEqual(['user: typed offline', 'assistant: You said: typed offline']);
    expect(world.client.calls('send')).toHaveLength(1);
    expect(sent()).toEqual(['typed offline']);
  });

  test('where tabs cannot talk, the copy shows the message not sent; its Retry looks first, finds it sent, and sends nothing', async () => {
    const world = createFakeWorld({ channel: false });
    const { copy, sent } = await duplicated(world);
    expect(shown(copy.store).at(-1)).toBe('user: typed offline [failed]');
    expect(world.client.calls('send')).toHaveLength(1);
    copy.store.retry(copy.store.messages.value.at(-1)!.id);
    await world.timers.quiet();
    expect(shown(copy.store).slice(-2)).toEqual(['user: typed offline', 'assistant: You said: typed offline']);
    expect(world.client.calls('send')).toHaveLength(1);
    expect(sent()).toEqual(['typed offline']);
  });

  test('in a copy, what the visitor types waits behind the copied message, and goes out once the other tab has sent that', async () => {
    const world = createFakeWorld();
    // Back online, the tab it came from sends it, slowly.
    const { copy } = await copyWhileTheTabWaits(world, { kind: 'slow', ms: 3000 });
    expect(shown(copy.store).at(-1)).toBe('user: typed offline [failed]');
    copy.store.send('and on Friday?');
    await flush();
    expect(shown(copy.store).at(-1)).toBe('user: and on Friday? [queued]');
    await world.timers.quiet();
    expect(shown(copy.store).slice(1)).toEqual([
      'user: typed offline',
      'assistant: You said: typed offline',
      'user: and on Friday?',
      'assistant: You said: and on Friday?',
    ]);
    expect(world.client.calls('send').map((call) => call.message)).toEqual(['typed offline', 'and on Friday?']);
  });

  test('a copy opened after the tab it came from has sent the message shows it once, sent, even where tabs cannot talk', async () => {
    const world = createFakeWorld({ channel: false });
    const { tabStorage } = await tabWithCopy(world);
    world.network.set(true);
    await world.timers.quiet();
    expect(world.client.calls('send')).toHaveLength(1);
    const copy = openTab(world, {}, { tabStorage });
    await copy.store.start();
    expect(shown(copy.store).slice(1)).toEqual(['user: typed offline', 'assistant: You said: typed offline']);
    await world.timers.quiet();
    expect(world.client.calls('send')).toHaveLength(1);
  });

  test('a copy reloaded before the other tab has sent the message shows it not sent at once, without looking for it; its Retry still looks first', async () => {
    const world = createFakeWorld({ channel: false });
    // Back online, the tab it came from is told to wait a minute before it sends: the copy is reloaded meanwhile.
    const { copy, tabStorage } = await copyWhileTheTabWaits(world, { kind: 'rate-limited', retryAfterMs: 60_000 });
    expect(shown(copy.store).at(-1)).toBe('user: typed offline [failed]');
    copy.store.dispose();
    const reads = world.client.calls('get').length;
    const reloaded = openTab(world, {}, { tabStorage });
    await reloaded.store.start();
    await flush();
    expect(shown(reloaded.store).at(-1)).toBe('user: typed offline [failed]');
    // Only the opening's read: the copy is not looked for again before the visitor asks.
    expect(world.client.calls('get')).toHaveLength(reads + 1);
    // The other tab sends it; the Retry finds it there and sends nothing.
    await world.timers.quiet();
    expect(world.client.calls('send')).toHaveLength(2);
    reloaded.store.retry(reloaded.store.messages.value.find((m) => m.role === 'user')!.id);
    await world.timers.quiet();
    expect(shown(reloaded.store).slice(-2)).toEqual(['user: typed offline', 'assistant: You said: typed offline']);
    expect(world.client.calls('send')).toHaveLength(2);
    expect(world.client.history(reloaded.store.conversationId.value!).filter((m) => m.role === 'user')).toHaveLength(1);
  });

  test.each([
    ['without the id of its page (an earlier version of the widget saved it so)', (stored: Record<string, unknown>) => delete stored.tab],
    ['with a page id that is not one', (stored: Record<string, unknown>) => (stored.tab = 42)],
    ['for another conversation', (stored: Record<string, unknown>) => (stored.conversationId = '00000000-0000-4000-8000-0000000000aa')],
  ])('a message that never left, in an outbox saved %s, is not sent without the visitor', async (_, change) => {
    const { world, before, after, conversationId } = await reloadAfter('offline', 'first');
    after.store.dispose();
    const stored = JSON.parse(before.deps.tabStorage.data.get(KEY + ':outbox')!).state;
    change(stored);
    before.deps.tabStorage.data.set(KEY + ':outbox', envelope(stored));
    const again = openTab(world, {}, { tabStorage: before.deps.tabStorage });
    await again.store.start();
    await world.timers.quiet();
    expect(shown(again.store).slice(-1)).toEqual(['user: first [failed]']);
    expect(world.client.history(conversationId).filter((m) => m.role === 'user')).toEqual([]);
  });

  test('a message that had failed comes back failed at once, reload after reload, with no reads to look for it', async () => {
    const { world, before, after } = await reloadAfter('refused', 'first');
    await after.store.start();
    await world.timers.quiet();
    expect(shown(after.store).slice(-1)).toEqual(['user: first [failed]']);
    after.store.dispose();
    const reads = world.client.calls('get').length;
    const again = openTab(world, {}, { tabStorage: before.deps.tabStorage });
    await again.store.start();
    expect(shown(again.store).slice(-1)).toEqual(['user: first [failed]']);
    await world.timers.quiet();
    expect(world.client.calls('get')).toHaveLength(reads + 1);
    expect(world.client.calls('send')).toHaveLength(1);
  });

  test('a message whose send could not be told, reloaded once it has landed, shows once, with its reply, and is not sent again', async () => {
    const world = createFakeWorld();
    const before = openTab(world);
    await before.store.start();
    // Processed, but the answer is lost, and the history cannot be read while the tab looks.
    world.client.failNext('send', { kind: 'lost-after-processing' });
    world.client.failNext('get', { kind: 'error', error: new ApiError('server', 'Unavailable.', { status: 503 }) }, 4);
    before.store.send('first');
    await world.timers.advance(1000 + 2000 + 4000);
    expect(shown(before.store).slice(-1)).toEqual(['user: first [failed]']);
    before.store.dispose();
    const after = openTab(world, {}, { tabStorage: before.deps.tabStorage });
    await after.store.start();
    await world.timers.quiet();
    expect(shown(after.store).slice(1)).toEqual(['user: first', 'assistant: You said: first']);
    expect(world.client.calls('send')).toHaveLength(1);
  });

  test('where the browser has no locks, what the last page left is not sent without the visitor', async () => {
    const { world, after } = await reloadAfter('offline', 'typed offline', createFakeWorld({ locks: false }));
    await after.store.start();
    await world.timers.quiet();
    expect(shown(after.store).slice(1)).toEqual(['user: typed offline [failed]']);
    expect(world.client.calls('send')).toHaveLength(0);
  });

  test('only a whole, non-negative snapshot of the same conversation makes a message looked for', async () => {
    const { world, before, after } = await reloadAfter('in flight', 'first');
    after.store.dispose();
    const stored = JSON.parse(before.deps.tabStorage.data.get(KEY + ':outbox')!).state;
    stored.items = [
      { id: 'a', text: 'zero', snapshot: 0 },
      { id: 'b', text: 'negative', snapshot: -1 },
      { id: 'c', text: 'fraction', snapshot: 1.5 },
      { id: 'd', text: 'text', snapshot: '1' },
    ];
    before.deps.tabStorage.data.set(KEY + ':outbox', envelope(stored));
    const again = openTab(world, {}, { tabStorage: before.deps.tabStorage });
    await again.store.start();
    expect(shown(again.store).slice(-4)).toEqual([
      'user: zero [checking]',
      'user: negative [failed]',
      'user: fraction [failed]',
      'user: text [failed]',
    ]);
  });

  test('a message stored as failed, or with a mark this widget did not write, is left for the visitor; one waiting goes out', async () => {
    const { world, before, after, conversationId } = await reloadAfter('offline', 'first');
    after.store.dispose();
    const stored = JSON.parse(before.deps.tabStorage.data.get(KEY + ':outbox')!).state;
    stored.items = [
      { id: 'a', text: 'waiting' },
      { id: 'b', text: 'had failed', failed: true },
      { id: 'c', text: 'odd mark', failed: 'no' },
    ];
    before.deps.tabStorage.data.set(KEY + ':outbox', envelope(stored));
    const again = openTab(world, {}, { tabStorage: before.deps.tabStorage });
    await again.store.start();
    await world.timers.quiet();
    expect(shown(again.store).slice(-4)).toEqual([
      'user: waiting',
      'assistant: You said: waiting',
      'user: had failed [failed]',
      'user: odd mark [failed]',
    ]);
    expect(
      world.client
        .history(conversationId)
        .filter((m) => m.role === 'user')
        .map((m) => m.content),
    ).toEqual(['waiting']);
  });

  test('an item id of 100 characters is kept, of 101 dropped; a text of 4000 units kept, of 4001 dropped', () => {
    const tabStorage = storedOutbox([
      { id: 'i'.repeat(100), text: 'long id' },
      { id: 'j'.repeat(101), text: 'too long an id' },
      { id: 'k', text: 'x'.repeat(4000) },
      { id: 'l', text: 'y'.repeat(4001) },
    ]);
    const outbox = createPersistence({ assistantId: ASSISTANT, apiBase: API_BASE }, createFakeStorage(), tabStorage).readOutbox()!;
    expect(outbox.items.map((item) => item.id)).toEqual(['i'.repeat(100), 'k']);
  });

  test('items of the wrong shape are dropped; the others come back', async () => {
    const world = createFakeWorld();
    const tabStorage = storedOutbox([
      null,
      'text',
      { id: 1, text: 'numeric id' },
      { id: '', text: 'empty id' },
      { id: 'x'.repeat(101), text: 'long id' },
      { id: 'b', text: '   ' },
      { id: 'c', text: 'y'.repeat(4001) },
      { id: 'd', text: 42 },
      { id: 'ok', text: 'kept \ud800', snapshot: -1 },
    ]);
    const { store } = openTab(world, {}, { tabStorage });
    await store.start();
    await flush();
    expect(shown(store)).toEqual([`assistant: ${GREETING}`, 'user: kept \ufffd [failed]']);
  });

  test('what the last page left stays kept while the conversation opens, with the new messages after it', async () => {
    const { world, before, after } = await reloadAfter('offline', 'left behind');
    // Reloaded, offline again: a message typed before the conversation is open.
    world.network.set(false);
    after.store.send('typed now');
    await flush();
    const stored = JSON.parse(before.deps.tabStorage.data.get(KEY + ':outbox')!).state;
    expect(stored.items.map((item: { text: string }) => item.text)).toEqual(['left behind', 'typed now']);
    expect(stored.conversationId).toBe(before.store.conversationId.value);

    // Reloaded again before anything went out: nothing is lost.
    after.store.dispose();
    world.network.set(true);
    const again = openTab(world, {}, { tabStorage: before.deps.tabStorage });
    await again.store.start();
    await world.timers.quiet();
    expect(
      world.client
        .history(before.store.conversationId.value!)
        .filter((m) => m.role === 'user')
        .map((m) => m.content),
    ).toEqual(['left behind', 'typed now']);
    expect(world.client.calls('send')).toHaveLength(2);
  });
});

describe('createPersistence', () => {
  const scope = { assistantId: ASSISTANT, apiBase: API_BASE + '/' };

  test('forgets the stored id only when it is the one named', () => {
    const storage = createFakeStorage();
    const persistence = createPersistence(scope, storage);
    persistence.saveId(ID);
    persistence.forgetId('bbbbbbbb-0000-4000-8000-cccccccccccc');
    expect(persistence.readId()).toBe(ID);
    persistence.forgetId(ID);
    expect(persistence.readId()).toBeNull();
    expect(storage.data.size).toBe(0);
  });

  test('an id value a little too long to be ours is ignored', () => {
    const storage = createFakeStorage();
    storage.data.set(KEY, envelope({ conversationId: ID, note: 'x'.repeat(100) }));
    expect(createPersistence(scope, storage).readId()).toBeNull();
    storage.data.set(KEY, envelope({ conversationId: ID, note: 'x'.repeat(10) }));
    expect(createPersistence(scope, storage).readId()).toBe(ID);
  });

  test('without a tab storage, the outbox is neither read nor written', () => {
    const storage = createFakeStorage();
    const persistence = createPersistence(scope, storage);
    persistence.saveOutbox({ conversationId: null, items: [{ id: 'a', text: 'hi' }] });
    expect(persistence.readOutbox()).toBeUndefined();
    expect(storage.data.size).toBe(0);
  });

  test('an empty draft removes the stored one', () => {
    const storage = createFakeStorage();
    const persistence = createPersistence(scope, storage);
    persistence.saveDraft('x');
    persistence.saveDraft('');
    expect(storage.data.size).toBe(0);
    expect(persistence.readDraft()).toEqual({ text: '', trimmed: false });
  });

  test('a stored draft that is not text reads as none', () => {
    const storage = createFakeStorage();
    storage.data.set(KEY + ':draft', envelope({ text: 42 }));
    expect(createPersistence(scope, storage).readDraft()).toEqual({ text: '', trimmed: false });
  });

  test('an outbox without a list of items reads as none', () => {
    const tab = createFakeStorage();
    tab.data.set(KEY + ':outbox', envelope({ conversationId: ID, items: 'none' }));
    expect(createPersistence(scope, createFakeStorage(), tab).readOutbox()).toBeUndefined();
    tab.data.set(KEY + ':outbox', envelope({ conversationId: 'nope', items: [] }));
    expect(createPersistence(scope, createFakeStorage(), tab).readOutbox()).toEqual({ conversationId: null, items: [] });
  });

  test('storage that throws reads as empty and takes writes without throwing', () => {
    const storage = createFakeStorage();
    storage.mode = 'throws';
    const persistence = createPersistence(scope, storage, storage);
    expect(() => {
      persistence.saveId(ID);
      persistence.saveDraft('x');
      persistence.saveOutbox({ conversationId: ID, items: [{ id: 'a', text: 'hi' }] });
      persistence.saveOutbox(null);
      persistence.forgetId(ID);
    }).not.toThrow();
    expect(persistence.readId()).toBeNull();
    expect(persistence.readDraft()).toEqual({ text: '', trimmed: false });
    expect(persistence.readOutbox()).toBeUndefined();
  });

  test('a storage that hands back something other than text reads as empty', () => {
    const storage = { getItem: () => 42 as unknown as string, setItem() {}, removeItem() {} };
    expect(createPersistence(scope, storage).readId()).toBeNull();
  });
});
