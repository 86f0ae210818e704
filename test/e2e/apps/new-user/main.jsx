/**
 * A new user's first app: the package installed as the README says, with the newest Preact and signals the
 * registry has, and `ChatWidget` rendered. The API and the assistant come from the page's URL.
 */
import { render } from 'preact';
import preact from 'preact/package.json';
import { ChatWidget } from 'assistant-chat-widget';

const params = new URLSearchParams(location.search);

render(
  <main>
    <h1>Riverside Clinic</h1>
    <p aria-label="Built with">Preact {preact.version}</p>
    <ChatWidget
      assistantId={params.get('assistant')}
      apiBase={params.get('api')}
      type="test"
      variables={{ name: 'Ada', clinic: 'Riverside Clinic' }}
    />
  </main>,
  document.getElementById('app'),
);
