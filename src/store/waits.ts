/**
 * The two ways the store waits, on the injected clock and network. Both end early when the flow that
 * waits is abandoned (its signal aborts), and say so: `false` means "stop here".
 */
import type { StoreDeps } from './types';

/**
 * Resolves `true` once `start` calls `done` (it returns what stops the wait), or `false` as soon as
 * `signal` aborts; either way it leaves no listener behind.
 */
function waitFor(signal: AbortSignal, start: (done: () => void) => () => void): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const finish = (result: boolean) => {
      stop();
      signal.removeEventListener('abort', abandon);
      resolve(result);
    };
    const abandon = () => finish(false);
    const stop = start(() => finish(true));
    signal.addEventListener('abort', abandon);
  });
}

/** Resolves `true` after `ms`, or `false` as soon as `signal` aborts. */
export function sleep(deps: Pick<StoreDeps, 'setTimer' | 'clearTimer'>, ms: number, signal: AbortSignal): Promise<boolean> {
  return waitFor(signal, (done) => {
    const handle = deps.setTimer(done, ms);
    return () => deps.clearTimer(handle);
  });
}

/** Resolves `true` once the browser is online (at once when it is), or `false` as soon as `signal` aborts. */
export function whenOnline(network: StoreDeps['network'], signal: AbortSignal): Promise<boolean> {
  if (network.isOnline() && !signal.aborted) return Promise.resolve(true);
  return waitFor(signal, (done) => network.subscribe((online) => online && done()));
}

/** The pause after the `failures`-th failed try: `initialMs`, doubling each time, at most `maxMs`. */
export function backoffDelay(backoff: { initialMs: number; maxMs: number }, failures: number): number {
  return Math.min(backoff.maxMs, backoff.initialMs * 2 ** (failures - 1));
}
