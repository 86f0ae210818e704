import type { Signal } from '@preact/signals-core';
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { WidgetConfig } from '../config';
import type { ConversationStore } from '../store/types';
import { Composer } from './Composer';
import { useValue } from './hooks';
import { Icon, type IconName } from './Icon';
import { MessageList } from './MessageList';
import { focusedIn, useFullScreen, wrapTab } from './modal';
import { errorText, fill, type Strings } from './strings';
import { useVisualViewport } from './viewport';

// Ids need only be unique in their tree: every widget renders into a shadow root of its own.
const PANEL_ID = 'acw-panel';

/** Props of {@link ChatApp}. */
export interface ChatAppProps {
  store: ConversationStore;
  config: WidgetConfig;
  strings: Strings;
  /** Whether the panel is open; the app writes it from the launcher, the close button and Escape. */
  open: Signal<boolean>;
  /** Only the panel, always shown: no launcher, no close. */
  inline?: boolean;
  /** Language and direction of the UI (from resolveLocale). */
  lang: string;
  dir: 'ltr' | 'rtl';
}

/** A square button that shows an icon; its label is also its tooltip. */
function iconButton(icon: IconName, label: string, onClick: () => void) {
  return (
    <button type="button" class="ib" aria-label={label} title={label} onClick={onClick}>
      <Icon name={icon} />
    </button>
  );
}

/**
 * The whole widget: the round launcher with its unread badge, and the panel (or only the panel, inline):
 * a labelled dialog (a region when inline) with the header, the error banner, a notice, the messages and
 * the composer. It reads the store's signals and calls its actions; it never starts the store (mount
 * does that when the panel opens). Replies that arrive while the panel is closed are counted on the
 * launcher and announced once when it opens. Focus goes to the composer on open and back to the
 * launcher on close. Escape closes the panel (unless an input method is composing). Where the panel
 * covers the whole screen (phones) it is modal: `aria-modal`, and Tab wraps around inside it.
 */
export function ChatApp({ store, config, strings, open, inline = false, lang, dir }: ChatAppProps) {
  const launcher = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const isOpen = useValue(open) || inline;
  const messages = useValue(store.messages);
  const error = useValue(store.error);
  const notice = useValue(store.notice);
  useVisualViewport(panel, isOpen && !inline);
  // Full screen on a phone, the page behind is out of reach: the dialog is modal and keeps Tab inside.
  const modal = useFullScreen(isOpen && !inline);
  const title = config.title || strings.title;

  // Kept across renders: whether the panel was open and has been built, and the replies seen and unread.
  const seen = useRef({ open: isOpen, built: false, total: 0, replies: 0, unread: 0, announced: 0 }).current;
  // Count assistant replies that appear while closed. Counts, not ids: a store that rebuilds its list
  // (same length) must not make old replies look new; the first history load is not "new" either.
  const replies = messages.filter((m) => m.role === 'assistant' && m.status === 'sent').length;
  if (!isOpen && seen.total > 0 && replies > seen.replies) seen.unread += replies - seen.replies;
  seen.total = messages.length;
  seen.replies = replies;
  const toggled = isOpen !== seen.open;
  seen.open = isOpen;
  if (isOpen) {
    // The panel is built the first time it opens (nothing of it costs time on page load), then kept.
    seen.built = true;
    if (toggled) seen.announced = seen.unread;
    seen.unread = 0;
  }
  const { unread, announced } = seen;

  useLayoutEffect(() => {
    if (!toggled) return;
    if (isOpen) input.current?.focus();
    // Closed while focus was in the panel (Escape, close, the JS API): the launcher takes it.
    else if (panel.current?.contains(focusedIn(panel.current))) launcher.current?.focus();
  });

  const close = () => (open.value = false);

  // Keys typed in the widget stay in the widget: outside the shadow root they look as if they came from the
  // host element, so a page's shortcuts (`/`, Space, Escape) could not tell that the visitor is typing.
  const keep = (event: Event) => event.stopPropagation();

  return (
    <div
      class={`acw${inline ? ' inline' : ''}${isOpen ? ' open' : ''}`}
      lang={lang}
      dir={dir}
      onKeyDown={keep}
      onKeyUp={keep}
      onKeyPress={keep}
    >
      {!inline && (
        <button
          type="button"
          class="launcher"
          ref={launcher}
          aria-label={unread ? `${title}. ${fill(strings.unread, { n: unread })}` : title}
          aria-expanded={isOpen}
          aria-controls={seen.built ? PANEL_ID : undefined}
          onClick={() => (open.value = !open.value)}
        >
          <Icon name={isOpen ? 'chevron' : 'chat'} />
          {unread > 0 && (
            <span class="badge" aria-hidden="true">
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </button>
      )}
      {seen.built && (
        <div
          id={PANEL_ID}
          ref={panel}
          class="panel"
          role={inline ? 'region' : 'dialog'}
          aria-label={title}
          aria-modal={modal || undefined}
          hidden={!isOpen}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && !inline && !event.isComposing) close();
            if (modal) wrapTab(event, event.currentTarget);
          }}
        >
          <div class="head">
            <span class="av" aria-hidden="true">
              <Icon name="chat" />
            </span>
            <h2 class="title">{title}</h2>
            {iconButton('compose', strings.newConversation, () => store.reset())}
            {!inline && iconButton('close', strings.close, close)}
          </div>
          {error && (
            // What stops the chat, in words chosen by its kind, with Retry when trying again can help.
            <div class="banner" role="alert">
              <Icon name="alert" />
              <p>{errorText(error.kind, strings)}</p>
              {error.retryable && (
                <button type="button" class="link" onClick={() => store.start()}>
                  {strings.retry}
                </button>
              )}
            </div>
          )}
          {notice && (
            <div class="notice" role="status">
              <p>{notice === 'conversation-replaced' ? strings.noticeReplaced : strings.noticeReset}</p>
              {iconButton('close', strings.dismiss, () => store.dismissNotice())}
            </div>
          )}
          <MessageList store={store} strings={strings} showFunctionCalls={config.showFunctionCalls} open={isOpen} />
          <Composer store={store} strings={strings} inputRef={input} />
        </div>
      )}
      <div class="sr" role="status">
        {isOpen && announced ? fill(strings.unread, { n: announced }) : ''}
      </div>
    </div>
  );
}
