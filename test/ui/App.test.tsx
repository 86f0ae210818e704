import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { de, resolveLocale } from '../../src/ui/strings';
import { assistantMessage, createFakeStore, userMessage } from '../helpers/fake-store';
import { renderApp } from './render-app';

afterEach(cleanup);

describe('launcher and panel', () => {
  it('shows a labelled launcher that opens and closes the panel', async () => {
    const { open } = renderApp();
    const launcher = screen.getByRole('button', { name: 'Chat with us' });
    expect(launcher.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(launcher);
    const dialog = await screen.findByRole('dialog', { name: 'Chat with us' });
    expect(open.value).toBe(true);
    expect(launcher.getAttribute('aria-expanded')).toBe('true');
    expect(launcher.getAttribute('aria-controls')).toBe(dialog.id);

    fireEvent.click(launcher);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(open.value).toBe(false);
  });

  it('uses the configured title for the launcher and the panel', async () => {
    renderApp({ config: { title: 'Northwind Dental' }, open: true });
    expect(screen.getByRole('dialog', { name: 'Northwind Dental' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Northwind Dental' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Northwind Dental' })).toBeTruthy();
  });

  it('moves focus to the composer on open and back to the launcher on close', async () => {
    renderApp();
    const launcher = screen.getByRole('button', { name: 'Chat with us' });
    launcher.focus();
    fireEvent.click(launcher);
    const composer = await screen.findByRole('textbox', { name: 'Your message' });
    await waitFor(() => expect(document.activeElement).toBe(composer));

    fireEvent.click(screen.getByRole('button', { name: 'Close chat' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(launcher);
  });

  it('closes on Escape and returns focus to the launcher', async () => {
    const { open } = renderApp({ open: true });
    const composer = screen.getByRole('textbox', { name: 'Your message' });
    composer.focus();
    fireEvent.keyDown(composer, { key: 'Escape' });
    await waitFor(() => expect(open.value).toBe(false));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Chat with us' })));
  });

  it('does not close on Escape while an input method is composing', () => {
    const { open } = renderApp({ open: true });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Your message' }), { key: 'Escape', isComposing: true });
    expect(open.value).toBe(true);
  });

  it('leaves focus alone when closed from outside while focus is elsewhere on the page', async () => {
    const outside = document.createElement('button');
    document.body.append(outside);
    const { open } = renderApp({ open: true });
    outside.focus();
    act(() => {
      open.value = false;
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(outside);
    outside.remove();
  });

  it('inline mode shows only the panel, always, without launcher or close', () => {
    renderApp({ inline: true });
    expect(screen.getByRole('region', { name: 'Chat with us' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Chat with us' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close chat' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Your message' })).toBeTruthy();
  });

  it('inline mode does not close on Escape', () => {
    renderApp({ inline: true });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Your message' }), { key: 'Escape' });
    expect(screen.getByRole('region', { name: 'Chat with us' })).toBeTruthy();
  });

  it('starts a new conversation from the header', () => {
    const { store } = renderApp({ open: true });
    fireEvent.click(screen.getByRole('button', { name: 'Start a new conversation' }));
    expect(store.calls.reset).toBe(1);
  });

  it('does not start the store itself (mount does)', async () => {
    const { store } = renderApp();
    fireEvent.click(screen.getByRole('button', { name: 'Chat with us' }));
    await screen.findByRole('dialog');
    expect(store.calls.start).toBe(0);
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
    const { open } = renderApp({ store, open: true });
    act(() => store.push(userMessage('Do you open on Sunday?')));
    act(() => {
      open.value = false;
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    act(() => store.push(assistantMessage('No, we are closed on Sundays.')));
    act(() => store.push(assistantMessage('But Saturday works!')));
    const launcher = await screen.findByRole('button', { name: 'Chat with us. Unread replies: 2' });
    expect(within(launcher).getByText('2')).toBeTruthy();

    fireEvent.click(launcher);
    await screen.findByRole('dialog');
    const statuses = screen.getAllByRole('status');
    expect(statuses.some((s) => s.textContent === 'Unread replies: 2')).toBe(true);
    expect(screen.getByRole('button', { name: 'Chat with us' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Close chat' }));
    await waitFor(() => expect(screen.queryByText('Unread replies: 2')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Chat with us' }));
    await screen.findByRole('dialog');
    expect(screen.queryByText('Unread replies: 2')).toBeNull();
  });

  it('does not count the history that loads as unread', () => {
    const store = createFakeStore();
    renderApp({ store });
    act(() => {
      store.messages.value = [assistantMessage('Welcome back'), userMessage('hi'), assistantMessage('Hello')];
    });
    expect(screen.getByRole('button', { name: 'Chat with us' })).toBeTruthy();
  });

  it('does not count a reply that arrives while open', async () => {
    const store = createFakeStore([userMessage('hi')]);
    const { open } = renderApp({ store, open: true });
    act(() => store.push(assistantMessage('Hello')));
    act(() => {
      open.value = false;
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Chat with us' })).toBeTruthy();
  });
});

describe('errors and notices', () => {
  it('offers Retry for a retryable error, which starts the store again', () => {
    const { store } = renderApp({ open: true });
    act(() => {
      store.error.value = { kind: 'network', detail: 'Failed to fetch', retryable: true };
      store.status.value = 'error';
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Could not connect');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(store.calls.start).toBe(1);
  });

  it('explains an unfunded assistant as unavailable right now, without a pointless Retry', () => {
    const { store } = renderApp({ open: true });
    act(() => {
      store.error.value = { kind: 'insufficient_balance', detail: 'Insufficient balance', retryable: false };
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('unavailable right now');
    expect(within(alert).queryByRole('button')).toBeNull();
  });

  it.each([
    ['not_found', 'This chat is not available.'],
    ['rate_limited', 'Too many messages at once.'],
    ['server', 'Something went wrong on our side.'],
    ['timeout', 'The chat took too long to answer.'],
    ['assistant_failed', 'The assistant could not answer this time.'],
  ] as const)('words a %s error for people', (kind, text) => {
    const { store } = renderApp({ open: true });
    act(() => {
      store.error.value = { kind, detail: 'technical detail', retryable: true };
    });
    expect(screen.getByRole('alert').textContent).toContain(text);
    expect(screen.getByRole('alert').textContent).not.toContain('technical detail');
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
  it('speaks German with the German strings', () => {
    renderApp({ strings: de, open: true, config: { locale: 'de' } });
    expect(screen.getByRole('dialog', { name: 'Schreiben Sie uns' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Ihre Nachricht' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Chat schließen' })).toBeTruthy();
    expect(screen.getByRole('dialog').closest('[lang]')!.getAttribute('lang')).toBe('de');
  });

  it('lays out right-to-left for Arabic', () => {
    const { strings, lang, dir } = resolveLocale('ar');
    const { container } = renderApp({ strings, lang, dir, open: true });
    const root = container.firstElementChild!;
    expect(root.getAttribute('dir')).toBe('rtl');
    expect(root.getAttribute('lang')).toBe('ar');
  });
});

describe('strict CSP', () => {
  it('never writes a style attribute, whatever the state', async () => {
    const store = createFakeStore([
      assistantMessage('**Hi** there, see [docs](https://example.com)', [
        { name: 'check_calendar_availability', arguments: { date: '2024-05-01' }, result: { slots: ['09:00'] } },
      ]),
      userMessage('book', 'failed', { kind: 'network', detail: 'x', retryable: true }),
    ]);
    const { container } = renderApp({ store, open: true });
    act(() => {
      store.assistantBusy.value = true;
      store.error.value = { kind: 'server', detail: 'x', retryable: true };
      store.notice.value = 'conversation-reset';
      store.draft.value = 'x'.repeat(2100);
    });
    fireEvent.click(screen.getByRole('button', { name: /Check calendar availability/ }));
    await screen.findByText('2024-05-01');
    expect(container.querySelectorAll('[style]')).toHaveLength(0);
  });
});

describe('page load', () => {
  it('builds the panel only when it first opens, then keeps it', async () => {
    renderApp();
    const launcher = screen.getByRole('button', { name: 'Chat with us' });
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
    expect(launcher.hasAttribute('aria-controls')).toBe(false);

    fireEvent.click(launcher);
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Close chat' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const kept = screen.getByRole('dialog', { hidden: true });
    expect(launcher.getAttribute('aria-controls')).toBe(kept.id);
  });
});
