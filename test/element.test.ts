import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { waitFor, within } from '@testing-library/dom';
import { AssistantChatElement, defineAssistantChat } from '../src/element';
import { createFakeConversationFetch, type FakeConversationFetch } from './helpers/fake-conversation-fetch';

const ID = '3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10';
const OTHER_ID = '7b2e9d41-3c6a-4f88-a1d5-2e9c8b7f6a01';

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
  sessionStorage.clear();
  vi.restoreAllMocks();
});

/** Creates `<assistant-chat>` as markup would, with the fake API as its transport, and puts it on the page. */
function addElement(attributes: Record<string, string>): AssistantChatElement {
  const element = document.createElement('assistant-chat');
  element.fetch = api.fetch;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.appendChild(element);
  return element;
}

const hostOf = (element: Element) => element.shadowRoot?.querySelector('assistant-chat-root') ?? null;
const shadowOf = (element: Element) => within(hostOf(element)!.shadowRoot as unknown as HTMLElement);

/** The names of the element's events, in the order they came. */
function recordEvents(element: AssistantChatElement): string[] {
  const seen: string[] = [];
  for (const name of ['chat-open', 'chat-close', 'chat-conversation'] as const) element.addEventListener(name, () => seen.push(name));
  return seen;
}

/** Lets every pending promise and timer callback run, to show that something did NOT happen. */
async function settle() {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

/** Adds an element whose panel is open and whose conversation has loaded. */
async function openElement(attributes: Record<string, string> = {}): Promise<AssistantChatElement> {
  const element = addElement({ 'assistant-id': ID, type: 'test', open: '', ...attributes });
  expect(await shadowOf(element).findByText('Welcome to Northwind!')).toBeTruthy();
  return element;
}

describe('<assistant-chat>', () => {
  it('is registered by importing its entry, once', () => {
    expect(customElements.get('assistant-chat')).toBe(AssistantChatElement);
    expect(() => defineAssistantChat()).not.toThrow();
  });

  it('mounts a floating widget from its attributes as soon as it is on the page, and asks nothing until it opens', async () => {
    const element = addElement({ 'assistant-id': ID, title: 'Northwind Dental', type: 'test' });
    expect(shadowOf(element).getByRole('button', { name: 'Northwind Dental' })).toBeTruthy();
    await settle();
    expect(api.requests).toEqual([]);
  });

  it('opens and closes with the open attribute, which follows the visitor too', async () => {
    const element = addElement({ 'assistant-id': ID, type: 'test' });
    const ui = shadowOf(element);
    const events = recordEvents(element);
    element.setAttribute('open', '');
    expect(events).toEqual(['chat-open']);
    expect(await ui.findByText('Welcome to Northwind!')).toBeTruthy();

    ui.getByRole('button', { name: 'Close chat' }).click();
    expect(element.hasAttribute('open')).toBe(false);
    ui.getByRole('button', { name: 'Chat with us' }).click();
    expect(element.getAttribute('open')).toBe('');
    element.removeAttribute('open');
    expect(events).toEqual(['chat-open', 'chat-conversation', 'chat-close', 'chat-open', 'chat-close']);
  });

  it('stays closed with open="false", like every other flag of the widget', async () => {
    const element = addElement({ 'assistant-id': ID, open: 'false' });
    expect(element.open).toBe(false);
    expect(shadowOf(element).getByRole('button', { name: 'Chat with us' }).getAttribute('aria-expanded')).toBe('false');
    element.setAttribute('open', 'true');
    expect(element.open).toBe(true);
    element.setAttribute('open', 'FALSE');
    expect(element.open).toBe(false);
    await settle();
    expect(api.requests).toEqual([]);
  });

  it('has a boolean open property reflecting the attribute, and show(), close() and toggle() methods', () => {
    const element = addElement({ 'assistant-id': ID });
    const events = recordEvents(element);
    element.open = true;
    expect(element.hasAttribute('open')).toBe(true);
    element.close();
    expect(element.open).toBe(false);
    element.show();
    element.toggle();
    element.toggle();
    expect(element.open).toBe(true);
    expect(events).toEqual(['chat-open', 'chat-close', 'chat-open', 'chat-close', 'chat-open']);
  });

  it('opens from show(), toggle() and the open property after open="false", as React 18 writes it', () => {
    for (const open of [
      (element: AssistantChatElement) => element.show(),
      (element: AssistantChatElement) => element.toggle(),
      (element: AssistantChatElement) => (element.open = true),
    ]) {
      const element = addElement({ 'assistant-id': ID, open: 'false' });
      const launcher = shadowOf(element).getByRole('button', { name: 'Chat with us' });
      open(element);
      expect(launcher.getAttribute('aria-expanded')).toBe('true');
      expect(element.open).toBe(true);
      element.toggle();
      expect(launcher.getAttribute('aria-expanded')).toBe('false');
      element.remove();
    }
  });

  it('adds nothing to its light DOM: a server-rendered element hydrates as it was written', async () => {
    document.body.innerHTML = '<assistant-chat assistant-id="' + ID + '" open=""><p>Fallback text</p></assistant-chat>';
    const element = document.querySelector('assistant-chat')!;
    element.fetch = api.fetch;
    expect(element.innerHTML).toBe('<p>Fallback text</p>');
    expect(shadowOf(element).getByRole('button', { name: 'Chat with us' })).toBeTruthy();
    await settle();
    expect(element.innerHTML).toBe('<p>Fallback text</p>');
  });

  it('opens on connection when show() was called before', async () => {
    const element = document.createElement('assistant-chat');
    element.fetch = api.fetch;
    element.assistantId = ID;
    element.show();
    document.body.appendChild(element);
    expect(await shadowOf(element).findByText('Welcome to Northwind!')).toBeTruthy();
  });

  it('renders the panel inside itself with the inline attribute', async () => {
    const element = addElement({ 'assistant-id': ID, inline: '' });
    expect(await shadowOf(element).findByRole('region', { name: 'Chat with us' })).toBeTruthy();
  });

  it('changes theme, colour, corner and title in place: the open panel stays open, nothing is asked, no event', async () => {
    const element = await openElement();
    const host = hostOf(element);
    const events = recordEvents(element);
    const asked = api.requests.length;

    element.setAttribute('theme', 'dark');
    element.setAttribute('position', 'left-bottom');
    element.setAttribute('color', '#0f766e');
    element.setAttribute('title', 'Northwind Dental');
    expect(await shadowOf(element).findByRole('dialog', { name: 'Northwind Dental' })).toBeTruthy();
    expect(hostOf(element)).toBe(host);
    expect(host!.getAttribute('data-theme')).toBe('dark');
    expect(element.open).toBe(true);
    expect(shadowOf(element).getByText('Welcome to Northwind!')).toBeTruthy();
    await settle();
    expect(api.requests).toHaveLength(asked);
    expect(events).toEqual([]);
  });

  it('starts a new conversation for another assistant, with the panel still open', async () => {
    const element = await openElement();
    element.assistantId = OTHER_ID;
    await waitFor(() => expect(api.requests.filter((request) => request.method === 'POST')).toHaveLength(2));
    expect(api.requests[1]!.body).toMatchObject({ assistant_id: OTHER_ID });
    expect(element.open).toBe(true);
    expect(await shadowOf(element).findByRole('dialog')).toBeTruthy();
  });

  it('changes nothing for new objects with the same content, as a framework passes on every render', async () => {
    const element = await openElement({ variables: '{"name":"Ada"}' });
    const host = hostOf(element);
    const events = recordEvents(element);
    const asked = api.requests.length;
    for (let render = 0; render < 30; render++) {
      element.variables = { name: 'Ada' };
      element.strings = { placeholder: 'Ask us anything…' };
      element.options = { fetch: (input, init) => api.fetch(input, init), strings: { placeholder: 'Ask us anything…' } };
      await Promise.resolve();
    }
    await settle();
    expect(hostOf(element)).toBe(host);
    expect(api.requests).toHaveLength(asked);
    expect(events).toEqual([]);
    expect(shadowOf(element).getByPlaceholderText('Ask us anything…')).toBeTruthy();
  });

  it('takes variables as an object, keeps them in the attribute as JSON, and sends them with the next conversation', async () => {
    const element = addElement({ 'assistant-id': ID, variables: '{"name":"Ada"}' });
    element.variables = { name: 'Grace', visits: 3, member: true };
    expect(element.getAttribute('variables')).toBe('{"name":"Grace","visits":3,"member":true}');
    expect(element.variables).toEqual({ name: 'Grace', visits: 3, member: true });
    const roles: string[] = [];
    element.addEventListener('chat-message', (event) => roles.push(event.detail.role));
    await Promise.resolve();
    element.send('hello');
    await waitFor(() => expect(roles).toEqual(['user', 'assistant']));
    expect(api.requests[0]!.body).toMatchObject({ variables: { name: 'Grace', visits: 3, member: true } });
  });

  it('turns function-call cards off from the property or the attribute', () => {
    const element = addElement({ 'assistant-id': ID });
    expect(element.showFunctionCalls).toBe(true);
    element.showFunctionCalls = false;
    expect(element.getAttribute('show-function-calls')).toBe('false');
    expect(element.showFunctionCalls).toBe(false);
    element.setAttribute('show-function-calls', 'true');
    expect(element.showFunctionCalls).toBe(true);
  });

  it('takes a setting by its attribute name as a property too, as Vue’s .prop binding of a kebab-case name sets it', () => {
    const element = addElement({ 'assistant-id': ID }) as AssistantChatElement & Record<string, unknown>;
    element['show-function-calls'] = false;
    expect(element.getAttribute('show-function-calls')).toBe('false');
    expect(element.showFunctionCalls).toBe(false);
    element['variables'] = { name: 'Ada' };
    expect(element.variables).toEqual({ name: 'Ada' });
  });

  it('takes the welcome, the consent line and the pre-chat form as properties, arrays kept in their attributes as JSON', () => {
    const element = addElement({ 'assistant-id': ID });
    expect([element.subtitle, element.avatar, element.starters, element.disclaimer, element.consent, element.prechat]).toEqual([
      undefined,
      undefined,
      [],
      undefined,
      'none',
      [],
    ]);
    element.subtitle = 'We answer within a minute.';
    element.avatar = 'https://images.example/helper.png';
    element.starters = ['Opening hours?', 'Book a visit'];
    element.disclaimer = 'See our [privacy policy](https://clinic.example/privacy).';
    element.consent = 'required';
    element.prechat = [{ name: 'email', label: 'Email', type: 'email', required: true }];
    expect(element.getAttribute('starters')).toBe('["Opening hours?","Book a visit"]');
    expect(element.getAttribute('prechat')).toBe('[{"name":"email","label":"Email","type":"email","required":true}]');
    expect(element.getAttribute('consent')).toBe('required');
    expect(element.starters).toEqual(['Opening hours?', 'Book a visit']);
    expect(element.prechat).toEqual([{ name: 'email', label: 'Email', type: 'email', required: true }]);
    expect([element.subtitle, element.avatar, element.disclaimer]).toEqual([
      'We answer within a minute.',
      'https://images.example/helper.png',
      'See our [privacy policy](https://clinic.example/privacy).',
    ]);
    // Read as the widget uses them: an avatar that is not https is not shown.
    element.avatar = 'http://images.example/helper.png';
    expect(element.avatar).toBeUndefined();
    // @ts-expect-error the property's type is what it reads as; null (as plain JavaScript may set) removes the attribute
    element.starters = null;
    expect(element.hasAttribute('starters')).toBe(false);
  });

  it('reads its settings as the widget uses them: defaults for what is missing or not understood, corners in one spelling', () => {
    const element = addElement({ 'assistant-id': ID, position: 'left-bottom', theme: 'neon', 'api-base': '/chat-api/' });
    expect(element.position).toBe('bottom-left');
    expect(element.theme).toBe('light');
    expect(element.apiBase).toBe(new URL('/chat-api', document.baseURI).href);
    expect(element.storage).toBe('local');
    expect(element.type).toBe('widget');
    expect(element.locale).toBeUndefined();
    element.theme = 'dark';
    element.locale = 'de';
    expect([element.getAttribute('theme'), element.theme, element.locale]).toEqual(['dark', 'dark', 'de']);
    // @ts-expect-error the property's type is what it reads as; null (as plain JavaScript may set) removes the attribute
    element.theme = null;
    expect(element.hasAttribute('theme')).toBe(false);
  });

  it('takes properties that were set before the element was defined', async () => {
    const element = document.createElement('assistant-chat');
    // What a framework leaves on an element it met before the class was registered.
    Object.defineProperty(element, 'theme', { value: 'dark', configurable: true, enumerable: true, writable: true });
    element.assistantId = ID;
    document.body.appendChild(element);
    expect(element.getAttribute('theme')).toBe('dark');
    expect(hostOf(element)!.getAttribute('data-theme')).toBe('dark');
  });

  it('removes the widget when taken out of the page, and keeps it when moved', async () => {
    const element = addElement({ 'assistant-id': ID });
    const host = hostOf(element);
    const elsewhere = document.createElement('section');
    document.body.appendChild(elsewhere);
    elsewhere.appendChild(element);
    await settle();
    expect(hostOf(element)).toBe(host);
    element.remove();
    await waitFor(() => expect(hostOf(element)).toBeNull());
  });

  it('waits a frame before it says the assistant id is missing: a framework may set it after connecting the element', async () => {
    const late = document.createElement('assistant-chat');
    document.body.appendChild(late);
    // A task later, as Angular's first change detection.
    await new Promise((resolve) => setTimeout(resolve, 0));
    late.assistantId = '3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10';
    await waitFor(() => expect(hostOf(late)).not.toBeNull());

    const never = document.body.appendChild(document.createElement('assistant-chat'));
    await waitFor(() => expect(errors).toHaveBeenCalledTimes(1));
    expect(String(errors.mock.calls[0]![0])).toMatch(/^AssistantChat: assistant-id is missing/);
    expect(never.shadowRoot).toBeNull();
  });

  it('shows nothing and logs one message naming the attribute when the assistant id is wrong', async () => {
    const element = document.createElement('assistant-chat');
    element.setAttribute('assistant-id', 'northwind');
    document.body.appendChild(element);
    await settle();
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0]![0])).toMatch(/^AssistantChat: assistant-id "northwind" is not a UUID like /);
    expect(element.children).toHaveLength(0);
  });
});
