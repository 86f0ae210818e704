import { describe, expect, test } from 'vitest';
import { ApiError } from '../../src/api/errors';
import { GREETING } from '../helpers/fake-client';
import { createFakeWorld, flush } from '../helpers/fake-deps';
import { openTab, ready, reloadAfter, shown } from './setup';

/** The visitor messages in the server's record of the conversation, oldest first. */
const serverSays = (world: ReturnType<typeof createFakeWorld>, id: string) =>
  world.client.history(id).flatMap((m) => (m.role === 'user' ? [m.content] : []));

describe('messages reach the server in the order typed', () => {
  test('a message whose connection failed before reaching the server holds the ones typed after it', async () => {
    const { world, store } = await ready();
    world.client.failNext('send', { kind: 'lost-before-processing' });
    store.send('first');
    store.send('second');
    store.send('third');
    await world.timers.quiet();
    expect(shown(store).slice(1)).toEqual(['user: first [failed]', 'user: second [queued]', 'user: third [queued]']);
    expect(world.client.calls('send').map((r) => r.message)).toEqual(['first']);
    expect(serverSays(world, store.conversationId.value!)).toEqual([]);
  });

  test('Retry sends the failed message, then the ones held behind it, in order', async () => {
    const { world, store } = await ready();
    world.client.failNext('send', { kind: 'lost-before-processing' });
    store.send('first');
    store.send('second');
    await world.timers.quiet();
    store.retry(store.messages.value[1]!.id);
    await flush();
    expect(serverSays(world, store.conversationId.value!)).toEqual(['first', 'second']);
    expect(shown(store)).toEqual([
      `assistant: ${GREETING}`,
      'user: first',
      'assistant: You said: first',
      'user: second',
      'assistant: You said: second',
    ]);
  });

  test('a message typed while an earlier one is failed waits behind it', async () => {
    const { world, store } = await ready();
    world.client.failNext('send', { kind: 'lost-before-processing' });
    store.send('first');
    await world.timers.quiet();
    store.send('later');
    await world.timers.quiet();
    expect(shown(store).slice(1)).toEqual(['user: first [failed]', 'user: later [queued]']);
    expect(world.client.calls('send')).toHaveLength(1);
  });

  test('messages the last page left go out before the ones typed after the reload', async () => {
    const { world, after, conversationId } = await reloadAfter('offline', 'typed offline');
    after.store.send('typed after the reload');
    await world.timers.quiet();
    expect(serverSays(world, conversationId)).toEqual(['typed offline', 'typed after the reload']);
  });

  test('messages restored failed after a reload hold the new ones until the visitor decides', async () => {
    const { world, after } = await reloadAfter('refused', 'refused once');
    await after.store.start();
    after.store.send('typed after the reload');
    await world.timers.quiet();
    expect(shown(after.store).slice(1)).toEqual(['user: refused once [failed]', 'user: typed after the reload [queued]']);
    expect(world.client.calls('send')).toHaveLength(1);
  });
});

describe('discard', () => {
  test('lets the messages after it go, and gives its text back as the draft', async () => {
    const { world, store } = await ready();
    world.client.failNext('send', { kind: 'lost-before-processing' });
    store.send('first');
    store.send('second');
    await world.timers.quiet();
    store.discard(store.messages.value[1]!.id);
    await flush();
    expect(store.draft.value).toBe('first');
    expect(serverSays(world, store.conversationId.value!)).toEqual(['second']);
    expect(shown(store)).toEqual([`assistant: ${GREETING}`, 'user: second', 'assistant: You said: second']);
  });

  test('adds its text at the end of a draft in progress, on a new line', async () => {
    const { world, store } = await ready();
    world.client.failNext('send', { kind: 'lost-before-processing' });
    store.send('the lost one');
    await world.timers.quiet();
    store.draft.value = 'now typing';
    store.discard(store.messages.value[1]!.id);
    expect(store.draft.value).toBe('now typing\nthe lost one');
  });

  test('saves the draft with the text at once, so a reload right after keeps it', async () => {
    const world = createFakeWorld();
    const { store } = openTab(world);
    await store.start();
    world.client.failNext('send', { kind: 'lost-before-processing' });
    store.send('keep me');
    await world.timers.quiet();
    store.discard(store.messages.value[1]!.id);
    expect(openTab(world).store.draft.value).toBe('keep me');
  });

  test('leaves the unsent messages kept for a reload', async () => {
    const { world, store, deps } = await ready();
    world.client.failNext('send', { kind: 'lost-before-processing' });
    store.send('gone');
    await world.timers.quiet();
    expect(deps.tabStorage.data.size).toBe(1);
    store.discard(store.messages.value[1]!.id);
    expect(deps.tabStorage.data.size).toBe(0);
  });

  test('does nothing to a message that has not failed', async () => {
    const { world, store } = await ready();
    world.client.failNext('send', { kind: 'hang' });
    store.send('on its way');
    await flush();
    const sending = store.messages.value[1]!;
    store.discard(sending.id);
    store.discard('no-such-message');
    expect(shown(store).slice(1)).toEqual(['user: on its way [sending]']);
    expect(store.draft.value).toBe('');
  });

  test('of a message waiting behind a failed one does nothing to either', async () => {
    const { world, store } = await ready();
    world.client.failNext('send', { kind: 'lost-before-processing' });
    store.send('first');
    store.send('second');
    await world.timers.quiet();
    store.discard(store.messages.value[2]!.id);
    store.retry(store.messages.value[2]!.id);
    await world.timers.quiet();
    expect(shown(store).slice(1)).toEqual(['user: first [failed]', 'user: second [queued]']);
    expect(store.draft.value).toBe('');
    expect(world.client.calls('send')).toHaveLength(1);
  });

  test('of a message refused as invalid lets the next one go', async () => {
    const { world, store } = await ready();
    world.client.failNext('send', { kind: 'error', error: new ApiError('validation', 'The message field is invalid.', { status: 422 }) });
    store.send('refused');
    store.send('fine');
    await world.timers.quiet();
    expect(shown(store).slice(1)).toEqual(['user: refused [failed]', 'user: fine [queued]']);
    store.discard(store.messages.value[1]!.id);
    await flush();
    expect(serverSays(world, store.conversationId.value!)).toEqual(['fine']);
  });

  test('of a message restored failed after a reload gives its text back and lets the new ones go', async () => {
    const { world, after } = await reloadAfter('refused', 'refused once');
    after.store.send('typed after the reload');
    await world.timers.quiet();
    after.store.discard(after.store.messages.value[1]!.id);
    await flush();
    expect(after.store.draft.value).toBe('refused once');
    expect(serverSays(world, after.store.conversationId.value!)).toEqual(['typed after the reload']);
  });
});

describe('reset', () => {
  test('gives the texts of messages not sent back to the draft instead of losing them', async () => {
    const { world, store } = await ready();
    world.client.failNext('send', { kind: 'lost-before-processing' });
    store.send('failed one');
    store.send('waiting one');
    await world.timers.quiet();
    store.draft.value = 'draft';
    await store.reset();
    expect(store.draft.value).toBe('draft\nfailed one\nwaiting one');
    expect(shown(store)).toEqual([`assistant: ${GREETING}`]);
    await world.timers.quiet();
    expect(world.client.calls('send')).toHaveLength(1);
  });
});
