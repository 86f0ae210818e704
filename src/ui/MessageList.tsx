import { useSignal } from '@preact/signals';
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { ChatMessage } from '../model';
import type { ConversationStore } from '../store/types';
import { Icon } from './Icon';
import { Message } from './Message';
import type { Strings } from './strings';
import { TypingIndicator } from './TypingIndicator';

/** How many messages a long history shows at first, and how many more each "show earlier" adds. */
export const PAGE_SIZE = 50;
/** Within this many pixels of the end counts as "at the newest message". */
const STICK_PX = 48;

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
  const messages = store.messages.value;
  const busy = store.assistantBusy.value;
  const scroller = useRef<HTMLDivElement>(null);
  // The window: `hidden` messages are not rendered; those from `logStart` on are in the live log.
  const view = useRef({ hidden: 0, logStart: 0, length: 0 });
  const stick = useRef(true);
  const anchor = useRef<number | null>(null);
  const revealed = useSignal(0);
  const pill = useSignal(false);

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

  /** Sticks to the newest message (scrolling there at once, or smoothly when `smooth`) and hides the pill. */
  const stickToEnd = (el: HTMLElement, smooth?: boolean) => {
    const top = el.scrollHeight;
    if (smooth && el.scrollTo) el.scrollTo({ top, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    else el.scrollTop = top;
    stick.current = true;
    pill.value = false;
  };

  const last = messages[messages.length - 1];
  const seen = useRef({ length: messages.length, lastId: last?.id });
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && anchor.current !== null) {
      // Keep the message the visitor was looking at in place after earlier ones were added above it.
      el.scrollTop = el.scrollHeight - anchor.current;
      anchor.current = null;
    }
  }, [revealed.value]);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const grew = messages.length > seen.current.length || (last !== undefined && last.id !== seen.current.lastId);
    seen.current = { length: messages.length, lastId: last?.id };
    if (stick.current || (grew && last?.role === 'user')) stickToEnd(el);
    else if (grew) pill.value = true;
  }, [messages, busy]);

  useLayoutEffect(() => {
    if (open && scroller.current) stickToEnd(scroller.current);
  }, [open]);

  const onScroll = () => {
    const el = scroller.current!;
    stick.current = el.scrollHeight - el.scrollTop - el.clientHeight <= STICK_PX;
    if (stick.current) pill.value = false;
  };

  const showEarlier = () => {
    const el = scroller.current!;
    anchor.current = el.scrollHeight - el.scrollTop;
    w.hidden = Math.max(0, w.hidden - PAGE_SIZE);
    revealed.value++;
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
          <button type="button" class="more-btn" onClick={showEarlier}>
            {strings.showEarlier}
          </button>
        )}
        {w.hidden < w.logStart && <div class="earlier">{messages.slice(w.hidden, w.logStart).map(row)}</div>}
        <div class="log" role="log" aria-live="polite" aria-relevant="additions" aria-label={strings.messages}>
          {messages.slice(w.logStart).map(row)}
        </div>
        {busy && <TypingIndicator label={strings.typing} />}
      </div>
      {pill.value && (
        <button type="button" class="pill" onClick={toNewest}>
          <Icon name="down" />
          {strings.newMessages}
        </button>
      )}
    </div>
  );
}
