import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/model';
import { PAGE_SIZE } from '../../src/ui/MessageList';
import { assistantMessage, createFakeStore, userMessage } from '../helpers/fake-store';
import { renderApp } from './render-app';

afterEach(cleanup);

const log = () => screen.getByRole('log', { name: 'Messages' });

/** Gives the scroll container a layout (happy-dom has none) that clamps `scrollTop` as browsers do. */
function layOut(scroller: HTMLElement, geometry: { scrollHeight: number; clientHeight: number }) {
  let top = 0;
  Object.defineProperty(scroller, 'scrollHeight', { configurable: true, get: () => geometry.scrollHeight });
  Object.defineProperty(scroller, 'clientHeight', { configurable: true, get: () => geometry.clientHeight });
  Object.defineProperty(scroller, 'scrollTop', {
    configurable: true,
    get: () => top,
    set: (value: number) => (top = Math.max(0, Math.min(value, geometry.scrollHeight - geometry.clientHeight))),
  });
}

/** The scroll offset of the end of the list. */
const end = (geometry: { scrollHeight: number; clientHeight: number }) => geometry.scrollHeight - geometry.clientHeight;

describe('messages', () => {
  it('is a polite live log', () => {
    renderApp({ open: true });
    expect(log().getAttribute('aria-live')).toBe('polite');
  });

  it('shows visitor text as plain text and assistant text as markdown', () => {
    const store = createFakeStore([userMessage('**not bold** <b>x</b>'), assistantMessage('**bold** reply')]);
    renderApp({ store, open: true });
    expect(within(log()).getByText('**not bold** <b>x</b>')).toBeTruthy();
    expect(within(log()).getByText('bold').tagName).toBe('STRONG');
    expect(log().querySelector('b')).toBeNull();
  });

  it('tells screen readers who said what', () => {
    const store = createFakeStore([userMessage('hi'), assistantMessage('Hello!')]);
    renderApp({ store, open: true });
    const rows = log().querySelectorAll('.message');
    expect(rows[0]!.textContent).toBe('You: hi');
    expect(rows[1]!.textContent).toBe('Assistant: Hello!');
  });

  it.each([
    ['queued', 'Waiting to send'],
    ['sending', 'Sending…'],
    ['slow', 'Still working…'],
    ['checking', 'Checking whether it arrived…'],
  ] as const)('shows a %s message as "%s"', (status, text) => {
    renderApp({ store: createFakeStore([userMessage('hi', status)]), open: true });
    expect(within(log()).getByText(text)).toBeTruthy();
  });

  it('shows a failed message with the reason and a Retry that retries that message', () => {
    const failed = userMessage('book me in', 'failed', { kind: 'network', detail: 'reset', retryable: true });
    const { store } = renderApp({ store: createFakeStore([failed]), open: true });
    expect(within(log()).getByText(/Not sent\. Could not connect/)).toBeTruthy();
    fireEvent.click(within(log()).getByRole('button', { name: 'Retry' }));
    expect(store.calls.retry).toEqual([failed.id]);
  });

  it('offers no Retry when trying again cannot help', () => {
    const failed = userMessage('x', 'failed', { kind: 'validation', detail: 'too long', retryable: false });
    renderApp({ store: createFakeStore([failed]), open: true });
    expect(within(log()).getByText(/The message was not accepted/)).toBeTruthy();
    expect(within(log()).queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('shows a sent message without a status line', () => {
    renderApp({ store: createFakeStore([userMessage('hi', 'sent')]), open: true });
    expect(log().querySelector('.message-status')).toBeNull();
  });

  it('shows function-call cards before the assistant text, unless the site hides them', () => {
    const message = assistantMessage('You are booked.', [{ name: 'book_appointment', result: { ok: true } }]);
    renderApp({ store: createFakeStore([message]), open: true });
    expect(within(log()).getByRole('button', { name: /Book appointment/ })).toBeTruthy();
    cleanup();
    renderApp({ store: createFakeStore([message]), open: true, config: { showFunctionCalls: false } });
    expect(within(log()).queryByRole('button', { name: /Book appointment/ })).toBeNull();
    expect(within(log()).getByText('You are booked.')).toBeTruthy();
  });

  it('leaves out a message that is only hidden function calls', () => {
    const message = assistantMessage('', [{ name: 'lookup_order' }]);
    renderApp({ store: createFakeStore([message]), open: true, config: { showFunctionCalls: false } });
    expect(log().querySelectorAll('.message')).toHaveLength(0);
  });
});

describe('long histories', () => {
  const history = (count: number): ChatMessage[] =>
    Array.from({ length: count }, (_, i) => (i % 2 ? assistantMessage(`reply ${i}`) : userMessage(`question ${i}`)));

  it('renders only the newest messages of thousands, with a way to show earlier ones', () => {
    renderApp({ store: createFakeStore(history(3000)), open: true });
    expect(document.querySelectorAll('.message')).toHaveLength(PAGE_SIZE);
    expect(screen.getByText('reply 2999')).toBeTruthy();
    expect(screen.queryByText(`question ${3000 - PAGE_SIZE - 2}`)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Show earlier messages' }));
    expect(document.querySelectorAll('.message')).toHaveLength(2 * PAGE_SIZE);
    const earlier = screen.getByText(`question ${3000 - PAGE_SIZE - 2}`);
    // Revealed history stays out of the live log, so it is not read out as new.
    expect(log().contains(earlier)).toBe(false);
    expect(log().querySelectorAll('.message')).toHaveLength(PAGE_SIZE);
  });

  it('drops the button once everything is shown', () => {
    renderApp({ store: createFakeStore(history(PAGE_SIZE + 10)), open: true });
    fireEvent.click(screen.getByRole('button', { name: 'Show earlier messages' }));
    expect(screen.queryByRole('button', { name: 'Show earlier messages' })).toBeNull();
    expect(screen.getByText('question 0')).toBeTruthy();
  });

  it('appends new messages to the log without dropping the window', () => {
    const { store } = renderApp({ store: createFakeStore(history(200)), open: true });
    act(() => store.push(assistantMessage('brand new')));
    expect(within(log()).getByText('brand new')).toBeTruthy();
    expect(log().querySelectorAll('.message')).toHaveLength(PAGE_SIZE + 1);
  });
});

describe('scrolling', () => {
  function setup() {
    const store = createFakeStore([userMessage('hi'), assistantMessage('Hello')]);
    const result = renderApp({ store, open: true });
    const scroller = log().parentElement!;
    const geometry = { scrollHeight: 1000, clientHeight: 400 };
    layOut(scroller, geometry);
    return { ...result, scroller, geometry };
  }

  it('sticks to the newest message while the visitor is at the bottom', () => {
    const { store, scroller, geometry } = setup();
    scroller.scrollTop = 600;
    fireEvent.scroll(scroller);
    geometry.scrollHeight = 1200;
    act(() => store.push(assistantMessage('more')));
    expect(scroller.scrollTop).toBe(end(geometry));
    expect(screen.queryByRole('button', { name: 'New messages' })).toBeNull();
  });

  it('stays put and offers a "new messages" pill when the visitor scrolled up', async () => {
    const { store, scroller, geometry } = setup();
    scroller.scrollTop = 100;
    fireEvent.scroll(scroller);
    geometry.scrollHeight = 1200;
    act(() => store.push(assistantMessage('while you were reading')));
    expect(scroller.scrollTop).toBe(100);

    fireEvent.click(screen.getByRole('button', { name: 'New messages' }));
    await waitFor(() => expect(scroller.scrollTop).toBe(end(geometry)));
    expect(screen.queryByRole('button', { name: 'New messages' })).toBeNull();
  });

  it('hides the pill when the visitor scrolls back down', () => {
    const { store, scroller } = setup();
    scroller.scrollTop = 100;
    fireEvent.scroll(scroller);
    act(() => store.push(assistantMessage('new')));
    expect(screen.getByRole('button', { name: 'New messages' })).toBeTruthy();
    scroller.scrollTop = 600;
    fireEvent.scroll(scroller);
    expect(screen.queryByRole('button', { name: 'New messages' })).toBeNull();
  });

  it('jumps to the bottom when the visitor sends, even if scrolled up', () => {
    const { scroller, geometry } = setup();
    scroller.scrollTop = 100;
    fireEvent.scroll(scroller);
    geometry.scrollHeight = 1100;
    fireEvent.input(screen.getByRole('textbox', { name: 'Your message' }), { target: { value: 'one more' } });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Your message' }), { key: 'Enter' });
    expect(scroller.scrollTop).toBe(end(geometry));
    expect(screen.queryByRole('button', { name: 'New messages' })).toBeNull();
  });

  it('keeps the visitor\'s place when earlier messages are shown', () => {
    const store = createFakeStore(Array.from({ length: 120 }, (_, i) => userMessage(`m${i}`)));
    renderApp({ store, open: true });
    const scroller = log().parentElement!;
    // Every rendered message is 100px tall.
    Object.defineProperty(scroller, 'scrollHeight', { configurable: true, get: () => 100 * scroller.querySelectorAll('.message').length });
    Object.defineProperty(scroller, 'clientHeight', { configurable: true, get: () => 400 });
    scroller.scrollTop = 300; // looking at the 4th of the 50 shown messages
    fireEvent.scroll(scroller);
    fireEvent.click(screen.getByRole('button', { name: 'Show earlier messages' }));
    expect(scroller.querySelectorAll('.message')).toHaveLength(100);
    expect(scroller.scrollTop).toBe(5300); // the same message, now 50 messages further down
  });
});
