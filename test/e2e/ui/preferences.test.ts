/**
 * The visitor's preferences in Chromium on the built script: reduced motion turns the widget's
 * animations and transitions off; forced colors (high contrast) keep every shape visible; the page's
 * language (or `data-locale`) picks the words; a right-to-left language mirrors the panel's layout; a printed
 * page leaves the floating widget out.
 */
import { describe, expect, test } from 'vitest';
import { useBrowser, useStandIn, useStaticServer } from '../helpers/fixtures';
import { en } from '../../../src/ui/strings';
import { strings as ar } from '../../../src/ui/locales/ar';
import { strings as de } from '../../../src/ui/locales/de';
import { animationsDone, boxIn, GREETING, hostPage, REPLIES, SEEN, widget } from './harness';

const browser = useBrowser();
const site = useStaticServer();
const api = useStandIn();

/**
 * The longest transition and the longest finite animation (in seconds) of any element in the widget's
 * shadow root, and which; and every element whose animation loops forever.
 */
function longestMotion() {
  return browser.page.evaluate(() => {
    const root = document.querySelector('assistant-chat-root')?.shadowRoot;
    if (!root) throw new Error('no widget');
    const seconds = (list: string) => Math.max(...list.split(',').map((d) => Number.parseFloat(d) * (d.trim().endsWith('ms') ? 0.001 : 1)));
    let transition = { seconds: 0, element: '' };
    let animation = { seconds: 0, element: '' };
    const looping: string[] = [];
    for (const el of root.querySelectorAll('*')) {
      for (const pseudo of [null, '::before', '::after']) {
        const style = getComputedStyle(el, pseudo);
        const name = `${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''}${pseudo ?? ''}`;
        const t = style.transitionProperty === 'none' ? 0 : seconds(style.transitionDuration);
        const forever = style.animationName !== 'none' && style.animationIterationCount.includes('infinite');
        if (forever) looping.push(name);
        const a = style.animationName === 'none' || forever ? 0 : seconds(style.animationDuration) * Number.parseFloat(style.animationIterationCount);
        if (t > transition.seconds) transition = { seconds: t, element: name };
        if (a > animation.seconds) animation = { seconds: a, element: name };
      }
    }
    return { transition, animation, looping };
  });
}

/** Opens the panel and waits until the assistant is busy (typing dots) with a slow reply. */
async function openWithTypingDots() {
  await api.fault('slow', { delayMs: 4000 });
  const chat = widget(browser.page);
  await chat.open();
  await chat.log.getByText(GREETING).waitFor(SEEN);
  await chat.input.fill('hello');
  await chat.input.press('Enter');
  await chat.panel.getByRole('status').filter({ hasText: en.typing }).waitFor(SEEN);
  return chat;
}

describe('prefers-reduced-motion', () => {
  test('without the preference the widget animates: transitions ease and the typing dots bounce', async () => {
    await browser.page.goto(hostPage(site, { apiBase: api.url }));
    await openWithTypingDots();

    const motion = await longestMotion();
    // The typing dots (and the "sending" spinner) loop for as long as the assistant works.
    expect(motion.looping).toEqual(expect.arrayContaining(['i.', 'span.spinner']));
    expect(motion.animation.seconds).toBeGreaterThanOrEqual(0.15);
    expect(motion.transition.seconds).toBeGreaterThanOrEqual(0.15);
  });

  test('with it, every transition and animation in the widget is over in a blink (nothing loops)', async () => {
    await browser.page.emulateMedia({ reducedMotion: 'reduce' });
    await browser.page.goto(hostPage(site, { apiBase: api.url }));
    await openWithTypingDots();

    const motion = await longestMotion();
    // Animations and transitions are switched off (`none`), so none lasts longer than a blink.
    expect(motion.transition.seconds, motion.transition.element).toBeLessThanOrEqual(0.001);
    expect(motion.animation.seconds, motion.animation.element).toBeLessThanOrEqual(0.001);
    expect(motion.looping).toEqual([]);
    // And nothing is still running: every animation of the panel has finished.
    await expect
      .poll(() =>
        browser.page.evaluate(
          () => (document.querySelector('assistant-chat-root')?.shadowRoot?.getAnimations() ?? []).filter((a) => a.playState === 'running').length,
        ),
      )
      .toBe(0);
  });
});

describe('forced colors (Windows high contrast)', () => {
  test('shadows and fills are gone there, so the launcher, the panel and the bubbles get borders instead', async () => {
    await browser.page.emulateMedia({ forcedColors: 'active' });
    await browser.page.goto(hostPage(site, { apiBase: api.url }));
    const chat = widget(browser.page);
    await chat.open();
    await chat.say('hello', REPLIES.hello);

    const borders = await browser.page.evaluate(() => {
      const root = document.querySelector('assistant-chat-root')!.shadowRoot!;
      const edge = (selector: string, side = 'top') => {
        const el = root.querySelector(selector);
        if (!el) return `no ${selector}`;
        const style = getComputedStyle(el);
        return `${style.getPropertyValue(`border-${side}-style`)} ${style.getPropertyValue(`border-${side}-width`)}`;
      };
      return {
        launcher: edge('.launcher'),
        panel: edge('.panel'),
        header: edge('.panel-header', 'bottom'),
        mine: edge('.message.from-user .bubble'),
        reply: edge('.message.from-assistant .bubble'),
      };
    });
    expect(borders).toEqual({
      launcher: 'solid 1px',
      panel: 'solid 1px',
      header: 'solid 1px',
      mine: 'solid 1px',
      reply: 'solid 1px',
    });
  });

  test('with normal colors they have none (the fills and shadows do the work)', async () => {
    await browser.page.goto(hostPage(site, { apiBase: api.url }));
    const chat = widget(browser.page);
    await chat.open();
    expect(await chat.launcher.evaluate((el) => getComputedStyle(el).borderTopStyle)).toBe('none');
    expect(await chat.panel.evaluate((el) => getComputedStyle(el).borderTopStyle)).toBe('none');
  });
});

describe('printing', () => {
  test('a page printed with the chat open leaves the floating widget out; an inline one is printed with the page', async () => {
    const { page } = browser;
    await page.goto(hostPage(site, { apiBase: api.url }));
    const chat = widget(page);
    await chat.open();
    await chat.say('hello', REPLIES.hello);
    await page.emulateMedia({ media: 'print' });
    expect([await chat.launcher.isVisible(), await chat.panel.isVisible()]).toEqual([false, false]);
    await page.emulateMedia({ media: 'screen' });
    expect([await chat.launcher.isVisible(), await chat.panel.isVisible()]).toEqual([true, true]);

    await page.goto(hostPage(site, { apiBase: api.url, path: '/help.html', attributes: { 'data-target': 'main' } }));
    const inline = page.locator('main assistant-chat-root .panel');
    await inline.getByText(GREETING).waitFor(SEEN);
    await page.emulateMedia({ media: 'print' });
    expect(await inline.getByText(GREETING).isVisible()).toBe(true);
  });
});

describe('language and direction', () => {
  test('a German page gets German words', async () => {
    await browser.page.goto(hostPage(site, { apiBase: api.url, lang: 'de' }));
    const chat = widget(browser.page, de);
    // The launcher speaks German before the panel has loaded.
    expect(await chat.launcher.getAttribute('aria-label')).toBe(de.title);

    await chat.open();
    await chat.log.getByText(GREETING).waitFor(SEEN);
    await chat.say('hello', REPLIES.hello);

    expect(await chat.launcher.getAttribute('aria-label')).toBe(de.title);
    expect(await chat.input.getAttribute('placeholder')).toBe(de.placeholder);
    expect(await chat.sendButton.count()).toBe(1);
    expect(await chat.close.count()).toBe(1);
    expect(await chat.panel.getByText(en.title).count()).toBe(0);
    expect(await chat.panel.evaluate((el) => el.closest('[lang]')?.getAttribute('lang'))).toBe('de');
  });

  test('data-locale wins over the page: an English page with data-locale="de" is German', async () => {
    await browser.page.goto(hostPage(site, { apiBase: api.url, lang: 'en', locale: 'de' }));
    const chat = widget(browser.page, de);
    await chat.open();
    expect(await chat.panel.getByRole('heading', { name: de.title }).count()).toBe(1);
  });

  test('data-locale="ar" lays the panel out right to left', async () => {
    await browser.page.goto(hostPage(site, { apiBase: api.url, locale: 'ar' }));
    const chat = widget(browser.page, ar);
    await chat.open();
    await chat.log.getByText(GREETING).waitFor(SEEN);
    await chat.say('hello', REPLIES.hello);
    await chat.say('book an appointment', REPLIES.book);
    await animationsDone(browser.page);

    expect(await chat.panel.evaluate((el) => [el.closest('[dir]')?.getAttribute('dir'), getComputedStyle(el).direction])).toEqual(['rtl', 'rtl']);
    const panel = (await boxIn(browser.page, '.panel'))!;
    const middle = panel.x + panel.width / 2;
    // The visitor's (short) bubble sits on the left, the assistant's starts at the right edge.
    const mine = (await chat.log.getByText('hello', { exact: true }).boundingBox())!;
    const reply = (await boxIn(browser.page, '.message.from-assistant:nth-last-child(3) .bubble'))!;
    expect(mine.x + mine.width).toBeLessThan(middle);
    expect(reply.x + reply.width).toBeGreaterThan(panel.x + panel.width - 30);
    // The header reads from the right: title first, then the buttons towards the left edge.
    const title = (await chat.panel.getByRole('heading', { name: ar.title }).boundingBox())!;
    const close = (await chat.close.boundingBox())!;
    expect(close.x).toBeLessThan(title.x);
    expect(close.x - panel.x).toBeLessThan(60);
    // In a card's tree the key comes first, on the right, its value to its left (each keeps its own direction).
    await chat.card('Book appointment').click();
    const pair = await browser.page.evaluate(() => {
      const key = document
        .querySelector('assistant-chat-root')
        ?.shadowRoot?.querySelector('.call-details .tree-key + .tree-value')?.previousElementSibling;
      const box = (el: Element | null | undefined) => el?.getBoundingClientRect();
      return { key: box(key)?.left, keyText: key?.textContent, value: box(key?.nextElementSibling)?.right };
    });
    expect(pair.keyText).toBe('start');
    expect(pair.value).toBeLessThan(pair.key!);
  });
});
