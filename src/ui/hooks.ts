import type { ReadonlySignal } from '@preact/signals-core';
import { useEffect, useState } from 'preact/hooks';

/**
 * The signal's current value; the component renders again whenever it changes. The subscription is
 * made after mount (its first call catches any change since this render) and ends on unmount.
 * Not for signals that hold functions (the state setter would call them).
 */
export function useValue<T>(source: ReadonlySignal<T>): T {
  const [, set] = useState(source.value);
  useEffect(() => source.subscribe(set), [source]);
  return source.value;
}
