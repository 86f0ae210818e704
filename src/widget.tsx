/**
 * `<ChatWidget … />`: the widget as a Preact component. Its props mirror the data attributes
 * (camelCase) plus the JS-only options and event callbacks; it mounts the widget into an element it
 * renders, and removes it when unmounted.
 */
import { useEffect, useRef } from 'preact/hooks';
import { toJson } from './api/client';
import type { VariableValue } from './api/types';
import type { ChatError, ChatMessage } from './model';
import { mount, type MountOptions, type WidgetHandle } from './mount';

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
  /** Receives the widget's handle (open, send, reset…) each time the widget is mounted. */
  onReady?: (handle: WidgetHandle) => void;
  /** Class of the wrapper element (give it a size in inline mode). */
  class?: string;
}

/**
 * The chat widget as a component. Changing `variables` or `open` updates the widget in place;
 * changing any other setting remounts it (the conversation survives through its storage).
 * Event callbacks and `fetch` may change freely without remounting.
 */
export function ChatWidget(props: ChatWidgetProps) {
  const wrapper = useRef<HTMLDivElement>(null);
  const handle = useRef<WidgetHandle | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const applied = useRef({ variables: '', open: props.open });
  const variables = toJson(props.variables ?? {});

  useEffect(() => {
    const element = wrapper.current;
    if (!element) return;
    const p = latest.current;
    let mounted: WidgetHandle;
    try {
      mounted = mount(element, {
        ...settingsOf(p),
        // The latest fetch is looked up at each call, so a new function does not remount.
        ...(p.fetch ? { fetch: (input: string, init: RequestInit) => (latest.current.fetch ?? fetch)(input, init) } : {}),
      });
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      return;
    }
    handle.current = mounted;
    applied.current = { variables: toJson(p.variables ?? {}), open: p.open };
    mounted.on('open', () => latest.current.onOpen?.());
    mounted.on('close', () => latest.current.onClose?.());
    mounted.on('message', (message) => latest.current.onMessage?.(message));
    mounted.on('error', (error) => latest.current.onError?.(error));
    mounted.on('conversation', (detail) => latest.current.onConversation?.(detail));
    p.onReady?.(mounted);
    return () => {
      handle.current = null;
      mounted.destroy();
    };
  }, [remountKey(props)]);

  useEffect(() => {
    if (!handle.current || applied.current.variables === variables) return;
    applied.current.variables = variables;
    handle.current.setVariables((latest.current.variables ?? {}) as Record<string, VariableValue>);
  }, [variables]);

  useEffect(() => {
    if (!handle.current || applied.current.open === props.open || props.open === undefined) return;
    applied.current.open = props.open;
    if (props.open) handle.current.open();
    else handle.current.close();
  }, [props.open]);

  return <div ref={wrapper} class={props.class} data-assistant-chat-widget="" />;
}

/** The props that configure the widget (everything but callbacks, wrapper class and fetch). */
function settingsOf(props: ChatWidgetProps): MountOptions {
  const { onOpen, onClose, onMessage, onError, onConversation, onReady, class: _class, fetch: _fetch, ...settings } = props;
  return settings;
}

/** Changes whenever a setting that needs a remount changes. */
function remountKey(props: ChatWidgetProps): string {
  const { variables: _variables, open: _open, ...settings } = settingsOf(props);
  return toJson({ ...settings, hasFetch: props.fetch !== undefined });
}
