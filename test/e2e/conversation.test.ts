/**
 * The conversation engine end to end: the built dist/widget.js on a host page (origin A) talking to the
 * stand-in API (origin B) in Chromium, through the stand-in's fault modes. What is asserted is what the
 * visitor sees in the widget and what the server received: nothing lost, nothing sent twice.
 */
import type { ConsoleMessage, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ASSISTANTS } from '../helpers/stand-in';
import { useBrowser, useStandIn, useStaticServer } from './helpers/fixtures';
import {
  chat,
  conversationOf,
  creates,
  GREETING,
  messagePosts,
  nothingMoreWithin,
  reads,
  runClockUntil,
  summary,
  TEXT,
  widgetPage,
} from './conversation/widget';

const browser = useBrowser();
const site = useStaticServer();
const api = useStandIn();

/** How long a visible outcome may take (the store's back-off starts at 1 s). */
const SEEN = { timeout: 20_000 };

const shop = (assistantId: string = ASSISTANTS.northwind, type: 'test' | 'widget' = 'test') =>
  widgetPage(site, { assistantId, apiBase: api.url, type });

/** Opens the shop page and the widget, and waits for the greeting. */
async function openChat() {
  const { page } = browser;
  await page.goto(shop());
  const widget = chat(page);
  await widget.open();
  await widget.said(GREETING).waitFor(SEEN);
  return widget;
}

/** Waits for the greeting in each tab, and checks that the server created one conversation for them all. */
async function greetedOnce(...tabs: ReturnType<typeof chat>[]) {
  await Promise.all(tabs.map((tab) => tab.said(GREETING).waitFor(SEEN)));
  const received = await api.requests();
  expect(creates(received), summary(received).join('\n')).toHaveLength(1);
}

describe('a send whose answer is lost', () => {
  test('processed but dropped on the way back: the visitor sees the message and the reply once, sent once', async () => {
    const widget = await openChat();
    await api.fault('drop-after-processing');

    await widget.send('where is order 101?');

    await widget.said('Order #101 has shipped').waitFor(SEEN);
    await expect.poll(() => widget.mine('where is order 101?').count()).toBe(1);
    expect(await widget.said('Order #101 has shipped').count()).toBe(1);
    expect(await widget.said(TEXT.failed).count()).toBe(0);

    const received = await api.requests();
    const posts = messagePosts(received);
    expect(posts, summary(received).join('\n')).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ message: 'where is order 101?' });
    // The outcome was settled by reading the history after the POST.
    const checks = reads(received).filter((read) => read.at >= posts[0]!.at);
    expect(checks.length).toBeGreaterThanOrEqual(1);
    expect(browser.errors.unexpected()).toEqual([]);
  });

  test('a 502 page from a proxy: the history is read, the message is offered for Retry, never resent on its own', async () => {
    // (The page's clock runs the back-off below at once.)
    await browser.page.clock.install();
    const widget = await openChat();
    await api.fault('502');

    await widget.send('where is order 202?');

    // The server behind the proxy may still be at work, so the history is read with back-off
    // (1 + 2 + 4 + 8 s) before the message counts as not sent.
    await widget.log.getByText(TEXT.checking).waitFor(SEEN);
    await runClockUntil(browser.page, widget.log.getByText(TEXT.failed));
    let received = await api.requests();
    expect(messagePosts(received), summary(received).join('\n')).toHaveLength(1);
    expect(reads(received).filter((read) => read.at >= messagePosts(received)[0]!.at).length).toBeGreaterThan(1);
    expect(await widget.mine('where is order 202?').count()).toBe(1);

    // The visitor's Retry looks at the history again, then sends it: now it is answered.
    await widget.log.getByRole('button', { name: TEXT.retry }).click();
    await widget.said('Order #202 has shipped').waitFor(SEEN);
    expect(await widget.mine('where is order 202?').count()).toBe(1);
    expect(await widget.said('Order #202 has shipped').count()).toBe(1);
    received = await api.requests();
    const posts = messagePosts(received);
    expect(posts.map((post) => post.status)).toEqual([502, 200]);
    expect(posts.map((post) => post.body)).toEqual([{ message: 'where is order 202?' }, { message: 'where is order 202?' }]);
    expect(browser.errors.unexpected()).toEqual([]);
  });

  test('rate limited: the message waits out retry_after, then goes out once', async () => {
    const widget = await openChat();
    await api.fault('429', { retryAfter: 2 });

    await widget.send('where is order 303?');

    // While it waits, the visitor is told why, and the message waits its turn.
    await widget.panel.getByRole('alert').filter({ hasText: TEXT.rateLimited }).waitFor(SEEN);
    await widget.log.getByText(TEXT.queued).waitFor(SEEN);
    await widget.said('Order #303 has shipped').waitFor(SEEN);
    await expect.poll(() => widget.panel.getByRole('alert').count()).toBe(0);
    expect(await widget.mine('where is order 303?').count()).toBe(1);
    expect(await widget.said('Order #303 has shipped').count()).toBe(1);
    const posts = messagePosts(await api.requests());
    expect(posts.map((post) => post.status)).toEqual([429, 200]);
    // The second try came after the server's retry_after (2 s), not before.
    expect(posts[1]!.at - posts[0]!.at).toBeGreaterThanOrEqual(2000);
    expect(browser.errors.unexpected()).toEqual([]);
  });
});

describe('offline', () => {
  test('messages typed offline wait, then go out once each, in order, when the browser is back online', async () => {
    const widget = await openChat();
    await browser.context.setOffline(true);

    for (const text of ['order 111', 'order 222', 'order 333']) await widget.send(text);

    await expect.poll(() => widget.log.getByText(TEXT.queued).count()).toBe(3);
    expect(messagePosts(await api.requests())).toHaveLength(0);

    await browser.context.setOffline(false);

    await widget.said('Order #333 has shipped').waitFor(SEEN);
    await expect.poll(() => widget.log.getByText(TEXT.queued).count()).toBe(0);
    const transcript = await widget.transcript();
    const order = ['order 111', 'Order #111 has shipped', 'order 222', 'Order #222 has shipped', 'order 333', 'Order #333 has shipped'];
    const positions = order.map((text) => transcript.indexOf(text));
    expect(
      positions.every((at) => at >= 0),
      transcript,
    ).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    for (const text of ['order 111', 'order 222', 'order 333']) expect(await widget.mine(text).count()).toBe(1);

    const posts = messagePosts(await api.requests());
    expect(posts.map((post) => post.body)).toEqual([{ message: 'order 111' }, { message: 'order 222' }, { message: 'order 333' }]);
    expect(posts.every((post) => post.status === 200)).toBe(true);
    expect(browser.errors.unexpected()).toEqual([]);
  });
});

describe('a reload', () => {
  test('while a send is outstanding: the message shows once with its reply when the server finishes, and is never resent', async () => {
    const { page, errors } = browser;
    const widget = await openChat();
    await api.fault('slow', { delayMs: 3000 });

    await widget.send('where is order 444?');
    await widget.log.getByText(TEXT.sending).waitFor(SEEN);
    await expect.poll(async () => messagePosts(await api.requests()).length).toBe(1);

    await page.reload();
    await widget.open();

    await widget.said('Order #444 has shipped').waitFor(SEEN);
    expect(await widget.mine('where is order 444?').count()).toBe(1);
    expect(await widget.said('Order #444 has shipped').count()).toBe(1);
    expect(await widget.said(TEXT.failed).count()).toBe(0);
    const received = await api.requests();
    const posts = messagePosts(received);
    expect(posts, summary(received).join('\n')).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ message: 'where is order 444?' });
    // No second conversation either: the reload resumed the stored one.
    expect(creates(received)).toHaveLength(1);
    expect(errors.unexpected()).toEqual([]);
  });
});

describe('two tabs', () => {
  test('opened at once, they share one conversation, see each other’s messages, and follow a new conversation', async () => {
    const first = { page: browser.page, errors: browser.errors };
    const second = await browser.newPage();
    const url = shop();
    await Promise.all([first.page.goto(url), second.page.goto(url)]);
    const one = chat(first.page);
    const two = chat(second.page);

    await Promise.all([one.open(), two.open()]);
    await greetedOnce(one, two);

    await one.send('where is order 555?');
    await one.said('Order #555 has shipped').waitFor(SEEN);
    await two.said('Order #555 has shipped').waitFor(SEEN);
    expect(await two.mine('where is order 555?').count()).toBe(1);
    let received = await api.requests();
    expect(messagePosts(received)).toHaveLength(1);
    const oldConversation = conversationOf(messagePosts(received)[0]!);

    // "New conversation" in the second tab moves the first one along.
    await two.newConversation.click();
    await one.panel.getByText(TEXT.noticeReset).waitFor(SEEN);
    await expect.poll(() => one.mine('where is order 555?').count(), SEEN).toBe(0);
    await expect.poll(() => two.mine('where is order 555?').count(), SEEN).toBe(0);
    await one.said(GREETING).waitFor(SEEN);

    await one.send('where is order 666?');
    await two.said('Order #666 has shipped').waitFor(SEEN);
    received = await api.requests();
    expect(creates(received)).toHaveLength(2);
    const posts = messagePosts(received);
    expect(posts).toHaveLength(2);
    expect(conversationOf(posts[1]!)).not.toBe(oldConversation);
    expect(first.errors.unexpected()).toEqual([]);
    expect(second.errors.unexpected()).toEqual([]);
  });
});

/**
 * Makes `page` see the site's storage late, as Chromium may when tabs are in separate processes: its
 * reads of the widget's keys in localStorage show only its own writes, and `storage` events wait, until
 * `catchUp(page)`. BroadcastChannel messages reach it `messagesMs` late; `heard(page)` lists the types
 * of those it has been given.
 */
function seesStorageLate(page: Page, messagesMs = 0) {
  return page.addInitScript((lag) => {
    const state = { late: true, mine: new Map<string, string | null>(), waiting: [] as (() => void)[], heard: [] as string[] };
    Object.assign(window, { lagging: state });
    const { getItem, setItem, removeItem } = Storage.prototype;
    const late = (storage: Storage, key: string) => state.late && storage === localStorage && key.startsWith('assistant-chat:');
    Storage.prototype.getItem = function (key) {
      return late(this, key) ? (state.mine.get(key) ?? null) : getItem.call(this, key);
    };
    Storage.prototype.setItem = function (key, value) {
      if (late(this, key)) state.mine.set(key, value);
      setItem.call(this, key, value);
    };
    Storage.prototype.removeItem = function (key) {
      if (late(this, key)) state.mine.set(key, null);
      removeItem.call(this, key);
    };
    const wrapped = new WeakMap<object, EventListener>();
    const { addEventListener: add, removeEventListener: remove } = window;
    window.addEventListener = function (type: string, listener: EventListenerOrEventListenerObject, options?: unknown) {
      if (type === 'storage' && typeof listener === 'function') {
        const late = (event: Event) => (state.late ? state.waiting.push(() => listener.call(window, event)) : listener.call(window, event));
        wrapped.set(listener, late);
        add.call(window, type, late, options as AddEventListenerOptions);
        return;
      }
      add.call(window, type, listener, options as AddEventListenerOptions);
    } as typeof window.addEventListener;
    window.removeEventListener = function (type: string, listener: EventListenerOrEventListenerObject, options?: unknown) {
      remove.call(window, type, wrapped.get(listener) ?? listener, options as EventListenerOptions);
    } as typeof window.removeEventListener;
    const onmessage = Object.getOwnPropertyDescriptor(BroadcastChannel.prototype, 'onmessage')!;
    Object.defineProperty(BroadcastChannel.prototype, 'onmessage', {
      ...onmessage,
      set(handler: ((event: MessageEvent) => void) | null) {
        const later = (event: MessageEvent) =>
          setTimeout(() => {
            state.heard.push(String(event.data?.type));
            handler!.call(this, event);
          }, lag);
        onmessage.set!.call(this, handler && later);
      },
    });
  }, messagesMs);
}

/** Ends the lag of `seesStorageLate`: storage reads show what is there, and the storage events held back come. */
function catchUp(page: Page) {
  return page.evaluate(() => {
    const state = (window as unknown as { lagging: { late: boolean; waiting: (() => void)[] } }).lagging;
    state.late = false;
    for (const deliver of state.waiting.splice(0)) deliver();
  });
}

/** The types of the BroadcastChannel messages a page of `seesStorageLate` has been given. */
function heard(page: Page) {
  return page.evaluate(() => (window as unknown as { lagging: { heard: string[] } }).lagging.heard);
}

describe('two tabs, one seeing what the other stores late (Chromium: tabs in separate processes)', () => {
  test('opened while the first creates the conversation, the second waits and joins it: one conversation, shared', async () => {
    const second = await browser.newPage();
    // (Its messages come late too: the announcement does not make up for the storage.)
    await seesStorageLate(second.page, 5000);
    const url = shop();
    await Promise.all([browser.page.goto(url), second.page.goto(url)]);
    const one = chat(browser.page);
    const two = chat(second.page);

    // The first tab takes the lock and creates (slowly); the second opens meanwhile and waits for the lock.
    await api.fault('slow', { routes: 'create', delayMs: 1000 });
    await one.open();
    await expect.poll(async () => creates(await api.requests()).length, SEEN).toBe(1);
    await two.open();
    await greetedOnce(one, two);

    await two.send('where is order 777?');
    await two.said('Order #777 has shipped').waitFor(SEEN);
    await one.said('Order #777 has shipped').waitFor(SEEN);
    const received = await api.requests();
    expect(creates(received)).toHaveLength(1);
    expect(messagePosts(received)).toHaveLength(1);
    expect(browser.errors.unexpected()).toEqual([]);
    expect(second.errors.unexpected()).toEqual([]);
  });
});

describe('two tabs, the first seeing what the second stores late', () => {
  test('"new conversation" in one tab, announced to the other before its storage shows it: the other follows once it does', async () => {
    await seesStorageLate(browser.page);
    const second = await browser.newPage();
    const url = shop();
    await Promise.all([browser.page.goto(url), second.page.goto(url)]);
    const one = chat(browser.page);
    const two = chat(second.page);
    await one.open();
    await two.open();
    await greetedOnce(one, two);
    await one.send('where is order 888?');
    await two.said('Order #888 has shipped').waitFor(SEEN);

    await two.newConversation.click();
    await expect.poll(() => heard(browser.page), SEEN).toContain('conversation');
    // The first tab has the news, but its storage still shows the old conversation: it stays there.
    expect(await one.mine('where is order 888?').count()).toBe(1);
    await catchUp(browser.page);
    await one.panel.getByText(TEXT.noticeReset).waitFor(SEEN);
    await expect.poll(() => one.mine('where is order 888?').count(), SEEN).toBe(0);

    await one.send('where is order 999?');
    await two.said('Order #999 has shipped').waitFor(SEEN);
    const received = await api.requests();
    expect(creates(received)).toHaveLength(2);
    const posts = messagePosts(received);
    expect(posts).toHaveLength(2);
    expect(conversationOf(posts[1]!)).not.toBe(conversationOf(posts[0]!));
    expect(browser.errors.unexpected()).toEqual([]);
    expect(second.errors.unexpected()).toEqual([]);
  });
});

describe('a stored conversation the server does not know', () => {
  test('is replaced by a fresh conversation with its greeting and a notice, after one read', async () => {
    const { page, errors } = browser;
    const stale = '0f0e0d0c-0b0a-4909-8807-060504030201';
    const url = shop();
    await page.goto(url);
    // What an earlier visit left behind, as 0.1.0 stored it (src/store/layout.ts reads that version too).
    await page.evaluate(
      ({ assistantId, apiBase, conversationId }) => {
        localStorage.setItem(`assistant-chat:${assistantId}@${apiBase}`, JSON.stringify({ v: 1, assistantId, apiBase, conversationId }));
      },
      { assistantId: ASSISTANTS.northwind, apiBase: api.url, conversationId: stale },
    );
    await page.reload();
    const widget = chat(page);
    await widget.open();

    await widget.panel.getByText(TEXT.noticeReplaced).waitFor(SEEN);
    await widget.said(GREETING).waitFor(SEEN);
    const received = await api.requests();
    expect(summary(received)).toEqual([`GET /conversations/${stale} → 404`, 'POST /conversations → 200']);
    const stored = await page.evaluate((key) => localStorage.getItem(key), `assistant-chat:${ASSISTANTS.northwind}@${api.url}`);
    expect(JSON.parse(stored ?? '{}').state.conversationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(stored ?? '{}').state.conversationId).not.toBe(stale);
    expect(errors.unexpected()).toEqual([]);
  });
});

describe('an assistant that cannot chat', () => {
  test('insufficient balance: the visitor reads that the chat is unavailable, and nothing is retried', async () => {
    const { page, errors } = browser;
    await page.clock.install();
    await page.goto(shop(ASSISTANTS.unfunded, 'widget'));
    const widget = chat(page);
    await widget.open();

    await widget.panel.getByRole('alert').filter({ hasText: TEXT.unavailable }).waitFor(SEEN);
    // The composer is locked, and a send from the page's script is refused before anything is sent.
    await expect.poll(() => widget.input.isDisabled()).toBe(true);
    await page.evaluate(() => (window as unknown as { AssistantChat(...args: unknown[]): void }).AssistantChat('send', 'where is my order?'));
    expect(await widget.mine('where is my order?').count()).toBe(0);
    expect(await widget.panel.getByRole('alert').filter({ hasText: TEXT.unavailable }).count()).toBe(1);
    // Nothing retries by itself: a minute of the page's timers runs at once (every back-off step would have
    // fired), and the page has asked for nothing more by the time it is done.
    await nothingMoreWithin(page, 60_000);
    const received = await api.requests();
    expect(summary(received)).toEqual(['POST /conversations → 400']);
    expect(received[0]?.body).toMatchObject({ assistant_id: ASSISTANTS.unfunded, type: 'widget' });
    expect(errors.unexpected()).toEqual([]);
  });

  test('unknown assistant: one console message for the site owner, and no calls after the first', async () => {
    const { page, errors } = browser;
    const warnings: string[] = [];
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    await page.clock.install();
    await page.goto(shop(ASSISTANTS.unknown));
    const widget = chat(page);
    await widget.open();

    await widget.panel.getByRole('alert').filter({ hasText: TEXT.notFound }).waitFor(SEEN);
    // Closing and opening again calls nothing more, and the composer stays locked.
    await widget.launcher.click();
    await widget.panel.waitFor({ state: 'hidden' });
    await widget.launcher.click();
    await widget.panel.waitFor();
    await expect.poll(() => widget.input.isDisabled()).toBe(true);
    await nothingMoreWithin(page, 60_000);

    expect(summary(await api.requests())).toEqual(['POST /conversations → 404']);
    const forOwner = warnings.filter((text) => text.includes(ASSISTANTS.unknown));
    expect(forOwner, warnings.join('\n')).toHaveLength(1);
    expect(forOwner[0]).toMatch(/not found/i);
    expect(errors.unexpected()).toEqual([]);
  });
});
