'use client';
/** The clinic's floating chat: `<AssistantChat>`, its `open` controlled by a checkbox, its events listed on the page. */
import { useState } from 'react';
import { AssistantChat } from 'assistant-chat-widget/react';

export function Chat({ assistantId, apiBase }: { assistantId: string; apiBase: string }) {
  const [theme, setTheme] = useState<'light' | 'dark'>('light');
  const [open, setOpen] = useState(false);
  const [renders, setRenders] = useState(0);
  const [events, setEvents] = useState<string[]>([]);
  const heard = (event: string) => setEvents((list) => [...list, event]);
  const otherTheme = theme === 'light' ? 'dark' : 'light';
  return (
    <>
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
      <ul aria-label="Events">
        {events.map((event, index) => (
          <li key={index}>{event}</li>
        ))}
      </ul>
      <AssistantChat
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
    </>
  );
}
