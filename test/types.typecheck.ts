/**
 * A type test, checked by `npm run typecheck` (never run): correct use compiles, and every line
 * under `// @ts-expect-error` is a misuse that must fail to compile (tsc reports an unused directive
 * if it ever compiles).
 */
import { h } from 'preact';
import {
  ChatWidget,
  mount,
  parseConfig,
  type AssistantChatApi,
  type ChatMessage,
  type MountOptions,
  type WidgetConfig,
  type WidgetHandle,
} from '../src/index';

declare const element: HTMLElement;
const id = '3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10';

// --- mount and its handle ---------------------------------------------------------------------
const handle: WidgetHandle = mount(element, {
  assistantId: id,
  theme: 'auto',
  position: 'top-left',
  storage: 'session',
  variables: { name: 'Ada', visits: 3, member: true },
  strings: { placeholder: 'Ask us anything…' },
  fetch: (input, init) => fetch(input, init),
  inline: true,
});
handle.open();
handle.send('hello');
const stop: () => void = handle.on('message', (message) => {
  const key: string = message.id;
  void key;
});
handle.on('conversation', ({ conversationId }) => void conversationId.toUpperCase());
handle.on('open', () => {});
const resetDone: Promise<void> = handle.reset();
void stop;
void resetDone;

// The platform's spellings of the corners are corners too.
mount(element, { assistantId: id, position: 'left-bottom' });
handle.update({ position: 'right-top', theme: 'dark' });

// @ts-expect-error the assistant id is required
mount(element, {});
// @ts-expect-error a selector is not an element
mount('#chat', { assistantId: id });
// @ts-expect-error themes are light, dark and auto
mount(element, { assistantId: id, theme: 'blue' });
// @ts-expect-error positions are corners
mount(element, { assistantId: id, position: 'center' });
// @ts-expect-error storage is local, session or memory
mount(element, { assistantId: id, storage: 'cookie' });
// @ts-expect-error the type is widget or test
mount(element, { assistantId: id, type: 'live' });
// @ts-expect-error variables are strings, numbers or booleans, not objects
mount(element, { assistantId: id, variables: { address: { city: 'Oslo' } } });
// @ts-expect-error only known strings can be overridden
mount(element, { assistantId: id, strings: { gretting: 'Hi' } });
// @ts-expect-error `open` is a boolean, not the attribute's string
mount(element, { assistantId: id, open: 'true' });
// @ts-expect-error there is no `click` event
handle.on('click', () => {});
// @ts-expect-error a message event carries a ChatMessage, not a string
handle.on('message', (message: string) => message);
// @ts-expect-error send takes the text
handle.send({ text: 'hi' });
// @ts-expect-error isOpen is read-only
handle.isOpen = true;

// --- the Preact component --------------------------------------------------------------------
h(ChatWidget, { assistantId: id, theme: 'dark', onMessage: (message: ChatMessage) => void message.parts });
h(ChatWidget, { assistantId: id, position: 'left-bottom', variables: { name: 'Ada' }, open: true });
// @ts-expect-error the component needs the assistant id
h(ChatWidget, { theme: 'dark' });
// @ts-expect-error onError receives a ChatError, not a string
h(ChatWidget, { assistantId: id, onError: (error: number) => error });

// --- the parser -------------------------------------------------------------------------------
const parsed = parseConfig({ assistantId: id }, { scriptSrc: 'https://cdn.example.com/widget.js' });
const config: WidgetConfig | null = parsed.config;
// @ts-expect-error the config may be null (no widget): check before use
const color: string = parsed.config.color;
// @ts-expect-error attribute values are strings
parseConfig({ open: true });
void config;
void color;

// --- window.AssistantChat ---------------------------------------------------------------------
declare const AssistantChat: AssistantChatApi;
AssistantChat('open');
AssistantChat('send', 'hello', id);
AssistantChat('on', 'message', (message, assistantId) => void [message.parts, assistantId.length]);
AssistantChat.open(id);
AssistantChat('mount', { assistantId: id, target: '#help' });
const options: MountOptions = { assistantId: id };
AssistantChat.mount(options);
// @ts-expect-error there is no such command
AssistantChat('opne');
// @ts-expect-error send needs the text
AssistantChat('send');
// @ts-expect-error setVariables takes an object
AssistantChat('setVariables', 'name=Ada');
// @ts-expect-error no such event
AssistantChat.on('hover', () => {});
