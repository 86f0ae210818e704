import { effect } from '@preact/signals';
import { describe, expect, test } from 'vitest';
import { ApiError } from '../../src/api/errors';
import { GREETING } from '../helpers/fake-client';
import { createFakeWorld, flush } from '../helpers/fake-deps';
import { BACKOFF, messageEvents, openTab, ready, reloadAfter, shown } from './setup';

const serverError = () => ({ kind: 'error' as const, error: new ApiError('server', 'Bad gateway', { status: 502 }) });

/** How long a send of unknown outcome is checked before it counts as not sent (default back-off: 1+2+4+8 s). */
const PATIENCE_MS = 15_000;

describe('a send whose outcome is unknown', () => {
  test.each(['network', 'timeout', 'server', 'unexpected'] as const)(
    'processed but the answer was lost (%s): the reply is shown once, and the message was posted once',
    async (as) => {
      const { world, store, events } = await ready();
      world.client.failNext('send', { kind: 'lost-after-processing', as });
      store.send('hello');
      await flush();
      expect(world.client.calls('send')).toHaveLength(1);
      expect(world.client.calls('get')).toHaveLength(1);
      expect(shown(store)).toEqual([`assistant: ${GREETING}`, 'user: hello', 'assistant: You said: hello']);
      expect(messageEvents(events)).toEqual(['user: hello', 'assistant: You said: hello']);
      await world.timers.advance(60_000);
      expect(world.client.calls('send')).toHaveLength(1);
      expect(world.client.history(store.conversationId.value!).filter((m) => m.role === 'user')).toHaveLength(1);
    },
  );

  test('the message shows "checking" while the history is read', async () => {
    const { world, store } = await ready();
    world.client.failNext('send', { kind: 'lost-after-processing' });
    world.client.failNext('get', { kind: 'slow', ms: 500 });
    store.send('hello');
    await flush();
    expect(shown(store).at(-1)).toBe('user: hello [checking]');
    expect(store.assistantBusy.value).toBe(true);
    await world.timers.advance(500);
    expect(shown(store).at(-1)).toBe('assistant: You said: hello');
  });

  test('lost before it reached the server: marked failed, text kept, never resent by itself', async () => {
    const { world, store, events } = await ready();
    world.client.failNext('send', { kind: 'lost-before-processing', as: 'timeout' });
    store.send('hello');
    await world.timers.advance(PATIENCE_MS);
    const failed = store.messages.value.at(-1)!;
    expect(failed).toMatchObject({ role: 'user', status: 'failed', error: { kind: 'timeout', retryable: true } });
    expect(shown(store)).toEqual([`assistant: ${GREETING}`, 'user: hello [failed]']);
    expect(events).toContainEqual({ type: 'error', error: failed.error });
    await world.timers.advance(120_000);
    expect(world.client.calls('send')).toHaveLength(1);
    expect(store.assistantBusy.value).toBe(false);
  });

  test('Retry looks at the history first, then sends once', async () => {
    const { world, store } = await ready();
    world.client.failNext('send', { kind: 'lost-before-processing' });
    store.send('hello');
    await world.timers.advance(PATIENCE_MS);
    store.retry(store.messages.value.at(-1)!.id);
    await flush();
    expect(world.client.requests.map((r) => r.route)).toEqual(['create', 'send', 'get', 'get', 'get', 'get', 'get', 'send']);
    expect(shown(store)).toEqual([`assistant: ${GREETING}`, 'user: hello', 'assistant: You said: hello']);
  });

  test('Retry of a message that landed meanwhile does not send it again', async () => {
    const { world, store } = await ready();
    world.client.failNext('send', { kind: 'lost-after-processing' });
    world.client.failNext('get', serverError(), 4);
    store.send('hello');
    await world.timers.advance(1000 + 2000 + 4000);
    expect(world.client.calls('get')).toHaveLength(4);
    const failed = store.messages.value.at(-1)!;
    expect(failed).toMatchObject({ status: 'failed', error: { kind: 'server', retryable: true } });
    store.retry(failed.id);
    await flush();
    expect(world.client.calls('send')).toHaveLength(1);
    expect(shown(store)).toEqual([`assistant: ${GREETING}`, 'user: hello', 'assistant: You said: hello']);
  });

  test('the same text sent before ("yes" twice) is not taken for this message', async () => {
    const { world, store } = await ready();
    store.send('yes');
    await flush();
    await world.timers.advance(5000);
    world.client.failNext('send', { kind: 'lost-before-processing' });
    store.send('yes');
    await world.timers.advance(PATIENCE_MS);
    expect(shown(store).slice(1)).toEqual(['user: yes', 'assistant: You said: yes', 'user: yes [failed]']);
    store.retry(store.messages.value.at(-1)!.id);
    await flush();
    expect(world.client.history(store.conversationId.value!).filter((m) => m.content === 'yes')).toHaveLength(2);
  });

  test("another tab's message after the snapshot is not taken for this one", async () => {
    const { world, store } = await ready();
    world.client.failNext('send', { kind: 'lost-before-processing' });
    world.client.say(store.conversationId.value!, 'from elsewhere');
    store.send('mine');
    await world.timers.advance(PATIENCE_MS);
    expect(shown(store).slice(1)).toEqual(['user: from elsewhere', 'assistant: You said: from elsewhere', 'user: mine [failed]']);
  });

  test('when another tab sent the same text meanwhile, the message counts as landed (never billed twice)', async () => {
    const { world, store } = await ready();
    world.client.failNext('send', { kind: 'lost-before-processing' });
    world.client.say(store.conversationId.value!, 'yes');
    store.send('yes');
    await flush();
    expect(shown(store).slice(1)).toEqual(['user: yes', 'assistant: You said: yes']);
    await world.timers.advance(60_000);
    expect(world.client.calls('send')).toHaveLength(1);
  });

  test('the assistant still working: the message shows as sent, the store re-checks with back-off until the reply is there', async () => {
    const { world, store, events } = await ready();
    world.client.failNext('send', { kind: 'working', ms: 2500 });
    store.send('book a table');
    await flush();
    expect(shown(store).slice(1)).toEqual(['user: book a table']);
    expect(store.assistantBusy.value).toBe(true);
    expect(messageEvents(events)).toEqual(['user: book a table']);
    await world.timers.advance(1000);
    expect(world.client.calls('get')).toHaveLength(2);
    expect(shown(store)).toHaveLength(2);
    await world.timers.advance(2000);
    expect(world.client.calls('get')).toHaveLength(3);
    expect(shown(store).slice(1)).toEqual(['user: book a table', 'assistant: You said: book a table']);
    expect(store.assistantBusy.value).toBe(false);
    expect(messageEvents(events)).toEqual(['user: book a table', 'assistant: You said: book a table']);
    expect(world.client.calls('send')).toHaveLength(1);
  });

  test('a reply that never comes: the store stops looking, says so, and catches up after the next answer', async () => {
    const { world, store } = await ready();
    world.client.failNext('send', { kind: 'working' });
    store.send('first');
    await world.timers.advance(1000 + 2000 + 4000);
    expect(world.client.calls('get')).toHaveLength(4);
    expect(store.assistantBusy.value).toBe(false);
    expect(store.state.value).toMatchObject({ type: 'ready', trouble: { kind: 'timeout', retryable: false } });
    expect(shown(store).slice(1)).toEqual(['user: first']);
    await world.timers.advance(60_000);
    expect(world.client.calls('get')).toHaveLength(4);

    world.client.finishWork();
    store.send('second');
    await flush();
    expect(store.state.value).toEqual({ type: 'ready' });
    expect(shown(store).slice(1)).toEqual(['user: first', 'assistant: You said: first', 'user: second', 'assistant: You said: second']);
    expect(world.client.calls('send')).toHaveLength(2);
  });

  test('offline while checking: waits for the network, then settles', async () => {
    const { world, store } = await ready();
    world.client.failNext('send', { kind: 'lost-after-processing' });
    world.network.set(false);
    world.network.set(true);
    store.send('hello');
    world.network.set(false);
    await flush();
    // The send went out just before the network dropped; the check waits.
    await world.timers.advance(60_000);
    expect(shown(store).at(-1)).toBe('user: hello [checking]');
    expect(world.client.calls('get')).toHaveLength(0);
    world.network.set(true);
    await flush();
    expect(shown(store).slice(-2)).toEqual(['user: hello', 'assistant: You said: hello']);
    expect(world.client.calls('send')).toHaveLength(1);
  });

  test('a queued message waits while an earlier one is being checked', async () => {
    const { world, store } = await ready();
    world.client.failNext('send', { kind: 'lost-after-processing' });
    world.client.failNext('get', { kind: 'slow', ms: 1000 });
    store.send('one');
    store.send('two');
    await flush();
    expect(world.client.calls('send').map((r) => r.message)).toEqual(['one']);
    await world.timers.advance(1000);
    expect(world.client.calls('send').map((r) => r.message)).toEqual(['one', 'two']);
    expect(world.client.history(store.conversationId.value!).map((m) => m.content)).toEqual([
      GREETING,
      'one',
      'You said: one',
      'two',
      'You said: two',
    ]);
  });
});

describe('a failed message', () => {
  test('holds the messages typed after it: they wait, and are never sent before it', async () => {
    const { world, store } = await ready();
    world.client.failNext('send', { kind: 'lost-before-processing' });
    store.send('first');
    store.send('second');
    await world.timers.advance(PATIENCE_MS);
    expect(shown(store).slice(1)).toEqual(['user: first [failed]', 'user: second [queued]']);
    expect(world.client.calls('send').map((r) => r.message)).toEqual(['first']);
  });

  test('whose conversation vanished while checking: a new conversation starts, the text is kept for Retry', async () => {
    const { world, store } = await ready();
    const old = store.conversationId.value!;
    world.client.failNext('send', { kind: 'lost-before-processing' });
    world.client.failNext('get', { kind: 'error', error: new ApiError('not_found', 'Conversation not found', { status: 404 }) });
    store.send('hello');
    await flush();
    expect(store.conversationId.value).not.toBe(old);
    expect(store.notice.value).toBe('conversation-replaced');
    expect(shown(store)).toEqual([`assistant: ${GREETING}`, 'user: hello [failed]']);
    store.retry(store.messages.value.at(-1)!.id);
    await flush();
    expect(world.client.calls('send').at(-1)).toEqual({ route: 'send', conversationId: store.conversationId.value, message: 'hello' });
    expect(shown(store)).toEqual([`assistant: ${GREETING}`, 'user: hello', 'assistant: You said: hello']);
  });
});

describe('a reload', () => {
  test('during a send: the message is checked, never resent, and the reply shows when it comes', async () => {
    const { world, after } = await reloadAfter('in flight', 'hello');
    await after.store.start();
    await flush();
    expect(shown(after.store).slice(1)).toEqual(['user: hello']);
    expect(after.store.assistantBusy.value).toBe(true);
    world.client.finishWork();
    await world.timers.advance(1000);
    expect(shown(after.store).slice(1)).toEqual(['user: hello', 'assistant: You said: hello']);
    expect(world.client.calls('send')).toHaveLength(1);
    expect(after.store.assistantBusy.value).toBe(false);
  });

  test('during a send answered before the reload read it: the message shows once, never twice for a moment', async () => {
    const { world, after } = await reloadAfter('in flight', 'hello');
    world.client.finishWork();
    const states: string[][] = [];
    const stop = effect(() => void states.push(shown(after.store)));
    await after.store.start();
    await flush();
    stop();
    expect(states.filter((state) => state.filter((line) => line.startsWith('user: hello')).length > 1)).toEqual([]);
    expect(shown(after.store).slice(1)).toEqual(['user: hello', 'assistant: You said: hello']);
    // The opening's read told it all.
    expect(world.client.calls('get')).toHaveLength(1);
    expect(world.client.calls('send')).toHaveLength(1);
  });

  test('during a send that never arrived: the text comes back as failed, and Retry sends it', async () => {
    const { world, after, conversationId } = await reloadAfter('in flight', 'lost words');
    world.client.conversations.get(conversationId)!.history.pop(); // it never got there after all
    await after.store.start();
    await flush();
    // It might still be on its way: the history is read again with back-off (1 s, 2 s, 4 s) first.
    expect(shown(after.store).slice(1)).toEqual(['user: lost words [checking]']);
    await world.timers.advance(7000);
    const failed = after.store.messages.value.at(-1)!;
    expect(shown(after.store).slice(1)).toEqual(['user: lost words [failed]']);
    expect(world.client.calls('get')).toHaveLength(1 + BACKOFF.attempts); // the resume, then every check
    expect(world.client.calls('send')).toHaveLength(1);
    after.store.retry(failed.id);
    await flush();
    expect(shown(after.store).slice(1)).toEqual(['user: lost words', 'assistant: You said: lost words']);
  });

  test('during a send still on its way: it is looked for again, and shows with its reply once it lands', async () => {
    const { world, after, conversationId: id } = await reloadAfter('in flight', 'order 444');
    world.client.conversations.get(id)!.history.pop(); // not there yet: the request is still queued somewhere
    await after.store.start();
    await flush();
    expect(shown(after.store).slice(1)).toEqual(['user: order 444 [checking]']);
    await world.timers.advance(1000);
    expect(shown(after.store).slice(1)).toEqual(['user: order 444 [checking]']);
    world.client.say(id, 'order 444'); // the server gets to it now
    await world.timers.advance(2000);
    expect(shown(after.store).slice(1)).toEqual(['user: order 444', 'assistant: You said: order 444']);
    await world.timers.advance(60_000);
    expect(world.client.calls('send')).toHaveLength(1);
    expect(world.client.history(id).filter((m) => m.role === 'user')).toHaveLength(1);
  });

  test('messages waiting (offline) go out after a reload, once', async () => {
    const { world, after, conversationId } = await reloadAfter('offline', 'typed offline');
    await after.store.start();
    await world.timers.quiet();
    expect(world.client.calls('send')).toHaveLength(1);
    expect(
      world.client
        .history(conversationId)
        .filter((m) => m.role === 'user')
        .map((m) => m.content),
    ).toEqual(['typed offline']);
    expect(shown(after.store).slice(1)).toEqual(['user: typed offline', 'assistant: You said: typed offline']);
  });

  test('messages waiting (offline) show as waiting after a reload, until each goes in its turn', async () => {
    const world = createFakeWorld();
    const before = openTab(world);
    await before.store.start();
    world.network.set(false);
    before.store.send('one');
    before.store.send('two');
    await flush();
    before.store.dispose();
    world.network.set(true);
    const after = openTab(world, {}, { tabStorage: before.deps.tabStorage });
    world.client.failNext('send', { kind: 'slow', ms: 1000 });
    await after.store.start();
    await flush();
    expect(shown(after.store).slice(1)).toEqual(['user: one [sending]', 'user: two [queued]']);
    await world.timers.quiet();
    expect(shown(after.store).slice(1)).toEqual(['user: one', 'assistant: You said: one', 'user: two', 'assistant: You said: two']);
  });

  test('a message shown failed comes back failed after a reload: only Retry sends it again', async () => {
    const { world, after, conversationId } = await reloadAfter('refused', 'refused once');
    await after.store.start();
    await world.timers.quiet();
    expect(shown(after.store).slice(1)).toEqual(['user: refused once [failed]']);
    expect(world.client.calls('send')).toHaveLength(1);
    after.store.retry(after.store.messages.value.at(-1)!.id);
    await flush();
    expect(world.client.calls('send')).toHaveLength(2);
    expect(
      world.client
        .history(conversationId)
        .filter((m) => m.role === 'user')
        .map((m) => m.content),
    ).toEqual(['refused once']);
  });

  test('unsent messages are not kept once everything is delivered', async () => {
    const world = createFakeWorld();
    const before = openTab(world);
    before.store.send('hello');
    await flush();
    expect(before.deps.tabStorage.data.size).toBe(0);
  });
});
