import { describe, expect, test } from 'vitest';
import { createGate } from '../../src/store/gate';
import { envelope, openEnvelope, storageKeys } from '../../src/store/layout';
import { ASSISTANT } from '../helpers/fake-client';
import { createFakeWorld, flush } from '../helpers/fake-deps';
import { API_BASE, openTab, shown } from './setup';

// Written out: what the widget's 0.1.0 (storage version 1) and this version write under these keys.
const KEY = 'assistant-chat:3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10@https://api.example.test/api';
const SCOPE = { assistantId: ASSISTANT, apiBase: API_BASE };

/** A value as version 1 wrote it: the state's fields beside the scope's. */
const versionOne = (state: object) => JSON.stringify({ v: 1, assistantId: ASSISTANT, apiBase: API_BASE, ...state });

describe('the keys', () => {
  test('are one set per assistant, API base and visitor', () => {
    expect(storageKeys(SCOPE)).toEqual({
      conversation: KEY,
      draft: KEY + ':draft',
      outbox: KEY + ':outbox',
      consent: KEY + ':consent',
      prechat: KEY + ':prechat',
      teaser: KEY + ':teaser',
      opened: KEY + ':opened',
      size: KEY + ':size',
      sound: KEY + ':sound',
    });
    const signedIn = storageKeys({ ...SCOPE, apiBase: API_BASE + '/', visitor: { id: 'ada@example.com' } });
    expect(signedIn.conversation).toMatch(new RegExp(`^${KEY.replace(/[.?]/g, '\\$&')}~[0-9a-z]+$`));
    expect(signedIn.conversation).not.toContain('ada');
  });
});

describe('a signed-in visitor’s keys', () => {
  test('end in the 32-bit FNV-1a of their id, in base 36: the same in every version, so their chat is found again', async () => {
    // FNV-1a (from 0x811c9dc5, times 0x01000193 after each byte), worked out apart from the widget.
    const key = KEY + '~1gzg4wi';
    const world = createFakeWorld();
    const { store } = openTab(world, { visitor: { id: 'ada@example.com' } });
    await store.start();
    expect(JSON.parse(world.storage.data.get(key)!)).toMatchObject({ state: { conversationId: store.conversationId.value } });
  });

  test('are the same for an id given as a number as for its digits', () => {
    expect(storageKeys({ ...SCOPE, visitor: { id: 42 } })).toEqual(storageKeys({ ...SCOPE, visitor: { id: '42' } }));
    expect(storageKeys({ ...SCOPE, visitor: { id: 42 } }).conversation).toBe(KEY + '~11pcryb');
  });
});

describe('the envelope', () => {
  test('is { version: 2, scope, state }, and reads back as its state', () => {
    const raw = envelope(SCOPE, { conversationId: 'x' });
    expect(JSON.parse(raw)).toEqual({ version: 2, scope: `${ASSISTANT}@${API_BASE}`, state: { conversationId: 'x' } });
    expect(openEnvelope(raw, SCOPE)).toEqual({ conversationId: 'x' });
  });

  test.each([
    ['another assistant', envelope({ ...SCOPE, assistantId: '7b2e9d41-3c6a-4f88-a1d5-2e9c8b7f6a01' }, { conversationId: 'x' })],
    ['another API base', envelope({ ...SCOPE, apiBase: 'https://elsewhere.test/api' }, { conversationId: 'x' })],
    ['a version this widget does not know', JSON.stringify({ version: 3, scope: `${ASSISTANT}@${API_BASE}`, state: { conversationId: 'x' } })],
    ['a state that is no object', JSON.stringify({ version: 2, scope: `${ASSISTANT}@${API_BASE}`, state: 'x' })],
    ['version 1 of another assistant', JSON.stringify({ v: 1, assistantId: 'someone', apiBase: API_BASE, conversationId: 'x' })],
    ['no JSON', '{"version":2,'],
  ])('reads as nothing when it holds %s', (_, raw) => {
    expect(openEnvelope(raw, SCOPE)).toBeUndefined();
  });
});

describe('what version 1 (0.1.0) stored', () => {
  test('is read, migrated: the conversation resumes, the draft and an unsent message come back, and the next write is of this version', async () => {
    const world = createFakeWorld();
    const first = openTab(world);
    await first.store.start();
    const conversationId = first.store.conversationId.value!;
    first.store.dispose();
    // What 0.1.0 left: the conversation, a draft, and a message typed offline that never left.
    world.storage.data.set(KEY, versionOne({ conversationId }));
    world.storage.data.set(KEY + ':draft', versionOne({ text: 'half a thought' }));
    const tabStorage = first.deps.tabStorage;
    tabStorage.data.set(
      KEY + ':outbox',
      versionOne({ conversationId, tab: 'page-of-0.1.0', seen: 1, items: [{ id: 'old-1', text: 'sent offline' }] }),
    );

    const upgraded = openTab(world, {}, { tabStorage });
    expect(upgraded.store.draft.value).toBe('half a thought');
    await upgraded.store.start();
    await world.timers.quiet();
    expect(world.client.calls('create')).toHaveLength(1);
    expect(upgraded.store.conversationId.value).toBe(conversationId);
    expect(shown(upgraded.store).slice(-2), shown(upgraded.store).join(' | ')).toEqual(['user: sent offline', 'assistant: You said: sent offline']);

    upgraded.store.draft.value = 'a new thought';
    upgraded.store.dispose();
    await flush();
    expect(JSON.parse(world.storage.data.get(KEY + ':draft')!)).toEqual({
      version: 2,
      scope: `${ASSISTANT}@${API_BASE}`,
      state: { text: 'a new thought' },
    });
  });

  test('keeps the start of a draft too long to read whole', () => {
    const world = createFakeWorld();
    world.storage.data.set(KEY + ':draft', versionOne({ text: 'y'.repeat(12_000) }));
    const { store } = openTab(world);
    expect(store.draft.value).toBe('y'.repeat(10_000));
    expect(store.notice.value).toBe('draft-trimmed');
  });

  test("keeps the visitor's consent and pre-chat answers", () => {
    const world = createFakeWorld();
    world.storage.data.set(KEY + ':consent', versionOne({ notice: 'We keep messages for 30 days.' }));
    world.storage.data.set(KEY + ':prechat', versionOne({ answers: { name: 'Ada' } }));
    const gate = createGate(world.storage, SCOPE);
    expect(gate.accepted.value).toBe('We keep messages for 30 days.');
    expect(gate.answers.value).toEqual({ name: 'Ada' });
  });
});
