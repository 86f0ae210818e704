/**
 * The one emitter behind every way a page hears the widget: `on()` of the handle and of the script tag's
 * global, the events of `<assistant-chat>`, the callbacks of the components. Mitt-sized: handlers by event.
 * A handler that throws is reported, and the others still run:
 * a page's listener can never break the widget.
 */
import { log } from './log';

/** An emitter of `Events` (each event's name and the detail its handlers get). */
export interface Emitter<Events> {
  /** Calls `handler` with each `event`'s detail; returns the function that stops it. */
  readonly on: <E extends keyof Events>(event: E, handler: (detail: Events[E]) => void) => () => void;
  /** Tells the handlers of `event`. */
  emit<E extends keyof Events>(event: E, detail: Events[E]): void;
  /** Forgets every handler. */
  clear(): void;
}

type Handler = (detail: never) => void;

/** Creates an emitter with no handlers. */
export function createEmitter<Events>(): Emitter<Events> {
  const handlers = new Map<keyof Events, Set<Handler>>();
  return {
    on(event, handler) {
      const set = handlers.get(event) ?? new Set();
      handlers.set(event, set);
      set.add(handler);
      return () => void set.delete(handler);
    },
    emit(event, detail) {
      // (A copy: a handler may add or remove handlers.)
      for (const handler of [...(handlers.get(event) ?? [])]) {
        try {
          (handler as (detail: Events[typeof event]) => void)(detail);
        } catch (error) {
          log('error', `a "${String(event)}" listener threw.`, error);
        }
      }
    },
    clear: () => handlers.clear(),
  };
}
