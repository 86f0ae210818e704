import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { assistantMessage, createFakeStore } from '../helpers/fake-store';
import { renderApp, widgetsPerTest } from './render-app';

const widget = widgetsPerTest();

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const AVATAR = 'https://images.example/helper.png';
const STARTERS = ['Opening hours?', 'Book a visit'];

describe('the welcome', () => {
  it('shows the title, the subtitle and the starters while there are no messages; a starter sends its words', () => {
    const { store } = renderApp({ open: true, config: { title: 'Northwind Dental', subtitle: 'We answer within a minute.', starters: STARTERS } });
    expect(screen.getAllByText('Northwind Dental')).toHaveLength(2);
    expect(screen.getByText('We answer within a minute.')).toBeTruthy();
    const starters = screen.getByRole('group', { name: 'Suggested questions' });
    fireEvent.click(screen.getByRole('button', { name: 'Book a visit' }));
    expect(store.calls.send).toEqual(['Book a visit']);
    // The message took its place.
    expect(starters.isConnected).toBe(false);
  });

  it('makes way for the greeting, and waits while the conversation opens', () => {
    const store = createFakeStore();
    store.state.value = { type: 'connecting' };
    renderApp({ store, open: true, config: { subtitle: 'We answer within a minute.' } });
    expect(screen.queryByText('We answer within a minute.')).toBeNull();
    act(() => {
      store.state.value = { type: 'ready' };
    });
    expect(screen.getByText('We answer within a minute.')).toBeTruthy();
    act(() => store.push(assistantMessage('Hi! How can I help?')));
    expect(screen.queryByText('We answer within a minute.')).toBeNull();
  });

  it("keeps the starters under the assistant's greeting until the visitor has written", () => {
    const store = createFakeStore([assistantMessage('Hi! How can I help?')]);
    renderApp({ store, open: true, config: { starters: STARTERS } });
    const log = screen.getByRole('log');
    const starters = screen.getByRole('group', { name: 'Suggested questions' });
    // After the greeting, in the conversation.
    expect(log.compareDocumentPosition(starters) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Opening hours?' }));
    expect(store.calls.send).toEqual(['Opening hours?']);
    expect(screen.queryByRole('group', { name: 'Suggested questions' })).toBeNull();
  });

  it('asks for the avatar only once the panel is open, and shows the icon when it fails', () => {
    const { open, container } = renderApp({ open: false, config: { avatar: AVATAR } });
    expect(container.querySelectorAll('img')).toHaveLength(0);
    act(() => {
      open.value = true;
    });
    const pictures = container.querySelectorAll('img');
    expect([...pictures].map((img) => img.getAttribute('src'))).toEqual([AVATAR, AVATAR]);
    act(() => {
      pictures.forEach((img) => fireEvent.error(img));
    });
    expect(container.querySelectorAll('img')).toHaveLength(0);
    expect(container.querySelectorAll('.avatar svg')).toHaveLength(2);
  });
});

describe('consent', () => {
  it('starts nothing and sends nothing until the visitor accepts', async () => {
    const { ui, root, handle, store, focused } = widget({
      settings: { disclaimer: 'Read our [privacy policy](https://clinic.example/privacy).', consent: 'required', starters: STARTERS },
    });
    handle.open();
    const accept = await ui.findByRole('button', { name: 'Accept' });
    await ui.findByRole('link', { name: 'privacy policy' });
    // Described by the line it accepts.
    expect(root.getElementById(accept.getAttribute('aria-describedby')!)?.textContent).toBe('Read our privacy policy.');
    expect(ui.getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe('https://clinic.example/privacy');
    const composer = ui.getByRole<HTMLTextAreaElement>('textbox', { name: 'Your message' });
    expect(composer.disabled).toBe(true);
    expect(composer.placeholder).toBe('Accept the notice above to start chatting.');
    expect(ui.getByRole<HTMLButtonElement>('button', { name: 'Opening hours?' }).disabled).toBe(true);
    handle.send('hello?');
    expect([store.calls.start, store.calls.prepare, store.calls.send]).toEqual([0, 0, []]);

    fireEvent.click(accept);
    await waitFor(() => expect(store.calls.start).toBe(1));
    expect(composer.disabled).toBe(false);
    expect(focused()).toBe(composer);
    expect(ui.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(ui.getByRole('link', { name: 'privacy policy' })).toBeTruthy();
  });

  it('shows a disclaimer alone without locking anything', async () => {
    const { ui, handle, store } = widget({ settings: { disclaimer: 'Messages are kept for 30 days.' } });
    handle.open();
    await ui.findByText('Messages are kept for 30 days.');
    expect(store.calls.start).toBe(1);
    expect(ui.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(ui.getByRole<HTMLTextAreaElement>('textbox', { name: 'Your message' }).disabled).toBe(false);
  });
});

describe('the pre-chat form', () => {
  const prechat = [
    { name: 'name', label: 'Your name', type: 'text' as const, required: true },
    { name: 'email', label: 'Email', type: 'email' as const, required: true },
    { name: 'phone', label: 'Phone', type: 'tel' as const, required: false },
  ];

  it('says what is wrong, on the fields and aloud, and focuses the first field in error', async () => {
    const { ui, root, handle, store, focused } = widget({ config: { storage: 'memory' }, settings: { prechat } });
    handle.open();
    const name = await ui.findByRole<HTMLInputElement>('textbox', { name: 'Your name (required)' });
    await waitFor(() => expect(focused()).toBe(name));
    const email = ui.getByRole<HTMLInputElement>('textbox', { name: 'Email (required)' });
    const phone = ui.getByRole<HTMLInputElement>('textbox', { name: 'Phone' });
    fireEvent.input(email, { target: { value: 'ada@' } });
    fireEvent.input(phone, { target: { value: 'call me' } });
    fireEvent.click(ui.getByRole('button', { name: 'Start chat' }));

    await waitFor(() => expect(focused()).toBe(name));
    expect([name, email, phone].map((field) => field.getAttribute('aria-invalid'))).toEqual(['true', 'true', 'true']);
    const said = (field: HTMLInputElement) => root.getElementById(field.getAttribute('aria-describedby')!)?.textContent;
    expect([name, email, phone].map(said)).toEqual([
      'Please fill in Your name.',
      'Please enter an email address like name@example.com.',
      'Please enter a phone number (digits, spaces, +, -, parentheses).',
    ]);
    expect(ui.getAllByRole('status').map((status) => status.textContent)).toContain(
      'Please fill in Your name. Please enter an email address like name@example.com. Please enter a phone number (digits, spaces, +, -, parentheses).',
    );
    expect(store.calls.start).toBe(0);

    // Corrected as the visitor types.
    fireEvent.input(email, { target: { value: 'ada@example.com' } });
    expect(email.hasAttribute('aria-invalid')).toBe(false);
  });

  it('gives the answers to the conversation as variables (trimmed, empty optional fields left out), then starts it', async () => {
    const { ui, handle, store } = widget({ config: { storage: 'memory' }, settings: { prechat, variables: { clinic: 'Riverside' } } });
    handle.open();
    fireEvent.input(await ui.findByRole('textbox', { name: 'Your name (required)' }), { target: { value: '  Ada ' } });
    fireEvent.input(ui.getByRole('textbox', { name: 'Email (required)' }), { target: { value: 'ada@example.com' } });
    fireEvent.click(ui.getByRole('button', { name: 'Start chat' }));

    await waitFor(() => expect(store.calls.start).toBe(1));
    expect(store.calls.setVariables.at(-1)).toEqual({ clinic: 'Riverside', name: 'Ada', email: 'ada@example.com' });
    expect(ui.queryByRole('button', { name: 'Start chat' })).toBeNull();
  });
});
