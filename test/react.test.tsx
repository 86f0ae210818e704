/**
 * @jsxImportSource react
 *
 * `<AssistantChat>` of `assistant-chat-widget/react` in React 19 (the repository's React; the React 18 app of
 * test/e2e/apps runs it in React 18), with react-dom in happy-dom: server markup and hydration, StrictMode,
 * controlled and uncontrolled `open`, props compared by content, the events and the ref.
 */
import { act, createRef, StrictMode, useState, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { waitFor, within } from '@testing-library/dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { AssistantChat, type AssistantChatHandle } from '../src/react';
import { messageText } from '../src/model';
import { createFakeConversationFetch, type FakeConversationFetch } from './helpers/fake-conversation-fetch';

const ID = '3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10';
const GREETING = 'Hello! How can I help?';

let api: FakeConversationFetch;
let container: HTMLElement;
let root: Root | undefined;
let errors: MockInstance<typeof console.error>;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

beforeEach(() => {
  api = createFakeConversationFetch({ greeting: GREETING });
  container = document.body.appendChild(document.createElement('div'));
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(async () => {
  await act(async () => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
});

/** Renders `element` into a new root (or again into the current one). */
async function show(element: ReactNode): Promise<void> {
  root ??= createRoot(container);
  await act(async () => root!.render(element));
}

/** The widget's shadow root, as a visitor's queries see it. */
function widget() {
  const host = container.querySelector('assistant-chat-root');
  if (!host) throw new Error('no widget is mounted');
  return { host, ui: within(host.shadowRoot as unknown as HTMLElement) };
}

/** Lets every pending promise and timer callback run, to show that something did NOT happen. */
async function settle() {
  for (let i = 0; i < 5; i++) await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

const paths = () => api.requests.map((r) => `${r.method} ${new URL(r.url, 'http://page.test').pathname}`);

describe('<AssistantChat> on the server and in hydration', () => {
  it('renders one empty wrapper on the server and mounts the widget after hydration, without a mismatch', async () => {
    const app = <AssistantChat assistantId={ID} fetch={api.fetch} type="test" className="chat" variables={{ name: 'Ada' }} />;
    const html = renderToString(app);
    expect(html).toBe('<div class="chat" data-assistant-chat-widget=""></div>');

    container.innerHTML = html;
    const recoverable: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(container, app, { onRecoverableError: (error) => recoverable.push(error) });
    });
    expect(recoverable).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    expect(widget().ui.getByRole('button', { name: 'Chat with us' })).toBeTruthy();
    await settle();
    expect(api.requests).toEqual([]);
  });
});

describe('<AssistantChat> under StrictMode', () => {
  it('creates one conversation and sends a message once, though React mounts its effects twice', async () => {
    const ref = createRef<AssistantChatHandle>();
    await show(
      <StrictMode>
        <AssistantChat ref={ref} assistantId={ID} fetch={api.fetch} type="test" defaultOpen />
      </StrictMode>,
    );
    expect(container.querySelectorAll('assistant-chat-root')).toHaveLength(1);
    expect(await widget().ui.findByText(GREETING)).toBeTruthy();
    await act(async () => ref.current!.send('Do you open on Saturdays?'));
    expect(await widget().ui.findByText('You said: Do you open on Saturdays?')).toBeTruthy();
    await settle();
    expect(paths()).toEqual(['POST /api/conversations', 'POST /api/conversations/00000000-0000-4000-8000-000000000001/messages']);
  });
});

describe('<AssistantChat> open', () => {
  it('starts open with defaultOpen and leaves the panel to the visitor after that', async () => {
    const opened: boolean[] = [];
    const app = (theme: 'light' | 'dark') => (
      <AssistantChat
        assistantId={ID}
        fetch={api.fetch}
        defaultOpen
        theme={theme}
        onOpen={() => opened.push(true)}
        onClose={() => opened.push(false)}
      />
    );
    await show(app('light'));
    const { ui } = widget();
    expect(await ui.findByText(GREETING)).toBeTruthy();
    await act(async () => ui.getByRole('button', { name: 'Close chat' }).click());
    await show(app('dark'));
    expect(opened).toEqual([false]);
    expect(ui.getByRole('button', { name: 'Chat with us' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('follows a controlled open, and tells the parent when the visitor opens and closes the panel', async () => {
    function App() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <output aria-label="Open">{String(open)}</output>
          <button type="button" onClick={() => setOpen(!open)}>
            Toggle from the page
          </button>
          <AssistantChat assistantId={ID} fetch={api.fetch} open={open} onOpen={() => setOpen(true)} onClose={() => setOpen(false)} />
        </>
      );
    }
    await show(<App />);
    const { ui } = widget();
    const page = within(container);
    const launcher = ui.getByRole('button', { name: 'Chat with us' });

    await act(async () => launcher.click());
    expect(page.getByLabelText('Open').textContent).toBe('true');
    expect(await ui.findByText(GREETING)).toBeTruthy();
    expect(launcher.getAttribute('aria-expanded')).toBe('true');

    await act(async () => page.getByRole('button', { name: 'Toggle from the page' }).click());
    expect(launcher.getAttribute('aria-expanded')).toBe('false');
    expect(page.getByLabelText('Open').textContent).toBe('false');
  });

  it('keeps a controlled panel closed when the parent does not take the visitor’s open into its state', async () => {
    const told: string[] = [];
    await show(<AssistantChat assistantId={ID} fetch={api.fetch} open={false} onOpen={() => told.push('open')} onClose={() => told.push('close')} />);
    const launcher = widget().ui.getByRole('button', { name: 'Chat with us' });
    await act(async () => launcher.click());
    expect(told).toEqual(['open', 'close']);
    expect(launcher.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('<AssistantChat> props', () => {
  it('asks nothing and mounts nothing anew when the parent renders again with equal props, new objects and functions included', async () => {
    const app = (count: number) => (
      <AssistantChat
        assistantId={ID}
        type="test"
        open
        fetch={(input, init) => api.fetch(input, init)}
        variables={{ name: 'Ada', visits: 3 }}
        strings={{ placeholder: 'Ask us…' }}
        onMessage={() => count}
      />
    );
    await show(app(0));
    const { host, ui } = widget();
    expect(await ui.findByText(GREETING)).toBeTruthy();
    const asked = api.requests.length;
    for (let count = 1; count <= 30; count++) await show(app(count));
    await settle();
    expect(api.requests).toHaveLength(asked);
    expect(widget().host).toBe(host);
    expect(ui.getByPlaceholderText('Ask us…')).toBeTruthy();
  });

  it('changes theme, corner and words in place: the open panel stays open with its conversation, nothing is asked', async () => {
    const props = { assistantId: ID, fetch: api.fetch, type: 'test', open: true } as const;
    await show(<AssistantChat {...props} />);
    const { host, ui } = widget();
    expect(await ui.findByText(GREETING)).toBeTruthy();
    const asked = api.requests.length;

    await show(<AssistantChat {...props} theme="dark" position="left-bottom" title="Northwind Dental" strings={{ placeholder: 'Ask us…' }} />);
    expect(await ui.findByRole('dialog', { name: 'Northwind Dental' })).toBeTruthy();
    expect(widget().host).toBe(host);
    expect(host.getAttribute('data-theme')).toBe('dark');
    expect(ui.getByPlaceholderText('Ask us…')).toBeTruthy();
    expect(ui.getByText(GREETING)).toBeTruthy();
    await settle();
    expect(api.requests).toHaveLength(asked);
  });

  it('starts a new conversation for another assistant, and mounts anew only when inline changes', async () => {
    const other = '7b2e9d41-3c6a-4f88-a1d5-2e9c8b7f6a01';
    await show(<AssistantChat assistantId={ID} fetch={api.fetch} open />);
    await waitFor(() => expect(api.requests).toHaveLength(1));
    const host = widget().host;
    await show(<AssistantChat assistantId={other} fetch={api.fetch} open />);
    await waitFor(() => expect(api.requests).toHaveLength(2));
    expect(api.requests[1]!.body).toMatchObject({ assistant_id: other });
    expect(widget().host).toBe(host);

    await show(<AssistantChat assistantId={other} fetch={api.fetch} inline />);
    expect(container.querySelectorAll('assistant-chat-root')).toHaveLength(1);
    expect(widget().host).not.toBe(host);
    expect(widget().host.hasAttribute('data-inline')).toBe(true);
  });

  it('renders an empty wrapper and one console message for a bad assistant id, and mounts once the id is good', async () => {
    await show(<AssistantChat assistantId="nope" fetch={api.fetch} />);
    expect(container.querySelector('[data-assistant-chat-widget]')?.childNodes).toHaveLength(0);
    expect(errors).toHaveBeenCalledTimes(1);
    await show(<AssistantChat assistantId={ID} fetch={api.fetch} />);
    expect(widget().ui.getByRole('button', { name: 'Chat with us' })).toBeTruthy();
  });
});

describe('<AssistantChat> events and ref', () => {
  it('tells the latest callbacks of the conversation, the messages and the unread replies', async () => {
    const seen: string[] = [];
    const ref = createRef<AssistantChatHandle>();
    const app = (tag: string) => (
      <AssistantChat
        ref={ref}
        assistantId={ID}
        fetch={api.fetch}
        onConversation={({ conversationId }) => seen.push(`${tag} conversation ${conversationId}`)}
        onMessage={(message) => seen.push(`${tag} ${message.role}: ${messageText(message)}`)}
        onUnread={(count) => seen.push(`${tag} unread ${count}`)}
      />
    );
    await show(app('first'));
    await show(app('latest'));
    await act(async () => ref.current!.send('hello'));
    await waitFor(() => expect(seen).toContain('latest unread 1'));
    expect(seen).toContain('latest conversation 00000000-0000-4000-8000-000000000001');
    expect(seen).toContain('latest assistant: You said: hello');
    expect(seen.filter((line) => line.startsWith('first'))).toEqual([]);
    expect(ref.current!.isOpen).toBe(false);
  });

  it('reports what the visitor sees go wrong through onError', async () => {
    const kinds: string[] = [];
    const down = async () =>
      new Response('{"status":false,"error":"Assistant not found"}', { status: 404, headers: { 'Content-Type': 'application/json' } });
    await show(<AssistantChat assistantId={ID} fetch={down} defaultOpen onError={(error) => kinds.push(error.kind)} />);
    await waitFor(() => expect(kinds).toEqual(['not_found']));
  });

  it('opens, toggles and closes from the ref, and its methods say in the console when nothing is mounted', async () => {
    const ref = createRef<AssistantChatHandle>();
    await show(<AssistantChat ref={ref} assistantId={ID} fetch={api.fetch} />);
    await act(async () => ref.current!.open());
    expect(ref.current!.isOpen).toBe(true);
    expect(await widget().ui.findByText(GREETING)).toBeTruthy();
    await act(async () => ref.current!.toggle());
    expect(ref.current!.isOpen).toBe(false);

    const handle = ref.current!;
    await act(async () => root!.unmount());
    root = undefined;
    handle.open();
    expect(console.warn).toHaveBeenCalledWith('AssistantChat: open: the chat is not mounted (yet): its effect mounts it after the first render.');
    expect(container.querySelector('assistant-chat-root')).toBeNull();
  });
});
