import { describe, expect, test } from 'vitest';
import { ApiError } from '../../src/api/errors';
import { checkMessage } from '../../src/api/message-text';
import { ASSISTANT, GREETING } from '../helpers/fake-client';
import { createFakeWorld, flush } from '../helpers/fake-deps';
import { messageEvents, ready, setup, shown } from './setup';

describe('sending', () => {
  test('the message appears at once as sending, then sent with the reply', async () => {
    const { world, store, events } = await ready();
    expect(store.send('hello')).toBeNull();
    expect(shown(store)).toEqual([`assistant: ${GREETING}`, 'user: hello [sending]']);
    await flush();
    expect(shown(store)).toEqual([`assistant: ${GREETING}`, 'user: hello', 'assistant: You said: hello']);
    expect(messageEvents(events)).toEqual(['user: hello', 'assistant: You said: hello']);
    expect(world.client.history(store.conversationId.value!)).toHaveLength(3);
  });

  test('the reply arrives with its function calls as parts', async () => {
    const { world, store } = await ready();
    world.client.respond = () => ({
      message: 'Booked for Monday.',
      functionCalls: [
        { name: 'check_calendar', arguments: { day: 'Mon' }, result: { slots: ['9:00'] } },
        { name: 'book', arguments: { slot: '9:00' }, result: { success: false, error: { code: 'taken' } } },
      ],
    });
    store.send('book me in');
    await flush();
    const reply = store.messages.value.at(-1)!;
    expect(reply.parts).toEqual([
      { type: 'function_call', name: 'check_calendar', arguments: { day: 'Mon' }, result: { slots: ['9:00'] }, state: 'success' },
      { type: 'function_call', name: 'book', arguments: { slot: '9:00' }, result: { success: false, error: { code: 'taken' } }, state: 'error' },
      { type: 'text', text: 'Booked for Monday.' },
    ]);
  });

  test('a long send shows "sending", then "slow", and the assistant as busy', async () => {
    const { world, store } = await ready();
    world.client.failNext('send', { kind: 'slow', ms: 9000 });
    store.send('think hard');
    await flush();
    expect(shown(store).at(-1)).toBe('user: think hard [sending]');
    expect(store.assistantBusy.value).toBe(true);
    await world.timers.advance(4999);
    expect(shown(store).at(-1)).toBe('user: think hard [sending]');
    await world.timers.advance(1);
    expect(shown(store).at(-1)).toBe('user: think hard [slow]');
    await world.timers.advance(4000);
    expect(shown(store).slice(-2)).toEqual(['user: think hard', 'assistant: You said: think hard']);
    expect(store.assistantBusy.value).toBe(false);
  });

  test('one send in flight; messages typed meanwhile queue and go in order', async () => {
    const { world, store } = await ready();
    world.client.failNext('send', { kind: 'slow', ms: 3000 });
    store.send('one');
    store.send('two');
    store.send('three');
    await flush();
    expect(world.client.calls('send')).toHaveLength(1);
    expect(shown(store).slice(1)).toEqual(['user: one [sending]', 'user: two [queued]', 'user: three [queued]']);
    await world.timers.advance(3000);
    expect(world.client.calls('send').map((r) => r.message)).toEqual(['one', 'two', 'three']);
    expect(world.client.history(store.conversationId.value!).map((m) => m.content)).toEqual([
      GREETING,
      'one',
      'You said: one',
      'two',
      'You said: two',
      'three',
      'You said: three',
    ]);
    expect(shown(store)).toHaveLength(7);
  });

  test('double Enter, double click and key repeat send once', async () => {
    const { world, store } = await ready();
    expect(store.send('yes')).toBeNull();
    expect(store.send('yes')).toBeNull();
    await world.timers.advance(300);
    expect(store.send('yes')).toBeNull();
    await flush();
    expect(world.client.calls('send')).toHaveLength(1);
    // The same answer again, later, is a new message.
    await world.timers.advance(2000);
    store.send('yes');
    await flush();
    expect(world.client.calls('send')).toHaveLength(2);
  });

  test.each(['', '   ', '\n\t '])('blank text %j is not sent', async (text) => {
    const { world, store } = await ready();
    expect(store.send(text)).toBe('empty');
    await flush();
    expect(world.client.calls('send')).toHaveLength(0);
    expect(shown(store)).toHaveLength(1);
  });

  test('over 2000 characters cannot be sent; 2000 can', async () => {
    const { world, store } = await ready();
    expect(store.send('x'.repeat(2001))).toBe('too-long');
    expect(store.send('x'.repeat(2000))).toBeNull();
    await flush();
    expect(world.client.calls('send')).toHaveLength(1);
  });

  test('the limit counts characters as the API does, not UTF-16 units', () => {
    expect(checkMessage('😀'.repeat(2000))).toBeNull();
    expect(checkMessage('😀'.repeat(2001))).toBe('too-long');
    expect(checkMessage(' ')).toBe('empty');
    expect(checkMessage(' a ')).toBeNull();
  });

  test('half an emoji (a lone surrogate) is sent as U+FFFD, which the API can read', async () => {
    const { world, store } = await ready();
    expect(store.send('broken \ud83d paste \ude00 here')).toBeNull();
    await flush();
    expect(world.client.calls('send')[0]!.message).toBe('broken \ufffd paste \ufffd here');
    expect(shown(store).slice(1)).toEqual(['user: broken \ufffd paste \ufffd here', 'assistant: You said: broken \ufffd paste \ufffd here']);
  });

  test('lone surrogates count one character each, as their replacement does', () => {
    expect(checkMessage('\ud800'.repeat(2000))).toBeNull();
    expect(checkMessage('\ud800'.repeat(2001))).toBe('too-long');
  });

  test('the draft typed is cleared when that text is sent, even when it had to be made well-formed', async () => {
    const { store } = await ready();
    store.draft.value = 'oops \ud800';
    expect(store.send(store.draft.value)).toBeNull();
    expect(store.draft.value).toBe('');
  });

  test('the text is sent as typed, not trimmed', async () => {
    const { world, store } = await ready();
    store.send('  spaced  ');
    await flush();
    expect(world.client.calls('send')[0]!.message).toBe('  spaced  ');
  });
});

describe('rate limits', () => {
  test('429 on a send: waits retry_after, then sends (it was not processed, so no history check)', async () => {
    const { world, store } = await ready();
    world.client.failNext('send', { kind: 'rate-limited', retryAfterMs: 3000 });
    store.send('hello');
    await flush();
    expect(shown(store).at(-1)).toBe('user: hello [queued]');
    expect(store.state.value).toMatchObject({ type: 'ready', trouble: { kind: 'rate_limited', retryAt: world.timers.now() + 3000 } });
    expect(store.assistantBusy.value).toBe(false);
    await world.timers.advance(2999);
    expect(world.client.calls('send')).toHaveLength(1);
    await world.timers.advance(1);
    expect(world.client.calls('send')).toHaveLength(2);
    expect(world.client.calls('get')).toHaveLength(0);
    expect(shown(store).slice(-2)).toEqual(['user: hello', 'assistant: You said: hello']);
    expect(store.state.value).toEqual({ type: 'ready' });
  });
});

describe('insufficient balance on a send', () => {
  test('the message fails, the widget says "unavailable", nothing is retried by itself', async () => {
    const assistants = { [ASSISTANT]: { greeting: GREETING, funded: true } };
    const world = createFakeWorld({ assistants });
    const { store, events } = await ready({}, world);
    assistants[ASSISTANT].funded = false;
    store.send('hello');
    await flush();
    expect(store.messages.value.at(-1)).toMatchObject({ status: 'failed', error: { kind: 'insufficient_balance' } });
    expect(store.state.value).toMatchObject({ type: 'blocked', reason: 'no-balance', error: { kind: 'insufficient_balance' } });
    expect(store.send('again')).toBe('unavailable');
    await world.timers.quiet();
    expect(world.client.calls('send')).toHaveLength(1);

    // The owner tops up; the visitor presses Retry.
    assistants[ASSISTANT].funded = true;
    const greeting = store.messages.value[0]!;
    store.retry(store.messages.value.at(-1)!.id);
    await flush();
    expect(world.client.calls('send')).toHaveLength(2);
    expect(store.state.value).toEqual({ type: 'ready' });
    expect(shown(store).slice(-2)).toEqual(['user: hello', 'assistant: You said: hello']);
    // The conversation read again is the same one: what was shown keeps its place.
    expect(store.messages.value[0]).toBe(greeting);
    expect(events.filter((e) => e.type === 'conversation')).toHaveLength(1);
  });
});

describe('another refusal after the server took the message (another 4xx)', () => {
  test('Retry looks at the history first, and a message already there is not sent again', async () => {
    const { world, store, events } = await ready();
    world.client.failNext('send', { kind: 'error-after-processing', error: new ApiError('rejected', 'Forbidden', { status: 403 }) });
    store.send('hello');
    await flush();
    const failed = store.messages.value.at(-1)!;
    expect(failed).toMatchObject({ status: 'failed', error: { kind: 'rejected', retryable: true } });
    expect(events).toContainEqual({ type: 'error', error: failed.error });
    store.retry(failed.id);
    await flush();
    expect(world.client.requests.map((r) => r.route)).toEqual(['create', 'send', 'get']);
    expect(world.client.history(store.conversationId.value!).filter((m) => m.role === 'user')).toHaveLength(1);
    expect(shown(store).slice(-2)).toEqual(['user: hello', 'assistant: You said: hello']);
  });

  test('Retry of one that did not land sends it once, after the look', async () => {
    const { world, store } = await ready();
    world.client.failNext('send', { kind: 'error', error: new ApiError('rejected', 'Conflict', { status: 409 }) });
    store.send('hello');
    await flush();
    store.retry(store.messages.value.at(-1)!.id);
    await flush();
    expect(world.client.requests.map((r) => r.route)).toEqual(['create', 'send', 'get', 'send']);
    expect(shown(store).slice(-2)).toEqual(['user: hello', 'assistant: You said: hello']);
  });
});

describe('a message refused as invalid (422)', () => {
  test('fails without Retry, and is not looked for in the history', async () => {
    const { world, store } = await ready();
    world.client.failNext('send', { kind: 'error', error: new ApiError('validation', 'The message field is invalid.', { status: 422 }) });
    store.send('hello');
    await world.timers.quiet();
    expect(store.messages.value.at(-1)).toMatchObject({ status: 'failed', error: { kind: 'validation', retryable: false } });
    expect(world.client.requests.map((r) => r.route)).toEqual(['create', 'send']);
    // A retry goes straight out: the server surely did not take it.
    store.retry(store.messages.value.at(-1)!.id);
    await flush();
    expect(world.client.requests.map((r) => r.route)).toEqual(['create', 'send', 'send']);
  });
});

describe('the assistant failed to answer', () => {
  test('the message fails with Retry; the retry looks at the history before sending', async () => {
    const { world, store, events } = await ready();
    world.client.failNext('send', {
      kind: 'error',
      error: new ApiError('assistant_failed', 'Failed to process message: boom', { status: 400 }),
    });
    store.send('hello');
    await flush();
    const failed = store.messages.value.at(-1)!;
    expect(failed).toMatchObject({ status: 'failed', error: { kind: 'assistant_failed', retryable: true } });
    expect(events).toContainEqual({ type: 'error', error: failed.error });
    store.retry(failed.id);
    await flush();
    expect(world.client.requests.map((r) => r.route)).toEqual(['create', 'send', 'get', 'send']);
    expect(shown(store).slice(-2)).toEqual(['user: hello', 'assistant: You said: hello']);
  });
});

describe('offline', () => {
  test('messages typed while offline wait, then go out once each, in order', async () => {
    const { world, store } = await ready();
    world.network.set(false);
    store.send('one');
    store.send('two');
    await world.timers.advance(60_000);
    expect(world.client.calls('send')).toHaveLength(0);
    expect(shown(store).slice(1)).toEqual(['user: one [queued]', 'user: two [queued]']);
    expect(store.assistantBusy.value).toBe(false);
    world.network.set(true);
    await flush();
    expect(world.client.calls('send').map((r) => r.message)).toEqual(['one', 'two']);
    expect(shown(store).slice(1)).toEqual(['user: one', 'assistant: You said: one', 'user: two', 'assistant: You said: two']);
  });

  test('a message typed offline before the conversation exists goes out when back', async () => {
    const world = createFakeWorld();
    world.network.set(false);
    const { store } = setup({}, world);
    store.send('first words');
    await world.timers.advance(30_000);
    expect(world.client.requests).toEqual([]);
    world.network.set(true);
    await flush();
    expect(world.client.requests.map((r) => r.route)).toEqual(['create', 'send']);
    expect(shown(store).at(-1)).toBe('assistant: You said: first words');
  });
});

describe('a conversation that disappears', () => {
  test('404 on a send: a new conversation starts and the message goes there', async () => {
    const { world, store } = await ready();
    const old = store.conversationId.value!;
    world.client.forget(old);
    store.send('are you there?');
    await flush();
    expect(world.client.requests.map((r) => r.route)).toEqual(['create', 'send', 'create', 'send']);
    expect(store.conversationId.value).not.toBe(old);
    expect(store.notice.value).toBe('conversation-replaced');
    expect(shown(store)).toEqual([`assistant: ${GREETING}`, 'user: are you there?', 'assistant: You said: are you there?']);
  });
});
