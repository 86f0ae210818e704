/**
 * The widget with a keyboard only, in Chromium on the built script: reaching the launcher with Tab,
 * opening, writing (Enter, Shift+Enter, an input method's Enter), moving through every control with a
 * visible focus ring, opening a function-call card, and closing with Escape back to the launcher.
 */
import { describe, expect, test } from 'vitest';
import { useBrowser, useStandIn, useStaticServer } from '../helpers/fixtures';
import { en } from '../../../src/ui/strings';
import { focused, focusRing, GREETING, hostPage, REPLIES, SEEN, widget, type FocusedElement, type FocusRing } from './harness';

const browser = useBrowser();
const site = useStaticServer();
const api = useStandIn();

/** The messages the server was asked to send, in order. */
async function sentMessages(): Promise<unknown[]> {
  return (await api.requests())
    .filter((r) => r.method === 'POST' && /^\/conversations\/[^/]+\/messages$/.test(r.path))
    .map((r) => (r.body as { message?: unknown }).message);
}

/** Presses Tab until the widget's launcher has focus (at most `limit` times); returns how many it took. */
async function tabToLauncher(limit = 5): Promise<number> {
  for (let presses = 1; presses <= limit; presses++) {
    await browser.page.keyboard.press('Tab');
    const now = await focused(browser.page);
    if (now.inWidget && now.className.split(' ').includes('launcher')) return presses;
  }
  throw new Error(`the launcher did not get focus within ${limit} presses of Tab`);
}

/** Every stop of Tab from the launcher onwards until focus leaves the widget, with its focus ring. */
async function tabThroughWidget(): Promise<(FocusedElement & { ring: FocusRing })[]> {
  const { page } = browser;
  await widget(page).launcher.focus();
  await page.keyboard.press('Tab');
  const stops: (FocusedElement & { ring: FocusRing })[] = [];
  for (let i = 0; i < 30; i++) {
    const now = await focused(page);
    if (!now.inWidget) break;
    stops.push({ ...now, ring: await focusRing(page) });
    await page.keyboard.press('Tab');
  }
  return stops;
}

/** Tab to the launcher, Enter, and wait for the greeting. */
async function openFromKeyboard() {
  const chat = widget(browser.page);
  await tabToLauncher();
  await browser.page.keyboard.press('Enter');
  await chat.log.getByText(GREETING).waitFor(SEEN);
  return chat;
}

/** Opens the panel from the keyboard and has the assistant book an appointment (two function-call cards). */
async function openWithCards() {
  const { page } = browser;
  const chat = await openFromKeyboard();
  await page.keyboard.type('book an appointment');
  await page.keyboard.press('Enter');
  await chat.log.getByText(REPLIES.book).waitFor(SEEN);
  await page.keyboard.type('draft');
  return chat;
}

describe('keyboard only', () => {
  test('Tab reaches the launcher, Enter opens the panel with focus in the composer, Escape closes it and focus returns', async () => {
    const { page } = browser;
    await page.goto(hostPage(site, { apiBase: api.url }));
    const chat = widget(page);

    // The page's own link comes first, then the widget.
    expect(await tabToLauncher()).toBe(2);
    expect(await focusRing(page)).toMatchObject({ focusVisible: true, drawnOn: 'element' });
    expect(await chat.launcher.getAttribute('aria-expanded')).toBe('false');

    await page.keyboard.press('Enter');
    await chat.panel.waitFor();
    expect(await chat.launcher.getAttribute('aria-expanded')).toBe('true');
    // Beside the page, not over it: a non-modal dialog.
    expect(await chat.panel.getAttribute('aria-modal')).toBeNull();
    // (Focus moves in after the frame that shows the panel.)
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'textarea', inWidget: true });
    // One ring around the rounded field, not a second square one around the bare textarea inside it.
    expect(await focusRing(page)).toMatchObject({ drawnOn: 'field' });
    await chat.log.getByText(GREETING).waitFor(SEEN);

    await page.keyboard.press('Escape');
    await chat.panel.waitFor({ state: 'hidden' });
    expect(await chat.launcher.getAttribute('aria-expanded')).toBe('false');
    expect(await focused(page)).toMatchObject({ name: en.title, inWidget: true, className: 'launcher' });

    // Space works as well as Enter, and the close button returns focus too.
    await page.keyboard.press('Space');
    await chat.panel.waitFor();
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'textarea' });
    await chat.close.focus();
    await page.keyboard.press('Enter');
    await chat.panel.waitFor({ state: 'hidden' });
    expect(await focused(page)).toMatchObject({ className: 'launcher', inWidget: true });
    expect(browser.errors.unexpected()).toEqual([]);
  });

  test("the site's own link opens the chat with focus in the composer, and Escape gives focus back to the link", async () => {
    const { page } = browser;
    // Without the round launcher: the page's "Opening hours" link comes first, then the site's own chat link.
    await page.goto(hostPage(site, { apiBase: api.url, attributes: { 'data-launcher': 'none' } }));
    await page.evaluate(() => {
      const link = Object.assign(document.createElement('a'), { href: '#assistant-chat', textContent: 'Questions? Chat with us' });
      document.querySelector('main')!.append(link);
    });
    const chat = widget(page);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'a', name: 'Questions? Chat with us', inWidget: false });

    // The first Enter loads the panel (no launcher to hover first) and opens it; the second finds it loaded.
    for (const [time, draft] of [
      ['first', 'Hi'],
      ['again', 'Hi again'],
    ]) {
      await page.keyboard.press('Enter');
      await chat.panel.waitFor();
      await expect.poll(() => focused(page), { message: time }).toMatchObject({ tag: 'textarea', inWidget: true });
      await page.keyboard.type(draft!.slice((await chat.input.inputValue()).length));
      expect(await chat.input.inputValue()).toBe(draft);
      await page.keyboard.press('Escape');
      await chat.panel.waitFor({ state: 'hidden' });
      expect(await focused(page)).toMatchObject({ tag: 'a', name: 'Questions? Chat with us' });
    }
    expect(browser.errors.unexpected()).toEqual([]);
  });

  test('a page that opens the chat while the visitor types in one of its fields leaves them typing there', async () => {
    const { page } = browser;
    await page.goto(hostPage(site, { apiBase: api.url }));
    await page.evaluate(() => document.querySelector('main')!.append(Object.assign(document.createElement('input'), { ariaLabel: 'Search' })));
    const search = page.getByRole('textbox', { name: 'Search' });
    await search.focus();
    await page.keyboard.type('opening ');
    // What a site's timer does (a chat that opens by itself after a while), with focus where the visitor left it.
    await page.evaluate(() => window.AssistantChat('open'));
    const chat = widget(page);
    await chat.panel.waitFor();
    await chat.log.getByText(GREETING).waitFor(SEEN);
    await page.keyboard.type('hours');
    expect(await search.inputValue()).toBe('opening hours');
    expect(await chat.input.inputValue()).toBe('');
    expect(await focused(page)).toMatchObject({ tag: 'input', inWidget: false });
  });

  test('Enter sends, Shift+Enter adds a line, and an empty Enter sends nothing', async () => {
    const { page } = browser;
    await page.goto(hostPage(site, { apiBase: api.url }));
    const chat = await openFromKeyboard();

    await page.keyboard.type('hello there');
    await page.keyboard.press('Enter');
    await chat.log.getByText(REPLIES.hello).waitFor(SEEN);
    expect(await chat.input.inputValue()).toBe('');
    expect(await sentMessages()).toEqual(['hello there']);

    await page.keyboard.type('first line');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('second line');
    expect(await chat.input.inputValue()).toBe('first line\nsecond line');
    await page.keyboard.press('Enter');
    await chat.log.getByText('first line\nsecond line', { exact: true }).waitFor(SEEN);
    expect(await chat.input.inputValue()).toBe('');

    await page.keyboard.press('Enter');
    await page.keyboard.press('Space');
    await page.keyboard.press('Enter');
    await expect.poll(sentMessages).toEqual(['hello there', 'first line\nsecond line']);
    expect(await focused(page)).toMatchObject({ tag: 'textarea' });
  });

  test('Enter that confirms an input method composition does not send; the next Enter does', async () => {
    const { page } = browser;
    await page.goto(hostPage(site, { apiBase: api.url }));
    const chat = await openFromKeyboard();
    const cdp = await browser.context.newCDPSession(page);
    const seen = await page.evaluateHandle(() => {
      const log: { key: string; isComposing: boolean }[] = [];
      const input = document.querySelector('assistant-chat-root')?.shadowRoot?.querySelector('textarea');
      input?.addEventListener('keydown', (e) => log.push({ key: e.key, isComposing: e.isComposing }), { capture: true });
      return log;
    });

    // A Japanese IME: the visitor is still choosing the characters and presses Enter to confirm them.
    await cdp.send('Input.imeSetComposition', { text: 'にほんご', selectionStart: 4, selectionEnd: 4 });
    await page.keyboard.press('Enter');
    expect(await seen.evaluate((log) => log.at(-1))).toEqual({ key: 'Enter', isComposing: true });
    await cdp.send('Input.insertText', { text: 'にほんご' });
    // Nothing went out: the text is still in the composer, nothing in the log, nothing at the server.
    expect(await chat.input.inputValue()).toContain('にほんご');
    expect(await chat.log.getByText('にほんご').count()).toBe(0);
    expect(await sentMessages()).toEqual([]);

    await page.keyboard.press('Enter');
    expect(await seen.evaluate((log) => log.at(-1))).toEqual({ key: 'Enter', isComposing: false });
    await expect.poll(sentMessages).toHaveLength(1);
    expect(String((await sentMessages())[0]).trim()).toBe('にほんご');
    await chat.log.getByText('にほんご').first().waitFor(SEEN);
    await cdp.detach();
  });

  test('Tab moves through every control with a visible focus ring, and a function-call card opens from the keyboard', async () => {
    const { page } = browser;
    await page.goto(hostPage(site, { apiBase: api.url }));
    const chat = await openWithCards();

    const stops = await tabThroughWidget();

    const names = stops.map((stop) => stop.name);
    expect(names.slice(0, 2)).toEqual([en.newConversation, en.close]);
    expect(stops[2]?.className).toBe('scroller');
    expect(names).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Check calendar availability/), expect.stringMatching(/^Book appointment/)]),
    );
    expect(stops.at(-2)?.tag).toBe('textarea');
    expect(stops.at(-1)?.name).toBe(en.send);
    // The panel sits beside the page, so Tab goes on to the page after the last control (no trap).
    expect(stops.length).toBeLessThan(30);
    for (const stop of stops) {
      expect(stop.ring, `${stop.tag} "${stop.name}"`).toMatchObject({ focusVisible: true });
      expect(stop.ring.drawnOn, `${stop.tag} "${stop.name}" has no visible focus ring`).not.toBe('none');
    }

    // Open a card from the keyboard: Enter expands it, Space folds it again.
    const card = chat.card('Book appointment');
    await card.focus();
    await page.keyboard.press('Enter');
    expect(await card.getAttribute('aria-expanded')).toBe('true');
    const details = chat.log.getByRole('group', { name: /Book appointment/ });
    await details.getByText(en.arguments).waitFor();
    expect(await details.getByText('APT-20300305-0900').count()).toBeGreaterThan(0);
    await page.keyboard.press('Space');
    expect(await card.getAttribute('aria-expanded')).toBe('false');
    expect(await details.isVisible()).toBe(false);

    // Escape from deep inside the panel closes it and hands focus back to the launcher.
    await page.keyboard.press('Escape');
    await chat.panel.waitFor({ state: 'hidden' });
    expect(await focused(page)).toMatchObject({ className: 'launcher', inWidget: true });
    expect(browser.errors.unexpected()).toEqual([]);
  });

  test('in forced colors (Windows high contrast), where box-shadows vanish, every control still shows an outline', async () => {
    const { page } = browser;
    await page.emulateMedia({ forcedColors: 'active' });
    await page.goto(hostPage(site, { apiBase: api.url }));
    await openWithCards();

    const stops = await tabThroughWidget();

    expect(stops.map((stop) => stop.tag)).toEqual(expect.arrayContaining(['button', 'div', 'textarea']));
    for (const stop of stops) {
      // The composer's ring is an outline on its rounded field, around the textarea.
      const expected = stop.tag === 'textarea' ? 'field' : 'element';
      expect(stop.ring.drawnOn, `${stop.tag} "${stop.name}": ${stop.ring.outline}`).toBe(expected);
      expect(stop.ring.boxShadow).toBe('none');
    }
  });
});
