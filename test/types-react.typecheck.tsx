/**
 * @jsxImportSource react
 *
 * A type test of `<AssistantChat>` and of `<assistant-chat>` in React's JSX, checked (never run) by `npm run typecheck` against the
 * sources, and by test/package/types.test.ts against the packed package, where the one import below is all
 * that teaches React the element. Correct use compiles; every line under `// @ts-expect-error` is a misuse
 * that must fail to compile (tsc reports an unused directive if it ever compiles).
 */
import { useRef, useState } from 'react';
import { AssistantChat } from '../src/react';
import type { AssistantChatElement, AssistantChatHandle, AssistantChatProps } from '../src/react';

const id = '3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10';

export function Help() {
  const chat = useRef<AssistantChatElement>(null);
  const [theme, setTheme] = useState<'light' | 'dark'>('light');
  const [open, setOpen] = useState(false);
  return (
    <main>
      <button onClick={() => chat.current?.show()}>Chat</button>
      <button onClick={() => setTheme(theme === 'light' ? 'dark' : 'light')}>Theme</button>
      {/* The attributes, as in HTML: text. */}
      <assistant-chat assistant-id={id} api-base="https://api.example.com" theme={theme} position="left-bottom" show-function-calls="false" />
      {/* The properties, of their natural types, and the events. */}
      <assistant-chat
        ref={chat}
        assistantId={id}
        apiBase="https://api.example.com"
        type="test"
        variables={{ name: 'Ada', visits: 3, member: true }}
        showFunctionCalls={false}
        open={open}
        inline={false}
        storage="session"
        locale="de"
        title="Northwind Dental"
        color="#0f766e"
        strings={{ placeholder: 'Ask us…' }}
        options={{ fetch: (input, init) => fetch(input, init) }}
        className="chat"
        style={{ height: 480 }}
        onchat-open={() => setOpen(true)}
        onchat-close={() => setOpen(false)}
        onchat-message={(event) => console.log(event.detail.role, event.detail.parts)}
        onchat-conversation={(event) => console.log(event.detail.conversationId.toUpperCase())}
        onchat-error={(event) => console.log(event.detail.kind)}
      />
    </main>
  );
}

export function Support() {
  const chat = useRef<AssistantChatHandle>(null);
  const [open, setOpen] = useState(false);
  const [unread, setUnread] = useState(0);
  return (
    <>
      <button onClick={() => chat.current?.open()}>Chat ({unread})</button>
      <button onClick={() => void chat.current?.reset()}>New chat</button>
      <AssistantChat
        ref={chat}
        assistantId={id}
        apiBase="https://api.example.com"
        type="test"
        theme="auto"
        position="left-bottom"
        variables={{ name: 'Ada', visits: 3, member: true }}
        showFunctionCalls={false}
        strings={{ placeholder: 'Ask us…' }}
        fetch={(input, init) => fetch(input, init)}
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        onUnread={setUnread}
        onMessage={(message) => console.log(message.role, message.parts)}
        onConversation={({ conversationId }) => console.log(conversationId.toUpperCase())}
        onError={(error) => console.log(error.kind)}
        className="chat"
        style={{ height: 480 }}
      />
      <AssistantChat assistantId={id} inline defaultOpen />
    </>
  );
}

const props: AssistantChatProps = { assistantId: id, storage: 'memory' };
const handle = null as unknown as AssistantChatHandle;
handle.send('hello');
const isOpen: boolean = handle.isOpen;
void [props, isOpen];

export const componentMisuse = (
  <>
    {/* @ts-expect-error the assistant id is required */}
    <AssistantChat theme="dark" />
    {/* @ts-expect-error `open` is a boolean */}
    <AssistantChat assistantId={id} open="yes" />
    {/* @ts-expect-error themes are light, dark and auto */}
    <AssistantChat assistantId={id} theme="blue" />
    {/* @ts-expect-error variables are strings, numbers or booleans */}
    <AssistantChat assistantId={id} variables={{ address: { city: 'Oslo' } }} />
    {/* @ts-expect-error onMessage gets a ChatMessage */}
    <AssistantChat assistantId={id} onMessage={(message: string) => message.trim()} />
  </>
);

// @ts-expect-error the component mounts and destroys the widget itself: its ref has no destroy()
handle.destroy();

declare const element: AssistantChatElement;
element.show();
element.toggle();
element.close();
element.send('hello');
const reset: Promise<void> = element.reset();
element.addEventListener('chat-message', (event) => void event.detail.id);
document.querySelector('assistant-chat')?.show();
void reset;

export const misuse = (
  <>
    {/* @ts-expect-error an attribute takes text: from JSX, `showFunctionCalls={false}` turns the cards off */}
    <assistant-chat assistant-id={id} show-function-calls={false} />
    {/* @ts-expect-error themes are light, dark and auto */}
    <assistant-chat assistant-id={id} theme="blue" />
    {/* @ts-expect-error positions are corners */}
    <assistant-chat assistant-id={id} position="center" />
    {/* @ts-expect-error `open` is a boolean property */}
    <assistant-chat assistant-id={id} open="yes" />
    {/* @ts-expect-error variables are strings, numbers or booleans */}
    <assistant-chat assistant-id={id} variables={{ address: { city: 'Oslo' } }} />
    {/* @ts-expect-error a message event carries a ChatMessage */}
    <assistant-chat assistant-id={id} onchat-message={(event: CustomEvent<string>) => event.detail.trim()} />
    {/* @ts-expect-error there is no such setting */}
    <assistant-chat assistant-id={id} colour="#0f766e" />
  </>
);

// @ts-expect-error `open` is the panel's state, not a method: show() opens it
element.open();
