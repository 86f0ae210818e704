/**
 * A React 19 app that uses the widget as the README tells React apps to: one import registers
 * `<assistant-chat>`, and JSX sets its properties (`variables`, `showFunctionCalls`, `open`) and listens to
 * its events. The API and the assistant come from the page's URL (`?api=…&assistant=…`).
 */
import { useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import 'assistant-chat-widget/react';

const params = new URLSearchParams(location.search);

function App() {
  const chat = useRef(null);
  const [theme, setTheme] = useState('light');
  const [open, setOpen] = useState(false);
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
      <label>
        <input type="checkbox" checked={open} onChange={(event) => setOpen(event.target.checked)} /> Chat open
      </label>
      <button type="button" onClick={() => chat.current.show()}>
        Ask us
      </button>
      <assistant-chat
        ref={chat}
        assistant-id={params.get('assistant')}
        api-base={params.get('api')}
        type="test"
        theme={theme}
        open={open}
        variables={{ name: 'Ada', clinic: 'Riverside Clinic' }}
        showFunctionCalls={false}
        options={{ strings: { placeholder: 'Ask Riverside Clinic…' } }}
        onchat-open={() => setOpen(true)}
        onchat-close={() => setOpen(false)}
      />
    </main>
  );
}

createRoot(document.getElementById('app')).render(<App />);
