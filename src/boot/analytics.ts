/**
 * The chat's events for the page's tag manager (`data-analytics="dataLayer"`), a file of its own that the boot
 * loads only when the setting asks for it: `assistant_chat_open`, `assistant_chat_close`,
 * `assistant_chat_message_sent`, `assistant_chat_reply` and `assistant_chat_error`, pushed to `window[name]` (made
 * when missing), so Google Tag Manager and GA4 pick them up. Each carries the assistant's id, and an error its kind;
 * never a message's text, the variables or who the visitor is.
 */
import type { ExtraHost, WidgetEvent, WidgetEventMap } from '../contract';

/** One entry pushed to the data layer. */
export interface ChatAnalyticsEvent {
  event: 'assistant_chat_open' | 'assistant_chat_close' | 'assistant_chat_message_sent' | 'assistant_chat_reply' | 'assistant_chat_error';
  assistant_id: string;
  /** An error's kind (`network`, `rate_limited`…). */
  error_kind?: string;
}

/** The data-layer entry of a widget event, if it has one. */
export function toAnalytics<E extends WidgetEvent>(event: E, detail: WidgetEventMap[E], assistantId: string): ChatAnalyticsEvent | undefined {
  const entry = (name: ChatAnalyticsEvent['event']): ChatAnalyticsEvent => ({ event: name, assistant_id: assistantId });
  switch (event) {
    case 'open':
      return entry('assistant_chat_open');
    case 'close':
      return entry('assistant_chat_close');
    case 'message':
      return entry((detail as WidgetEventMap['message']).role === 'user' ? 'assistant_chat_message_sent' : 'assistant_chat_reply');
    case 'error':
      return { ...entry('assistant_chat_error'), error_kind: (detail as WidgetEventMap['error']).kind };
    default:
      return undefined;
  }
}

/** Pushes `entry` to `window[layer]`, which is made an array when the page has none. */
export function push(win: Window, layer: string, entry: ChatAnalyticsEvent): void {
  const holder = win as unknown as Record<string, unknown>;
  const existing = holder[layer] as { push?: unknown } | undefined;
  // (A tag manager replaces the array's push with its own: call whatever push is there.)
  if (typeof existing?.push !== 'function') holder[layer] = [];
  (holder[layer] as { push(entry: ChatAnalyticsEvent): void }).push(entry);
}

/**
 * Pushes the widget's events to the data layer the settings name (read at each event: an update that takes it
 * away stops them). A panel already open when this file arrives (`data-open`) is told as opened.
 */
export function start(host: ExtraHost): () => void {
  const win = host.dock.ownerDocument.defaultView ?? window;
  const send = <E extends WidgetEvent>(event: E, detail: WidgetEventMap[E]) => {
    const layer = host.settings.value.boot.analytics;
    const entry = layer && toAnalytics(event, detail, host.assistantId);
    if (entry) push(win, layer, entry);
  };
  if (host.open.value) send('open', undefined);
  // (The events it tells; it imports no code of the widget's, so it shares nothing with the panel's file.)
  const told = ['open', 'close', 'message', 'error'] as const;
  const stops = told.map((event) => host.events.on(event, (detail) => send(event, detail)));
  return () => stops.forEach((stop) => stop());
}
