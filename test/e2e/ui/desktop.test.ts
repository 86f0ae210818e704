/**
 * The floating panel on a desktop in Chromium on the built script: it stays put (header on top,
 * composer at the bottom) whatever the history and the draft, and it looks right in light and dark.
 * Saves test-results/screenshots/widget-light.png and widget-dark.png for people (the README).
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import { useBrowser, useStandIn, useStaticServer } from '../helpers/fixtures';
import { ASSISTANTS } from '../../helpers/stand-in';
import { en } from '../../../src/ui/strings';
import { animationsDone, boxIn, GREETING, hostPage, pngSize, REPLIES, screenshotPath, SEEN, shownInLog, widget } from './harness';

const VIEWPORT = { width: 1024, height: 760 };
const browser = useBrowser({ context: { viewport: VIEWPORT, deviceScaleFactor: 2 } });
const site = useStaticServer();
const api = useStandIn();

describe('the panel on a desktop', () => {
  test('a long history and a long draft scroll inside the list and the composer; the panel itself never scrolls', async () => {
    const { page } = browser;
    await page.goto(hostPage(site, { apiBase: api.url }));
    const chat = widget(page);
    await chat.open();
    await chat.log.getByText(GREETING).waitFor(SEEN);
    await chat.say('markdown', REPLIES.markdown);
    await chat.say('book an appointment', REPLIES.book);
    await chat.say('cancel it', REPLIES.cancel);
    await chat.card('Cancel appointment').click();
    await animationsDone(page);
    const panel = (await boxIn(page, '.panel'))!;
    const head = (await boxIn(page, '.panel-header'))!;

    // A draft near the limit: the composer grows to its cap and scrolls inside.
    await chat.input.fill('Lorem ipsum dolor sit amet. '.repeat(68));
    await chat.panel.getByText('1904/2000').waitFor();

    const after = await page.evaluate(() => {
      const root = document.querySelector('assistant-chat-root')!.shadowRoot!;
      const el = root.querySelector('.panel')!;
      return { scrollTop: el.scrollTop, overflow: el.scrollHeight - el.clientHeight };
    });
    expect(after).toEqual({ scrollTop: 0, overflow: 0 });
    expect(await boxIn(page, '.panel-header')).toEqual(head);
    const composer = (await boxIn(page, '.composer'))!;
    expect(composer.y + composer.height).toBeCloseTo(panel.y + panel.height, 0);
    expect(await chat.sendButton.isVisible()).toBe(true);
  });

  test('moved in from its corner (data-offset) on a small window, the open panel still fits: header, close button and composer on screen', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1024, height: 600 });
    // 120px up, clear of a cookie bar, and 120px in from the side.
    await page.goto(hostPage(site, { apiBase: api.url, attributes: { 'data-offset': '120px 120px' } }));
    const chat = widget(page);
    await chat.open();
    await animationsDone(page);
    // (The launcher's own box grows under the pointer: the dock that holds it does not.)
    const launcher = (await boxIn(page, '.dock'))!;
    let panel = (await boxIn(page, '.panel'))!;
    // The launcher where the offset puts it; the panel above it, a gap from the top of the window.
    expect(launcher.x + launcher.width).toBe(1024 - 120);
    expect(launcher.y + launcher.height).toBe(600 - 120);
    expect(panel.y).toBeGreaterThanOrEqual(16);
    expect(panel.y + panel.height).toBeLessThanOrEqual(launcher.y);
    expect(panel.x + panel.width).toBe(1024 - 120);

    // Narrower (still wider than a phone, where the panel covers the screen): the panel narrows too.
    await page.setViewportSize({ width: 490, height: 600 });
    panel = (await boxIn(page, '.panel'))!;
    expect(panel.x).toBeGreaterThanOrEqual(16);
    expect(panel.x + panel.width).toBe(490 - 120);

    await chat.input.fill('Still here');
    await chat.close.click();
    await chat.panel.waitFor({ state: 'hidden' });
    expect(await chat.launcher.getAttribute('aria-expanded')).toBe('false');
  });

  test("two assistants stacked in one corner: the lower one's open panel is above the upper one's launcher", async () => {
    const { page } = browser;
    const tag = (id: string, attributes: string) =>
      `<script src="${site.url}/dist/widget.js" data-assistant-id="${id}" data-api-base="${api.url}" data-type="test" ${attributes}></script>`;
    await page.goto(
      site.page(
        '/two.html',
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Two</title></head><body><h1>Two assistants</h1>
${tag(ASSISTANTS.northwind, '')}${tag(ASSISTANTS.quiet, 'data-offset="20px 92px" data-title="Orders"')}</body></html>`,
      ),
    );
    const chat = widget(page);
    await chat.open();
    await animationsDone(page);
    // The other launcher sits over the composer's end, where the send button is: what a click there hits.
    const other = await page.getByRole('button', { name: 'Orders' }).boundingBox();
    const hit = await page.evaluate(
      ([x, y]) => {
        const host = document.elementFromPoint(x!, y!);
        return { host: host?.getAttribute('data-assistant-id'), inside: host?.shadowRoot?.elementFromPoint(x!, y!)?.closest('.panel')?.className };
      },
      [other!.x + other!.width / 2, other!.y + other!.height / 2],
    );
    expect(hit).toEqual({ host: ASSISTANTS.northwind, inside: 'panel' });
  });

  test("the site's --acw-font-size scales every text of the panel alike, and the composer's stays at least 16px", async () => {
    const { page } = browser;
    /** The font size of each kind of text in the open panel, with the host's --acw-font-size set to `size`. */
    async function textSizes(size: string | null) {
      await page.goto(hostPage(site, { apiBase: api.url }));
      // A new conversation each time (the widget reads the stored one only when the visitor reaches for it).
      await page.evaluate(() => localStorage.clear());
      if (size)
        await page.locator('assistant-chat-root').evaluate((host: HTMLElement, value) => host.style.setProperty('--acw-font-size', value), size);
      const chat = widget(page);
      await chat.open();
      await chat.say('book an appointment', REPLIES.book);
      await chat.card('Book appointment').click();
      await chat.input.fill('A question');
      return page.evaluate(() => {
        const root = document.querySelector('assistant-chat-root')!.shadowRoot!;
        const px = (selector: string) => Number.parseFloat(getComputedStyle(root.querySelector(selector)!).fontSize);
        return {
          title: px('.panel-title'),
          reply: px('.from-assistant .bubble'),
          card: px('.call-summary'),
          cardState: px('.call-state'),
          cardLabel: px('.call-label'),
          composer: px('textarea'),
          count: px('.char-count'),
        };
      });
    }
    const normal = await textSizes(null);
    const larger = await textSizes('20px');
    for (const [text, size] of Object.entries(larger))
      expect([text, size / normal[text as keyof typeof normal]]).toEqual([text, expect.closeTo(20 / 15, 2)]);
    // The page's own 15px is the default the ratio is taken from; the visitor reads the same order of sizes.
    expect(normal.reply).toBe(15);
    expect(larger.title).toBeGreaterThan(larger.reply);
    expect(larger.cardLabel).toBeLessThan(larger.card);
    // Smaller text, but no smaller composer: iOS zooms into a field under 16px when it gets focus.
    const smaller = await textSizes('12px');
    expect(smaller.reply).toBe(12);
    expect(smaller.composer).toBe(16);
  });

  test('inline, the panel fills its target element and a long history scrolls inside it', async () => {
    const { page } = browser;
    await page.goto(
      site.page(
        '/help.html',
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Help</title></head><body>
<h1>Help</h1><div id="chat" style="width:400px;height:480px"></div>
<script src="${site.url}/dist/widget.js" data-assistant-id="${ASSISTANTS.northwind}" data-api-base="${api.url}" data-type="test" data-target="#chat"
  data-variables='{"name":"Ada","clinic":"Riverside Clinic"}'></script>
</body></html>`,
      ),
    );
    const region = page.getByRole('region', { name: en.title });
    const log = region.getByRole('log', { name: en.messages });
    const input = region.getByRole('textbox', { name: en.composerLabel });
    // (The conversation starts when the visitor goes to the composer.)
    await input.focus();
    await log.getByText(GREETING).waitFor(SEEN);
    for (const [text, reply] of [
      ['markdown', REPLIES.markdown],
      ['book an appointment', REPLIES.book],
    ] as const) {
      await input.fill(text);
      await input.press('Enter');
      await log.getByText(reply).first().waitFor(SEEN);
    }
    await animationsDone(page);

    const target = (await page.locator('#chat').boundingBox())!;
    const panel = (await boxIn(page, '.panel'))!;
    expect(panel).toEqual(target);
    const scroll = await page.evaluate(() => {
      const list = document.querySelector('assistant-chat-root')!.shadowRoot!.querySelector('.scroller')!;
      // The list lays out from the bottom: a scroll offset of 0 is the newest message.
      return { overflow: list.scrollHeight - list.clientHeight, fromNewest: Math.abs(list.scrollTop) };
    });
    expect(scroll.overflow).toBeGreaterThan(0);
    expect(scroll.fromNewest).toBeLessThan(2);
    // The composer sits at the bottom, inside the inline panel's 1px border.
    const composer = (await boxIn(page, '.composer'))!;
    expect(panel.y + panel.height - (composer.y + composer.height)).toBeCloseTo(1, 0);
    expect(browser.errors.unexpected()).toEqual([]);
  });

  test.each([
    { theme: 'light' as const, file: 'widget-light.png' },
    { theme: 'dark' as const, file: 'widget-dark.png' },
  ])('saves test-results/screenshots/$file: the open panel with markdown and function-call cards', async ({ theme, file }) => {
    const { page } = browser;
    await page.goto(hostPage(site, { apiBase: api.url, theme }));
    const chat = widget(page);
    await chat.open();
    await chat.log.getByText(GREETING).waitFor(SEEN);
    await chat.say('markdown', REPLIES.markdown);
    await chat.say('book an appointment', REPLIES.book);
    // A click on the page takes focus out of the composer, so no focus ring sits in the picture.
    await page.mouse.click(10, 10);

    // What the picture is meant to show is on screen: both cards (their file loads with the reply that has
    // them) and the reply's markdown list.
    await chat.log.locator('.call-card').nth(1).waitFor(SEEN);
    expect(await shownInLog(page, '.call-card')).toEqual([true, true]);
    expect(await shownInLog(page, '.message:last-child .bubble ul')).toEqual([true]);
    expect(await chat.panel.getByRole('heading', { name: en.title }).isVisible()).toBe(true);

    const panel = (await boxIn(page, '.panel'))!;
    const launcher = (await boxIn(page, '.launcher'))!;
    const x = Math.floor(panel.x) - 40;
    const clip = { x, y: 0, width: VIEWPORT.width - x, height: VIEWPORT.height };
    expect(launcher.y + launcher.height).toBeLessThanOrEqual(VIEWPORT.height);

    const path = await screenshotPath(file);
    await page.screenshot({ path, clip, animations: 'disabled', caret: 'hide' });
    expect(pngSize(await readFile(path))).toEqual({ width: clip.width * 2, height: clip.height * 2 });
    expect(browser.errors.unexpected()).toEqual([]);
  });
});
