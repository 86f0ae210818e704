/**
 * What the boot (dist/widget.js) does on its own, before the panel has loaded, in Chromium: the loading sign
 * while the panel is on its way, its words in the visitor's language, a printed page, `AssistantChat('update')`,
 * and where focus goes back when the chat closes.
 */
import { describe, expect, test } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { ASSISTANTS } from '../helpers/stand-in';
import { GREETING, chat } from './conversation/widget';
import { useBrowser, useStandIn, useStaticServer } from './helpers/fixtures';
import { hostPage } from './ui/harness';

const browser = useBrowser();
const site = useStaticServer();
const api = useStandIn();

const SEEN = { timeout: 15_000 };
const PANEL_FILE = /\/assistant-chat-panel-[\w-]+\.js$/;

/** The paths of the widget's files the page asks for from now on. */
function scriptsAskedFor(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request: Request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/dist/')) paths.push(pathname);
  });
  return paths;
}

/** The launcher as a screen reader meets it: its name, whether it is busy, and what the status line beside it says. */
async function launcherState(page: Page) {
  return page.evaluate(() => {
    const root = document.querySelector('assistant-chat-root')!.shadowRoot!;
    const button = root.querySelector('button.launcher')!;
    return {
      name: button.getAttribute('aria-label'),
      expanded: button.getAttribute('aria-expanded'),
      busy: button.getAttribute('aria-busy'),
      status: root.querySelector('.dock [role="status"]')?.textContent ?? null,
    };
  });
}

describe('while the panel is on its way', () => {
  test('the launcher shows a loading sign that screen readers hear, and a second tap does not close it', async () => {
    const { page } = browser;
    const held = site.holdBack(PANEL_FILE);
    try {
      await page.goto(hostPage(site, { apiBase: api.url }));
      const widget = chat(page);
      await widget.launcher.dispatchEvent('click');
      await held.requested;
      expect(await launcherState(page)).toEqual({ name: 'Chat with us', expanded: 'true', busy: 'true', status: 'Loading the chat…' });
      // The sign turns: a ring drawn over the icon.
      expect(await widget.launcher.evaluate((button) => getComputedStyle(button, '::after').borderTopStyle)).toBe('solid');
      // The visitor taps again, impatient: the chat keeps coming.
      await widget.launcher.dispatchEvent('click');
      expect((await launcherState(page)).expanded).toBe('true');
    } finally {
      held.release();
    }
    await chat(page).said(GREETING).waitFor(SEEN);
    expect(await launcherState(page)).toEqual({ name: 'Chat with us', expanded: 'true', busy: null, status: '' });
    expect(browser.errors.unexpected()).toEqual([]);
  });
});

describe('in the visitor’s language', () => {
  for (const [locale, words] of [
    ['fr', { name: 'Écrivez-nous', failed: 'Le chat n’a pas pu être chargé.', retry: 'Réessayer' }],
    ['ar', { name: 'راسلنا', failed: 'تعذّر تحميل المحادثة.', retry: 'إعادة المحاولة' }],
  ] as const) {
    test(`data-locale="${locale}" names the launcher and says that the chat could not be loaded in its language, before any panel request`, async () => {
      const { page } = browser;
      const scripts = scriptsAskedFor(page);
      // The panel cannot load (a CDN without CORS, a CSP, offline…).
      await page.route(PANEL_FILE, (route) => route.abort());
      await page.goto(hostPage(site, { apiBase: api.url, locale }));
      const launcher = page.getByRole('button', { name: words.name, exact: true });
      await launcher.waitFor();
      expect(scripts).toEqual(['/dist/widget.js']);

      await launcher.click();
      const note = page.getByRole('alert').filter({ hasText: words.failed });
      await note.waitFor(SEEN);
      expect(await note.getByRole('button', { name: words.retry }).count()).toBe(1);
      expect(await launcher.getAttribute('aria-expanded')).toBe('false');
    });
  }
});

describe('a printed page', () => {
  test('leaves the floating launcher out, before the panel has loaded; an inline chat prints with its page', async () => {
    const { page } = browser;
    const scripts = scriptsAskedFor(page);
    await page.goto(
      site.page(
        '/help.html',
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Help</title></head><body>
<h1>Help</h1><div id="help" style="height:480px"></div>
<script src="${site.url}/dist/widget.js" data-assistant-id="${ASSISTANTS.northwind}" data-api-base="${api.url}" data-type="test"></script>
<script src="${site.url}/dist/widget.js" data-assistant-id="${ASSISTANTS.quiet}" data-api-base="${api.url}" data-type="test" data-target="#help"></script>
</body></html>`,
      ),
    );
    const launcher = chat(page).launcher;
    await launcher.waitFor();
    const inline = page.locator('#help assistant-chat-root');
    await inline.getByRole('region').waitFor();
    await page.emulateMedia({ media: 'print' });
    expect(await launcher.isVisible()).toBe(false);
    expect(await inline.getByRole('region').isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });
    expect(await launcher.isVisible()).toBe(true);
    // The floating widget's panel never loaded: the rule is the boot's. (The inline one loaded it.)
    expect(scripts.filter((path) => PANEL_FILE.test(path))).toHaveLength(1);
  });
});

describe("AssistantChat('update')", () => {
  test('changes the live widget: the open panel stays open with its conversation, and the API is asked nothing', async () => {
    const { page } = browser;
    await page.goto(hostPage(site, { apiBase: api.url }));
    const widget = chat(page);
    await widget.open();
    await widget.said(GREETING).waitFor(SEEN);
    const asked = (await api.requests()).length;

    await page.evaluate(() =>
      (window as unknown as { AssistantChat: (...args: unknown[]) => unknown }).AssistantChat('update', {
        theme: 'dark',
        title: 'Riverside Clinic',
        locale: 'de',
      }),
    );
    const panel = page.getByRole('dialog', { name: 'Riverside Clinic' });
    await panel.getByRole('textbox', { name: 'Ihre Nachricht' }).waitFor();
    expect(await page.locator('assistant-chat-root').getAttribute('data-theme')).toBe('dark');
    expect(await panel.getByText(GREETING).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Riverside Clinic', exact: true }).getAttribute('aria-expanded')).toBe('true');
    expect(await api.requests()).toHaveLength(asked);
    expect(browser.errors.unexpected()).toEqual([]);
  });
});

describe('focus, when the chat closes', () => {
  test("goes back to the site's own button that opened it, not to the round launcher", async () => {
    const { page } = browser;
    await page.goto(
      site.page(
        '/contact.html',
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Contact</title></head><body>
<h1>Contact</h1><p><button type="button" data-assistant-chat="open">Ask a question</button></p>
<script src="${site.url}/dist/widget.js" data-assistant-id="${ASSISTANTS.northwind}" data-api-base="${api.url}" data-type="test"
  data-variables='{"name":"Ada","clinic":"Riverside Clinic"}'></script>
</body></html>`,
      ),
    );
    const ask = page.getByRole('button', { name: 'Ask a question' });
    await ask.focus();
    await page.keyboard.press('Enter');
    const widget = chat(page);
    await widget.said(GREETING).waitFor(SEEN);
    await expect.poll(() => widget.input.evaluate((input) => input.matches(':focus'))).toBe(true);
    await page.keyboard.press('Escape');
    await widget.panel.waitFor({ state: 'hidden' });
    expect(await ask.evaluate((button) => button === document.activeElement)).toBe(true);
  });
});

describe('an inline chat', () => {
  test('asks the API nothing on a page view, and creates the conversation when the visitor goes to the composer', async () => {
    const { page } = browser;
    await page.goto(
      site.page(
        '/help.html',
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Help</title></head><body>
<h1>Help</h1><div id="help" style="height:480px"></div>
<script src="${site.url}/dist/widget.js" data-assistant-id="${ASSISTANTS.northwind}" data-api-base="${api.url}" data-type="test" data-target="#help"
  data-variables='{"name":"Ada","clinic":"Riverside Clinic"}' data-subtitle="Ask us anything"></script>
</body></html>`,
      ),
    );
    const region = page.getByRole('region', { name: 'Chat with us' });
    await region.getByText('Ask us anything').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await api.requests()).toEqual([]);
    await region.getByRole('textbox', { name: 'Your message' }).focus();
    await region.getByText(GREETING).waitFor(SEEN);
    expect((await api.requests()).map((request) => `${request.method} ${request.path}`)).toEqual(['POST /conversations']);
  });
});
