import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { waitFor, within } from '@testing-library/dom';
import { AssistantChatElement, defineAssistantChat } from '../src/element';
import { createFakeConversationFetch, type FakeConversationFetch } from './helpers/fake-conversation-fetch';

const ID = '3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10';

let api: FakeConversationFetch;
let errors: MockInstance<typeof console.error>;

beforeEach(() => {
  api = createFakeConversationFetch({ greeting: 'Welcome to Northwind!' });
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
  vi.restoreAllMocks();
});

/** Creates `<assistant-chat>` as markup would, with the fake API as its transport, and waits for it to mount. */
async function addElement(attributes: Record<string, string>): Promise<AssistantChatElement> {
  const element = document.createElement('assistant-chat');
  element.options = { fetch: api.fetch };
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.appendChild(element);
  await waitFor(() => expect(element.querySelector('assistant-chat-root')).not.toBeNull());
  return element;
}

const shadowOf = (element: Element) =>
  within(element.querySelector('assistant-chat-root')!.shadowRoot as unknown as HTMLElement);

describe('<assistant-chat>', () => {
  it('is registered by importing its entry, once', () => {
    expect(customElements.get('assistant-chat')).toBe(AssistantChatElement);
    expect(() => defineAssistantChat()).not.toThrow();
  });

  it('mounts a floating widget from its attributes, and opens from the open attribute', async () => {
    const element = await addElement({ 'assistant-id': ID, title: 'Northwind Dental', type: 'test' });
    const ui = shadowOf(element);
    expect(ui.getByRole('button', { name: 'Northwind Dental' })).toBeTruthy();
    expect(api.requests).toEqual([]);
    const opened: unknown[] = [];
    element.addEventListener('chat-open', (event) => opened.push((event as CustomEvent).type));
    element.setAttribute('open', '');
    expect(element.isOpen).toBe(true);
    expect(opened).toEqual(['chat-open']);
    expect(await ui.findByText('Welcome to Northwind!')).toBeTruthy();
    element.removeAttribute('open');
    expect(element.isOpen).toBe(false);
  });

  it('renders the panel inside itself with the inline attribute', async () => {
    const element = await addElement({ 'assistant-id': ID, inline: '' });
    expect(await shadowOf(element).findByRole('region', { name: 'Chat with us' })).toBeTruthy();
  });

  it('remounts once after several attributes change together', async () => {
    const element = await addElement({ 'assistant-id': ID });
    const first = element.querySelector('assistant-chat-root');
    element.setAttribute('theme', 'dark');
    element.setAttribute('position', 'left-bottom');
    element.setAttribute('color', '#0f766e');
    await waitFor(() => expect(element.querySelector('assistant-chat-root')).not.toBe(first));
    expect(element.querySelectorAll('assistant-chat-root')).toHaveLength(1);
  });

  it('sends new variables with the next conversation and offers the handle methods', async () => {
    const element = await addElement({ 'assistant-id': ID, variables: '{"name":"Ada"}' });
    element.setAttribute('variables', '{"name":"Grace"}');
    const messages: string[] = [];
    element.addEventListener('chat-message', (event) => messages.push((event as CustomEvent<{ role: string }>).detail.role));
    element.send('hello');
    await waitFor(() => expect(messages).toEqual(['user', 'assistant']));
    expect(api.requests[0]!.body).toMatchObject({ variables: { name: 'Grace' } });
  });

  it('removes the widget when taken out of the page', async () => {
    const element = await addElement({ 'assistant-id': ID });
    element.remove();
    expect(element.querySelector('assistant-chat-root')).toBeNull();
  });

  it('shows nothing and logs one message naming the attribute when the assistant id is wrong', async () => {
    const element = document.createElement('assistant-chat');
    element.setAttribute('assistant-id', 'northwind');
    document.body.appendChild(element);
    await waitFor(() => expect(errors).toHaveBeenCalledTimes(1));
    expect(String(errors.mock.calls[0]![0])).toMatch(/^AssistantChat: assistant-id "northwind" is not a UUID like /);
    expect(element.children).toHaveLength(0);
  });
});
