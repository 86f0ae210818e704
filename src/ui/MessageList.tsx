import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { ChatMessage } from '../model';
import type { ConversationStore } from '../store/types';
import { Icon } from './Icon';
import { Message } from './Message';
import type { Strings } from './strings';

/** How many messages a long history shows at first, and how many more each "show earlier" adds. */
export const PAGE_SIZE = 50;
/** Within this many pixels of the end counts as "at the newest message". */
const STICK_PX = 48;
/** A scroll offset past any end. */
const END = 1e9;

/** Props of {@link MessageList}. */
export interface MessageListProps {
  store: ConversationStore;
  strings: Strings;
  showFunctionCalls: boolean;
  /** Whether the panel is shown (scrolls to the newest message when it becomes true). */
  open: boolean;
}

/**
 * The conversation. A long history renders only its last {@link PAGE_SIZE} messages, with a button for
 * earlier ones: a bounded DOM and bounded markdown work however long the history, while find-in-page,
 * screen readers and keyboard scrolling keep working (unlike absolutely positioned virtual rows;
 * `content-visibility` alone would still build every node). Messages revealed that way go in a list
 * before the live log, so a screen reader does not read fifty old messages out as new.
 * The view sticks to the newest message unless the visitor scrolled up; then a "new messages" pill appears.
 * While the assistant works, three dots (with words for screen readers) follow the log.
 */
export function MessageList({ store, strings, showFunctionCalls, open }: MessageListProps) {
  const messages = store.messages.value;
  const busy = store.assistantBusy.value;
  const scroller = useRef<HTMLDivElement>(null);
  const [revealed, setRevealed] = useState(0);
  const [pill, setPill] = useState(false);
  // Kept across renders. The window: `hidden` messages are not rendered; those from `logStart` on are in
  // the live log. Whether the view sticks to the newest message; the distance from the bottom to keep
  // when earlier messages are shown above; and the list and panel as last seen.
  const view = useRef({ hidden: 0, logStart: 0, stick: true, anchor: 0, length: 0, lastId: '', open: false }).current;

  const last = messages[messages.length - 1];
  const grew = !!last && (messages.length > view.length || last.id !== view.lastId);
  if (!view.length || messages.length < view.length) {
    view.hidden = view.logStart = Math.max(0, messages.length - PAGE_SIZE);
  }
  view.length = messages.length;
  view.lastId = last?.id ?? '';

  const row = (message: ChatMessage) => (
    <Message key={message.id} message={message} store={store} strings={strings} showFunctionCalls={showFunctionCalls} />
  );

  // Scrolls to the newest message by asking for a scroll offset past the end (the browser clamps it): no
  // layout is read, so a long history costs one layout before its first paint.
  const stickToEnd = (smooth?: boolean) => {
    const behavior = smooth && !matchMedia('(prefers-reduced-motion: reduce)').matches ? 'smooth' : 'auto';
    scroller.current!.scrollTo({ top: END, behavior });
    view.stick = true;
    setPill(false);
  };

  useLayoutEffect(() => {
    const el = scroller.current!;
    const wasOpen = view.open;
    view.open = open;
    if (view.anchor) {
      // Keep the message the visitor was looking at in place after earlier ones were added above it.
      el.scrollTop = el.scrollHeight - view.anchor;
      view.anchor = 0;
    } else if (open) {
      // Hidden, there is nothing to scroll; opening shows the newest message.
      if (!wasOpen || view.stick || (grew && last?.role === 'user')) stickToEnd();
      else if (grew) setPill(true);
    }
  }, [messages, busy, open, revealed]);

  const onScroll = () => {
    const el = scroller.current!;
    view.stick = el.scrollHeight - el.scrollTop - el.clientHeight <= STICK_PX;
    if (view.stick) setPill(false);
  };

  const showEarlier = () => {
    const el = scroller.current!;
    view.anchor = el.scrollHeight - el.scrollTop;
    view.hidden = Math.max(0, view.hidden - PAGE_SIZE);
    setRevealed(revealed + 1);
    if (!view.hidden) el.focus({ preventScroll: true });
  };

  const toNewest = () => {
    stickToEnd(true);
    scroller.current!.focus({ preventScroll: true });
  };

  return (
    <div class="conversation">
      <div class="scroller" ref={scroller} tabIndex={0} onScroll={onScroll}>
        {view.hidden > 0 && (
          <button type="button" class="show-earlier" onClick={showEarlier}>
            {strings.showEarlier}
          </button>
        )}
        {view.hidden < view.logStart && <div class="earlier-messages">{messages.slice(view.hidden, view.logStart).map(row)}</div>}
        <div class="message-log" role="log" aria-live="polite" aria-relevant="additions" aria-label={strings.messages}>
          {messages.slice(view.logStart).map(row)}
        </div>
        {busy && (
          <div class="typing-indicator" role="status">
            <i aria-hidden="true" />
            <i aria-hidden="true" />
            <i aria-hidden="true" />
            <span class="visually-hidden">{strings.typing}</span>
          </div>
        )}
      </div>
      {pill && (
        <button type="button" class="new-messages" onClick={toNewest}>
          <Icon name="down" />
          {strings.newMessages}
        </button>
      )}
    </div>
  );
}
