/**
 * The one emitter behind every way a page hears the widget: `on()` of the handle and of the script tag's
 * global, the events of `<assistant-chat>`, the callbacks of the components. Mitt-sized: handlers by event,
 * and handlers of every event (to forward them). A handler that throws is reported, and the others still run:
 * a page's listener can never break the widget.
 */
import { log } from './log';

/** An emitter of `Events` (each event's name and the detail its handlers get). */
export interface Emitter<Events> {
  /** Calls `handler` with each `event`'s detail; returns the function that stops it. */
  on<E extends keyof Events>(event: E, handler: (detail: Events[E]) => void): () => void;
  /** Calls `handler` with every event's name and detail; returns the function that stops it. */
  onAny(handler: <E extends keyof Events>(event: E, detail: Events[E]) => void): () => void;
  /** Tells the handlers of `event`, then those of every event. */
  emit<E extends keyof Events>(event: E, detail: Events[E]): void;
  /** Forgets every handler. */
  clear(): void;
}

type AnyHandler = (event: never, detail: never) => void;

/** Creates an emitter with no handlers. */
export function createEmitter<Events>(): Emitter<Events> {
  const handlers = new Map<keyof Events | typeof ANY, Set<AnyHandler>>();
  const add = (key: keyof Events | typeof ANY, handler: AnyHandler) => {
    const set = handlers.get(key) ?? new Set();
    handlers.set(key, set);
    set.add(handler);
    return () => void set.delete(handler);
  };
  return {
    on: (event, handler) => add(event, (_event: never, detail: never) => handler(detail)),
    onAny: (handler) => add(ANY, handler as AnyHandler),
    emit(event, detail) {
      // (A copy: a handler may add or remove handlers.)
      for (const handler of [...(handlers.get(event) ?? []), ...(handlers.get(ANY) ?? [])]) {
        try {
          (handler as (event: keyof Events, detail: unknown) => void)(event, detail);
        } catch (error) {
          log('error', `a "${String(event)}" listener threw.`, error);
        }
      }
    },
    clear: () => handlers.clear(),
  };
}

/** The key of the handlers of every event. */
const ANY = Symbol();
