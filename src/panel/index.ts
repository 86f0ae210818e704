/**
 * The chat panel, loaded when the visitor reaches for the launcher: the composition root of everything the boot
 * does not need. It reads the settings the boot hands over (./reading.ts), asks the visitor what the settings
 * ask first (./visitor-gate.ts), keeps the conversation store (./conversation.ts), counts the replies that
 * arrive while it is closed (./unread.ts), and renders the UI beside the launcher.
 */
import { batch, computed, effect, signal, untracked } from '@preact/signals';
import { h, render } from 'preact';
import { resolveLanguage } from '../boot/language';
import { adoptStyles } from '../boot/styles';
import type { Panel, PanelHost } from '../contract';
import { log } from '../log';
import type { StoreEvent } from '../store/types';
import { ChunksContext, createChunks } from '../ui/chunks';
import { canListen } from '../ui/Composer';
import { ChatPanel } from '../ui/Panel';
import panelCss from '../ui/panel.css?inline';
import { fill } from '../ui/strings';
import { browserStore, createConversation, type StoreFactory } from './conversation';
import { createReading } from './reading';
import { createUnread } from './unread';
import { createSize } from './size';
import { createSoundHook } from './sound';
import { createVisitorGate } from './visitor-gate';

export type { Panel, PanelHost, PanelModule } from '../contract';
export type { StoreFactory } from './conversation';

/** Builds the panel for the boot's widget (see PanelHost); makes no request until it opens, is prepared, or sends. */
export function createPanel(host: PanelHost, makeStore: StoreFactory = browserStore): Panel {
  const { container, root } = host;
  const reading = createReading(host);
  const { config, strings } = reading;
  const inline = config.peek().inline;
  const addStyles = (css: string) => adoptStyles(root, css, config.peek().nonce);
  // The stylesheets, taken off last: the panel's, and those of the markdown renderer and the function-call
  // cards, which come when a message needs them.
  const styles = [addStyles(panelCss)];
  const chunks = createChunks((css) => styles.push(addStyles(css)));
  const gate = createVisitorGate(config, addStyles);

  const open = signal(host.open.value);
  const stopOpen = host.open.subscribe((value) => (open.value = value));
  const unread = createUnread(host, open, strings);
  const size = createSize(config, inline);
  const sound = createSoundHook(config, root.ownerDocument, open);

  /** The conversation as a transcript (its file loads the first time it is asked for). */
  async function transcript(): Promise<string> {
    const { transcriptText } = await import('../ui/transcript');
    const words = strings.peek();
    const saved = fill(words.transcriptSaved, { date: dateOf(new Date(), resolveLanguage(config.peek().locale).lang) });
    return transcriptText({ messages: store().messages.peek(), title: reading.title.peek(), strings: words, saved });
  }
  /** Saves the transcript as a file, where the visitor's browser puts downloads. */
  const download = () =>
    void transcript().then(async (text) => {
      const { saveFile, transcriptFileName } = await import('../ui/transcript');
      saveFile(root.ownerDocument, transcriptFileName(new Date()), text);
    });
  // Inline, the panel is always shown: the conversation starts at the visitor's first sign of intent (focus in
  // the composer, typing, a starter), as the floating widget's does when it opens.
  const engaged = signal(!inline);
  // The variables of the next conversation: the site's, who the visitor is, and their answers to the pre-chat form.
  const variables = computed(() => ({ ...config.value.variables, ...config.value.visitor, ...gate.loaded.value?.state.answers.value }));

  /**
   * Forwards a store's events to the page, counting the replies that arrive while the panel is closed; a
   * message from the visitor means a reply is coming, which will likely want the markdown renderer.
   */
  const forward = (_store: unknown, event: StoreEvent) => {
    if (event.type === 'message') {
      host.events.emit('message', event.message);
      if (event.message.role === 'user') chunks.richText.load();
      if (event.message.role === 'assistant') {
        unread.replied();
        sound.replied();
      }
    } else if (event.type === 'error') host.events.emit('error', event.error);
    else host.events.emit('conversation', { conversationId: event.conversationId });
  };
  const conversation = createConversation(config, host, makeStore, forward, () => {
    if (go.peek()) begin();
  });
  const store = () => conversation.store.peek();

  // While a conversation is being read, fetch the markdown renderer its replies will likely want, so it comes
  // with the history instead of after it.
  const stops: (() => void)[] = [
    effect(() => {
      const current = conversation.store.value;
      // (At each change of state only: the id a new conversation gets while it is created is not a read.)
      if (current.state.value.type === 'connecting' && untracked(() => current.hasConversation())) chunks.richText.load();
    }),
    effect(() => store().setVariables(variables.value)),
  ];

  /** Whether the visitor may chat: anything else waits for their consent and answers. */
  const admitted = () => gate.step.peek() === 'open';
  const go = computed(() => open.value && engaged.value && gate.step.value === 'open');

  /** Opens the conversation, with the variables as they are now. */
  function begin() {
    store().setVariables(variables.peek());
    // The store settles its own failures (as its state), so its promise never rejects.
    void store().start();
  }
  // (A subscription: what start() reads must not make it run again.)
  stops.push(go.subscribe((start) => start && begin()));
  // Inline: a stored conversation shows at once (a read, never a create).
  if (inline) stops.push(gate.step.subscribe((step) => step === 'open' && void store().prepare()));

  stops.push(
    effect(() => {
      // Until the visitor's words have come: nothing new (the first time, nothing at all).
      if (reading.waiting.value) return;
      const loaded = gate.loaded.value;
      render(
        h(
          ChunksContext.Provider,
          { value: chunks },
          h(ChatPanel, {
            key: conversation.generation.value,
            store: conversation.store.value,
            config: config.value,
            strings: strings.value,
            title: reading.title,
            open,
            inline,
            onClose: host.close,
            onIntent: () => (engaged.value = true),
            opener: host.opener,
            announcement: unread.announcement,
            step: gate.step.value,
            gate: loaded,
            extras: { size, sound: sound.sound.value, ...(config.value.transcript && { download }) },
            voice:
              config.value.voice === 'dictation' && canListen(root.ownerDocument) ? { lang: resolveLanguage(config.value.locale).lang } : undefined,
          }),
        ),
        container,
      );
      host.drawn();
    }),
  );

  return {
    prepare() {
      // A stored conversation is read now, so the click opens onto it (the store never creates here).
      if (admitted()) void store().prepare();
    },
    send(text) {
      const rejection =
        typeof text !== 'string'
          ? 'not a string'
          : admitted()
            ? store().send(text)
            : 'the visitor has not accepted the notice or answered the form yet';
      if (rejection) log('warn', `send: not sent (${rejection}).`);
    },
    reset: () => (admitted() ? store().reset() : Promise.resolve()),
    transcript,
    logout(signedOut) {
      // Closed: whoever comes next starts a conversation when they open the chat, not before.
      host.close();
      batch(() => {
        // What the visitor settled is read again, from storage now empty of it.
        gate.reload();
        conversation.signOut(config.peek(), signedOut);
      });
      return Promise.resolve();
    },
    destroy() {
      for (const stop of stops) stop();
      stopOpen();
      unread.dispose();
      sound.dispose();
      conversation.dispose();
      gate.dispose();
      reading.dispose();
      render(null, container);
      for (const stop of styles) stop();
    },
  };
}

/** `date` in the words of `lang` (`28 November 2026 at 18:30`); the ISO form where the browser has no such words. */
function dateOf(date: Date, lang: string): string {
  try {
    return date.toLocaleString(lang, { dateStyle: 'long', timeStyle: 'short' });
  } catch {
    return date.toISOString();
  }
}
