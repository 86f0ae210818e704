import { describe, expect, test } from 'vitest';
import type { WireMessage } from '../../src/api/types';
import { createShownHistory } from '../../src/store/history';
import { GREETING } from '../helpers/fake-client';
import { createFakeWorld, flush } from '../helpers/fake-deps';
import { messageEvents, openTab, ready, shown, twoTabs } from './setup';

const user = (content: string): WireMessage => ({ role: 'user', content });
const assistant = (content: string, function_calls?: WireMessage['function_calls']): WireMessage => ({
  role: 'assistant',
  content,
  ...(function_calls && { function_calls }),
});

describe('what counts as new (for unread replies)', () => {
  test('the greeting of a new conversation is history: no message event, not live', async () => {
    const { store, events } = await ready();
    expect(messageEvents(events)).toEqual([]);
    expect(store.messages.value).toEqual([{ id: expect.any(String), role: 'assistant', status: 'sent', parts: [{ type: 'text', text: GREETING }] }]);
    expect(store.messages.value[0]!.live).toBeUndefined();
  });

  test('a resumed history is history: no message events, none of it live', async () => {
    const world = createFakeWorld();
    const first = openTab(world);
    first.store.send('hello');
    await flush();
    first.store.dispose();
    const second = openTab(world);
    await second.store.start();
    expect(shown(second.store)).toHaveLength(3);
    expect(second.store.messages.value.map((m) => m.live)).toEqual([undefined, undefined, undefined]);
    expect(second.events.filter((e) => e.type === 'message')).toEqual([]);
  });

  test("this tab's messages and their replies are live, and each is one message event", async () => {
    const { store, events } = await ready();
    store.send('hello');
    expect(store.messages.value.at(-1)!.live).toBe(true);
    await flush();
    expect(store.messages.value.map((m) => m.live ?? false)).toEqual([false, true, true]);
    expect(messageEvents(events)).toEqual(['user: hello', 'assistant: You said: hello']);
  });

  test("another tab's messages are live here, without message events", async () => {
    const world = createFakeWorld();
    const [one, two] = await twoTabs(world);
    one.store.send('from tab one');
    await flush();
    expect(two.store.messages.value.map((m) => m.live ?? false)).toEqual([false, true, true]);
    expect(two.events.filter((e) => e.type === 'message')).toEqual([]);
  });

  test('the greeting of the conversation a reset starts is history again', async () => {
    const { store } = await ready();
    store.send('hello');
    await flush();
    await store.reset();
    expect(store.messages.value.map((m) => m.live ?? false)).toEqual([false]);
  });
});

describe('the history shown', () => {
  test('keeps each message (id and object) from one read to the next, so the UI keeps its nodes', () => {
    let ids = 0;
    const history = createShownHistory(() => `h${++ids}`);
    history.open([assistant('Hi')]);
    const greeting = history.messages.value[0]!;
    history.update([assistant('Hi'), user('yes'), assistant('Great')]);
    expect(history.messages.value[0]).toBe(greeting);
    expect(history.messages.value.map((m) => m.id)).toEqual(['h1', 'h2', 'h3']);
    expect(history.wire).toHaveLength(3);
  });

  test('makes a new message where the server says something else at that place', () => {
    const history = createShownHistory(() => 'same-id');
    history.open([assistant('Hi')]);
    const before = history.messages.value[0]!;
    history.update([assistant('Hello')]);
    expect(history.messages.value[0]).not.toBe(before);
    expect(history.messages.value[0]!.parts).toEqual([{ type: 'text', text: 'Hello' }]);
    history.update([user('Hello')]);
    expect(history.messages.value[0]!.role).toBe('user');
    const call = { name: 'f', arguments: {}, result: {} };
    history.update([user('Hello')]);
    const plain = history.messages.value[0]!;
    history.update([{ role: 'user', content: 'Hello', function_calls: [call] }]);
    expect(history.messages.value[0]).not.toBe(plain);
  });

  test('gives a message the id of the local message it was', () => {
    let ids = 0;
    const history = createShownHistory(() => `h${++ids}`);
    history.open([assistant('Hi')]);
    history.update([assistant('Hi'), user('mine'), assistant('reply')], { index: 1, id: 'local-1' });
    expect(history.messages.value.map((m) => m.id)).toEqual(['h1', 'local-1', 'h2']);
  });

  test('gives a message already shown the id of the local message it was', () => {
    let ids = 0;
    const history = createShownHistory(() => `h${++ids}`);
    history.open([assistant('Hi')]);
    history.update([assistant('Hi'), user('mine')]);
    history.update([assistant('Hi'), user('mine'), assistant('reply')], { index: 1, id: 'local-1' });
    expect(history.messages.value.map((m) => m.id)).toEqual(['h1', 'local-1', 'h3']);
  });

  test('shows nothing before a conversation is opened', () => {
    expect(createShownHistory(() => 'id').messages.value).toEqual([]);
  });

  test('makes the parts of a message when they are read, the function calls with their state', () => {
    const history = createShownHistory(() => 'id');
    const calls = [{ name: 'book', arguments: { at: '9:00' }, result: { error: 'taken' } }];
    history.open([assistant('Sorry.', calls)]);
    const [message] = history.messages.value;
    expect(message!.parts).toEqual([
      { type: 'function_call', name: 'book', arguments: { at: '9:00' }, result: { error: 'taken' }, state: 'error' },
      { type: 'text', text: 'Sorry.' },
    ]);
    expect(message!.parts).toBe(message!.parts);
  });

  test('clears to nothing, and a conversation opened next starts its ids afresh', () => {
    let ids = 0;
    const history = createShownHistory(() => `h${++ids}`);
    history.open([assistant('Hi'), user('a')]);
    history.clear();
    expect(history.messages.value).toEqual([]);
    expect(history.wire).toEqual([]);
    history.update([assistant('Hi')]);
    expect(history.messages.value[0]).toMatchObject({ id: 'h3', live: true });
    history.open([assistant('Other')]);
    expect(history.messages.value[0]).toMatchObject({ id: 'h4', parts: [{ type: 'text', text: 'Other' }] });
    expect(history.messages.value[0]!.live).toBeUndefined();
  });
});
