import { act, cleanup, fireEvent, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from './render-app';

const DESKTOP = { width: 1024, height: 768 };

/** Sets the window's size; media queries follow it. */
function resize(size: { width: number; height: number }) {
  act(() => (window as unknown as { happyDOM: { setViewport(size: object): void } }).happyDOM.setViewport(size));
}

afterEach(() => {
  cleanup();
  resize(DESKTOP);
});

describe('the panel on a phone-sized screen', () => {
  it('is a modal dialog that keeps Tab inside, and a plain dialog again when the screen widens', () => {
    renderApp({ open: true });
    const dialog = screen.getByRole('dialog', { name: 'Chat with us' });
    expect(dialog.hasAttribute('aria-modal')).toBe(false);
    resize({ width: 390, height: 844 });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    fireEvent.input(screen.getByRole('textbox', { name: 'Your message' }), { target: { value: 'draft' } });
    const send = screen.getByRole('button', { name: 'Send' });
    const first = screen.getByRole('button', { name: 'Start a new conversation' });

    send.focus();
    expect(fireEvent.keyDown(send, { key: 'Tab' })).toBe(false);
    expect(document.activeElement).toBe(first);
    expect(fireEvent.keyDown(first, { key: 'Tab', shiftKey: true })).toBe(false);
    expect(document.activeElement).toBe(send);
    // In between, Tab is left to the browser.
    expect(fireEvent.keyDown(send, { key: 'Tab', shiftKey: true })).toBe(true);

    resize(DESKTOP);
    expect(dialog.hasAttribute('aria-modal')).toBe(false);
    expect(fireEvent.keyDown(send, { key: 'Tab' })).toBe(true);
  });

  it('wraps to the composer when Send is disabled (nothing typed)', () => {
    resize({ width: 390, height: 844 });
    renderApp({ open: true });
    const composer = screen.getByRole('textbox', { name: 'Your message' });
    composer.focus();
    fireEvent.keyDown(composer, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Start a new conversation' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(composer);
  });
});
