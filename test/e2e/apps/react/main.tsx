/**
 * A React app, built twice: with React 18 and with React 19 (the test's build aliases `react` and `react-dom`).
 * It uses the widget as the README tells React apps to: `<AssistantChat>` in StrictMode, its `open` controlled
 * by a checkbox, its events listed on the page; with `?via=element` (React 19 only), the `<assistant-chat>`
 * element instead, with its properties and `onchat-*` events. The API and the assistant come from the page's
 * URL (`?api=…&assistant=…`).
 */
import { StrictMode, useRef, useState, version } from 'react';
import { createRoot } from 'react-dom/client';
import { AssistantChat, type AssistantChatElement, type AssistantChatHandle } from 'assistant-chat-widget/react';

const params = new URLSearchParams(location.search);
const assistantId = params.get('assistant') ?? '';
const apiBase = params.get('api') ?? '';

function App() {
  const chat = useRef<AssistantChatHandle>(null);
  const element = useRef<AssistantChatElement>(null);
  const [theme, setTheme] = useState<'light' | 'dark'>('light');
  const [open, setOpen] = useState(false);
  const [renders, setRenders] = useState(0);
  const [events, setEvents] = useState<string[]>([]);
  const heard = (event: string) => setEvents((list) => [...list, event]);
  const otherTheme = theme === 'light' ? 'dark' : 'light';
  return (
    <main>
      <h1>Riverside Clinic</h1>
      <p aria-label="Built with">React {version}</p>
      <button type="button" onClick={() => setTheme(otherTheme)}>
        Switch to the {otherTheme} theme
      </button>
      <button type="button" onClick={() => setRenders((count) => count + 1)}>
        Render again
      </button>
      <p>
        Renders: <output aria-label="Renders">{renders}</output>
      </p>
      <label>
        <input type="checkbox" checked={open} onChange={(event) => setOpen(event.target.checked)} /> Chat open
      </label>
      <button type="button" onClick={() => (element.current ? element.current.show() : chat.current?.open())}>
        Ask us
      </button>
      <ul aria-label="Events">
        {events.map((event, index) => (
          <li key={index}>{event}</li>
        ))}
      </ul>
      {params.get('via') === 'element' ? (
        <assistant-chat
          ref={element}
          assistant-id={assistantId}
          api-base={apiBase}
          type="test"
          theme={theme}
          open={open}
          variables={{ name: 'Ada', clinic: 'Riverside Clinic' }}
          showFunctionCalls={false}
          strings={{ placeholder: 'Ask Riverside Clinic…' }}
          onchat-open={() => (setOpen(true), heard('open'))}
          onchat-close={() => (setOpen(false), heard('close'))}
          onchat-message={(event) => heard(`message ${event.detail.role}`)}
          onchat-conversation={() => heard('conversation')}
        />
      ) : (
        <AssistantChat
          ref={chat}
          assistantId={assistantId}
          apiBase={apiBase}
          type="test"
          theme={theme}
          open={open}
          variables={{ name: 'Ada', clinic: 'Riverside Clinic' }}
          showFunctionCalls={false}
          strings={{ placeholder: 'Ask Riverside Clinic…' }}
          onOpen={() => (setOpen(true), heard('open'))}
          onClose={() => (setOpen(false), heard('close'))}
          onMessage={(message) => heard(`message ${message.role}`)}
          onConversation={() => heard('conversation')}
        />
      )}
    </main>
  );
}

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
