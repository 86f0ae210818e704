/**
 * A value with one owner that others watch: what the boot owns and the panel reads (the settings, whether the
 * panel is open). The boot carries no signals library; the panel mirrors a value into a signal.
 */

/** A value others can read and watch, but not change. */
export interface Readable<T> {
  readonly value: T;
  /** Calls `listener` with each new value; returns the function that stops it. */
  subscribe(listener: (value: T) => void): () => void;
}

/** A value its owner changes. */
export interface Owned<T> extends Readable<T> {
  /** Changes the value; the watchers hear of it when it differs from the current one. */
  set(value: T): void;
}

/** Creates a value owned by the caller. */
export function createValue<T>(initial: T): Owned<T> {
  let value = initial;
  const listeners = new Set<(value: T) => void>();
  return {
    get value() {
      return value;
    },
    set(next) {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of [...listeners]) listener(next);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
