import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { ChatMessage } from '../model';
import type { ConversationStore } from '../store/types';
import { useValue } from './hooks';
import { Icon } from './Icon';
import { Message } from './Message';
import type { Strings } from './strings';
import { TypingIndicator } from './TypingIndicator';

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

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The conversation. A long history renders only its last {@link PAGE_SIZE} messages, with a button for
 * earlier ones: a bounded DOM and bounded markdown work however long the history, while find-in-page,
 * screen readers and keyboard scrolling keep working (unlike absolutely positioned virtual rows;
 * `content-visibility` alone would still build every node). Messages revealed that way go in a list
 * before the live log, so a screen reader does not read fifty old messages out as new.
 * The view sticks to the newest message unless the visitor scrolled up; then a "new messages" pill appears.
 */
export function MessageList({ store, strings, showFunctionCalls, open }: MessageListProps) {
  const messages = useValue(store.messages);
  const busy = useValue(store.assistantBusy);
  const scroller = useRef<HTMLDivElement>(null);
  // The window: `hidden` messages are not rendered; those from `logStart` on are in the live log.
  const view = useRef({ hidden: 0, logStart: 0, length: 0 });
  const stick = useRef(true);
  const anchor = useRef<number | null>(null);
  const [revealed, setRevealed] = useState(0);
  const [pill, setPill] = useState(false);

  const w = view.current;
  if (w.length === 0 || messages.length < w.length) {
    w.hidden = w.logStart = Math.max(0, messages.length - PAGE_SIZE);
  }
  w.length = messages.length;

  const onRetry = (id: string) => store.retry(id);
  const row = (message: ChatMessage) => (
    <Message
      key={message.id}
      message={message}
      strings={strings}
      showFunctionCalls={showFunctionCalls}
      onRetry={onRetry}
    />
  );

  // Scrolls to the newest message by writing a scroll offset past the end (the browser clamps it): no
  // layout is read, so a long history costs one layout before its first paint.
  const stickToEnd = (el: HTMLElement, smooth?: boolean) => {
    if (smooth && el.scrollTo) el.scrollTo({ top: END, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    else el.scrollTop = END;
    stick.current = true;
    setPill(false);
  };

  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && anchor.current !== null) {
      // Keep the message the visitor was looking at in place after earlier ones were added above it.
      el.scrollTop = el.scrollHeight - anchor.current;
      anchor.current = null;
    }
  }, [revealed]);

  const last = messages[messages.length - 1];
  const seen = useRef({ length: messages.length, lastId: last?.id, open: false });
  useLayoutEffect(() => {
    const before = seen.current;
    const grew = messages.length > before.length || (last !== undefined && last.id !== before.lastId);
    seen.current = { length: messages.length, lastId: last?.id, open };
    // Hidden, there is nothing to scroll; opening shows the newest message.
    if (!open) return;
    if (!before.open || stick.current || (grew && last?.role === 'user')) stickToEnd(scroller.current!);
    else if (grew) setPill(true);
  }, [messages, busy, open]);

  const onScroll = () => {
    const el = scroller.current!;
    stick.current = el.scrollHeight - el.scrollTop - el.clientHeight <= STICK_PX;
    if (stick.current) setPill(false);
  };

  const showEarlier = () => {
    const el = scroller.current!;
    anchor.current = el.scrollHeight - el.scrollTop;
    w.hidden = Math.max(0, w.hidden - PAGE_SIZE);
    setRevealed(revealed + 1);
    if (w.hidden === 0) el.focus({ preventScroll: true });
  };

  const toNewest = () => {
    const el = scroller.current!;
    stickToEnd(el, true);
    el.focus({ preventScroll: true });
  };

  return (
    <div class="body">
      <div class="scroll" ref={scroller} tabIndex={0} onScroll={onScroll}>
        {w.hidden > 0 && (
          <button type="button" class="prev" onClick={showEarlier}>
            {strings.showEarlier}
          </button>
        )}
        {w.hidden < w.logStart && <div class="earlier">{messages.slice(w.hidden, w.logStart).map(row)}</div>}
        <div class="log" role="log" aria-live="polite" aria-relevant="additions" aria-label={strings.messages}>
          {messages.slice(w.logStart).map(row)}
        </div>
        {busy && <TypingIndicator label={strings.typing} />}
      </div>
      {pill && (
        <button type="button" class="pill" onClick={toNewest}>
          <Icon name="down" />
          {strings.newMessages}
        </button>
      )}
    </div>
  );
}
