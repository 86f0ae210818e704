/**
 * The two ways the store waits, on the injected clock and network. Both end early when the flow that
 * waits is abandoned (its signal aborts), and say so: `false` means "stop here".
 */
import type { StoreDeps } from './types';

/** Resolves `true` after `ms`, or `false` as soon as `signal` aborts. */
export function sleep(deps: Pick<StoreDeps, 'setTimer' | 'clearTimer'>, ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve(false);
      return;
    }
    const stop = () => {
      deps.clearTimer(handle);
      resolve(false);
    };
    const handle = deps.setTimer(() => {
      signal.removeEventListener('abort', stop);
      resolve(true);
    }, ms);
    signal.addEventListener('abort', stop, { once: true });
  });
}

/** Resolves `true` once the browser is online (at once when it is), or `false` as soon as `signal` aborts. */
export function whenOnline(network: StoreDeps['network'], signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted || network.isOnline()) {
      resolve(!signal.aborted);
      return;
    }
    const finish = (online: boolean) => {
      unsubscribe();
      signal.removeEventListener('abort', stop);
      resolve(online);
    };
    const stop = () => finish(false);
    const unsubscribe = network.subscribe((online) => online && finish(true));
    signal.addEventListener('abort', stop, { once: true });
  });
}

/** The pause after the `failures`-th failed try: `initialMs`, doubling each time, at most `maxMs`. */
export function backoffDelay(backoff: { initialMs: number; maxMs: number }, failures: number): number {
  return Math.min(backoff.maxMs, backoff.initialMs * 2 ** (failures - 1));
}
