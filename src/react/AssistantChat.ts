/**
 * `<AssistantChat … />`: the widget as a React component (React 18 and 19), from `assistant-chat-widget/react`.
 * It renders one empty wrapper element, on the server and in the browser alike, and mounts the widget into it
 * in an effect, after hydration: a server-rendered page hydrates without a mismatch. Written with React's own
 * `createElement` (no JSX), so the package's Preact JSX settings never meet it.
 */
import { createElement, forwardRef, useEffect, useImperativeHandle, useReducer, useRef } from 'react';
import type { CSSProperties, ForwardedRef } from 'react';
import type { FetchLike } from '../api/client';
import { log } from '../log';
import type { ChatError, ChatMessage } from '../model';
import { mount, type MountOptions, type WidgetHandle } from '../mount';
import { changedOptions, needsRemount } from '../option-changes';

/** Props of {@link AssistantChat}: every option of `mount()`, `open` or `defaultOpen`, the events, and the wrapper's class and style. */
export interface AssistantChatProps extends Omit<MountOptions, 'open' | 'target'> {
  /**
   * Whether the panel is open, controlled (as `value` is for an input): the panel follows it, and when the
   * visitor opens or closes the panel, `onOpen`/`onClose` tell you, and the panel stays as `open` says unless
   * you set it. Leave it out for an uncontrolled panel (see `defaultOpen`).
   */
  open?: boolean;
  /** Whether the panel starts open, uncontrolled (then the visitor and the ref's methods open and close it). Default false. */
  defaultOpen?: boolean;
  /** The panel opened (the visitor, or the ref's `open()`). */
  onOpen?: () => void;
  /** The panel closed. */
  onClose?: () => void;
  /** A message arrived or was sent (as the panel shows it). */
  onMessage?: (message: ChatMessage) => void;
  /** The number of replies that arrived while the panel was closed changed (0 once it opens): for a badge of your own. */
  onUnread?: (count: number) => void;
  /** Something went wrong that the visitor sees. */
  onError?: (error: ChatError) => void;
  /** A conversation was created or resumed. */
  onConversation?: (detail: { conversationId: string }) => void;
  /** Class of the wrapper element (give it a height in inline mode). */
  className?: string;
  /** Style of the wrapper element. */
  style?: CSSProperties;
}

/**
 * What a ref to {@link AssistantChat} holds: the widget handle's methods. (Settings, variables and events are
 * props; the component mounts and destroys the widget itself.) Before the widget has mounted (on the server,
 * or in the first render), a method does nothing but say so in the console.
 */
export type AssistantChatHandle = Pick<WidgetHandle, 'open' | 'close' | 'toggle' | 'send' | 'reset' | 'identify' | 'logout' | 'isOpen'>;

/** The widget on the page (null when the options were not usable), and the options it was last given. */
interface Live {
  handle: WidgetHandle | null;
  options: Record<string, unknown>;
}

/** The props that are not options of the widget. */
const NOT_OPTIONS = ['open', 'defaultOpen', 'onOpen', 'onClose', 'onMessage', 'onUnread', 'onError', 'onConversation', 'className', 'style', 'fetch'];

/**
 * The chat widget as a React component. Props are compared by content after every render, so a render that
 * passes equal props (new objects and functions included) changes nothing and asks nothing. A change of look,
 * words, variables or `showFunctionCalls` updates the live widget in place (an open panel stays open, the
 * conversation is kept); another assistant, API base, type or storage starts a new conversation; only
 * `inline`, or giving or taking away `fetch`, mounts the widget anew. Under StrictMode the widget is mounted,
 * destroyed before it has asked anything, and mounted again: one conversation, no request twice.
 */
export const AssistantChat = forwardRef(function AssistantChat(props: AssistantChatProps, ref: ForwardedRef<AssistantChatHandle>) {
  const wrapper = useRef<HTMLDivElement>(null);
  const live = useRef<Live | null>(null);
  const latest = useRef(props);
  latest.current = props;
  // A render of its own, after the visitor opened or closed a controlled panel: the effect then brings the
  // panel back in line with `open`, whether or not the parent changed it in `onOpen`/`onClose`.
  const [, renderAgain] = useReducer((count: number) => count + 1, 0);
  // The widget reads its transport when a conversation starts: this one calls the latest `fetch` then.
  const callFetch = useRef<FetchLike>((input, init) => (latest.current.fetch ?? fetch)(input, init)).current;

  useImperativeHandle(ref, () => handleOf(live), []);

  useEffect(() => {
    const options = optionsOf(props, callFetch);
    const current = live.current;
    const handle = current?.handle;
    if (!current) {
      live.current = { handle: mountInto(wrapper.current!, options, props.open ?? props.defaultOpen, latest, renderAgain), options };
      return;
    }
    const changes = changedOptions(current.options, options);
    const changed = Object.keys(changes).length > 0;
    current.options = options;
    if (!handle || needsRemount(changes)) {
      // Unusable options (the console said why) are tried again when they change.
      if (!handle && !changed) return;
      const wasOpen = handle?.isOpen;
      handle?.destroy();
      current.handle = mountInto(wrapper.current!, options, props.open ?? wasOpen ?? props.defaultOpen, latest, renderAgain);
      return;
    }
    if (changed) handle.update(changes);
    if (props.open !== undefined && handle.isOpen !== props.open) {
      if (props.open) handle.open();
      else handle.close();
    }
  });

  useEffect(
    () => () => {
      live.current?.handle?.destroy();
      live.current = null;
    },
    [],
  );

  return createElement('div', { ref: wrapper, className: props.className, style: props.style, 'data-assistant-chat-widget': '' });
});
AssistantChat.displayName = 'AssistantChat';

/** The props that are options of the widget: everything but `open`, the callbacks and the wrapper's; `fetch` as `callFetch`. */
function optionsOf(props: AssistantChatProps, callFetch: FetchLike): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) if (!NOT_OPTIONS.includes(key)) options[key] = value;
  options.fetch = props.fetch && callFetch;
  return options;
}

/**
 * Mounts the widget into `element`, open when `open`, telling the latest callbacks; null (and a console
 * message) when the options are not usable. A controlled panel that the visitor opens or closes asks for a
 * render (`renderAgain`), after which it follows `open` again.
 */
function mountInto(
  element: HTMLElement,
  options: Record<string, unknown>,
  open: boolean | undefined,
  latest: { current: AssistantChatProps },
  renderAgain: () => void,
): WidgetHandle | null {
  let handle: WidgetHandle;
  try {
    handle = mount(element, { ...options, open: open ?? false } as unknown as MountOptions);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return null;
  }
  const followOpen = (isOpen: boolean) => {
    const props = latest.current;
    if (isOpen) props.onOpen?.();
    else props.onClose?.();
    if (props.open !== undefined && props.open !== isOpen) renderAgain();
  };
  handle.on('open', () => followOpen(true));
  handle.on('close', () => followOpen(false));
  handle.on('message', (message) => latest.current.onMessage?.(message));
  handle.on('unread', (count) => latest.current.onUnread?.(count));
  handle.on('error', (error) => latest.current.onError?.(error));
  handle.on('conversation', (detail) => latest.current.onConversation?.(detail));
  return handle;
}

/** The ref's object: each method calls the widget mounted at the time. */
function handleOf(live: { current: Live | null }): AssistantChatHandle {
  const widget = (method: string): WidgetHandle | null => {
    const handle = live.current?.handle ?? null;
    if (!handle) log('warn', `${method}: the chat is not mounted (yet): its effect mounts it after the first render.`);
    return handle;
  };
  return {
    open: () => widget('open')?.open(),
    close: () => widget('close')?.close(),
    toggle: () => widget('toggle')?.toggle(),
    send: (text) => widget('send')?.send(text),
    reset: () => widget('reset')?.reset() ?? Promise.resolve(),
    identify: (visitor) => widget('identify')?.identify(visitor),
    logout: () => widget('logout')?.logout() ?? Promise.resolve(),
    get isOpen() {
      return live.current?.handle?.isOpen ?? false;
    },
  };
}
