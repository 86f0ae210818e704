/**
 * The welcome, the consent line and the pre-chat form in Chromium, on the built widget: what an empty
 * conversation opens to, that nothing reaches the API before the visitor accepts or answers, what the
 * server then receives, and that it all works from the keyboard and passes axe.
 *
 * Saves test-results/screenshots/welcome.png, consent.png and prechat.png for people to look at.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { LoggedRequest } from '../../../demo/server/app.mjs';
import { ASSISTANTS } from '../../helpers/stand-in';
import { useBrowser, useStandIn, useStaticServer } from '../helpers/fixtures';
import { en } from '../../../src/ui/strings';
import { animationsDone, axeViolations, boxIn, focused, hostPage, screenshotPath, REPLIES, SEEN, widget } from './harness';

const browser = useBrowser();
const site = useStaticServer();
const api = useStandIn();

const STARTERS = ['What are your opening hours?', 'Book an appointment', 'Where do I park?'];
const SUBTITLE = 'We usually answer within a minute.';
const DISCLAIMER = 'Messages are stored for 30 days. See our [privacy policy](https://clinic.example/privacy).';
const PRECHAT = [
  { name: 'name', label: 'Your name', type: 'text', required: true },
  { name: 'email', label: 'Email', type: 'email', required: true },
  { name: 'phone', label: 'Phone', type: 'tel' },
];

/** The assistant's picture: an https address the test answers itself (a round orange face), or a 404. */
const AVATAR = 'https://images.example/helper.svg';
const BROKEN_AVATAR = 'https://images.example/missing.svg';
const FACE =
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#f59e0b"/>' +
  '<circle cx="22" cy="26" r="5" fill="#1f2937"/><circle cx="42" cy="26" r="5" fill="#1f2937"/>' +
  '<path d="M18 40q14 12 28 0" stroke="#1f2937" stroke-width="4" fill="none"/></svg>';

/** Answers the picture addresses; returns the addresses asked for, in order. */
async function serveAvatars(page: Page): Promise<string[]> {
  const asked: string[] = [];
  await page.route('https://images.example/**', (route) => {
    asked.push(route.request().url());
    return route.request().url() === AVATAR ? route.fulfill({ contentType: 'image/svg+xml', body: FACE }) : route.fulfill({ status: 404, body: '' });
  });
  return asked;
}

/** A page with the widget and these extra data attributes. */
function page(assistantId: string, attributes: Record<string, string>, theme?: 'light' | 'dark') {
  return hostPage(site, { apiBase: api.url, assistantId, attributes, ...(theme && { theme }) });
}

const creates = (requests: LoggedRequest[]) => requests.filter((r) => r.method === 'POST' && r.path === '/conversations');
const messagePosts = (requests: LoggedRequest[]) => requests.filter((r) => r.method === 'POST' && r.path.endsWith('/messages'));

/** Whether the widget's pictures in `selector` have loaded (each: its natural width, 0 when not loaded). */
function pictureWidths(page: Page, selector: string): Promise<number[]> {
  return page.evaluate((sel) => {
    const root = document.querySelector('assistant-chat-root')?.shadowRoot;
    return Array.from(root?.querySelectorAll<HTMLImageElement>(sel) ?? []).map((img) => (img.complete ? img.naturalWidth : 0));
  }, selector);
}

/** Presses Tab until the launcher has focus (a keyboard visitor's way to it). */
async function tabToLauncher(page: Page) {
  for (let presses = 0; presses < 6; presses++) {
    await page.keyboard.press('Tab');
    if ((await focused(page)).className.includes('launcher')) return;
  }
  throw new Error('Tab never reached the launcher');
}

/** Saves a picture of the open panel (and a margin around it) to test-results/screenshots/`name`. */
async function screenshot(page: Page, name: string) {
  await animationsDone(page);
  const panel = (await boxIn(page, '.panel'))!;
  const clip = { x: Math.max(0, panel.x - 24), y: Math.max(0, panel.y - 24), width: panel.width + 48, height: panel.height + 48 };
  await page.screenshot({ path: await screenshotPath(name), clip, animations: 'disabled', caret: 'hide' });
}

describe('the welcome', () => {
  test('an assistant without a greeting opens to its picture, title, subtitle and starters; a starter sends its words once', async () => {
    const { page: tab } = browser;
    const asked = await serveAvatars(tab);
    await tab.goto(page(ASSISTANTS.quiet, { 'data-subtitle': SUBTITLE, 'data-avatar': AVATAR, 'data-starters': JSON.stringify(STARTERS) }));
    const chat = widget(tab);

    // Reaching for the launcher loads the panel; the picture waits until it opens.
    await chat.launcher.hover();
    await tab.locator('.panel').waitFor({ state: 'attached', ...SEEN });
    expect(asked).toEqual([]);

    await chat.open();
    await chat.panel.getByText(SUBTITLE).waitFor(SEEN);
    expect(await chat.panel.locator('.welcome').getByText(en.title).isVisible()).toBe(true);
    const starters = chat.panel.getByRole('group', { name: en.starters }).getByRole('button');
    expect(await starters.allTextContents()).toEqual(STARTERS);
    // In the header and in the welcome.
    await expect.poll(() => pictureWidths(tab, '.avatar img'), SEEN).toEqual([64, 64]);
    expect(asked.every((url) => url === AVATAR)).toBe(true);
    await tab.mouse.click(10, 10);
    await screenshot(tab, 'welcome.png');

    await starters.filter({ hasText: 'Book an appointment' }).click();
    await chat.log.getByText('Book an appointment').waitFor(SEEN);
    await chat.log.locator('.from-assistant').first().waitFor(SEEN);
    // The welcome has made way for the conversation.
    expect(await chat.panel.locator('.welcome').count()).toBe(0);

    const received = await api.requests();
    expect(creates(received)).toHaveLength(1);
    expect(messagePosts(received).map((post) => post.body)).toEqual([{ message: 'Book an appointment' }]);
    expect(browser.errors.unexpected()).toEqual([]);
  });

  test("an assistant's greeting keeps the starters under it until the visitor writes", async () => {
    const { page: tab } = browser;
    await tab.goto(page(ASSISTANTS.northwind, { 'data-starters': JSON.stringify(STARTERS) }));
    const chat = widget(tab);
    await chat.open();
    const greeting = chat.log.locator('.from-assistant').first();
    await greeting.waitFor(SEEN);
    const starters = chat.panel.getByRole('group', { name: en.starters });
    expect(await starters.getByRole('button').allTextContents()).toEqual(STARTERS);
    // Under the greeting, and on screen.
    const [greetingBox, startersBox] = [await greeting.boundingBox(), await starters.boundingBox()];
    expect(startersBox!.y).toBeGreaterThanOrEqual(greetingBox!.y + greetingBox!.height);
    expect(await starters.isVisible()).toBe(true);

    await starters.getByRole('button', { name: 'Where do I park?' }).click();
    await chat.log.getByText('Where do I park?').waitFor(SEEN);
    expect(await starters.count()).toBe(0);
    expect(messagePosts(await api.requests()).map((post) => post.body)).toEqual([{ message: 'Where do I park?' }]);
  });

  test('a picture that does not load gives way to the chat icon', async () => {
    const { page: tab } = browser;
    const asked = await serveAvatars(tab);
    await tab.goto(page(ASSISTANTS.quiet, { 'data-avatar': BROKEN_AVATAR }));
    const chat = widget(tab);
    await chat.open();
    await chat.panel.locator('.welcome').waitFor(SEEN);
    await expect.poll(() => asked.length, SEEN).toBeGreaterThan(0);

    await expect.poll(() => tab.locator('.avatar img').count(), SEEN).toBe(0);
    expect(await tab.locator('.panel-header .avatar svg').count()).toBe(1);
    expect(await tab.locator('.welcome .avatar svg').count()).toBe(1);
  });
});

describe('consent', () => {
  const settings = { 'data-disclaimer': DISCLAIMER, 'data-consent': 'required', 'data-starters': JSON.stringify(STARTERS) };

  test('nothing reaches the API before the visitor accepts; the acceptance is remembered on this device', async () => {
    const { page: tab } = browser;
    await tab.goto(page(ASSISTANTS.quiet, settings));
    const chat = widget(tab);
    await chat.open();

    const accept = chat.panel.getByRole('button', { name: en.consentAccept });
    await accept.waitFor(SEEN);
    expect(await chat.panel.getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe('https://clinic.example/privacy');
    expect(await chat.input.isDisabled()).toBe(true);
    expect(await chat.input.getAttribute('placeholder')).toBe(en.consentNeeded);
    const starter = chat.panel.getByRole('button', { name: STARTERS[0] });
    expect(await starter.isDisabled()).toBe(true);
    // The first thing to do has focus.
    expect((await focused(tab)).name).toBe(en.consentAccept);
    await tab.mouse.click(10, 10);
    await screenshot(tab, 'consent.png');

    // Neither a click on a starter nor the page's own API sends before then.
    await starter.click({ force: true });
    await tab.evaluate(() => (window as unknown as { AssistantChat: (...args: unknown[]) => void }).AssistantChat('send', 'hello?'));
    expect(await api.requests()).toEqual([]);

    await accept.click();
    await expect.poll(() => chat.input.isDisabled(), SEEN).toBe(false);
    expect((await focused(tab)).tag).toBe('textarea');
    await expect.poll(async () => creates(await api.requests()).length, SEEN).toBe(1);
    await chat.say('hello', REPLIES.hello);
    expect(messagePosts(await api.requests()).map((post) => post.body)).toEqual([{ message: 'hello' }]);

    await tab.reload();
    await chat.open();
    await chat.log.locator('.from-user').getByText('hello').waitFor(SEEN);
    expect(await chat.input.isDisabled()).toBe(false);
    expect(await accept.count()).toBe(0);
    // The line itself stays, without its button.
    expect(await chat.panel.getByText(/Messages are stored for 30 days/).isVisible()).toBe(true);
    expect(browser.errors.unexpected()).toEqual([]);
  });

  test('with storage "memory" nothing is kept: after a reload the visitor is asked again', async () => {
    const { page: tab } = browser;
    await tab.goto(page(ASSISTANTS.quiet, { ...settings, 'data-storage': 'memory' }));
    const chat = widget(tab);
    await chat.open();
    await chat.panel.getByRole('button', { name: en.consentAccept }).click();
    await expect.poll(() => chat.input.isDisabled(), SEEN).toBe(false);
    expect(await tab.evaluate(() => Object.keys(localStorage).length + Object.keys(sessionStorage).length)).toBe(0);

    await tab.reload();
    await chat.open();
    await chat.panel.getByRole('button', { name: en.consentAccept }).waitFor(SEEN);
    expect(await chat.input.isDisabled()).toBe(true);
  });
});

describe('the pre-chat form', () => {
  test('is answered with the keyboard alone; an invalid email is said and focused; the server receives the answers as variables', async () => {
    const { page: tab } = browser;
    await tab.goto(page(ASSISTANTS.northwind, { 'data-prechat': JSON.stringify(PRECHAT) }));
    const chat = widget(tab);
    await tabToLauncher(tab);
    await tab.keyboard.press('Enter');

    const name = chat.panel.getByRole('textbox', { name: /^Your name/ });
    const email = chat.panel.getByRole('textbox', { name: /^Email/ });
    await name.waitFor(SEEN);
    expect(await chat.input.isDisabled()).toBe(true);
    expect(await focused(tab)).toMatchObject({ tag: 'input', inWidget: true });
    await tab.keyboard.type('Grace');
    await tab.keyboard.press('Tab');
    await tab.keyboard.type('grace@');
    await tab.keyboard.press('Enter');

    // The error is tied to the field, said in the live region, and the field has focus.
    await expect.poll(() => email.getAttribute('aria-invalid'), SEEN).toBe('true');
    const described = (await email.getAttribute('aria-describedby'))!;
    expect(await chat.panel.locator(`[id="${described}"]`).textContent()).toBe(en.fieldEmail);
    expect(await chat.panel.getByRole('status').filter({ hasText: en.fieldEmail }).count()).toBe(1);
    expect(await email.evaluate((input) => input === (input.getRootNode() as ShadowRoot).activeElement)).toBe(true);
    await tab.mouse.click(10, 10);
    await screenshot(tab, 'prechat.png');
    await email.focus();
    expect(await api.requests()).toEqual([]);

    await tab.keyboard.type('example.com');
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe(null);
    await tab.keyboard.press('Enter');

    // The greeting is written with the name the visitor gave.
    await chat.log.getByText(/Hi Grace!/).waitFor(SEEN);
    expect((await focused(tab)).tag).toBe('textarea');
    const [create] = creates(await api.requests());
    expect((create!.body as { variables: unknown }).variables).toEqual({ name: 'Grace', clinic: 'Riverside Clinic', email: 'grace@example.com' });

    // Kept with the visitor's other data on this device: a reload does not ask again.
    await tab.reload();
    await chat.open();
    await chat.log.getByText(/Hi Grace!/).waitFor(SEEN);
    expect(await name.count()).toBe(0);
    expect(browser.errors.unexpected()).toEqual([]);
  });
});

describe('axe-core finds nothing wrong', () => {
  test.each(['light', 'dark'] as const)('theme %s: the consent line, the pre-chat form with errors, and the welcome with starters', async (theme) => {
    const { page: tab } = browser;
    await serveAvatars(tab);
    await tab.goto(
      page(
        ASSISTANTS.quiet,
        {
          'data-subtitle': SUBTITLE,
          'data-avatar': AVATAR,
          'data-starters': JSON.stringify(STARTERS),
          'data-disclaimer': DISCLAIMER,
          'data-consent': 'required',
          'data-prechat': JSON.stringify(PRECHAT),
        },
        theme,
      ),
    );
    const chat = widget(tab);
    await chat.open();
    const accept = chat.panel.getByRole('button', { name: en.consentAccept });
    await accept.waitFor(SEEN);
    await expect.poll(() => pictureWidths(tab, '.avatar img'), SEEN).toEqual([64, 64]);
    expect(await axeViolations(tab)).toEqual([]);

    await accept.click();
    await chat.panel.getByRole('button', { name: en.prechatSubmit }).click();
    await chat.panel.locator('[aria-invalid="true"]').first().waitFor(SEEN);
    expect(await chat.panel.locator('[aria-invalid="true"]').count()).toBe(2);
    expect(await axeViolations(tab)).toEqual([]);

    await chat.panel.getByRole('textbox', { name: /^Your name/ }).fill('Ada');
    await chat.panel.getByRole('textbox', { name: /^Email/ }).fill('ada@example.com');
    await chat.panel.getByRole('button', { name: en.prechatSubmit }).click();
    await expect.poll(() => chat.panel.getByRole('group', { name: en.starters }).getByRole('button').first().isEnabled(), SEEN).toBe(true);
    expect(await axeViolations(tab)).toEqual([]);
    expect(browser.errors.unexpected()).toEqual([]);
  });
});
