import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../src/model';
import { Message } from '../../src/ui/Message';
import { en, type Strings } from '../../src/ui/strings';
import { assistantMessage, createFakeStore } from '../helpers/fake-store';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function showMessages(messages: ChatMessage[], strings: Strings = en) {
  const store = createFakeStore(messages);
  return render(
    <div>
      {messages.map((message) => (
        <Message key={message.id} message={message} store={store} strings={strings} showFunctionCalls />
      ))}
    </div>,
  );
}

describe('an assistant message that fails to render', () => {
  it('falls back to its plain text, and the messages after it render as markdown', async () => {
    // A code block whose words cannot be read stands in for any failure while rendering a reply.
    const broken: Strings = { ...en };
    Object.defineProperty(broken, 'copyCode', {
      get() {
        throw new Error('boom');
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { container } = showMessages([assistantMessage('Run:\n\n```sh\nnpm i\n```'), assistantMessage('**next** reply')], broken);

    // (Once the renderer's file has come.)
    await waitFor(() => expect(container.querySelector('strong')?.textContent).toBe('next'));
    const [first, second] = container.querySelectorAll('.bubble');
    expect(first!.querySelector('.plain-text')!.textContent).toBe('Run:\n\n```sh\nnpm i\n```');
    expect(second!.querySelector('strong')).toBeTruthy();
  });
});

describe('a reply with many function calls', () => {
  const calls = Array.from({ length: 2000 }, (_, i) => ({ name: `lookup_item_${i}`, result: { ok: true } }));

  it('shows the first three cards (their chunk loads with the first message that has some) and sums up the rest behind a button', async () => {
    showMessages([assistantMessage('Done.', calls)]);
    expect(await screen.findAllByRole('button', { name: /^Lookup item/ })).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'And 1,997 more' })).toBeTruthy();
  });

  it('shows twenty more with each press, and moves focus to the revealed cards when the button goes', async () => {
    showMessages([assistantMessage('Done.', calls.slice(0, 30))]);
    fireEvent.click(await screen.findByRole('button', { name: 'And 27 more' }));
    expect(screen.getAllByRole('button', { name: /^Lookup item/ })).toHaveLength(23);
    fireEvent.click(screen.getByRole('button', { name: 'And 7 more' }));
    expect(screen.getAllByRole('button', { name: /^Lookup item/ })).toHaveLength(30);
    expect(screen.queryByRole('button', { name: /more$/ })).toBeNull();
    await waitFor(() => expect(document.activeElement?.textContent).toMatch(/^Lookup item 23/));
  });
});

describe('a code block', () => {
  it('copies its code and says so, then reads "Copy" again', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    showMessages([assistantMessage('```js\nconst a = 1;\n```')]);
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));

    await screen.findByRole('button', { name: 'Copied' });
    expect(writeText).toHaveBeenCalledWith('const a = 1;');
    expect(screen.getByText('Copied').getAttribute('aria-live')).toBe('polite');
    await screen.findByRole('button', { name: 'Copy' }, { timeout: 4000 });
  });

  it('says when the page does not allow copying', async () => {
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    showMessages([assistantMessage('```\nx\n```')]);
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await screen.findByRole('button', { name: 'Copy failed' });
  });
});
