import type { ComponentChildren } from 'preact';
import type { RefObject } from 'preact';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ChatMessage } from '../model';
import type { ConversationStore } from '../store/types';
import { Guard } from './Guard';
import { Icon } from './Icon';
import { Message } from './Message';
import type { Strings } from './strings';

/** How many of the newest messages a conversation shows when it opens: more than fill the first screen. */
export const FIRST_SCREEN = 10;
/** How many earlier messages each step back adds (scrolling near the top, or "Show earlier messages"). */
export const PAGE_SIZE = 25;
/** Within this many pixels of the newest message counts as "at the newest message". */
const STICK_PX = 48;

/** Props of {@link MessageList}. */
export interface MessageListProps {
  store: ConversationStore;
  strings: Strings;
  showFunctionCalls: boolean;
  /** Whether the panel is shown. */
  open: boolean;
  /** What shows while there are no messages (the welcome), except while the conversation opens. */
  children?: ComponentChildren;
  /** What shows after the messages while there are some (the starters, under the greeting). */
  footer?: ComponentChildren;
}

/**
 * The conversation. It opens on its newest messages, rendering only what fills the first screen, and
 * renders earlier ones as the visitor scrolls up (or presses "Show earlier messages"): a long history costs
 * the same to open as a short one, while find-in-page, screen readers and keyboard scrolling keep working
 * (unlike absolutely positioned virtual rows). Messages revealed that way go in a list before the live log,
 * so a screen reader does not read old messages out as new.
 *
 * The scroller lays its content out from the bottom (`column-reverse` in panel.css), so it opens on the
 * newest message, stays there as messages arrive, and keeps the visitor's place when they scrolled up or
 * when earlier messages are added, without a line of script measuring or scrolling (no forced layout).
 * When a message arrives while the visitor reads further up, a "new messages" button takes them down.
 * While the assistant works, three dots (with words for screen readers) follow the log. A message that
 * fails to render is replaced by a line that says so (the assistant's text falls back to plain text first,
 * see Message). Without messages, `children` come before the (empty) log; not while the conversation
 * opens, which may bring a greeting.
 */
export function MessageList({ store, strings, showFunctionCalls, open, children, footer }: MessageListProps) {
  const messages = store.messages.value;
  const opening = store.state.value.type === 'connecting';
  const busy = store.assistantBusy.value;
  const scroller = useRef<HTMLDivElement>(null);
  const showEarlierButton = useRef<HTMLButtonElement>(null);
  const [revealed, setRevealed] = useState(0);
  const [pill, setPill] = useState(false);
  const [atNewest, setAtNewest] = useState(true);

  // The history the conversation opened with (counted when its first messages arrive; the panel starts a
  // new list for a new conversation): its newest messages, and what arrives later, form the live log.
  const opened = messages.length > 0;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- counted once, when the first messages arrive
  const openedWith = useMemo(() => messages.length, [opened]);
  const logStart = Math.max(0, openedWith - FIRST_SCREEN);
  const shownFrom = Math.max(0, logStart - revealed);

  const last = messages[messages.length - 1];
  useReadingPlace(scroller, `${last?.id} ${busy}`);
  useEffect(() => {
    if (!last) return;
    // The visitor's own message always brings the view down; a reply while they read further up is offered.
    if (last.role === 'user') toNewest();
    else if (!atNewest) setPill(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- for each new last message, not each render
  }, [last?.id]);

  // Earlier messages come as the visitor scrolls near the top (the button stays for those who prefer it).
  useEffect(() => {
    const button = showEarlierButton.current;
    if (!button || !open || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => entry?.isIntersecting && showEarlier(), {
      root: scroller.current,
      rootMargin: '400px 0px',
    });
    observer.observe(button);
    return () => observer.disconnect();
  }, [shownFrom, open]);

  // A message that cannot be drawn says so in its place; the others, before and after it, show as usual.
  const row = (message: ChatMessage) => (
    <Guard key={message.id} fallback={<p class="message-status is-failed">{strings.unshowable}</p>}>
      <Message message={message} store={store} strings={strings} showFunctionCalls={showFunctionCalls} />
    </Guard>
  );

  /** Scrolls to the newest message (the start of the bottom-up scroller). */
  function toNewest() {
    scroller.current?.scrollTo({ top: 0, behavior: 'auto' });
    setPill(false);
  }

  function showEarlier() {
    setRevealed((count) => count + PAGE_SIZE);
  }

  const onScroll = () => {
    // 0 at the newest message; negative further up.
    const newest = scroller.current!.scrollTop > -STICK_PX;
    setAtNewest(newest);
    if (newest) setPill(false);
  };

  const onShowEarlierClick = () => {
    showEarlier();
    // With everything shown, the button goes: keep the keyboard's place in the conversation.
    if (shownFrom <= PAGE_SIZE) scroller.current!.focus({ preventScroll: true });
  };

  return (
    <div class="conversation">
      <div class="scroller" ref={scroller} tabIndex={0} onScroll={onScroll}>
        <div class="scroller-content">
          {shownFrom > 0 && (
            <button type="button" class="show-earlier" ref={showEarlierButton} onClick={onShowEarlierClick}>
              {strings.showEarlier}
            </button>
          )}
          {!messages.length && !opening && children}
          {shownFrom < logStart && <div class="earlier-messages">{messages.slice(shownFrom, logStart).map(row)}</div>}
          <div class="message-log" role="log" aria-live="polite" aria-relevant="additions" aria-label={strings.messages}>
            {messages.slice(logStart).map(row)}
          </div>
          {messages.length > 0 && footer}
          {busy && (
            <div class="typing-indicator" role="status">
              <i aria-hidden="true" />
              <i aria-hidden="true" />
              <i aria-hidden="true" />
              <span class="visually-hidden">{strings.typing}</span>
            </div>
          )}
        </div>
      </div>
      {pill && (
        <button
          type="button"
          class="new-messages"
          onClick={() => {
            toNewest();
            scroller.current!.focus({ preventScroll: true });
          }}
        >
          <Icon name="down" />
          {strings.newMessages}
        </button>
      )}
    </div>
  );
}

/** Whether the browser keeps the reader's place as content changes around it (scroll anchoring: not WebKit). */
const ANCHORING = typeof CSS === 'undefined' || CSS.supports('overflow-anchor', 'auto');

/**
 * Where the browser has no scroll anchoring (WebKit), keeps the reader's place when what is at the end of the
 * conversation (`end`: the newest message, the typing dots) changes while they read further up: the bottom-up
 * scroller measures its position from the end, so a reply would push what they read up by its height. The place
 * is taken before the change and given back after it. Elsewhere, and at the newest message, this does nothing.
 */
function useReadingPlace(scroller: RefObject<HTMLElement>, end: string): void {
  const last = useRef(end);
  const fromTop = useRef<number | null>(null);
  const element = scroller.current;
  // (Where the view is now, read from the scroller itself: its scroll event may not have come yet.)
  if (!ANCHORING && element && end !== last.current && element.scrollTop < -STICK_PX) {
    // (Read before the change is drawn: the scroller's content as the reader sees it now.)
    fromTop.current = element.scrollHeight - element.clientHeight + element.scrollTop;
  }
  last.current = end;
  useLayoutEffect(() => {
    const place = fromTop.current;
    fromTop.current = null;
    if (place !== null && element) element.scrollTop = place - (element.scrollHeight - element.clientHeight);
  });
}
