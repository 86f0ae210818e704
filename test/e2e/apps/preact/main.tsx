/**
 * A Preact app, built twice: with Preact 10 and with Preact 11 (the test's build aliases `preact`). It uses
 * the package's main entry: the `ChatWidget` component for the floating chat, its events listed on the page,
 * and `mount()` for a second assistant's chat inline in a help section, shown on demand. The API and the
 * assistants come from the page's URL (`?api=…&assistant=…&helper=…`).
 */
import { render } from 'preact';
import { useRef, useState } from 'preact/hooks';
import preact from 'preact/package.json';
import { ChatWidget, mount } from 'assistant-chat-widget';

const params = new URLSearchParams(location.search);
const apiBase = params.get('api') ?? '';

function Help() {
  const target = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);
  const show = () => {
    setShown(true);
    mount(target.current!, { assistantId: params.get('helper') ?? '', apiBase, type: 'test', inline: true, title: 'Quiet helper' });
  };
  return (
    <section aria-label="Help">
      <button type="button" onClick={show} disabled={shown}>
        Show help
      </button>
      <div ref={target} style={{ height: '480px' }} />
    </section>
  );
}

function App() {
  const [theme, setTheme] = useState<'light' | 'dark'>('light');
  const [renders, setRenders] = useState(0);
  const [events, setEvents] = useState<string[]>([]);
  const heard = (event: string) => setEvents((list) => [...list, event]);
  const otherTheme = theme === 'light' ? 'dark' : 'light';
  return (
    <main>
      <h1>Riverside Clinic</h1>
      <p aria-label="Built with">Preact {preact.version}</p>
      <button type="button" onClick={() => setTheme(otherTheme)}>
        Switch to the {otherTheme} theme
      </button>
      <button type="button" onClick={() => setRenders((count) => count + 1)}>
        Render again
      </button>
      <p>
        Renders: <output aria-label="Renders">{renders}</output>
      </p>
      <ul aria-label="Events">
        {events.map((event, index) => (
          <li key={index}>{event}</li>
        ))}
      </ul>
      <ChatWidget
        assistantId={params.get('assistant') ?? ''}
        apiBase={apiBase}
        type="test"
        theme={theme}
        position="right-bottom"
        variables={{ name: 'Ada', clinic: 'Riverside Clinic' }}
        showFunctionCalls={false}
        strings={{ placeholder: 'Ask Riverside Clinic…' }}
        onOpen={() => heard('open')}
        onClose={() => heard('close')}
        onMessage={(message) => heard(`message ${message.role}`)}
        onConversation={() => heard('conversation')}
      />
      <Help />
    </main>
  );
}

render(<App />, document.getElementById('app')!);
