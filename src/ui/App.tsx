import { effect, type Signal } from '@preact/signals-core';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { WidgetConfig } from '../config';
import type { ConversationStore } from '../store/types';
import { Launcher } from './Launcher';
import { useValue } from './hooks';
import { Panel } from './Panel';
import { fill, resolveLocale, type Strings } from './strings';

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
  /** Language and direction of the UI (see resolveLocale); derived from `config.locale` when absent. */
  lang?: string;
  dir?: 'ltr' | 'rtl';
}

/**
 * The whole widget: the launcher and the panel (or only the panel, inline). It reads the store's
 * signals and calls its actions; it never starts the store (mount does that when the panel opens).
 * Replies that arrive while the panel is closed are counted on the launcher and announced once when
 * it opens. Focus goes to the composer on open and back to the launcher on close.
 */
export function ChatApp({ store, config, strings, open, inline = false, lang, dir }: ChatAppProps) {
  const launcher = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const focusInside = useRef(false);
  const [unread, setUnread] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const isOpen = useValue(open) || inline;
  // The panel is built the first time it opens (nothing of it costs time on page load), then kept.
  const built = useRef(false);
  if (isOpen) built.current = true;
  const title = config.title || strings.title;
  const locale = lang && dir ? { lang, dir } : resolveLocale(config.locale);

  // Count assistant messages that appear while closed. Counts, not ids: a store that rebuilds its list
  // (same length) must not make old replies look new; the first history load is not "new" either.
  const counted = useRef({ total: 0, replies: 0 });
  useEffect(
    () =>
      effect(() => {
        const messages = store.messages.value;
        const shown = inline || open.value;
        const replies = messages.filter((m) => m.role === 'assistant' && m.status === 'sent').length;
        const before = counted.current;
        if (!shown && before.total > 0 && replies > before.replies) setUnread((n) => n + replies - before.replies);
        counted.current = { total: messages.length, replies };
      }),
    [store, open, inline],
  );

  const wasOpen = useRef(isOpen);
  useLayoutEffect(() => {
    if (wasOpen.current === isOpen) return;
    wasOpen.current = isOpen;
    if (isOpen) {
      setAnnouncement(unread > 0 ? fill(strings.unread, { n: unread }) : '');
      setUnread(0);
      input.current?.focus();
    } else {
      setAnnouncement('');
      if (focusInside.current) launcher.current?.focus();
      focusInside.current = false;
    }
  }, [isOpen]);

  const close = () => {
    focusInside.current = true;
    open.value = false;
  };

  // Keys typed in the widget stay in the widget: outside the shadow root they look as if they came from the
  // host element, so a page's shortcuts (`/`, Space, Escape) could not tell that the visitor is typing.
  const keep = (event: Event) => event.stopPropagation();

  return (
    <div
      class={`acw${inline ? ' inline' : ''}${isOpen ? ' open' : ''}`}
      lang={locale.lang}
      dir={locale.dir}
      onKeyDown={keep}
      onKeyUp={keep}
      onKeyPress={keep}
    >
      {!inline && (
        <Launcher
          title={title}
          strings={strings}
          open={isOpen}
          controls={built.current ? PANEL_ID : undefined}
          unread={unread}
          onToggle={() => (open.value = !open.value)}
          buttonRef={launcher}
        />
      )}
      {built.current && (
        <Panel
          id={PANEL_ID}
          store={store}
          strings={strings}
          title={title}
          showFunctionCalls={config.showFunctionCalls}
          open={isOpen}
          inline={inline}
          onClose={close}
          inputRef={input}
          focusInside={focusInside}
        />
      )}
      <div class="sr" role="status">
        {announcement}
      </div>
    </div>
  );
}
