/**
 * What the live widget tells the page's tag manager: the entries pushed to `window.dataLayer`, as a list the
 * playground shows. It observes the layer the way Google Tag Manager does, by putting its own `push` on the
 * array (the widget calls whatever `push` is there), and changes nothing else: every entry still lands in the
 * array, and `stop()` puts the previous `push` back.
 */
import { signal, type ReadonlySignal } from '@preact/signals';

/** One entry seen going into the data layer. */
export interface DataLayerEntry {
  /** Counts up from 1: a stable key for the list. */
  id: number;
  /** The entry's `event` (`assistant_chat_open`), or `(no event)` for an entry without one. */
  event: string;
  /** When it was pushed (ms since the epoch). */
  at: number;
  /** The entry's other fields (`assistant_id`, `error_kind`), as text. */
  details: string;
}

/** The log's signals and actions. */
export interface DataLayerLog {
  /** The entries seen since the log started or was cleared, newest first (at most {@link MAX_ENTRIES}). */
  readonly entries: ReadonlySignal<readonly DataLayerEntry[]>;
  /** Starts watching `window[name]` (made an array when missing); again after the page replaced the array. */
  watch(): void;
  /** Forgets the entries seen so far (the data layer keeps them). */
  clear(): void;
  /** Stops watching: the array's previous `push` is back. */
  stop(): void;
}

/** What the log needs: the window whose data layer it watches, and a clock. */
export interface DataLayerLogDeps {
  win: object;
  now: () => number;
  /** The data layer's name; `dataLayer` when not given. */
  name?: string;
}

/** The most entries the log keeps: enough to follow a conversation, never a growing page. */
export const MAX_ENTRIES = 50;

type Push = (...items: unknown[]) => unknown;

/** Creates a log of the data layer's entries; it watches once `watch()` is called. */
export function createDataLayerLog(deps: DataLayerLogDeps): DataLayerLog {
  const name = deps.name ?? 'dataLayer';
  const holder = deps.win as Record<string, unknown>;
  const entries = signal<readonly DataLayerEntry[]>([]);
  let nextId = 0;
  /** The array being watched, and the `push` it had before. */
  let watched: { layer: { push: Push }; previous: Push; own: Push; hadOwnPush: boolean } | null = null;

  function record(item: unknown): void {
    const fields = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
    const { event, ...rest } = fields;
    const entry: DataLayerEntry = {
      id: ++nextId,
      event: typeof event === 'string' ? event : '(no event)',
      at: deps.now(),
      details: Object.entries(rest)
        .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
        .join(', '),
    };
    entries.value = [entry, ...entries.peek()].slice(0, MAX_ENTRIES);
  }

  function stop(): void {
    // The array as it was found: the previous push back (or the array's own), only where ours is still in place
    // (a tag manager may have put its own since).
    if (watched && watched.layer.push === watched.own) {
      if (watched.hadOwnPush) watched.layer.push = watched.previous;
      else delete (watched.layer as { push?: Push }).push;
    }
    watched = null;
  }

  return {
    entries,
    watch() {
      const current = holder[name];
      if (watched && current === watched.layer && watched.layer.push === watched.own) return;
      stop();
      // As the widget does: an array where there is nothing to push to.
      let layer = current as { push?: unknown } | null | undefined;
      if (typeof layer?.push !== 'function') layer = holder[name] = [];
      const previous = layer.push as Push;
      const hadOwnPush = Object.prototype.hasOwnProperty.call(layer, 'push');
      const own: Push = function (this: unknown, ...items: unknown[]) {
        items.forEach(record);
        return previous.apply(this, items);
      };
      layer.push = own;
      watched = { layer: layer as { push: Push }, previous, own, hadOwnPush };
    },
    clear() {
      if (entries.peek().length) entries.value = [];
    },
    stop,
  };
}

/** An entry's time as the log shows it: `14:03:27`, in the owner's time zone. */
export function clockTime(at: number): string {
  const time = new Date(at);
  return [time.getHours(), time.getMinutes(), time.getSeconds()].map((part) => String(part).padStart(2, '0')).join(':');
}
