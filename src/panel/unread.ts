/**
 * The replies that arrive while the panel is closed: counted on the launcher's badge (and in its name), told to
 * the page (`unread`), and said once to screen readers when the panel opens.
 */
import { effect, signal, type ReadonlySignal } from '@preact/signals';
import type { PanelHost } from '../contract';
import { fill, type Strings } from '../ui/strings';

/** The unread replies of a panel. */
export interface Unread {
  /** Said once to screen readers as the panel opens: the replies that arrived while it was closed. */
  readonly announcement: ReadonlySignal<string>;
  /** A reply arrived. */
  replied(): void;
  dispose(): void;
}

/** Counts the replies that arrive while `open` is false. */
export function createUnread(host: PanelHost, open: ReadonlySignal<boolean>, strings: ReadonlySignal<Strings>): Unread {
  const count = signal(0);
  const announcement = signal('');
  let told = 0;
  const stops = [
    // The page hears of every change in the count, for a badge of its own; the launcher shows it.
    effect(() => {
      const unread = count.value;
      host.badge?.(unread, fill(strings.value.unread, { n: unread }));
      if (unread !== told) host.events.emit('unread', (told = unread));
    }),
    // (A subscription, not an effect: reading the count here must not make it run again.)
    open.subscribe((isOpen) => {
      if (!isOpen) return;
      announcement.value = count.peek() ? fill(strings.peek().unread, { n: count.peek() }) : '';
      count.value = 0;
    }),
  ];
  return {
    announcement,
    replied() {
      if (!open.peek()) count.value++;
    },
    dispose: () => stops.forEach((stop) => stop()),
  };
}
