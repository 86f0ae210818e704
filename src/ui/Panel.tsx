import { useComputed, type ReadonlySignal } from '@preact/signals';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { WidgetConfig } from '../config/table';
import { PANEL_ID } from '../contract';
import type { ChatNotice } from '../model';
import type { Gate, GateStep } from '../store/gate';
import type { ConversationStore } from '../store/types';
import { Composer } from './Composer';
import { Guard } from './Guard';
import { Icon, type IconName } from './Icon';
import { MessageList } from './MessageList';
import { useFullScreen, wrapTab } from './modal';
import { StatusBanner } from './StatusBanner';
import type { Strings } from './strings';
import { useVisualViewport } from './viewport';
import { Avatar, Welcome } from './Welcome';

/** The file of the consent line and the pre-chat form (src/panel/gate.ts), once loaded, and the visitor's memory of them. */
export interface LoadedGate {
  ui: typeof import('../panel/gate');
  state: Gate;
}

/** What an owner may turn on in the panel's header: the larger view, the transcript, the reply sound's mute. */
export interface PanelExtras {
  /** The larger view (`data-size`): shown when `expandable`. */
  size?: { expandable: ReadonlySignal<boolean>; large: ReadonlySignal<boolean>; toggle: () => void };
  /** Saves the conversation as a file (`data-transcript`). */
  download?: () => void;
  /** The reply sound (`data-sound`), once its file has come: its mute button. */
  sound?: { muted: ReadonlySignal<boolean>; toggle: () => void } | null;
}

/** Props of {@link ChatPanel}. */
export interface ChatPanelProps {
  store: ConversationStore;
  config: WidgetConfig;
  strings: Strings;
  /** The panel's title (the site's, else the words of the visitor's language). */
  title: ReadonlySignal<string>;
  /** Whether the panel is open (the launcher owns it). */
  open: ReadonlySignal<boolean>;
  /** Only the panel, always shown, inside the page's element: no close button, not a dialog. */
  inline?: boolean;
  /** The visitor closed the panel (close button, Escape). */
  onClose: () => void;
  /** The visitor showed they mean to chat: focus in the composer (typing starts there). */
  onIntent?: () => void;
  /** What had focus on the page when the panel was asked to open (the site's own button, say): it gives focus up to the panel. */
  opener?: () => Element | null;
  /**
   * Said once to screen readers as the panel opens (the replies that arrived while it was closed), unless
   * the conversation is opening: that is said instead ("Connecting…", or that it is trying again).
   */
  announcement: ReadonlySignal<string>;
  /** Where the visitor stands before the chat (default `open`); `loading` while the file that asks them is on its way. */
  step?: GateStep | 'loading';
  /** Present once loaded, when the settings ask for a disclaimer, consent or a form. */
  gate?: LoadedGate | undefined;
  /** The header's buttons of what an owner turned on. */
  extras?: PanelExtras;
  /** Dictation in the composer (`data-voice="dictation"`, where the browser can listen): the visitor's language tag. */
  voice?: { lang: string } | undefined;
}

/** The words of each notice. */
const NOTICE_WORDS: Record<ChatNotice, keyof Strings> = {
  'conversation-replaced': 'noticeReplaced',
  'conversation-reset': 'noticeReset',
  'draft-trimmed': 'noticeDraftTrimmed',
};

/** A square button that shows an icon; its label is also its tooltip. */
function IconButton({ icon, label, onClick, class: className }: { icon: IconName; label: string; onClick: () => void; class?: string }) {
  return (
    <button type="button" class={className ? `icon-button ${className}` : 'icon-button'} aria-label={label} title={label} onClick={onClick}>
      <Icon name={icon} />
    </button>
  );
}

/**
 * The chat panel: a labelled dialog (a region when inline) with the header, the error banner, a notice,
 * the messages (or the welcome) and the composer. It reads the store's signals and calls its actions; it
 * never starts the store (the panel's entry does that when the panel opens and the visitor may chat).
 * Until then (`step`) the composer is locked, under the site's disclaimer with its Accept button, or with
 * the pre-chat form in the welcome. Focus goes to the first thing to do when it opens or the step changes:
 * the form, the Accept button, the composer. Escape closes it (unless an input method is composing). Its
 * one live region says, once each, that the conversation is opening and the replies that came while it was
 * closed. If the conversation cannot be rendered, the store is closed, so nothing is sent where the visitor
 * cannot see the outcome. Where the panel covers the whole screen (phones) it is modal: `aria-modal`, and
 * Tab wraps around inside it.
 */
export function ChatPanel({
  store,
  config,
  strings,
  title,
  open,
  inline = false,
  onClose,
  onIntent,
  opener,
  announcement,
  step = 'open',
  gate,
  extras = {},
  voice,
}: ChatPanelProps) {
  const panel = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const isOpen = open.value || inline;
  const notice = store.notice.value;
  const state = store.state.value;
  // The live region is drawn empty and given its words after: words it appears with are not read out.
  const [drawn, setDrawn] = useState(false);
  useEffect(() => setDrawn(true), []);
  // Full screen on a phone, the page behind is out of reach: the dialog is modal and keeps Tab inside.
  const modal = useFullScreen(isOpen && !inline);
  // Only a full-screen panel follows the visual viewport: elsewhere the mirror would cost a layout and a
  // style pass over every message at each open, for values no rule reads.
  useVisualViewport(panel, modal);

  // After the frame that shows the panel (focusing before it would lay the panel out an extra time), unless
  // it has closed since, or the visitor has put focus somewhere else on the page meanwhile: focus on the
  // page itself, in the widget, or still on what opened it (the site's own button or link) moves in. Not
  // from a field of the page, though (`:read-write`: a text field or anything content-editable): a page
  // that opens the chat while the visitor types (on a timer, say) must not take their keystrokes.
  useEffect(() => {
    const element = panel.current;
    if (!open.peek() || inline || !element) return;
    const focused = element.ownerDocument.activeElement;
    const first = element.querySelector<HTMLElement>('.prechat input, .disclaimer-accept, textarea');
    if (
      !focused ||
      focused === element.ownerDocument.body ||
      hostsOf(element).includes(focused) ||
      (focused === opener?.() && !focused.matches(':read-write'))
    ) {
      first?.focus({ preventScroll: true });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when the panel opens or the visitor's step changes, not on each render
  }, [isOpen, step]);

  const locked = step !== 'open';
  const { ui, state: visitor } = gate ?? {};
  // The starters stay under the greeting until the visitor has written.
  const started = useComputed(() => store.messages.value.some(({ role }) => role === 'user')).value;
  const starters = config.starters.length > 0 && (
    <div class="starters" role="group" aria-label={strings.starters}>
      {config.starters.map((text) => (
        <button type="button" disabled={locked} onClick={() => store.send(text)}>
          {text}
        </button>
      ))}
    </div>
  );

  return (
    <>
      <div
        id={PANEL_ID}
        ref={panel}
        class={extras.size?.large.value ? 'panel large' : 'panel'}
        role={inline ? 'region' : 'dialog'}
        aria-label={title}
        aria-modal={modal || undefined}
        hidden={!isOpen}
        onFocusIn={(event) => (event.target as Element).matches('textarea') && onIntent?.()}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && !inline && !event.isComposing) onClose();
          if (modal) wrapTab(event, event.currentTarget);
        }}
      >
        <div class="panel-header">
          <Avatar src={config.avatar} shown={isOpen} />
          <h2 class="panel-title">{title}</h2>
          {extras.size?.expandable.value && (
            <IconButton
              class="size-button"
              icon={extras.size.large.value ? 'shrink' : 'expand'}
              label={extras.size.large.value ? strings.shrink : strings.expand}
              onClick={extras.size.toggle}
            />
          )}
          {extras.download && <IconButton icon="download" label={strings.download} onClick={extras.download} />}
          {extras.sound && (
            <IconButton
              icon={extras.sound.muted.value ? 'muted' : 'sound'}
              label={extras.sound.muted.value ? strings.unmute : strings.mute}
              onClick={extras.sound.toggle}
            />
          )}
          {!locked && <IconButton icon="compose" label={strings.newConversation} onClick={() => void store.reset()} />}
          {!inline && <IconButton icon="close" label={strings.close} onClick={onClose} />}
        </div>
        <StatusBanner store={store} strings={strings} />
        {notice && (
          <div class="notice" role="status">
            <p>{strings[NOTICE_WORDS[notice]]}</p>
            <IconButton icon="close" label={strings.dismiss} onClick={() => store.dismissNotice()} />
          </div>
        )}
        {/* Should the conversation fail to render, the store closes: no message goes where its reply cannot
            be seen (the composer goes too, and sends from the page are refused), and the banner says so. */}
        <Guard fallback={null} onError={() => store.dispose()}>
          <MessageList store={store} strings={strings} showFunctionCalls={config.showFunctionCalls} open={isOpen} footer={!started && starters}>
            <Welcome title={title.value} subtitle={config.subtitle} avatar={config.avatar} shown={isOpen}>
              {step === 'prechat' && ui ? <ui.PrechatForm fields={config.prechat} strings={strings} onAnswer={visitor!.answer} /> : starters}
            </Welcome>
          </MessageList>
          {ui && (config.disclaimer || step === 'consent') && (
            <ui.Disclaimer
              text={config.disclaimer}
              asking={step === 'consent'}
              strings={strings}
              onAccept={() => visitor!.accept(config.disclaimer ?? '')}
            />
          )}
          <Composer
            store={store}
            strings={strings}
            inputRef={input}
            lock={locked ? (step === 'consent' ? strings.consentNeeded : strings.placeholder) : undefined}
            voice={voice}
          />
        </Guard>
      </div>
      <div class="visually-hidden" role="status">
        {isOpen && drawn ? (state.type === 'connecting' ? (state.trouble ? strings.retrying : strings.connecting) : announcement) : ''}
      </div>
    </>
  );
}

/** The shadow hosts around `node`, innermost first: the widget's own, and `<assistant-chat>` around it. */
function hostsOf(node: Node): Element[] {
  const hosts: Element[] = [];
  // (The document, at the top, has no host.)
  const hostOf = (inner: Node) => (inner.getRootNode() as Partial<ShadowRoot>).host;
  for (let host = hostOf(node); host; host = hostOf(host)) hosts.push(host);
  return hosts;
}
