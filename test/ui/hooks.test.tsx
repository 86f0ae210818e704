import { signal, type ReadonlySignal } from '@preact/signals-core';
import { act, cleanup, render, screen } from '@testing-library/preact';
import { useLayoutEffect } from 'preact/hooks';
import { afterEach, expect, it } from 'vitest';
import { useValue } from '../../src/ui/hooks';

afterEach(cleanup);

function Show({ source, renders }: { source: ReadonlySignal<string>; renders: string[] }) {
  const value = useValue(source);
  renders.push(value);
  return <p>{value}</p>;
}

it('renders again when the signal changes, and stops listening once unmounted', () => {
  const source = signal('one');
  const renders: string[] = [];
  const { unmount } = render(<Show source={source} renders={renders} />);
  expect(screen.getByText('one')).toBeTruthy();
  act(() => {
    source.value = 'two';
  });
  expect(screen.getByText('two')).toBeTruthy();
  unmount();
  const count = renders.length;
  act(() => {
    source.value = 'three';
  });
  expect(renders).toHaveLength(count);
});

it('does not miss a change made after its render but before it subscribed', () => {
  const source = signal('before');
  // A sibling's layout effect runs after the render of <Show> and before its (passive) subscription.
  function Writer() {
    useLayoutEffect(() => {
      source.value = 'after';
    }, []);
    return null;
  }
  render(
    <>
      <Show source={source} renders={[]} />
      <Writer />
    </>,
  );
  expect(screen.getByText('after')).toBeTruthy();
});
