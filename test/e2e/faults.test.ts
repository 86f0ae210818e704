/**
 * Issue 16 end to end: the built widget against a misbehaving stand-in API (and, for rendering, a host
 * page whose DOM hook throws). The visitor always sees what is happening, and only text the platform can
 * read leaves the composer. Asserted: what the visitor (and a screen reader) is given, and what the server
 * received.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ASSISTANTS, rawRequest } from '../helpers/stand-in';
import { chat, conversationOf, creates, GREETING, messagePosts, nothingMoreWithin, reads, summary, TEXT, widgetPage } from './conversation/widget';
import { useBrowser, useStandIn, useStaticServer } from './helpers/fixtures';
import { axeViolations } from './ui/harness';

const browser = useBrowser();
const site = useStaticServer();
const api = useStandIn();

/** How long a visible outcome may take. */
const SEEN = { timeout: 20_000 };

/** The words the visitor reads (src/ui/strings.ts, English), beyond those of ./conversation/widget.ts. */
const WORDS = {
  connecting: 'Connecting…',
  serverError: 'Something went wrong on our side.',
  unavailable: 'This chat is not available.',
  unshowable: 'This message can’t be shown.',
} as const;

const shop = () => widgetPage(site, { assistantId: ASSISTANTS.northwind, apiBase: api.url });

/**
 * Records what the widget's live regions (`role="status"`) say, from before the widget draws anything:
 * `new:<text>` when a region appears (with the words it appears with, which screen readers do not read
 * out), then each new text of a region already there (which they do).
 */
async function recordLiveRegions(page: Page) {
  await page.addInitScript(() => {
    const said: string[] = ((window as unknown as { said: string[] }).said = []);
    const known = new WeakMap<Element, string>();
    const attach = Element.prototype.attachShadow;
    Element.prototype.attachShadow = function (init) {
      const root = attach.call(this, init);
      new MutationObserver(() => {
        for (const region of root.querySelectorAll('[role="status"]')) {
          const text = region.textContent;
          const before = known.get(region);
          if (before === text) continue;
          said.push(before === undefined ? `new:${text}` : text);
          known.set(region, text);
        }
      }).observe(root, { childList: true, subtree: true, characterData: true });
      return root;
    };
  });
  return () => page.evaluate(() => (window as unknown as { said: string[] }).said);
}

/** A host page script (or an extension) whose DOM hook throws when it meets a text containing `marker`. */
function breakTextsWith(page: Page, marker: string) {
  return page.addInitScript((marker) => {
    const create = Document.prototype.createTextNode;
    Document.prototype.createTextNode = function (data) {
      if (data.includes(marker)) throw new Error(`the host page's text hook failed on "${marker}"`);
      return create.call(this, data);
    };
  }, marker);
}

/** Opens a conversation (its greeting shown), then reloads: the stored conversation waits to be resumed. */
async function storedConversation(page: Page) {
  await page.goto(shop());
  const widget = chat(page);
  await widget.open();
  await widget.said(GREETING).waitFor(SEEN);
  await page.reload();
  await api.reset();
  return widget;
}

describe('resuming a stored conversation that cannot be read', () => {
  test('a 502 page: "Connecting…" from the start, said once, then the error with Retry and a new conversation; axe clean in both', async () => {
    const { page } = browser;
    const said = await recordLiveRegions(page);
    const widget = await storedConversation(page);
    await api.fault('502', { routes: 'read', delayMs: 6000 });

    // A click that neither hovers nor focuses first (a tap): the panel loads and opens at once.
    await widget.launcher.dispatchEvent('click');

    const connecting = widget.panel.getByText(WORDS.connecting);
    await connecting.waitFor(SEEN);
    // Still loading: the read is out, no error yet.
    await expect.poll(async () => summary(await api.requests())).toEqual([expect.stringMatching(/^GET \/conversations\/[0-9a-f-]{36} → none$/)]);
    expect(await widget.panel.getByRole('alert').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    const alert = widget.panel.getByRole('alert').filter({ hasText: WORDS.serverError });
    await alert.waitFor(SEEN);
    expect(await connecting.count()).toBe(0);
    expect(await alert.getByRole('button', { name: TEXT.retry }).count()).toBe(1);
    expect(await alert.getByRole('button', { name: TEXT.newConversation }).count()).toBe(1);
    // The words read across the banner, the buttons after them, not squeezed into a column beside the buttons.
    const widths = await alert.evaluate((banner) => ({ words: banner.querySelector('p')!.clientWidth, banner: banner.clientWidth }));
    expect(widths.words, JSON.stringify(widths)).toBeGreaterThan(widths.banner * 0.75);
    expect(await axeViolations(page)).toEqual([]);
    // The live region was there (empty) before it said "Connecting…", and said it once.
    const log = await said();
    expect(
      log.filter((text) => text.includes(WORDS.connecting)),
      log.join(' | '),
    ).toEqual([WORDS.connecting]);
    expect(log.indexOf('new:')).toBeGreaterThanOrEqual(0);
    expect(log.indexOf('new:')).toBeLessThan(log.indexOf(WORDS.connecting));

    // An HTML page is not retried like a network blip, and no conversation is created unasked.
    let received = await api.requests();
    expect(summary(received)).toEqual([expect.stringMatching(/ → 502$/)]);

    // The way out: a new conversation, on the visitor's word.
    await alert.getByRole('button', { name: TEXT.newConversation }).click();
    await widget.said(GREETING).waitFor(SEEN);
    await expect.poll(() => widget.panel.getByRole('alert').count()).toBe(0);
    received = await api.requests();
    expect(
      creates(received).map((create) => create.status),
      summary(received).join('\n'),
    ).toEqual([200]);
    expect(reads(received)).toHaveLength(1);
    expect(browser.errors.unexpected()).toEqual([]);
  });

  test('an answer not of the API’s shape: the error with Retry, and Retry opens the stored conversation', async () => {
    const { page } = browser;
    const widget = await storedConversation(page);
    await api.fault('malformed', { routes: 'read', times: 2 });

    await widget.open();

    const alert = widget.panel.getByRole('alert').filter({ hasText: WORDS.serverError });
    await alert.waitFor(SEEN);
    expect(await widget.said(GREETING).count()).toBe(0);
    await api.fault(null);
    await alert.getByRole('button', { name: TEXT.retry }).click();

    await widget.said(GREETING).waitFor(SEEN);
    await expect.poll(() => widget.panel.getByRole('alert').count()).toBe(0);
    const received = await api.requests();
    // Every read was the widget's or the visitor's doing: the one on intent (hover) and the open may both
    // meet the fault, then Retry's; the same conversation throughout, and none created.
    expect(creates(received), summary(received).join('\n')).toHaveLength(0);
    expect(new Set(reads(received).map(conversationOf)).size).toBe(1);
    expect(reads(received).at(-1)?.status).toBe(200);
    expect(browser.errors.unexpected()).toEqual([]);
  });
});

describe('creating the conversation gets an answer that will not change', () => {
  test.each([
    { fault: 'malformed' as const, answer: 'a 200 not of the API’s shape' },
    { fault: '502' as const, answer: 'a 502 HTML page' },
  ])('$answer: the visitor reads the error with Retry, nothing is retried by itself, and Retry sends the message once', async ({ fault }) => {
    const { page } = browser;
    await page.clock.install();
    await api.fault(fault, { routes: 'create', times: 2 });
    await page.goto(shop());
    const widget = chat(page);
    await widget.open();

    const alert = widget.panel.getByRole('alert').filter({ hasText: WORDS.serverError });
    await alert.waitFor(SEEN);
    await nothingMoreWithin(page, 60_000);
    expect(creates(await api.requests())).toHaveLength(1);

    // The visitor writes anyway: the message waits in sight, and its send asks for the conversation once more.
    await widget.send('where is order 313?');
    await widget.log.getByText(TEXT.queued).waitFor(SEEN);
    await expect.poll(async () => creates(await api.requests()).length).toBe(2);
    await alert.waitFor(SEEN);
    await nothingMoreWithin(page, 60_000);

    await alert.getByRole('button', { name: TEXT.retry }).click();
    await widget.said('Order #313 has shipped').waitFor(SEEN);
    expect(await widget.mine('where is order 313?').count()).toBe(1);
    const received = await api.requests();
    expect(
      creates(received).map((create) => create.status),
      summary(received).join('\n'),
    ).toEqual([fault === '502' ? 502 : 200, fault === '502' ? 502 : 200, 200]);
    expect(messagePosts(received).map((post) => post.body)).toEqual([{ message: 'where is order 313?' }]);
    expect(browser.errors.unexpected()).toEqual([]);
  });
});

describe('text the platform can read', () => {
  test('a lone surrogate leaves the composer as U+FFFD, and the count is the length of what is sent', async () => {
    const { page } = browser;
    await page.goto(shop());
    const widget = chat(page);
    await widget.open();
    await widget.said(GREETING).waitFor(SEEN);

    // A broken emoji paste at the limit: 1,978 letters, an emoji (one character) and half of one.
    const start = 'where is order 777? ';
    await widget.input.evaluate((field: HTMLTextAreaElement, start) => {
      field.value = start + 'a'.repeat(2000 - start.length - 2) + '😀' + String.fromCharCode(0xd83d);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }, start);
    await widget.panel.getByText('2000/2000').waitFor(SEEN);
    await widget.input.press('Enter');

    await widget.said('Order #777 has shipped').waitFor(SEEN);
    const sent = start + 'a'.repeat(2000 - start.length - 2) + '😀\ufffd';
    expect(await widget.mine(sent).count()).toBe(1);
    const posts = messagePosts(await api.requests());
    expect(posts.map((post) => post.status)).toEqual([200]);
    expect(posts[0]?.body).toEqual({ message: sent });
    // What the platform stored: 2,000 characters, the last one U+FFFD.
    const stored = JSON.parse((await rawRequest(`${api.url}/conversations/${conversationOf(posts[0]!)}`)).text);
    const mine = stored.history.find((message: { role: string }) => message.role === 'user').content as string;
    expect(mine).toBe(sent);
    expect(Array.from(mine)).toHaveLength(2000);
    expect(mine.at(-1)).toBe('\ufffd');
    expect(browser.errors.unexpected()).toEqual([]);
  });
});

describe('a conversation that fails to render', () => {
  test('one reply: it says so in its place, the rest shows, and sending goes on where the visitor sees it', async () => {
    const { page } = browser;
    // The order reply's function-call card is named "Lookup order".
    await breakTextsWith(page, 'Lookup order');
    await page.goto(shop());
    const widget = chat(page);
    await widget.open();
    await widget.said(GREETING).waitFor(SEEN);

    await widget.send('where is order 888?');
    await widget.log.getByText(WORDS.unshowable).waitFor(SEEN);
    expect(await widget.mine('where is order 888?').count()).toBe(1);
    expect(await widget.said(GREETING).count()).toBe(1);

    await widget.send('book an appointment');
    await widget.said('booked in!').waitFor(SEEN);
    expect(await widget.log.getByText(WORDS.unshowable).count()).toBe(1);
    const posts = messagePosts(await api.requests());
    expect(posts.map((post) => post.body)).toEqual([{ message: 'where is order 888?' }, { message: 'book an appointment' }]);
    expect(browser.errors.unexpected()).toEqual([]);
  });

  test('the conversation itself: the panel says the chat is not available, and nothing more is sent', async () => {
    const { page } = browser;
    await page.clock.install();
    // The typing indicator is drawn by the conversation, outside any one message.
    await breakTextsWith(page, 'The assistant is typing');
    await page.goto(shop());
    const widget = chat(page);
    await widget.open();
    await widget.said(GREETING).waitFor(SEEN);

    await widget.send('where is order 999?');

    await widget.panel.getByRole('alert').filter({ hasText: WORDS.unavailable }).waitFor(SEEN);
    expect(await widget.panel.getByRole('textbox').count()).toBe(0);
    // The page's script cannot post where the visitor would not see the reply either, now or later.
    await page.evaluate(() => (window as unknown as { AssistantChat(...args: unknown[]): void }).AssistantChat('send', 'order 1000?'));
    await nothingMoreWithin(page, 60_000);
    // The message on its way as the conversation broke may have left (its request is cut off at once); nothing after it.
    const received = await api.requests();
    const posts = messagePosts(received).map((post) => post.body);
    expect(posts.length, summary(received).join('\n')).toBeLessThanOrEqual(1);
    expect(posts.every((body) => JSON.stringify(body) === JSON.stringify({ message: 'where is order 999?' }))).toBe(true);
    expect(browser.errors.unexpected()).toEqual([]);
  });
});
