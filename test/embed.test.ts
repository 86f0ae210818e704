import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { waitFor } from '@testing-library/dom';
import type { AssistantChatApi } from '../src/boot/global';
import { boot } from '../src/boot/boot';
import { messageText } from '../src/model';
import { createFakeConversationFetch, serveFakeConversationApi, type ServedFake } from './helpers/fake-conversation-fetch';

const NORTHWIND = '3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10';
const QUIET = '7b2e9d41-3c6a-4f88-a1d5-2e9c8b7f6a01';
/** The stub snippet the README gives for calls made before the script has loaded. */
const STUB = 'window.AssistantChat=window.AssistantChat||function(){(AssistantChat.q=AssistantChat.q||[]).push(arguments)}';

type Win = { AssistantChat?: AssistantChatApi & { q?: unknown[] } };
const win = window as unknown as Win;

/** Runs the README's snippet (its one line of script) as the page would, before the widget's script tag. */
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- the snippet is a string on purpose: it is what site owners paste.
const runSnippet = (): unknown => new Function(STUB)();

let errors: MockInstance<typeof console.error>;
let warnings: MockInstance<typeof console.warn>;

beforeEach(() => {
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  // The snippet's queue function, when the widget never loaded, has no destroy.
  (win.AssistantChat as Partial<AssistantChatApi> | undefined)?.destroy?.();
  delete win.AssistantChat;
  delete (document as unknown as { currentScript?: unknown }).currentScript;
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  for (const host of hosts()) host.remove();
  localStorage.clear();
  vi.restoreAllMocks();
});

/**
 * A script tag as a site owner writes it. The type keeps happy-dom from fetching `src`; the widget
 * reads the tag's attributes, not its type.
 */
function addTag(attributes: Record<string, string>, parent: Element = document.body): HTMLScriptElement {
  const script = document.createElement('script');
  script.type = 'text/x-not-run';
  script.src = 'https://cdn.example.com/widget.js';
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  parent.appendChild(script);
  return script;
}

/** The panel as the script tag would import it from beside widget.js (the e2e tests load the real file). */
const panelBeside = () => ({
  panel: { load: () => import('../src/panel/index') },
  nudges: () => import('../src/boot/nudges'),
  analytics: () => import('../src/boot/analytics'),
});

/**
 * Runs the script tag's start-up as dist/widget.js does when the browser loads it (a fresh copy of the
 * modules each time, as a second script would be).
 */
async function loadScript(currentScript: HTMLScriptElement | null) {
  vi.resetModules();
  const fresh = await import('../src/boot/boot');
  fresh.boot(window, currentScript, panelBeside);
}

const hosts = () => Array.from(document.querySelectorAll('assistant-chat-root'));
const ownMessages = (spy: MockInstance) => spy.mock.calls.filter((call) => String(call[0]).startsWith('AssistantChat:'));

describe('the script tag', () => {
  it('mounts one floating widget for the tag that loaded it, at the end of <html>, without touching the page', async () => {
    const tag = addTag({ 'data-assistant-id': NORTHWIND });
    await loadScript(tag);
    expect(hosts()).toHaveLength(1);
    // Outside <body>: a transformed body cannot carry it off the screen, and a body swapped on navigation keeps it.
    expect(document.documentElement.lastElementChild).toBe(hosts()[0]);
    expect(hosts()[0]!.shadowRoot).not.toBeNull();
    expect(win.AssistantChat?.widgets()).toEqual([NORTHWIND]);
    expect(tag.hasAttribute('data-assistant-chat-mounted')).toBe(true);
    expect(errors).not.toHaveBeenCalled();
  });

  it('mounts once when the script is loaded twice for the same assistant', async () => {
    const first = addTag({ 'data-assistant-id': NORTHWIND });
    const second = addTag({ 'data-assistant-id': NORTHWIND });
    await loadScript(first);
    await loadScript(second);
    expect(hosts()).toHaveLength(1);
    expect(ownMessages(warnings)).toEqual([[`AssistantChat: assistant ${NORTHWIND} is already on this page.`]]);
  });

  it('gives two different assistants a widget each', async () => {
    const first = addTag({ 'data-assistant-id': NORTHWIND });
    const second = addTag({ 'data-assistant-id': QUIET, 'data-position': 'left-bottom' });
    await loadScript(first);
    await loadScript(second);
    expect(hosts().map((host) => host.getAttribute('data-assistant-id'))).toEqual([NORTHWIND, QUIET]);
    expect(win.AssistantChat?.widgets()).toEqual([NORTHWIND, QUIET]);
  });

  it('finds its tags when a tag manager ran it without document.currentScript, and mounts them once', async () => {
    addTag({ 'data-assistant-id': NORTHWIND }, document.head);
    addTag({ 'data-assistant-id': QUIET });
    await loadScript(null);
    await loadScript(null);
    expect(win.AssistantChat?.widgets()).toEqual([NORTHWIND, QUIET]);
    expect(hosts()).toHaveLength(2);
    expect(ownMessages(warnings)).toEqual([]);
  });

  it('floats, with one message, when data-target matches nothing', async () => {
    await loadScript(addTag({ 'data-assistant-id': NORTHWIND, 'data-target': '#nowhere' }));
    expect(hosts()[0]!.parentElement).toBe(document.documentElement);
    expect(ownMessages(errors)).toEqual([['AssistantChat: target "#nowhere" matches no element; the widget floats instead.']]);
  });

  it('waits for the page to be parsed when it runs in <head> before there is a body', () => {
    const doc = document.implementation.createHTMLDocument('head only');
    doc.documentElement.removeChild(doc.body);
    const tag = doc.createElement('script');
    tag.setAttribute('data-assistant-id', NORTHWIND);
    doc.head.appendChild(tag);
    Object.defineProperty(doc, 'readyState', { configurable: true, get: () => 'loading' });
    const fakeWindow = { document: doc } as unknown as Window & Win;
    boot(fakeWindow, tag, panelBeside);
    expect(doc.querySelectorAll('assistant-chat-root')).toHaveLength(0);
    doc.documentElement.appendChild(doc.createElement('body'));
    doc.dispatchEvent(new Event('DOMContentLoaded'));
    expect(doc.documentElement.lastElementChild?.localName).toBe('assistant-chat-root');
    fakeWindow.AssistantChat?.destroy();
  });
});

// An inline panel is on screen at once; its conversation starts when the visitor goes to the composer: from a fake
// API on 127.0.0.1.
/** The composer of a widget, once its panel is drawn. */
function composerOf(host: Element): HTMLTextAreaElement {
  const composer = host.shadowRoot!.querySelector('textarea');
  if (!composer) throw new Error('no composer yet');
  return composer;
}

describe('the script tag with data-target (inline)', () => {
  let api: ServedFake;
  beforeAll(async () => {
    api = await serveFakeConversationApi();
  });
  afterAll(() => api.close());

  it('renders the panel inside the element named by data-target, and creates the conversation at the first sign of intent', async () => {
    const help = document.createElement('section');
    help.id = 'help';
    document.body.appendChild(help);
    await loadScript(addTag({ 'data-assistant-id': NORTHWIND, 'data-target': '#help', 'data-api-base': api.url, 'data-type': 'test' }));
    expect(hosts()).toHaveLength(1);
    expect(hosts()[0]!.parentElement).toBe(help);
    expect(hosts()[0]!.hasAttribute('data-inline')).toBe(true);
    // (The first test to load the panel waits for its modules to be transformed.)
    const composer = await waitFor(() => composerOf(hosts()[0]!), { timeout: 5000 });
    // (Everything the panel would do unasked happens as it loads: it has, and asked nothing.)
    expect(api.requests).toEqual([]);
    composer.focus();
    await waitFor(() => expect(api.requests.map((r) => [r.method, new URL(r.url).pathname])).toEqual([['POST', '/api/conversations']]));
  });

  it('waits for the page to finish parsing when its data-target comes later in the page', async () => {
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
    try {
      await loadScript(
        addTag({ 'data-assistant-id': NORTHWIND, 'data-target': '#later', 'data-api-base': api.url, 'data-type': 'test' }, document.head),
      );
      win.AssistantChat?.('close');
      expect(hosts()).toHaveLength(0);
      const later = document.createElement('div');
      later.id = 'later';
      document.body.appendChild(later);
    } finally {
      delete (document as unknown as { readyState?: unknown }).readyState;
    }
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(hosts()[0]!.parentElement?.id).toBe('later');
    // The call made while waiting found the widget once it was there.
    expect(ownMessages(warnings)).toEqual([]);
    const composer = await waitFor(() => composerOf(hosts()[0]!));
    composer.focus();
    await waitFor(() => expect(api.requests).toHaveLength(2));
  });
});

describe('bad configuration', () => {
  it('shows no widget and logs one message saying why, without throwing', async () => {
    const tag = addTag({ 'data-assistant-id': 'northwind', 'data-theme': 'neon' });
    await expect(loadScript(tag)).resolves.toBeUndefined();
    expect(hosts()).toHaveLength(0);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(errors.mock.calls[0]![0]).toBe(
      'AssistantChat: data-assistant-id "northwind" is not a UUID like xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx. The chat widget is not shown.',
    );
    // The API is still there, so the page's own calls cannot fail.
    expect(() => win.AssistantChat?.('open')).not.toThrow();
  });

  it('falls back to the defaults for bad settings beside a good id, and names them all once the panel loads', async () => {
    await loadScript(addTag({ 'data-assistant-id': NORTHWIND, 'data-variables': '{name:"Ada"}', 'data-color': 'teal' }));
    expect(hosts()).toHaveLength(1);
    // The launcher script carries no messages: it draws with the defaults and says nothing yet.
    expect(ownMessages(warnings)).toEqual([]);
    // The visitor reaches for the launcher: the panel loads (and, with no conversation yet, asks the API nothing).
    hosts()[0]!.shadowRoot!.querySelector('.launcher')!.dispatchEvent(new Event('pointerenter'));
    await waitFor(() => expect(ownMessages(warnings)).toHaveLength(1));
    expect(ownMessages(warnings)[0]).toEqual([
      'AssistantChat: data-color "teal" is not a hex colour like #4f46e5; using #4f46e5. data-variables is not a JSON object like {"name": "Ada"}; no variables are sent.',
    ]);
    expect(errors).not.toHaveBeenCalled();
  });

  it('says that data-assistant-id is missing when the tag has no settings', async () => {
    const bare = document.createElement('script');
    bare.type = 'text/x-not-run';
    document.body.appendChild(bare);
    await loadScript(bare);
    expect(hosts()).toHaveLength(0);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0]![0])).toMatch(/^AssistantChat: data-assistant-id is missing/);
  });
});

describe('window.AssistantChat', () => {
  it('is the one global the script adds', async () => {
    const before = new Set(Object.getOwnPropertyNames(window));
    await loadScript(addTag({ 'data-assistant-id': NORTHWIND }));
    const added = Object.getOwnPropertyNames(window).filter((name) => !before.has(name));
    expect(added).toEqual(['AssistantChat']);
  });

  it('runs the calls queued by the stub snippet, in order, once the script has loaded', async () => {
    runSnippet();
    const api = createFakeConversationFetch({ greeting: 'Hello!' });
    const seen: string[] = [];
    win.AssistantChat!('mount', { assistantId: QUIET, fetch: api.fetch, type: 'test' });
    win.AssistantChat!('on', 'open', () => seen.push('open'));
    win.AssistantChat!('on', 'close', () => seen.push('close'));
    win.AssistantChat!('on', 'message', (message, assistantId) => seen.push(`${assistantId}: ${messageText(message)}`));
    win.AssistantChat!('open');
    win.AssistantChat!('send', 'hi there');
    win.AssistantChat!('close');
    expect(win.AssistantChat!.q).toHaveLength(7);

    await loadScript(null);
    expect(seen.slice(0, 2)).toEqual(['open', 'close']);
    await waitFor(() => expect(seen).toContain(`${QUIET}: You said: hi there`));
    expect(api.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      'POST /api/conversations',
      'POST /api/conversations/00000000-0000-4000-8000-000000000001/messages',
    ]);
    expect(api.requests[1]!.body).toEqual({ message: 'hi there' });
    expect(errors).not.toHaveBeenCalled();
  });

  it('offers every command as a method too, and selects a widget by assistant id', async () => {
    await loadScript(addTag({ 'data-assistant-id': NORTHWIND }));
    const api = createFakeConversationFetch();
    win.AssistantChat!.mount({ assistantId: QUIET, fetch: api.fetch });
    const opened: string[] = [];
    win.AssistantChat!.on('open', (_detail, id) => opened.push(id));
    win.AssistantChat!.open(QUIET);
    expect(opened).toEqual([QUIET]);
    // Only the opened widget loads its conversation.
    await waitFor(() => expect(api.requests).toHaveLength(1));
    win.AssistantChat!.toggle(QUIET.toUpperCase());
    win.AssistantChat!.destroy(QUIET);
    expect(win.AssistantChat!.widgets()).toEqual([NORTHWIND]);
    expect(hosts()).toHaveLength(1);
  });

  it('applies a listener without an id to widgets mounted later, and stops when unsubscribed', async () => {
    runSnippet();
    await loadScript(null);
    const opened: string[] = [];
    const off = win.AssistantChat!('on', 'open', (_detail, id) => opened.push(id));
    win.AssistantChat!('mount', { assistantId: NORTHWIND, fetch: createFakeConversationFetch().fetch });
    win.AssistantChat!('open');
    off();
    win.AssistantChat!('close');
    win.AssistantChat!('open');
    expect(opened).toEqual([NORTHWIND]);
  });

  it('tells a listener given an assistant id only about that widget, and resolves reset() once done', async () => {
    runSnippet();
    const api = createFakeConversationFetch();
    win.AssistantChat!('mount', { assistantId: NORTHWIND, fetch: api.fetch, type: 'test' });
    win.AssistantChat!('mount', { assistantId: QUIET, fetch: api.fetch, type: 'test' });
    await loadScript(null);
    const opened: string[] = [];
    win.AssistantChat!.on('open', (_detail, id) => opened.push(id), QUIET.toUpperCase());
    win.AssistantChat!.open();
    expect(opened).toEqual([QUIET]);
    await waitFor(() => expect(api.requests).toHaveLength(2));
    // Resolved once that widget's new conversation has been created.
    await win.AssistantChat!.reset(NORTHWIND);
    const created = (r: (typeof api.requests)[number]) =>
      `${r.method} ${new URL(r.url).pathname} ${(r.body as { assistant_id: string }).assistant_id}`;
    expect(api.requests.map(created)).toEqual([
      `POST /api/conversations ${NORTHWIND}`,
      `POST /api/conversations ${QUIET}`,
      `POST /api/conversations ${NORTHWIND}`,
    ]);
    expect(errors).not.toHaveBeenCalled();
  });

  it('answers unknown commands, inherited names and bad arguments with a warning, never an exception', async () => {
    await loadScript(addTag({ 'data-assistant-id': NORTHWIND }));
    const call = win.AssistantChat as unknown as (...args: unknown[]) => unknown;
    for (const command of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 42, undefined]) {
      expect(() => call(command)).not.toThrow();
    }
    expect(() => call('open', 12)).not.toThrow();
    expect(() => call('on', 'click', () => {})).not.toThrow();
    expect(() => call('on', 'open', 'not a function')).not.toThrow();
    expect(() => call('send', { text: 'hi' })).not.toThrow();
    expect(() => call('open', QUIET)).not.toThrow();
    expect(win.AssistantChat!.widgets()).toEqual([NORTHWIND]);
    // (The panel checks what is sent: that warning comes once it has loaded.)
    await waitFor(() => expect(ownMessages(warnings)).toHaveLength(11), { timeout: 5000 });
    expect(ownMessages(warnings).map((c) => String(c[0]))).toEqual([
      ...Array(6).fill(expect.stringMatching(/^AssistantChat: unknown command/)),
      'AssistantChat: open: no widget for assistant 12 on this page.',
      'AssistantChat: on: expected an event (open, close, message, error, conversation, unread) and a function.',
      'AssistantChat: on: expected an event (open, close, message, error, conversation, unread) and a function.',
      `AssistantChat: open: no widget for assistant ${QUIET} on this page.`,
      'AssistantChat: send: not sent (not a string).',
    ]);
  });

  it("opens from the site's own buttons and links to #assistant-chat, with no script of the site's, and hides the round launcher on request", async () => {
    await loadScript(addTag({ 'data-assistant-id': NORTHWIND, 'data-launcher': 'none' }));
    const host = hosts()[0]!;
    expect(host.shadowRoot!.querySelector('button')).toBeNull();
    const help = document.createElement('a');
    help.href = '#assistant-chat';
    help.innerHTML = '<span>Questions? Chat with us</span>';
    const close = document.createElement('button');
    close.setAttribute('data-assistant-chat', 'close');
    const toggle = document.createElement('button');
    toggle.setAttribute('data-assistant-chat', 'toggle');
    toggle.setAttribute('data-assistant-id', QUIET);
    document.body.append(help, close, toggle);
    const opened: string[] = [];
    win.AssistantChat!('on', 'open', (_detail, id) => opened.push(`open ${id}`));
    win.AssistantChat!('on', 'close', (_detail, id) => opened.push(`close ${id}`));

    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    help.querySelector('span')!.dispatchEvent(click);
    // The link opens the chat instead of jumping to an anchor.
    expect(click.defaultPrevented).toBe(true);
    close.click();
    // Meant for another assistant: nothing here changes.
    toggle.click();
    expect(opened).toEqual([`open ${NORTHWIND}`, `close ${NORTHWIND}`]);
  });

  it('tells listeners how many replies are unread, and switches the language on request', async () => {
    runSnippet();
    const api = createFakeConversationFetch({ greeting: 'Hello!' });
    win.AssistantChat!('mount', { assistantId: NORTHWIND, fetch: api.fetch, type: 'test' });
    await loadScript(null);
    const counts: number[] = [];
    win.AssistantChat!('on', 'unread', (count) => counts.push(count));
    win.AssistantChat!('send', 'hi there');
    await waitFor(() => expect(counts).toEqual([1]), { timeout: 5000 });
    win.AssistantChat!('open');
    await waitFor(() => expect(counts).toEqual([1, 0]));

    win.AssistantChat!('setLocale', 'de');
    const root = hosts()[0]!.shadowRoot!;
    await waitFor(() => expect(root.querySelector('textarea')!.getAttribute('aria-label')).toBe('Ihre Nachricht'));
    expect(root.querySelector('.widget')!.getAttribute('lang')).toBe('de');
  });

  it('keeps working when a listener throws', async () => {
    runSnippet();
    win.AssistantChat!('mount', { assistantId: NORTHWIND, fetch: createFakeConversationFetch().fetch });
    await loadScript(null);
    const seen: string[] = [];
    win.AssistantChat!('on', 'open', () => {
      throw new Error('host bug');
    });
    win.AssistantChat!('on', 'open', () => seen.push('second listener ran'));
    expect(() => win.AssistantChat!('open')).not.toThrow();
    expect(seen).toEqual(['second listener ran']);
    expect(ownMessages(errors)).toHaveLength(1);
  });
});
