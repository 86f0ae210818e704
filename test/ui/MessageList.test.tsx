import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/model';
import { FIRST_SCREEN, PAGE_SIZE } from '../../src/ui/MessageList';
import { assistantMessage, createFakeStore, userMessage } from '../helpers/fake-store';
import { renderApp } from './render-app';

afterEach(cleanup);

const log = () => screen.getByRole('log', { name: 'Messages' });

describe('messages', () => {
  it('is a polite live log', () => {
    renderApp({ open: true });
    expect(log().getAttribute('aria-live')).toBe('polite');
  });

  it('shows visitor text as plain text and assistant text as markdown (once the renderer has come)', async () => {
    const store = createFakeStore([userMessage('**not bold** <b>x</b>'), assistantMessage('**bold** reply')]);
    renderApp({ store, open: true });
    expect(within(log()).getByText('**not bold** <b>x</b>')).toBeTruthy();
    expect((await within(log()).findByText('bold')).tagName).toBe('STRONG');
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

  it('shows function-call cards before the assistant text, unless the site hides them', async () => {
    const message = assistantMessage('You are booked.', [{ name: 'book_appointment', result: { ok: true } }]);
    renderApp({ store: createFakeStore([message]), open: true });
    const card = await within(log()).findByRole('button', { name: /Book appointment/ });
    expect(card.compareDocumentPosition(within(log()).getByText('You are booked.')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
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

  it('opens on the newest messages of thousands, with a way to show earlier ones', () => {
    renderApp({ store: createFakeStore(history(3000)), open: true });
    expect(document.querySelectorAll('.message')).toHaveLength(FIRST_SCREEN);
    expect(screen.getByText('reply 2999')).toBeTruthy();
    expect(screen.queryByText(`question ${3000 - FIRST_SCREEN - 2}`)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Show earlier messages' }));
    expect(document.querySelectorAll('.message')).toHaveLength(FIRST_SCREEN + PAGE_SIZE);
    const earlier = screen.getByText(`question ${3000 - FIRST_SCREEN - 2}`);
    // Revealed history stays out of the live log, so it is not read out as new.
    expect(log().contains(earlier)).toBe(false);
    expect(log().querySelectorAll('.message')).toHaveLength(FIRST_SCREEN);
  });

  it('shows earlier messages as the visitor scrolls near the top', () => {
    const observers: Array<{ callback: IntersectionObserverCallback; target?: Element }> = [];
    const original = globalThis.IntersectionObserver;
    globalThis.IntersectionObserver = class {
      record: { callback: IntersectionObserverCallback; target?: Element };
      constructor(callback: IntersectionObserverCallback) {
        this.record = { callback };
        observers.push(this.record);
      }
      observe(target: Element) {
        this.record.target = target;
      }
      disconnect() {}
    } as unknown as typeof IntersectionObserver;
    try {
      renderApp({ store: createFakeStore(history(100)), open: true });
      const watching = observers.at(-1)!;
      expect(watching.target?.textContent).toBe('Show earlier messages');
      act(() => watching.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
      expect(document.querySelectorAll('.message')).toHaveLength(FIRST_SCREEN + PAGE_SIZE);
    } finally {
      globalThis.IntersectionObserver = original;
    }
  });

  it('drops the button once everything is shown, and keeps the keyboard in the conversation', () => {
    renderApp({ store: createFakeStore(history(FIRST_SCREEN + 10)), open: true });
    fireEvent.click(screen.getByRole('button', { name: 'Show earlier messages' }));
    expect(screen.queryByRole('button', { name: 'Show earlier messages' })).toBeNull();
    expect(screen.getByText('question 0')).toBeTruthy();
    expect(document.activeElement).toBe(log().closest('.scroller'));
  });

  it('appends new messages to the log without dropping the window', () => {
    const { store } = renderApp({ store: createFakeStore(history(200)), open: true });
    act(() => store.push(assistantMessage('brand new')));
    expect(within(log()).getByText('brand new')).toBeTruthy();
    expect(log().querySelectorAll('.message')).toHaveLength(FIRST_SCREEN + 1);
  });

  it('opens a history that arrives after the panel on its newest messages too', () => {
    const { store } = renderApp({ open: true });
    act(() => {
      store.messages.value = history(500);
    });
    expect(document.querySelectorAll('.message')).toHaveLength(FIRST_SCREEN);
    expect(screen.getByText('reply 499')).toBeTruthy();
  });
});

describe('scrolling', () => {
  /** The scroller lays out from the bottom: 0 is the newest message, negative offsets are further up. */
  function setup() {
    const store = createFakeStore([userMessage('hi'), assistantMessage('Hello')]);
    const result = renderApp({ store, open: true });
    const scroller = log().closest<HTMLElement>('.scroller')!;
    const scrolls: ScrollToOptions[] = [];
    scroller.scrollTo = ((options: ScrollToOptions) => {
      scrolls.push(options);
      scroller.scrollTop = options.top ?? 0;
    }) as typeof scroller.scrollTo;
    const scrollUp = (by: number) => {
      scroller.scrollTop = -by;
      fireEvent.scroll(scroller);
    };
    return { ...result, scroller, scrolls, scrollUp };
  }

  it('leaves the view alone while the visitor is at the newest message (the layout keeps it there)', () => {
    const { store, scrolls } = setup();
    act(() => store.push(assistantMessage('more')));
    expect(scrolls).toEqual([]);
    expect(screen.queryByRole('button', { name: 'New messages' })).toBeNull();
  });

  it('offers a "new messages" button when a reply arrives while the visitor reads further up', async () => {
    const { store, scrollUp, scrolls } = setup();
    scrollUp(500);
    act(() => store.push(assistantMessage('while you were reading')));
    expect(scrolls).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'New messages' }));
    expect(scrolls).toEqual([{ top: 0, behavior: 'auto' }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'New messages' })).toBeNull());
  });

  it('hides the button when the visitor scrolls back down', () => {
    const { store, scrollUp } = setup();
    scrollUp(500);
    act(() => store.push(assistantMessage('new')));
    expect(screen.getByRole('button', { name: 'New messages' })).toBeTruthy();
    scrollUp(0);
    expect(screen.queryByRole('button', { name: 'New messages' })).toBeNull();
  });

  it('brings the view down when the visitor sends, even if scrolled up', () => {
    const { scrollUp, scrolls } = setup();
    scrollUp(500);
    fireEvent.input(screen.getByRole('textbox', { name: 'Your message' }), { target: { value: 'one more' } });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Your message' }), { key: 'Enter' });
    expect(scrolls).toEqual([{ top: 0, behavior: 'auto' }]);
    expect(screen.queryByRole('button', { name: 'New messages' })).toBeNull();
  });
});
