import type { Ref } from 'preact';
import { useRef } from 'preact/hooks';
import type { ConversationStore } from '../store/types';
import { Composer } from './Composer';
import { ErrorBanner } from './ErrorBanner';
import { Header } from './Header';
import { useValue } from './hooks';
import { useFullScreen, wrapTab } from './modal';
import { MessageList } from './MessageList';
import { Notice } from './Notice';
import type { Strings } from './strings';
import { useVisualViewport } from './viewport';

/** Props of {@link Panel}. */
export interface PanelProps {
  id: string;
  store: ConversationStore;
  strings: Strings;
  title: string;
  showFunctionCalls: boolean;
  open: boolean;
  inline: boolean;
  /** Closes the panel (floating mode only). */
  onClose: () => void;
  inputRef: Ref<HTMLTextAreaElement>;
  /** Kept true while focus is inside the panel, so closing knows whether to return focus to the launcher. */
  focusInside: { current: boolean };
}

/**
 * The chat panel: a labelled dialog (a region when inline) with the header, error banner, notice,
 * messages and composer. Escape closes it (unless an input method is composing). Where it covers the
 * whole screen (phones) it is modal: `aria-modal` and Tab wraps around inside it.
 */
export function Panel(props: PanelProps) {
  const { id, store, strings, title, open, inline, onClose, focusInside } = props;
  const panel = useRef<HTMLDivElement>(null);
  useVisualViewport(panel, open && !inline);
  // Full screen on a phone, the page behind is out of reach: the dialog is modal and keeps Tab inside.
  const modal = useFullScreen(open && !inline);
  const error = useValue(store.error);
  const notice = useValue(store.notice);

  return (
    <div
      id={id}
      ref={panel}
      class="panel"
      role={inline ? 'region' : 'dialog'}
      aria-label={title}
      aria-modal={modal || undefined}
      hidden={!open}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !inline && !event.isComposing) {
          event.stopPropagation();
          onClose();
        }
        if (modal && panel.current) wrapTab(event, panel.current);
      }}
      onFocusIn={() => (focusInside.current = true)}
      onFocusOut={(event) => {
        const next = event.relatedTarget as Node | null;
        if (!next || !panel.current?.contains(next)) focusInside.current = false;
      }}
    >
      <Header
        title={title}
        strings={strings}
        onNewConversation={() => {
          void store.reset().catch(() => undefined);
        }}
        onClose={inline ? undefined : onClose}
      />
      {error && <ErrorBanner error={error} strings={strings} onRetry={() => void store.start().catch(() => undefined)} />}
      {notice && <Notice notice={notice} strings={strings} onDismiss={() => store.dismissNotice()} />}
      <MessageList store={store} strings={strings} showFunctionCalls={props.showFunctionCalls} open={open} />
      <Composer store={store} strings={strings} inputRef={props.inputRef} />
    </div>
  );
}
