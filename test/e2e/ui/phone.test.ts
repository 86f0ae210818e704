/**
 * The widget on a phone (390×844 CSS px, touch, mobile viewport) in Chromium on the built script:
 * the open panel takes the whole screen (a modal dialog then), the composer does not make iOS zoom, the
 * safe-area insets of a notched screen pad it, and it follows the visual viewport (what stays visible
 * above the keyboard). Also saves test-results/screenshots/widget-phone.png for people, and runs axe on that layout.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import { useBrowser, useStandIn, useStaticServer } from '../helpers/fixtures';
import { en } from '../../../src/ui/strings';
import {
  animationsDone,
  axeViolations,
  boxIn,
  focused,
  GREETING,
  hostPage,
  pngSize,
  REPLIES,
  screenshotPath,
  SEEN,
  shownInLog,
  styleIn,
  widget,
} from './harness';

const PHONE = { width: 390, height: 844 };
const browser = useBrowser({ context: { viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } });
const site = useStaticServer();
const api = useStandIn();

async function openOnPhone() {
  const { page } = browser;
  await page.goto(hostPage(site, { apiBase: api.url }));
  const chat = widget(page);
  await chat.launcher.tap();
  await chat.input.waitFor();
  await chat.log.getByText(GREETING).waitFor(SEEN);
  await animationsDone(browser.page);
  return chat;
}

/** The custom properties the widget mirrors from `window.visualViewport` onto its shadow host. */
function viewportProperties() {
  return browser.page.evaluate(() => {
    const host = document.querySelector('assistant-chat-root');
    if (!host) throw new Error('no widget host');
    const style = getComputedStyle(host);
    const read = (name: string) => style.getPropertyValue(name).trim();
    return { vvw: read('--acw-vvw'), vvh: read('--acw-vvh'), vvt: read('--acw-vvt'), vvl: read('--acw-vvl') };
  });
}

describe('on a phone', () => {
  test('the open panel covers the whole screen, the launcher steps aside, and the composer text is 16px or more', async () => {
    const chat = await openOnPhone();

    expect(await boxIn(browser.page, '.panel')).toEqual({ x: 0, y: 0, ...PHONE });
    expect(await chat.launcher.isVisible()).toBe(false);
    // The page under it cannot be touched: every corner of the screen is the widget.
    const hits = await browser.page.evaluate(
      ({ width, height }) =>
        [
          [1, 1],
          [width - 1, 1],
          [1, height - 1],
          [width - 1, height - 1],
        ].map(([x, y]) => document.elementFromPoint(x!, y!)?.tagName.toLowerCase()),
      PHONE,
    );
    expect(hits).toEqual(Array(4).fill('assistant-chat-root'));

    const { 'font-size': fontSize } = await styleIn(browser.page, 'textarea', ['font-size']);
    expect(Number.parseFloat(fontSize!)).toBeGreaterThanOrEqual(16);

    await chat.close.tap();
    await chat.launcher.waitFor();
    expect(await boxIn(browser.page, '.launcher')).toMatchObject({ width: 56, height: 56 });
  });

  test('full screen, the panel is a modal dialog: Tab and Shift+Tab wrap around inside it instead of reaching the hidden page', async () => {
    const chat = await openOnPhone();
    expect(await chat.panel.getAttribute('aria-modal')).toBe('true');
    await chat.input.fill('draft');
    const inWidget = () => focused(browser.page).then((f) => `${f.inWidget ? 'widget' : 'page'}: ${f.name}`);

    await chat.sendButton.focus();
    await browser.page.keyboard.press('Tab');
    expect(await inWidget()).toBe(`widget: ${en.newConversation}`);
    await browser.page.keyboard.press('Shift+Tab');
    expect(await inWidget()).toBe(`widget: ${en.send}`);
    for (let i = 0; i < 8; i++) {
      await browser.page.keyboard.press('Tab');
      expect(await inWidget()).toMatch(/^widget: /);
    }

    // Closed, the page is reachable again.
    await browser.page.keyboard.press('Escape');
    await chat.launcher.waitFor();
    await browser.page.keyboard.press('Shift+Tab');
    expect(await inWidget()).toBe('page: Opening hours');
  });

  test('the insets of a notched screen keep the header and composer clear of the notch and the home bar', async () => {
    const cdp = await browser.context.newCDPSession(browser.page);
    await cdp.send('Emulation.setSafeAreaInsetsOverride', { insets: { top: 47, bottom: 34, left: 0, right: 0 } });
    await openOnPhone();

    expect(await styleIn(browser.page, '.panel', ['padding-bottom', 'padding-left', 'padding-right'])).toEqual({
      'padding-bottom': '34px',
      'padding-left': '0px',
      'padding-right': '0px',
    });
    expect(await styleIn(browser.page, '.panel-header', ['padding-top'])).toEqual({ 'padding-top': '61px' });
    const composer = await boxIn(browser.page, '.composer');
    expect(composer!.y + composer!.height).toBeCloseTo(PHONE.height - 34, 0);

    // In landscape the notch is at the side.
    await cdp.send('Emulation.setSafeAreaInsetsOverride', { insets: { top: 0, bottom: 21, left: 47, right: 47 } });
    await expect
      .poll(() => styleIn(browser.page, '.panel', ['padding-left', 'padding-right', 'padding-bottom']))
      .toEqual({
        'padding-left': '47px',
        'padding-right': '47px',
        'padding-bottom': '21px',
      });
    await cdp.detach();
  });

  test('the panel follows the visual viewport: it shrinks above the keyboard and tracks a pinch-zoom', async () => {
    const chat = await openOnPhone();
    expect(await viewportProperties()).toEqual({ vvw: '390px', vvh: '844px', vvt: '0px', vvl: '0px' });

    // The keyboard takes the lower part of the screen: what stays visible is 390×480.
    await browser.page.setViewportSize({ width: 390, height: 480 });
    await expect.poll(viewportProperties).toMatchObject({ vvh: '480px' });
    expect(await boxIn(browser.page, '.panel')).toEqual({ x: 0, y: 0, width: 390, height: 480 });
    const composer = await boxIn(browser.page, '.composer');
    expect(composer!.y + composer!.height).toBeLessThanOrEqual(480);
    expect(await chat.input.isVisible()).toBe(true);

    // Zoomed in, the visual viewport is smaller than the layout viewport; the panel matches it, not the page.
    const cdp = await browser.context.newCDPSession(browser.page);
    await cdp.send('Emulation.setPageScaleFactor', { pageScaleFactor: 2 });
    await expect.poll(viewportProperties).toMatchObject({ vvw: '195px', vvh: '240px' });
    expect(await boxIn(browser.page, '.panel')).toMatchObject({ width: 195, height: 240 });
    await cdp.send('Emulation.setPageScaleFactor', { pageScaleFactor: 1 });
    await expect.poll(viewportProperties).toMatchObject({ vvw: '390px', vvh: '480px' });
    await cdp.detach();

    // Keyboard gone: full height again.
    await browser.page.setViewportSize(PHONE);
    await expect.poll(() => boxIn(browser.page, '.panel')).toEqual({ x: 0, y: 0, ...PHONE });
  });

  test('saves test-results/screenshots/widget-phone.png: the full-screen panel with markdown and function-call cards', async () => {
    const chat = await openOnPhone();
    await chat.say('markdown', REPLIES.markdown);
    await chat.say('book an appointment', REPLIES.book);

    // What the picture is meant to show is on screen: both cards (their file loads with the reply that has
    // them) and the reply's markdown list.
    await chat.log.locator('.call-card').nth(1).waitFor(SEEN);
    expect(await shownInLog(browser.page, '.call-card')).toEqual([true, true]);
    expect(await shownInLog(browser.page, '.message:last-child .bubble ul')).toEqual([true]);

    const path = await screenshotPath('widget-phone.png');
    await browser.page.screenshot({ path, animations: 'disabled', caret: 'hide' });
    expect(pngSize(await readFile(path))).toEqual({ width: PHONE.width * 2, height: PHONE.height * 2 });
    // After the picture: axe may scroll the list while it checks contrast.
    expect(await axeViolations(browser.page)).toEqual([]);
  });
});
