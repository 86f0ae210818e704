import { act, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { assistantMessage, createFakeStore, userMessage } from '../helpers/fake-store';
import { renderApp, widgetsPerTest } from './render-app';

const widget = widgetsPerTest();

describe('launcher and panel', () => {
  it('shows a labelled launcher that opens and closes the panel', async () => {
    const { ui, handle } = widget();
    const launcher = ui.getByRole('button', { name: 'Chat with us' });
    expect(launcher.getAttribute('aria-expanded')).toBe('false');
    expect(ui.queryByRole('dialog')).toBeNull();

    fireEvent.click(launcher);
    // Right from the click, before the panel has loaded.
    expect(launcher.getAttribute('aria-expanded')).toBe('true');
    const dialog = await ui.findByRole('dialog', { name: 'Chat with us' });
    expect(handle.isOpen).toBe(true);
    expect(launcher.getAttribute('aria-controls')).toBe(dialog.id);

    fireEvent.click(launcher);
    await waitFor(() => expect(ui.queryByRole('dialog')).toBeNull());
    expect(launcher.getAttribute('aria-expanded')).toBe('false');
    expect(handle.isOpen).toBe(false);
  });

  it('uses the configured title for the launcher and the panel', async () => {
    const { ui, handle } = widget({ config: { title: 'Northwind Dental' } });
    handle.open();
    expect(await ui.findByRole('dialog', { name: 'Northwind Dental' })).toBeTruthy();
    expect(ui.getByRole('heading', { name: 'Northwind Dental' })).toBeTruthy();
    expect(ui.getByRole('button', { name: 'Northwind Dental' })).toBeTruthy();
  });

  it('moves focus to the composer on open and back to the launcher on close', async () => {
    const { ui, focused } = widget();
    const launcher = ui.getByRole('button', { name: 'Chat with us' });
    launcher.focus();
    fireEvent.click(launcher);
    const composer = await ui.findByRole('textbox', { name: 'Your message' });
    await waitFor(() => expect(focused()).toBe(composer));

    fireEvent.click(ui.getByRole('button', { name: 'Close chat' }));
    await waitFor(() => expect(ui.queryByRole('dialog')).toBeNull());
    expect(focused()).toBe(launcher);
  });

  it('closes on Escape and returns focus to the launcher', async () => {
    const { ui, handle, focused } = widget({ config: { open: true } });
    const composer = await ui.findByRole('textbox', { name: 'Your message' });
    composer.focus();
    fireEvent.keyDown(composer, { key: 'Escape' });
    await waitFor(() => expect(handle.isOpen).toBe(false));
    await waitFor(() => expect(focused()).toBe(ui.getByRole('button', { name: 'Chat with us' })));
  });

  it('does not close on Escape while an input method is composing', async () => {
    const { ui, handle } = widget({ config: { open: true } });
    fireEvent.keyDown(await ui.findByRole('textbox', { name: 'Your message' }), { key: 'Escape', isComposing: true });
    expect(handle.isOpen).toBe(true);
  });

  it('leaves focus alone when closed from outside while focus is elsewhere on the page', async () => {
    const outside = document.createElement('button');
    document.body.append(outside);
    const { ui, handle } = widget({ config: { open: true } });
    await ui.findByRole('dialog');
    outside.focus();
    handle.close();
    await waitFor(() => expect(ui.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(outside);
    outside.remove();
  });

  it('inline mode shows only the panel, always, without launcher or close', async () => {
    const { ui } = widget({ inline: true });
    expect(await ui.findByRole('region', { name: 'Chat with us' })).toBeTruthy();
    expect(ui.queryByRole('dialog')).toBeNull();
    expect(ui.queryByRole('button', { name: 'Chat with us' })).toBeNull();
    expect(ui.queryByRole('button', { name: 'Close chat' })).toBeNull();
    expect(ui.getByRole('textbox', { name: 'Your message' })).toBeTruthy();
  });

  it('inline mode does not close on Escape', async () => {
    const { ui } = widget({ inline: true });
    fireEvent.keyDown(await ui.findByRole('textbox', { name: 'Your message' }), { key: 'Escape' });
    expect(ui.getByRole('region', { name: 'Chat with us' })).toBeTruthy();
  });

  it('starts a new conversation from the header', () => {
    const { store } = renderApp({ open: true });
    fireEvent.click(screen.getByRole('button', { name: 'Start a new conversation' }));
    expect(store.calls.reset).toBe(1);
  });

  it('does not start the store from the panel itself (opening the widget does)', async () => {
    const { store } = renderApp({ open: true });
    await screen.findByRole('dialog');
    expect(store.calls.start).toBe(0);
    const { ui, store: opened } = widget();
    fireEvent.click(ui.getByRole('button', { name: 'Chat with us' }));
    await ui.findByRole('dialog');
    expect(opened.calls.start).toBe(1);
  });

  it('shows the typing indicator while the assistant is busy', async () => {
    const { store } = renderApp({ open: true });
    expect(screen.queryByText('The assistant is typing…')).toBeNull();
    act(() => {
      store.assistantBusy.value = true;
    });
    expect(await screen.findByText('The assistant is typing…')).toBeTruthy();
    act(() => {
      store.assistantBusy.value = false;
    });
    await waitFor(() => expect(screen.queryByText('The assistant is typing…')).toBeNull());
  });
});

describe('unread replies', () => {
  it('counts replies that arrive while closed on the launcher and announces them once on open', async () => {
    const store = createFakeStore([assistantMessage('Hi! How can I help?')]);
    const { ui, handle } = widget({ store, config: { open: true } });
    await ui.findByRole('dialog');
    act(() => store.push(userMessage('Do you open on Sunday?')));
    handle.close();
    await waitFor(() => expect(ui.queryByRole('dialog')).toBeNull());

    for (const text of ['No, we are closed on Sundays.', 'But Saturday works!']) {
      const reply = assistantMessage(text);
      act(() => {
        store.push(reply);
        store.emit({ type: 'message', message: reply });
      });
    }
    const launcher = await ui.findByRole('button', { name: 'Chat with us. Unread replies: 2' });
    expect(within(launcher).getByText('2')).toBeTruthy();

    fireEvent.click(launcher);
    await ui.findByRole('dialog');
    await waitFor(() => expect(ui.getAllByRole('status').some((s) => s.textContent === 'Unread replies: 2')).toBe(true));
    expect(ui.getByRole('button', { name: 'Chat with us' })).toBeTruthy();

    fireEvent.click(ui.getByRole('button', { name: 'Close chat' }));
    await waitFor(() => expect(ui.queryByText('Unread replies: 2')).toBeNull());
    fireEvent.click(ui.getByRole('button', { name: 'Chat with us' }));
    await ui.findByRole('dialog');
    expect(ui.queryByText('Unread replies: 2')).toBeNull();
  });

  it('does not count the history that loads, nor the greeting, as unread', async () => {
    const store = createFakeStore();
    const { ui, handle } = widget({ store });
    handle.send('hello');
    await waitFor(() => expect(store.calls.send).toEqual(['hello']));
    act(() => {
      store.messages.value = [assistantMessage('Welcome back'), userMessage('hi'), assistantMessage('Hello')];
    });
    expect(ui.getByRole('button', { name: 'Chat with us' })).toBeTruthy();
  });

  it('does not count a reply that arrives while open', async () => {
    const store = createFakeStore([userMessage('hi')]);
    const { ui, handle } = widget({ store, config: { open: true } });
    await ui.findByRole('dialog');
    const reply = assistantMessage('Hello');
    act(() => {
      store.push(reply);
      store.emit({ type: 'message', message: reply });
    });
    handle.close();
    await waitFor(() => expect(ui.queryByRole('dialog')).toBeNull());
    expect(ui.getByRole('button', { name: 'Chat with us' })).toBeTruthy();
  });
});

describe('errors and notices', () => {
  it('offers Retry and a new conversation when the conversation cannot be opened', () => {
    const { store } = renderApp({ open: true });
    act(() => {
      store.state.value = { type: 'failed', error: { kind: 'network', detail: 'Failed to fetch', retryable: true } };
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Could not connect');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(store.calls.start).toBe(1);
    fireEvent.click(within(alert).getByRole('button', { name: 'Start a new conversation' }));
    expect(store.calls.reset).toBe(1);
  });

  it('explains an unfunded assistant as unavailable right now, without a pointless Retry, once', () => {
    const { store } = renderApp({ open: true });
    act(() => {
      store.state.value = {
        type: 'blocked',
        reason: 'no-balance',
        error: { kind: 'insufficient_balance', detail: 'Insufficient balance', retryable: false },
      };
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('unavailable right now');
    expect(within(alert).queryByRole('button')).toBeNull();
  });

  it.each([
    ['unknown-assistant', 'This chat is not available.'],
    ['misconfigured', 'This chat is not available.'],
    ['no-balance', 'The chat is unavailable right now. Please try again later.'],
  ] as const)('words a chat blocked for %s for people', (reason, text) => {
    const { store } = renderApp({ open: true });
    act(() => {
      store.state.value = { type: 'blocked', reason, error: { kind: 'not_found', detail: 'technical detail', retryable: false } };
    });
    expect(screen.getByRole('alert').textContent).toBe(text);
  });

  it.each([
    ['rate_limited', 'Too many messages at once.'],
    ['server', 'Something went wrong on our side.'],
    ['timeout', 'The chat took too long to answer.'],
    ['assistant_failed', 'The assistant could not answer this time.'],
  ] as const)('words a %s error for people', (kind, text) => {
    const { store } = renderApp({ open: true });
    act(() => {
      store.state.value = { type: 'failed', error: { kind, detail: 'technical detail', retryable: true } };
    });
    expect(screen.getByRole('alert').textContent).toContain(text);
    expect(screen.getByRole('alert').textContent).not.toContain('technical detail');
  });

  it('says it is connecting while the conversation opens, and that it is trying again after trouble, in one live region', () => {
    const { store } = renderApp({ open: true, store: createFakeStore() });
    const said = () => screen.getAllByRole('status').map((region) => region.textContent);
    act(() => {
      store.state.value = { type: 'connecting' };
    });
    expect(screen.getAllByText('Connecting…')).toHaveLength(2);
    expect(said()).toEqual(['Connecting…']);
    act(() => {
      store.state.value = { type: 'connecting', trouble: { kind: 'server', detail: 'HTTP 502', retryable: true } };
    });
    expect(screen.getAllByText('Can’t reach the chat service. Trying again…')).toHaveLength(2);
    expect(said()).toEqual(['Can’t reach the chat service. Trying again…']);
    expect(screen.queryByText('Connecting…')).toBeNull();
    act(() => {
      store.state.value = { type: 'ready' };
    });
    expect(said()).toEqual(['']);
  });

  it('shows a rate limit or an overdue reply while the conversation is open', () => {
    const { store } = renderApp({ open: true });
    act(() => {
      store.state.value = { type: 'ready', trouble: { kind: 'rate_limited', detail: '429', retryable: false } };
    });
    expect(screen.getByRole('alert').textContent).toContain('Too many messages at once.');
  });

  it('shows a dismissible notice when the old conversation was replaced', async () => {
    const { store } = renderApp({ open: true });
    act(() => {
      store.notice.value = 'conversation-replaced';
    });
    expect(screen.getByText('Your previous conversation has ended, so a new one was started.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(store.calls.dismissNotice).toBe(1);
    await waitFor(() => expect(screen.queryByText(/previous conversation/)).toBeNull());
  });
});

describe('language', () => {
  it('speaks German with the German strings', async () => {
    const { ui, host } = widget({ config: { locale: 'de', open: true } });
    expect(await ui.findByRole('dialog', { name: 'Schreiben Sie uns' })).toBeTruthy();
    expect(ui.getByRole('textbox', { name: 'Ihre Nachricht' })).toBeTruthy();
    expect(ui.getByRole('button', { name: 'Chat schließen' })).toBeTruthy();
    expect(ui.getByRole('dialog').closest('[lang]')!.getAttribute('lang')).toBe('de');
    expect(host.shadowRoot!.querySelector('.launcher')!.getAttribute('aria-label')).toBe('Schreiben Sie uns');
  });

  it('lays out right-to-left for Arabic', async () => {
    const { ui } = widget({ config: { locale: 'ar', open: true } });
    const frame = (await ui.findByRole('dialog')).closest('[dir]')!;
    expect(frame.getAttribute('dir')).toBe('rtl');
    expect(frame.getAttribute('lang')).toBe('ar');
  });
});

describe('strict CSP', () => {
  it('never writes a style attribute, whatever the state', async () => {
    const { root } = widget({ config: { open: true } });
    await within(root as unknown as HTMLElement).findByRole('dialog');
    expect(root.querySelectorAll('[style]')).toHaveLength(0);
    const store = createFakeStore([
      assistantMessage('**Hi** there, see [docs](https://example.com)', [
        { name: 'check_calendar_availability', arguments: { date: '2024-05-01' }, result: { slots: ['09:00'] } },
      ]),
      userMessage('book', 'failed', { kind: 'network', detail: 'x', retryable: true }),
    ]);
    const { container } = renderApp({ store, open: true });
    act(() => {
      store.assistantBusy.value = true;
      store.state.value = { type: 'ready', trouble: { kind: 'server', detail: 'x', retryable: true } };
      store.notice.value = 'conversation-reset';
      store.draft.value = 'x'.repeat(2100);
    });
    fireEvent.click(await screen.findByRole('button', { name: /Check calendar availability/ }));
    await screen.findByText('2024-05-01');
    expect(container.querySelectorAll('[style]')).toHaveLength(0);
  });
});

describe('page load', () => {
  it('loads the panel only when asked for, builds it once, and keeps it', async () => {
    const mounted = widget();
    const launcher = mounted.ui.getByRole('button', { name: 'Chat with us' });
    expect(mounted.ui.queryByRole('dialog', { hidden: true })).toBeNull();
    expect(launcher.hasAttribute('aria-controls')).toBe(false);
    expect(mounted.panelLoads).toBe(0);

    fireEvent.click(launcher);
    await mounted.ui.findByRole('dialog');
    fireEvent.click(mounted.ui.getByRole('button', { name: 'Close chat' }));
    await waitFor(() => expect(mounted.ui.queryByRole('dialog')).toBeNull());
    const kept = mounted.ui.getByRole('dialog', { hidden: true });
    expect(launcher.getAttribute('aria-controls')).toBe(kept.id);
    fireEvent.click(launcher);
    await mounted.ui.findByRole('dialog');
    expect(mounted.panelLoads).toBe(1);
  });
});
