/**
 * `<ChatWidget … />`: the widget as a Preact component. Its props are the options of `mount()` plus event
 * callbacks; it mounts the widget into an element it renders, and removes it when unmounted.
 */
import { useCallback, useEffect, useRef } from 'preact/hooks';
import type { FetchLike } from './api/client';
import type { ChatError, ChatMessage } from './model';
import { mount, type MountOptions, type WidgetHandle } from './mount';
import { changedOptions, needsRemount } from './option-changes';

/** Props of {@link ChatWidget}. */
export interface ChatWidgetProps extends MountOptions {
  /** The panel opened. */
  onOpen?: () => void;
  /** The panel closed. */
  onClose?: () => void;
  /** A message arrived or was sent. */
  onMessage?: (message: ChatMessage) => void;
  /** Something went wrong that the visitor sees. */
  onError?: (error: ChatError) => void;
  /** A conversation was created or resumed. */
  onConversation?: (detail: { conversationId: string }) => void;
  /** The number of replies that arrived while the panel was closed changed (0 once it opens). */
  onUnread?: (count: number) => void;
  /** Receives the widget's handle (open, send, reset…) each time the widget is mounted. */
  onReady?: (handle: WidgetHandle) => void;
  /** Class of the wrapper element (give it a size in inline mode). */
  class?: string;
}

/** The widget on the page (null when the options were not usable), and the options it was last given. */
interface Live {
  handle: WidgetHandle | null;
  options: Record<string, unknown>;
}

/**
 * The chat widget as a component. The props are compared by content after every render, so a render that
 * passes equal props (new objects included) changes nothing and asks nothing. A change of theme, colour,
 * position, title, locale, strings, variables or `showFunctionCalls` updates the live widget in place (an
 * open panel stays open, the conversation is kept); another assistant, API base, type or storage starts a new
 * conversation; only `inline`, or giving or taking away `fetch`, mounts the widget anew. A change of `open`
 * opens or closes the panel. Callbacks and `fetch` may be new functions on every render.
 */
export function ChatWidget(props: ChatWidgetProps) {
  const wrapper = useRef<HTMLDivElement>(null);
  const live = useRef<Live | null>(null);
  const latest = useRef(props);
  latest.current = props;
  // The widget reads its transport when a conversation starts: this one calls the latest `fetch` then.
  const callFetch = useCallback<FetchLike>((input, init) => (latest.current.fetch ?? fetch)(input, init), []);

  useEffect(() => {
    const options = optionsOf(props, callFetch);
    const current = live.current;
    if (!current) {
      live.current = { handle: mountInto(wrapper.current!, options, latest), options };
      return;
    }
    const { open, ...changes } = changedOptions(current.options, options);
    const changed = Object.keys(changes).length > 0;
    current.options = options;
    if (!current.handle) {
      // The options were not usable (the console says why): try again when they change.
      if (changed) current.handle = mountInto(wrapper.current!, options, latest);
    } else if (needsRemount(changes)) {
      current.handle.destroy();
      current.handle = mountInto(wrapper.current!, options, latest);
    } else {
      if (changed) current.handle.update(changes);
      if (open === true) current.handle.open();
      else if (open === false) current.handle.close();
    }
  });

  useEffect(
    () => () => {
      live.current?.handle?.destroy();
      live.current = null;
    },
    [],
  );

  return <div ref={wrapper} class={props.class} data-assistant-chat-widget="" />;
}

/** The props that are options of the widget: everything but the callbacks and the wrapper's class; `fetch` as `callFetch`. */
function optionsOf(props: ChatWidgetProps, callFetch: FetchLike): Record<string, unknown> {
  const { onOpen, onClose, onMessage, onError, onConversation, onUnread, onReady, class: _class, fetch, ...options } = props;
  return { ...options, fetch: fetch && callFetch };
}

/** Mounts the widget into `element`, telling the latest callbacks; null (and a console message) when the options are not usable. */
function mountInto(element: HTMLElement, options: Record<string, unknown>, latest: { current: ChatWidgetProps }): WidgetHandle | null {
  let handle: WidgetHandle;
  try {
    handle = mount(element, options as unknown as MountOptions);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return null;
  }
  handle.on('open', () => latest.current.onOpen?.());
  handle.on('close', () => latest.current.onClose?.());
  handle.on('message', (message) => latest.current.onMessage?.(message));
  handle.on('error', (error) => latest.current.onError?.(error));
  handle.on('conversation', (detail) => latest.current.onConversation?.(detail));
  handle.on('unread', (count) => latest.current.onUnread?.(count));
  latest.current.onReady?.(handle);
  return handle;
}
