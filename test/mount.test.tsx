import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { cleanup, render, waitFor, within } from '@testing-library/preact';
import { mount, type WidgetHandle } from '../src/mount';
import { ChatWidget } from '../src/widget';
import { messageText } from '../src/model';
import { createFakeConversationFetch, type FakeConversationFetch } from './helpers/fake-conversation-fetch';

const ID = '3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10';

let api: FakeConversationFetch;
let handles: WidgetHandle[];
let warnings: MockInstance<typeof console.warn>;
let errors: MockInstance<typeof console.error>;

beforeEach(() => {
  api = createFakeConversationFetch({ greeting: 'Hello! How can I help?' });
  handles = [];
  warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  for (const handle of handles) handle.destroy();
  cleanup();
  document.body.innerHTML = '';
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
});

function mountWidget(options: Partial<Parameters<typeof mount>[1]> = {}, target: Element = document.body) {
  const handle = mount(target, { assistantId: ID, fetch: api.fetch, type: 'test', ...options });
  handles.push(handle);
  const host = target.querySelector('assistant-chat-root')!;
  return { handle, host, ui: within(host.shadowRoot as unknown as HTMLElement) };
}

/** Lets every pending promise and timer callback run, to show that something did NOT happen. */
async function settle() {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

const paths = () => api.requests.map((r) => `${r.method} ${new URL(r.url, 'http://page.test').pathname}`);

describe('mount', () => {
  it('renders a launcher in an open shadow root and makes no request until the visitor opens it', async () => {
    const { host, ui } = mountWidget();
    expect(host.parentElement).toBe(document.body);
    expect(host.shadowRoot?.mode).toBe('open');
    const launcher = ui.getByRole('button', { name: 'Chat with us' });
    expect(launcher.getAttribute('aria-expanded')).toBe('false');

    await settle();
    expect(api.requests).toEqual([]);

    launcher.click();
    expect(await ui.findByText('Hello! How can I help?')).toBeTruthy();
    expect(paths()).toEqual(['POST /api/conversations']);
    expect(ui.getByRole('dialog', { name: 'Chat with us' })).toBeTruthy();
  });

  it('opens, closes and toggles from the handle, telling listeners each time', async () => {
    const { handle, ui } = mountWidget();
    const events: string[] = [];
    handle.on('open', () => events.push('open'));
    handle.on('close', () => events.push('close'));
    handle.open();
    expect(handle.isOpen).toBe(true);
    await waitFor(() => expect(ui.getByRole('button', { name: 'Chat with us' }).getAttribute('aria-expanded')).toBe('true'));
    handle.close();
    handle.toggle();
    handle.toggle();
    expect(events).toEqual(['open', 'close', 'open', 'close']);
    expect(handle.isOpen).toBe(false);
  });

  it('sends a message from the handle without opening the panel, and reports messages and the conversation', async () => {
    const { handle } = mountWidget();
    const seen: string[] = [];
    handle.on('conversation', ({ conversationId }) => seen.push(`conversation ${conversationId}`));
    handle.on('message', (message) => seen.push(`${message.role}: ${messageText(message)}`));
    handle.send('Do you open on Saturdays?');
    await waitFor(() => expect(seen).toContain('assistant: You said: Do you open on Saturdays?'));
    expect(seen).toContain('conversation 00000000-0000-4000-8000-000000000001');
    expect(handle.isOpen).toBe(false);
    expect(paths()).toEqual(['POST /api/conversations', 'POST /api/conversations/00000000-0000-4000-8000-000000000001/messages']);
    expect(api.requests[1]!.body).toEqual({ message: 'Do you open on Saturdays?' });
  });

  it('sends new variables with the next conversation after reset()', async () => {
    const { handle } = mountWidget({ variables: { name: 'Ada' } });
    handle.open();
    await waitFor(() => expect(api.requests).toHaveLength(1));
    expect(api.requests[0]!.body).toMatchObject({ assistant_id: ID, type: 'test', variables: { name: 'Ada' } });
    handle.setVariables({ name: 'Grace', plan: 'pro', visits: 2 });
    await handle.reset();
    await waitFor(() => expect(api.requests).toHaveLength(2));
    expect(api.requests[1]!.body).toMatchObject({ variables: { name: 'Grace', plan: 'pro', visits: 2 } });
  });

  it('destroy() removes every node it added and stops all activity', async () => {
    const before = document.body.innerHTML;
    const headBefore = document.head.innerHTML;
    const { handle } = mountWidget();
    const events: string[] = [];
    handle.on('open', () => events.push('open'));
    handle.open();
    await waitFor(() => expect(api.requests).toHaveLength(1));
    handle.destroy();
    handle.destroy();
    expect(document.body.innerHTML).toBe(before);
    expect(document.head.innerHTML).toBe(headBefore);
    handle.open();
    handle.send('anyone there?');
    await settle();
    expect(events).toEqual(['open']);
    expect(api.requests).toHaveLength(1);
  });

  it('keeps working when a listener throws, and says so in the console', async () => {
    const { handle } = mountWidget();
    const seen: string[] = [];
    handle.on('open', () => {
      throw new Error('bug in the host page');
    });
    handle.on('open', () => seen.push('still told'));
    expect(() => handle.open()).not.toThrow();
    expect(seen).toEqual(['still told']);
    expect(handle.isOpen).toBe(true);
    expect(errors).toHaveBeenCalledWith('AssistantChat: a "open" listener threw.', expect.any(Error));
  });

  it('stops calling a listener once it unsubscribes', () => {
    const { handle } = mountWidget();
    const seen: string[] = [];
    const off = handle.on('open', () => seen.push('open'));
    handle.open();
    off();
    handle.close();
    handle.open();
    expect(seen).toEqual(['open']);
  });

  it('renders only the panel inside the target in inline mode, and starts the conversation when the visitor goes to the composer', async () => {
    const help = document.createElement('div');
    document.body.appendChild(help);
    const { host, ui, handle } = mountWidget({ inline: true }, help);
    expect(host.parentElement).toBe(help);
    expect(await ui.findByRole('region', { name: 'Chat with us' })).toBeTruthy();
    expect(ui.queryByRole('button', { name: 'Chat with us' })).toBeNull();
    expect(handle.isOpen).toBe(true);
    // A page view: the welcome, and nothing created (creating is billed).
    expect(ui.getByText('Chat with us', { selector: '.welcome-title' })).toBeTruthy();
    await settle();
    expect(api.requests).toEqual([]);
    ui.getByRole('textbox', { name: 'Your message' }).focus();
    expect(await ui.findByText('Hello! How can I help?')).toBeTruthy();
    expect(api.requests.map((request) => request.method)).toEqual(['POST']);
  });

  it('starts open, with the given title and strings', async () => {
    const { ui } = mountWidget({ open: true, title: 'Northwind Dental', strings: { placeholder: 'Ask about appointments…' } });
    expect(await ui.findByRole('dialog', { name: 'Northwind Dental' })).toBeTruthy();
    expect(ui.getByPlaceholderText('Ask about appointments…')).toBeTruthy();
    await waitFor(() => expect(api.requests).toHaveLength(1));
  });

  it('keeps nothing in the browser storage with storage "memory"', async () => {
    const { handle } = mountWidget({ storage: 'memory' });
    handle.send('hello');
    await waitFor(() => expect(api.requests).toHaveLength(2));
    await settle();
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });

  it('remembers the conversation in localStorage by default', async () => {
    const first = mountWidget();
    first.handle.open();
    await waitFor(() => expect(api.requests).toHaveLength(1));
    await settle();
    first.handle.destroy();
    const second = mountWidget();
    second.handle.open();
    await waitFor(() => expect(api.requests).toHaveLength(2));
    expect(paths()[1]).toBe('GET /api/conversations/00000000-0000-4000-8000-000000000001');
  });

  it('throws a clear error without a valid assistant id, and warns once about other bad options when the panel loads', async () => {
    expect(() => mount(document.body, { assistantId: 'northwind' })).toThrow(
      'AssistantChat: assistantId "northwind" is not a UUID like xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx.',
    );
    expect(document.body.children).toHaveLength(0);
    const { ui } = mountWidget({ theme: 'neon' as never, color: 'teal', type: 'live' as never });
    // The launcher uses the defaults at once, and says nothing yet: the words are the panel's.
    expect(warnings).not.toHaveBeenCalled();
    ui.getByRole('button', { name: 'Chat with us' }).focus();
    await waitFor(() => expect(warnings).toHaveBeenCalledTimes(1));
    expect(warnings.mock.calls[0]![0]).toBe(
      'AssistantChat: theme "neon" is not one of light, dark, auto; using light. color "teal" is not a hex colour like #4f46e5; using #4f46e5. ' +
        'type "live" is not one of widget, test; using widget.',
    );
  });

  it('changes look and words in place with update(): the open panel stays open, the conversation is kept, nothing is asked', async () => {
    const { handle, host, ui } = mountWidget({ open: true });
    expect(await ui.findByText('Hello! How can I help?')).toBeTruthy();
    const events: string[] = [];
    for (const event of ['open', 'close', 'conversation'] as const) handle.on(event, () => events.push(event));
    const asked = api.requests.length;

    handle.update({ theme: 'dark', color: '#0f766e', position: 'top-left', title: 'Northwind Dental', locale: 'de', showFunctionCalls: false });
    expect(await ui.findByRole('dialog', { name: 'Northwind Dental' })).toBeTruthy();
    expect(host.getAttribute('data-theme')).toBe('dark');
    expect(host.shadowRoot!.querySelector('.widget')!.className).toBe('widget top left');
    expect(host.shadowRoot!.querySelector('.widget')!.getAttribute('lang')).toBe('de');
    expect(await ui.findByRole('textbox', { name: 'Ihre Nachricht' })).toBeTruthy();
    expect(ui.getByText('Hello! How can I help?')).toBeTruthy();
    expect(handle.isOpen).toBe(true);
    await settle();
    expect(api.requests).toHaveLength(asked);
    expect(events).toEqual([]);
  });

  it('starts over with update() for another assistant, keeping the panel open', async () => {
    const other = '7b2e9d41-3c6a-4f88-a1d5-2e9c8b7f6a01';
    const { handle, ui } = mountWidget({ open: true });
    await ui.findByText('Hello! How can I help?');
    handle.update({ assistantId: other });
    await waitFor(() => expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(2));
    expect(api.requests[1]!.body).toMatchObject({ assistant_id: other });
    expect(handle.isOpen).toBe(true);
    expect(await ui.findByRole('dialog')).toBeTruthy();
  });

  it('mounts two assistants side by side without sharing state', async () => {
    const other = '7b2e9d41-3c6a-4f88-a1d5-2e9c8b7f6a01';
    const a = mountWidget();
    const b = mountWidget({ assistantId: other, position: 'bottom-left' });
    b.handle.open();
    await waitFor(() => expect(api.requests).toHaveLength(1));
    expect(api.requests[0]!.body).toMatchObject({ assistant_id: other });
    expect(a.handle.isOpen).toBe(false);
    expect(document.querySelectorAll('assistant-chat-root')).toHaveLength(2);
  });
});

describe('<ChatWidget>', () => {
  it('mounts the widget into its own element and removes it when unmounted', async () => {
    const conversations: string[] = [];
    const view = render(
      <ChatWidget assistantId={ID} fetch={api.fetch} type="test" inline onConversation={(c) => conversations.push(c.conversationId)} />,
    );
    const host = view.container.querySelector('assistant-chat-root')!;
    const ui = within(host.shadowRoot as unknown as HTMLElement);
    expect(await ui.findByRole('region', { name: 'Chat with us' })).toBeTruthy();
    ui.getByRole('textbox', { name: 'Your message' }).focus();
    expect(await ui.findByText('Hello! How can I help?')).toBeTruthy();
    expect(conversations).toEqual(['00000000-0000-4000-8000-000000000001']);
    view.unmount();
    expect(document.querySelector('assistant-chat-root')).toBeNull();
  });

  it('updates variables and open in place, and takes new callbacks without a remount', async () => {
    const ready: WidgetHandle[] = [];
    const view = render(
      <ChatWidget assistantId={ID} fetch={api.fetch} variables={{ name: 'Ada' }} onReady={(h) => ready.push(h)} onOpen={() => {}} />,
    );
    const firstHost = document.querySelector('assistant-chat-root');
    view.rerender(
      <ChatWidget assistantId={ID} fetch={api.fetch} variables={{ name: 'Grace' }} open onReady={(h) => ready.push(h)} onOpen={() => {}} />,
    );
    expect(document.querySelector('assistant-chat-root')).toBe(firstHost);
    expect(ready).toHaveLength(1);
    expect(ready[0]!.isOpen).toBe(true);
    await waitFor(() => expect(api.requests).toHaveLength(1));
    expect(api.requests[0]!.body).toMatchObject({ variables: { name: 'Grace' } });
  });

  it('changes theme, corner and words in place: the open panel stays open, nothing is asked, no close', async () => {
    const closed: string[] = [];
    const props = { assistantId: ID, fetch: api.fetch, type: 'test', open: true, onClose: () => closed.push('close') } as const;
    const view = render(<ChatWidget {...props} />);
    const host = document.querySelector('assistant-chat-root')!;
    const ui = within(host.shadowRoot as unknown as HTMLElement);
    expect(await ui.findByText('Hello! How can I help?')).toBeTruthy();
    const asked = api.requests.length;

    view.rerender(<ChatWidget {...props} theme="dark" position="left-bottom" title="Northwind Dental" strings={{ placeholder: 'Ask us…' }} />);
    expect(await ui.findByRole('dialog', { name: 'Northwind Dental' })).toBeTruthy();
    expect(document.querySelector('assistant-chat-root')).toBe(host);
    expect(host.getAttribute('data-theme')).toBe('dark');
    expect(host.shadowRoot!.querySelector('.widget')!.className).toBe('widget bottom left');
    expect(ui.getByPlaceholderText('Ask us…')).toBeTruthy();
    expect(ui.getByText('Hello! How can I help?')).toBeTruthy();
    await settle();
    expect(api.requests).toHaveLength(asked);
    expect(closed).toEqual([]);
  });

  it('asks nothing more when the parent renders again with equal props, new objects and functions included', async () => {
    const ready: WidgetHandle[] = [];
    const app = (render: number) => (
      <ChatWidget
        assistantId={ID}
        type="test"
        open
        fetch={(input, init) => api.fetch(input, init)}
        variables={{ name: 'Ada', visits: 3 }}
        strings={{ placeholder: 'Ask us…' }}
        onReady={(h) => ready.push(h)}
        onMessage={() => render}
      />
    );
    const view = render(app(0));
    const ui = within(document.querySelector('assistant-chat-root')!.shadowRoot as unknown as HTMLElement);
    expect(await ui.findByText('Hello! How can I help?')).toBeTruthy();
    const asked = api.requests.length;
    for (let count = 1; count <= 30; count++) view.rerender(app(count));
    await settle();
    expect(api.requests).toHaveLength(asked);
    expect(ready).toHaveLength(1);
    expect(ready[0]!.isOpen).toBe(true);
  });

  it('starts a new conversation for another assistant, with the panel still open', async () => {
    const other = '7b2e9d41-3c6a-4f88-a1d5-2e9c8b7f6a01';
    const view = render(<ChatWidget assistantId={ID} fetch={api.fetch} type="test" open />);
    await waitFor(() => expect(api.requests).toHaveLength(1));
    view.rerender(<ChatWidget assistantId={other} fetch={api.fetch} type="test" open />);
    await waitFor(() => expect(api.requests).toHaveLength(2));
    expect(api.requests[1]!.body).toMatchObject({ assistant_id: other });
    const ui = within(document.querySelector('assistant-chat-root')!.shadowRoot as unknown as HTMLElement);
    expect(await ui.findByRole('dialog')).toBeTruthy();
  });

  it('mounts anew when inline changes', () => {
    const ready: WidgetHandle[] = [];
    const view = render(<ChatWidget assistantId={ID} fetch={api.fetch} onReady={(h) => ready.push(h)} />);
    const firstHost = document.querySelector('assistant-chat-root');
    view.rerender(<ChatWidget assistantId={ID} fetch={api.fetch} inline onReady={(h) => ready.push(h)} />);
    expect(ready).toHaveLength(2);
    expect(document.querySelectorAll('assistant-chat-root')).toHaveLength(1);
    expect(document.querySelector('assistant-chat-root')).not.toBe(firstHost);
    expect(document.querySelector('assistant-chat-root')!.hasAttribute('data-inline')).toBe(true);
  });

  it('renders an empty wrapper and one console message for a bad assistant id', () => {
    const view = render(<ChatWidget assistantId="nope" />);
    expect(view.container.querySelector('[data-assistant-chat-widget]')?.childNodes).toHaveLength(0);
    expect(errors).toHaveBeenCalledTimes(1);
  });
});
