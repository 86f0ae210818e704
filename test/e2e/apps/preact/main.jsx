/**
 * A Preact app that uses the package's main entry: the `ChatWidget` component for the floating chat, and
 * `mount()` for a second assistant's chat inline in a help section, shown on demand. The API and the
 * assistants come from the page's URL (`?api=…&assistant=…&helper=…`).
 */
import { render } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { ChatWidget, mount } from 'assistant-chat-widget';

const params = new URLSearchParams(location.search);
const apiBase = params.get('api');

function Help() {
  const target = useRef(null);
  const [shown, setShown] = useState(false);
  const show = () => {
    setShown(true);
    mount(target.current, { assistantId: params.get('helper'), apiBase, type: 'test', inline: true, title: 'Quiet helper' });
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
  const [theme, setTheme] = useState('light');
  const [renders, setRenders] = useState(0);
  const otherTheme = theme === 'light' ? 'dark' : 'light';
  return (
    <main>
      <h1>Riverside Clinic</h1>
      <button type="button" onClick={() => setTheme(otherTheme)}>
        Switch to the {otherTheme} theme
      </button>
      <button type="button" onClick={() => setRenders((count) => count + 1)}>
        Render again
      </button>
      <p>
        Renders: <output aria-label="Renders">{renders}</output>
      </p>
      <ChatWidget
        assistantId={params.get('assistant')}
        apiBase={apiBase}
        type="test"
        theme={theme}
        position="right-bottom"
        variables={{ name: 'Ada', clinic: 'Riverside Clinic' }}
        strings={{ placeholder: 'Ask Riverside Clinic…' }}
      />
      <Help />
    </main>
  );
}

render(<App />, document.getElementById('app'));
