import { act, cleanup, fireEvent, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeStore } from '../helpers/fake-store';
import { renderApp } from './render-app';

afterEach(cleanup);

const composer = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Your message' });
const sendButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Send' });

describe('composer', () => {
  it('binds the draft both ways', () => {
    const store = createFakeStore();
    store.draft.value = 'kept from last visit';
    renderApp({ store, open: true });
    expect(composer().value).toBe('kept from last visit');
    fireEvent.input(composer(), { target: { value: 'new words' } });
    expect(store.draft.value).toBe('new words');
  });

  it('sends on Enter and clears the draft', () => {
    const { store } = renderApp({ open: true });
    fireEvent.input(composer(), { target: { value: 'Do you have time on Monday?' } });
    fireEvent.keyDown(composer(), { key: 'Enter' });
    expect(store.calls.send).toEqual(['Do you have time on Monday?']);
    expect(store.draft.value).toBe('');
    expect(screen.getByText('Do you have time on Monday?')).toBeTruthy();
  });

  it('sends with the Send button', () => {
    const { store } = renderApp({ open: true });
    fireEvent.input(composer(), { target: { value: 'hello' } });
    fireEvent.click(sendButton());
    expect(store.calls.send).toEqual(['hello']);
  });

  it('adds a line on Shift+Enter instead of sending', () => {
    const { store } = renderApp({ open: true });
    fireEvent.input(composer(), { target: { value: 'line one' } });
    const event = fireEvent.keyDown(composer(), { key: 'Enter', shiftKey: true });
    expect(event).toBe(true); // not prevented: the browser inserts the newline
    expect(store.calls.send).toEqual([]);
  });

  it('does not send when Enter confirms an IME composition', () => {
    const { store } = renderApp({ open: true });
    fireEvent.input(composer(), { target: { value: 'にほんご' } });
    fireEvent.keyDown(composer(), { key: 'Enter', isComposing: true });
    fireEvent.keyDown(composer(), { key: 'Enter', keyCode: 229 });
    expect(store.calls.send).toEqual([]);
  });

  it('disables Send while the draft is blank', () => {
    renderApp({ open: true });
    expect(sendButton().disabled).toBe(true);
    fireEvent.input(composer(), { target: { value: '   ' } });
    expect(sendButton().disabled).toBe(true);
    fireEvent.input(composer(), { target: { value: 'hi' } });
    expect(sendButton().disabled).toBe(false);
  });

  it('shows no counter for ordinary messages', () => {
    renderApp({ open: true });
    fireEvent.input(composer(), { target: { value: 'x'.repeat(500) } });
    expect(screen.queryByText(/\/2000/)).toBeNull();
  });

  it('shows a counter near the limit', () => {
    renderApp({ open: true });
    fireEvent.input(composer(), { target: { value: 'x'.repeat(1900) } });
    expect(screen.getByText('1900/2000')).toBeTruthy();
    expect(sendButton().disabled).toBe(false);
  });

  it('explains the limit before the visitor tries to send, and does not send', () => {
    const { store } = renderApp({ open: true });
    fireEvent.input(composer(), { target: { value: 'x'.repeat(2001) } });
    const reason = screen.getByText('Too long (2001/2000 characters). Shorten your message to send it.');
    expect(composer().getAttribute('aria-describedby')).toBe(reason.id);
    expect(composer().getAttribute('aria-invalid')).toBe('true');
    expect(sendButton().disabled).toBe(true);
    fireEvent.keyDown(composer(), { key: 'Enter' });
    expect(store.draft.value).toHaveLength(2001);
    expect(screen.queryByText('x'.repeat(2001))).toBeNull();
  });

  it('counts characters as the API does: 2,000 emoji fit, though each is two UTF-16 units', () => {
    const { store } = renderApp({ open: true });
    fireEvent.input(composer(), { target: { value: '😀'.repeat(2000) } });
    expect(screen.getByText('2000/2000')).toBeTruthy();
    expect(composer().getAttribute('aria-invalid')).toBeNull();
    fireEvent.keyDown(composer(), { key: 'Enter' });
    expect(store.calls.send).toEqual(['😀'.repeat(2000)]);
  });

  it('follows a draft changed elsewhere (another tab)', () => {
    const { store } = renderApp({ open: true });
    act(() => {
      store.draft.value = 'from the other tab';
    });
    expect(composer().value).toBe('from the other tab');
  });
});

describe('composer of a chat that cannot take messages', () => {
  it.each(['unknown-assistant', 'no-balance', 'misconfigured'] as const)(
    'is disabled while the chat is blocked (%s), keeps what was typed, and leaves the words to the banner',
    (reason) => {
      const { store } = renderApp({ open: true });
      fireEvent.input(composer(), { target: { value: 'hello?' } });
      act(() => {
        store.state.value = { type: 'blocked', reason, error: { kind: 'not_found', detail: 'x', retryable: false } };
      });
      expect(composer().disabled).toBe(true);
      expect(sendButton().disabled).toBe(true);
      fireEvent.keyDown(composer(), { key: 'Enter' });
      expect(store.calls.send).toEqual([]);
      expect(composer().value).toBe('hello?');
      // The banner says it once.
      expect(screen.getAllByRole('alert')).toHaveLength(1);
    },
  );

  it('sends again once the chat recovers', () => {
    const { store } = renderApp({ open: true });
    act(() => {
      store.state.value = { type: 'blocked', reason: 'no-balance', error: { kind: 'insufficient_balance', detail: 'x', retryable: true } };
    });
    act(() => {
      store.state.value = { type: 'ready' };
    });
    fireEvent.input(composer(), { target: { value: 'hello again' } });
    fireEvent.keyDown(composer(), { key: 'Enter' });
    expect(store.calls.send).toEqual(['hello again']);
  });
});
