/**
 * Launcher first, in Chromium with the built files: dist/widget.js draws the launcher and nothing more
 * until the visitor reaches for it; the panel (dist/assistant-chat-panel-<hash>.js) loads on intent; and
 * when the panel cannot load (missing, offline, another origin without CORS) the launcher stays, says so
 * in words with Retry, and tells the site owner why.
 */
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { ASSISTANTS } from '../helpers/stand-in';
import { GREETING, TEXT, chat, widgetPage } from './conversation/widget';
import { useBrowser, useStandIn, useStaticServer } from './helpers/fixtures';
import { DIST_DIR, startStaticServer, type StaticServer } from './helpers/static-server';

const browser = useBrowser();
const site = useStaticServer();
const api = useStandIn();

const SEEN = { timeout: 15_000 };
const PANEL_FILE = /\/assistant-chat-panel-[\w-]+\.js(\?|$)/;
const RICH_TEXT_FILE = /\/assistant-chat-rich-text-[\w-]+\.js$/;

/** Every request the page makes from now on, by URL. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request: Request) => urls.push(request.url()));
  return urls;
}

/** Resolves once the page has been idle: after the widget's own idle-time look for unsent messages. */
async function idle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 3000 })));
}

/** Opens the shop and the chat, until the greeting shows: the visitor has a stored conversation from then on. */
async function startConversation(page: Page): Promise<ReturnType<typeof chat>> {
  await page.goto(widgetPage(site, { assistantId: ASSISTANTS.northwind, apiBase: api.url }));
  const widget = chat(page);
  await widget.launcher.click();
  await widget.said(GREETING).waitFor(SEEN);
  return widget;
}

/** A host page on `site` whose script tag loads widget.js from `scripts` (another origin, or a copy of dist/). */
function pageLoading(scripts: StaticServer, path: string): string {
  return site.page(
    path,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body>
  <h1>Shop</h1>
  <script src="${scripts.url}/dist/widget.js" data-assistant-id="${ASSISTANTS.northwind}" data-api-base="${api.url}" data-type="test"
    data-variables='{"name":"Ada","clinic":"Riverside Clinic"}'></script>
</body></html>`,
  );
}

/** The note the launcher shows when the chat cannot be loaded. */
const loadFailed = (page: Page) => page.getByRole('alert').filter({ hasText: 'The chat could not be loaded.' });

/** What the page's console said for the site owner. */
function ownerMessages(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('AssistantChat:')) messages.push(message.text());
  });
  return messages;
}

/** The problems that must never happen on a host page: exceptions and unhandled rejections. */
const uncaught = () => browser.errors.all.filter((record) => record.kind === 'pageerror' || record.kind === 'unhandledrejection');

describe('a page view', () => {
  test('without intent loads the launcher only: no panel file, no API request, and (arriving afresh) no storage read', async () => {
    const { page } = browser;
    const urls = recordRequests(page);
    // Counts every read of the page's storage, from before any script of the page runs.
    await page.addInitScript(() => {
      (window as unknown as { storageReads: number }).storageReads = 0;
      for (const name of ['localStorage', 'sessionStorage'] as const) {
        const get = (Object.getOwnPropertyDescriptor(window, name) ?? Object.getOwnPropertyDescriptor(Window.prototype, name))!.get!;
        Object.defineProperty(window, name, {
          configurable: true,
          get() {
            (window as unknown as { storageReads: number }).storageReads += 1;
            return get.call(window);
          },
        });
      }
    });
    await page.goto(widgetPage(site, { assistantId: ASSISTANTS.northwind, apiBase: api.url }));
    const widget = chat(page);
    await widget.launcher.waitFor();
    await idle(page);
    expect(urls.map((url) => new URL(url).pathname)).toEqual(['/shop.html', '/dist/widget.js']);
    expect(await api.requests()).toEqual([]);
    // No page of this site came before this one in the tab: there can be no message it left unsent.
    const storageReads = () => page.evaluate(() => (window as unknown as { storageReads: number }).storageReads);
    expect(await storageReads()).toBe(0);
    // (The count does count.)
    await page.evaluate(() => sessionStorage.length);
    expect(await storageReads()).toBe(1);
    expect(await widget.launcher.getAttribute('aria-expanded')).toBe('false');
    expect(browser.errors.unexpected()).toEqual([]);
  });

  test('hovering the launcher loads the panel, and asks the API nothing when there is no conversation yet', async () => {
    const { page } = browser;
    await page.goto(widgetPage(site, { assistantId: ASSISTANTS.northwind, apiBase: api.url }));
    const widget = chat(page);
    await widget.launcher.waitFor();
    const panelLoaded = page.waitForResponse((response) => PANEL_FILE.test(response.url()));
    await widget.launcher.hover();
    expect((await panelLoaded).status()).toBe(200);
    // The panel has taken over when it points the launcher at itself.
    await expect.poll(() => widget.launcher.getAttribute('aria-controls')).toBe('acw-panel');
    await idle(page);
    expect(await api.requests()).toEqual([]);
    expect(await widget.launcher.getAttribute('aria-expanded')).toBe('false');
    expect(browser.errors.unexpected()).toEqual([]);
  });

  test('a click opens the chat: expanded at once, focus in the composer, back on the launcher after Escape', async () => {
    const { page } = browser;
    const urls = recordRequests(page);
    await page.goto(widgetPage(site, { assistantId: ASSISTANTS.northwind, apiBase: api.url }));
    const widget = chat(page);
    const before = await widget.launcher.boundingBox();
    // A click with no hover first (a keyboard-less tap, say): the panel loads with the click.
    await widget.launcher.dispatchEvent('click');
    expect(await widget.launcher.getAttribute('aria-expanded')).toBe('true');
    await widget.said(GREETING).waitFor(SEEN);
    await expect.poll(() => widget.input.evaluate((input) => input.matches(':focus'))).toBe(true);
    expect(await widget.launcher.getAttribute('aria-controls')).toBe(await widget.panel.getAttribute('id'));
    // The launcher neither moved nor changed size as the panel took over.
    expect(await widget.launcher.boundingBox()).toEqual(before);
    // A greeting that ran no tool: the function-call cards are not downloaded.
    const scripts = urls.map((url) => new URL(url).pathname).filter((path) => path.endsWith('.js'));
    expect(scripts, scripts.join()).toEqual(['/dist/widget.js', expect.stringMatching(PANEL_FILE)]);

    await page.keyboard.press('Escape');
    await widget.panel.waitFor({ state: 'hidden' });
    expect(await widget.launcher.getAttribute('aria-expanded')).toBe('false');
    expect(await widget.launcher.evaluate((launcher) => launcher.matches(':focus'))).toBe(true);
    expect(browser.errors.unexpected()).toEqual([]);
  });
});

describe('a returning visitor', () => {
  test('hovering reads the stored conversation, and the markdown renderer comes while it is read, not after', async () => {
    const { page } = browser;
    const widget = await startConversation(page);
    // The next read of the conversation takes two seconds.
    await api.fault('slow', { routes: 'read', delayMs: 2000 });
    const earlier = (await api.requests()).length;
    await page.reload();
    await widget.launcher.waitFor();
    const urls = recordRequests(page);
    const read = page.waitForResponse((response) => response.request().method() === 'GET' && response.url().startsWith(`${api.url}/conversations/`));
    await widget.launcher.hover();
    expect((await read).status()).toBe(200);
    const before = urls.map((url) => new URL(url).pathname);
    expect(before).toContainEqual(expect.stringMatching(RICH_TEXT_FILE));
    expect(before.filter((path) => RICH_TEXT_FILE.test(path))).toHaveLength(1);
    // The hover only read: nothing created, nothing sent.
    expect((await api.requests()).slice(earlier).map((request) => request.method)).toEqual(['GET']);
    expect(browser.errors.unexpected()).toEqual([]);
  });
});

describe('a message the last page left on its way', () => {
  /**
   * Starts a conversation and sends `first`, whose answer takes three seconds, then each of `waiting`
   * (they wait behind it: none has left), and reloads the page while `first` is on its way. Returns the
   * chat, the API's POSTs since the reload, and the URLs the page requested from the reload on.
   */
  async function reloadWhileSending(page: Page, first: string, ...waiting: string[]) {
    const widget = await startConversation(page);
    await api.fault('slow', { routes: 'messages', delayMs: 3000 });
    const posted = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/messages'));
    await widget.send(first);
    await posted;
    for (const text of waiting) {
      await widget.send(text);
      await widget.said(text).waitFor(SEEN);
    }
    const earlier = (await api.requests()).length;
    const urls = recordRequests(page);
    await page.reload();
    await widget.launcher.waitFor();
    const requests = async () => (await api.requests()).slice(earlier);
    const posts = async () => (await requests()).filter((request) => request.method === 'POST');
    return { widget, requests, posts, urls };
  }

  test('is looked after once the next page is idle: the panel loads and reads the conversation, with no click and no second send', async () => {
    const { page } = browser;
    const { widget, requests, posts, urls } = await reloadWhileSending(page, 'Where is my order?');
    await idle(page);
    await expect.poll(() => urls.some((url) => PANEL_FILE.test(url))).toBe(true);
    await expect.poll(async () => (await requests()).map((request) => request.method)).toContain('GET');
    // Nothing was sent again, and the panel stayed closed.
    expect(await posts()).toEqual([]);
    expect(await widget.launcher.getAttribute('aria-expanded')).toBe('false');
    expect(browser.errors.unexpected()).toEqual([]);
  });

  test('a message waiting behind it goes out on the next page, once, with no click; its reply shows on the launcher as unread', async () => {
    const { page } = browser;
    const { widget, posts } = await reloadWhileSending(page, 'Where is my order?', 'Can it come on Friday?');
    // Both replies: the one to the message on its way when the page went, and the one to the message sent since.
    await expect.poll(() => widget.launcher.getAttribute('aria-label'), SEEN).toMatch(/Unread replies: 2$/);
    expect((await posts()).map((request) => request.body)).toEqual([{ message: 'Can it come on Friday?' }]);
    expect(await widget.launcher.getAttribute('aria-expanded')).toBe('false');
    // Opened, the chat shows both messages once, each with its reply.
    await widget.launcher.click();
    await widget.said('Can it come on Friday?').waitFor(SEEN);
    await expect.poll(() => widget.transcript()).toMatch(/Where is my order\?.*Can it come on Friday\?/);
    expect((await widget.transcript()).split('Can it come on Friday?')).toHaveLength(2);
    expect(await posts()).toHaveLength(1);
    expect(browser.errors.unexpected()).toEqual([]);
  });

  test('a duplicated tab, which starts with a copy of the tab storage, leaves a waiting message to the tab that holds it, then shows it sent', async () => {
    const { page, context } = browser;
    const widget = await startConversation(page);
    // This tab alone goes offline: the message waits in it (saved in its tab storage, never sent).
    const network = await context.newCDPSession(page);
    const offline = (value: boolean) =>
      network.send('Network.emulateNetworkConditions', { offline: value, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await offline(true);
    await widget.send('Can it come on Friday?');
    await widget.log.getByText(TEXT.queued).waitFor(SEEN);
    const earlier = (await api.requests()).length;
    const posts = async () =>
      (await api.requests())
        .slice(earlier)
        .filter((request) => request.method === 'POST')
        .map((request) => request.body);
    // The duplicate: the same page in a new tab that starts with a copy of this tab's sessionStorage.
    const copied = await page.evaluate(() => Object.entries(sessionStorage));
    const duplicate = await context.newPage();
    await duplicate.addInitScript((entries) => {
      if (!sessionStorage.length) for (const [key, value] of entries) sessionStorage.setItem(key, value);
    }, copied);
    await duplicate.goto(page.url());
    const second = chat(duplicate);
    const read = duplicate.waitForResponse(
      (response) => response.request().method() === 'GET' && response.url().startsWith(`${api.url}/conversations/`),
    );
    await second.launcher.click();
    await read;
    // It shows the message for the visitor to send (Retry), and sends nothing by itself.
    await second.panel.getByRole('button', { name: 'Retry' }).waitFor(SEEN);
    await idle(duplicate);
    expect(await posts()).toEqual([]);
    // Back online, the tab that holds the message sends it: once in all.
    await offline(false);
    await expect.poll(() => widget.log.getByText(TEXT.queued).count(), SEEN).toBe(0);
    await expect.poll(posts, SEEN).toEqual([{ message: 'Can it come on Friday?' }]);
    // The duplicate hears of it: the message shows once, sent, with no Retry left.
    await expect.poll(() => second.panel.getByRole('button', { name: 'Retry' }).count(), SEEN).toBe(0);
    await idle(duplicate);
    expect(await second.mine('Can it come on Friday?').count()).toBe(1);
    expect(await posts()).toEqual([{ message: 'Can it come on Friday?' }]);
    await duplicate.close();
    expect(browser.errors.unexpected()).toEqual([]);
  });
});

describe('when the panel cannot be loaded', () => {
  let copy: string;
  let scripts: StaticServer;
  beforeAll(async () => {
    // A copy of dist/ with widget.js only: the panel file is "missing" until a test puts it back.
    copy = await mkdtemp(join(tmpdir(), 'widget-dist-'));
    await copyFile(join(DIST_DIR, 'widget.js'), join(copy, 'widget.js'));
    scripts = await startStaticServer({ distDir: copy });
  });
  afterAll(async () => {
    await scripts.close();
    await rm(copy, { recursive: true, force: true });
  });

  async function restorePanel(): Promise<void> {
    for (const name of await readdir(DIST_DIR)) {
      if (name.startsWith('assistant-chat-')) await copyFile(join(DIST_DIR, name), join(copy, name));
    }
  }

  test('missing: the click says so in words with Retry, the console names the file, and Retry loads it once it is there', async () => {
    const { page } = browser;
    const console = ownerMessages(page);
    await page.goto(pageLoading(scripts, '/missing.html'));
    const widget = chat(page);
    await widget.launcher.click();
    await loadFailed(page).waitFor(SEEN);
    // Nothing opened: the launcher says so, and stays where it was.
    expect(await widget.launcher.getAttribute('aria-expanded')).toBe('false');
    expect(await widget.panel.count()).toBe(0);
    expect(console).toHaveLength(1);
    expect(console[0]).toMatch(
      new RegExp(`^AssistantChat: could not load ${scripts.url}/dist/assistant-chat-panel-[\\w-]+\\.js: .*Access-Control-Allow-Origin.*script-src`),
    );

    await restorePanel();
    await loadFailed(page).getByRole('button', { name: TEXT.retry }).click();
    await widget.said(GREETING).waitFor(SEEN);
    await loadFailed(page).waitFor({ state: 'detached' });
    expect(await widget.launcher.getAttribute('aria-expanded')).toBe('true');
    expect(uncaught()).toEqual([]);
  });

  test('offline: the note, then the chat as soon as the browser is online again', async () => {
    const { page, context } = browser;
    await page.goto(widgetPage(site, { assistantId: ASSISTANTS.northwind, apiBase: api.url, path: '/offline.html' }));
    const widget = chat(page);
    await widget.launcher.waitFor();
    await context.setOffline(true);
    await widget.launcher.click();
    await loadFailed(page).waitFor(SEEN);
    await context.setOffline(false);
    // No click needed: coming back online tries again, and opens what the visitor asked for.
    await widget.said(GREETING).waitFor(SEEN);
    await loadFailed(page).waitFor({ state: 'detached' });
    expect(uncaught()).toEqual([]);
  });
});

describe('scripts hosted on another origin', () => {
  let withCors: StaticServer;
  let withoutCors: StaticServer;
  beforeAll(async () => {
    withCors = await startStaticServer();
    withoutCors = await startStaticServer({ cors: false });
  });
  afterAll(async () => {
    await withCors.close();
    await withoutCors.close();
  });

  test('with Access-Control-Allow-Origin the panel loads and the chat works', async () => {
    const { page } = browser;
    await page.goto(pageLoading(withCors, '/cdn.html'));
    const widget = chat(page);
    await widget.open();
    await widget.said(GREETING).waitFor(SEEN);
    await widget.send('hello');
    await widget.mine('hello').waitFor(SEEN);
    expect(browser.errors.unexpected()).toEqual([]);
  });

  test('without it the launcher stays and says so, and the console names the header to add', async () => {
    const { page } = browser;
    const console = ownerMessages(page);
    await page.goto(pageLoading(withoutCors, '/cdn-no-cors.html'));
    const widget = chat(page);
    await widget.launcher.click();
    await loadFailed(page).waitFor(SEEN);
    expect(await widget.launcher.isVisible()).toBe(true);
    expect(console).toEqual([expect.stringContaining(`could not load ${withoutCors.url}/dist/assistant-chat-panel-`)]);
    expect(console[0]).toContain('Access-Control-Allow-Origin');
    expect(await api.requests()).toEqual([]);
    expect(uncaught()).toEqual([]);
  });
});
