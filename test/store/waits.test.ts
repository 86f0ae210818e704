import { describe, expect, test } from 'vitest';
import { backoffDelay, sleep, whenOnline } from '../../src/store/waits';
import { createFakeNetwork, createFakeTimers, flush } from '../helpers/fake-deps';

/** An abort signal that counts its listeners, so a test can see none is left behind. */
function countedSignal() {
  const controller = new AbortController();
  const signal = controller.signal;
  let listeners = 0;
  const add = signal.addEventListener.bind(signal);
  const remove = signal.removeEventListener.bind(signal);
  signal.addEventListener = ((type: string, listener: EventListener, options?: AddEventListenerOptions) => {
    if (type === 'abort') listeners++;
    add(type, listener, options);
  }) as typeof signal.addEventListener;
  signal.removeEventListener = ((type: string, listener: EventListener) => {
    if (type === 'abort') listeners--;
    remove(type, listener);
  }) as typeof signal.removeEventListener;
  return { controller, signal, listeners: () => listeners };
}

/** What a promise has settled to so far ('pending' until it has). */
function watch<T>(promise: Promise<T>): { value: T | 'pending' } {
  const seen: { value: T | 'pending' } = { value: 'pending' };
  void promise.then((value) => (seen.value = value));
  return seen;
}

describe('sleep', () => {
  test('resolves true once the time is up, and leaves no listener behind', async () => {
    const timers = createFakeTimers();
    const { signal, listeners } = countedSignal();
    const done = watch(sleep(timers, 1000, signal));
    await timers.advance(999);
    expect(done.value).toBe('pending');
    await timers.advance(1);
    expect(done.value).toBe(true);
    expect(listeners()).toBe(0);
  });

  test('resolves false as soon as the flow is abandoned, and cancels its timer', async () => {
    const timers = createFakeTimers();
    const { controller, signal } = countedSignal();
    const done = watch(sleep(timers, 1000, signal));
    controller.abort();
    await flush();
    expect(done.value).toBe(false);
    expect(timers.pending()).toBe(0);
  });

  test('resolves false at once for a flow already abandoned, setting no timer', async () => {
    const timers = createFakeTimers();
    expect(await sleep(timers, 1000, AbortSignal.abort())).toBe(false);
    expect(timers.pending()).toBe(0);
  });
});

describe('whenOnline', () => {
  test('resolves true at once when online, listening to nothing', async () => {
    const network = createFakeNetwork();
    const { signal, listeners } = countedSignal();
    expect(await whenOnline(network, signal)).toBe(true);
    expect(network.listeners()).toBe(0);
    expect(listeners()).toBe(0);
  });

  test('waits for the network, then resolves true and stops listening', async () => {
    const network = createFakeNetwork();
    network.set(false);
    const { signal, listeners } = countedSignal();
    const done = watch(whenOnline(network, signal));
    network.set(false);
    await flush();
    expect(done.value).toBe('pending');
    network.set(true);
    await flush();
    expect(done.value).toBe(true);
    expect(network.listeners()).toBe(0);
    expect(listeners()).toBe(0);
  });

  test('resolves false when the flow is abandoned while offline, and stops listening', async () => {
    const network = createFakeNetwork();
    network.set(false);
    const { controller, signal } = countedSignal();
    const done = watch(whenOnline(network, signal));
    controller.abort();
    await flush();
    expect(done.value).toBe(false);
    expect(network.listeners()).toBe(0);
  });

  test('resolves false at once for a flow already abandoned', async () => {
    const network = createFakeNetwork();
    network.set(false);
    expect(await whenOnline(network, AbortSignal.abort())).toBe(false);
    expect(network.listeners()).toBe(0);
  });
});

describe('backoffDelay', () => {
  test('doubles from the first pause up to the longest', () => {
    const backoff = { initialMs: 500, maxMs: 3000 };
    expect([1, 2, 3, 4, 5].map((failures) => backoffDelay(backoff, failures))).toEqual([500, 1000, 2000, 3000, 3000]);
  });
});
