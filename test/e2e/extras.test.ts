/**
 * What an owner may turn on, in Chromium with the built files: the teaser and the timed open, the larger view,
 * the transcript, the data layer's events, dictation and the reply chime. Each is off unless a data attribute
 * turns it on, and each state passes axe in light, dark and right to left.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { strings as ar } from '../../src/ui/locales/ar';
import { en, type Strings } from '../../src/ui/strings';
import { useBrowser, useStandIn, useStaticServer } from './helpers/fixtures';
import { strings as de } from '../../src/ui/locales/de';
import { animationsDone, axeViolations, boxIn, GREETING, hostPage, REPLIES, SEEN, widget } from './ui/harness';

const browser = useBrowser();
const site = useStaticServer();
const api = useStandIn();

const TEASER = 'Questions about your visit? Ask us.';
const PHONE = { width: 390, height: 844 };

/** A page with the widget and these data attributes. */
function page(attributes: Record<string, string>, options: { theme?: 'light' | 'dark'; locale?: string } = {}) {
  return hostPage(site, { apiBase: api.url, attributes, ...options });
}

/** What axe finds, in light, dark and right to left, for the state `show` brings the page to (from a fresh page each time). */
async function axeInEveryLook(tab: Page, attributes: Record<string, string>, show: (tab: Page, strings: Strings) => Promise<void>) {
  const found: Record<string, unknown> = {};
  for (const [name, options] of [
    ['light', { theme: 'light' }],
    ['dark', { theme: 'dark' }],
    ['rtl', { locale: 'ar' }],
  ] as const) {
    await tab.goto(page(attributes, options));
    await show(tab, name === 'rtl' ? ar : en);
    found[name] = (await axeViolations(tab)).map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.html).join(' | ')}`);
  }
  return found;
}

/** Resolves when the page has the nudges' file (its timers start then: the test's clock runs after). */
const nudgesLoaded = (tab: Page) => tab.waitForResponse(/assistant-chat-nudges-/);

/** The launcher's status line: what screen readers hear politely beside it. */
const launcherStatus = (tab: Page) =>
  tab.evaluate(() => document.querySelector('assistant-chat-root')!.shadowRoot!.querySelector('.dock [role="status"]')!.textContent);

describe('the teaser', () => {
  test('shows after its delay beside the closed launcher, is said once, opens the chat, and once dismissed stays away for the visit', async () => {
    const tab = browser.page;
    await tab.clock.install();
    const nudges = nudgesLoaded(tab);
    await tab.goto(page({ 'data-teaser': TEASER, 'data-teaser-delay': '4s' }));
    const chat = widget(tab);
    await chat.launcher.waitFor();
    await nudges;
    const teaser = tab.getByRole('button', { name: TEASER });
    await tab.clock.runFor(3_500);
    expect(await teaser.count()).toBe(0);
    await tab.clock.runFor(600);
    await teaser.waitFor();
    expect(await launcherStatus(tab)).toBe(TEASER);

    // A click on it opens the chat, and it goes.
    await teaser.click();
    await chat.panel.waitFor();
    expect(await teaser.count()).toBe(0);
    await chat.close.click();

    // Again after a reload; its close button dismisses it for the rest of the visit.
    let again = nudgesLoaded(tab);
    await tab.reload();
    await again;
    await tab.clock.runFor(4_100);
    await teaser.waitFor();
    await tab.getByRole('button', { name: 'Close', exact: true }).click();
    expect(await teaser.count()).toBe(0);
    again = nudgesLoaded(tab);
    await tab.reload();
    await again;
    await tab.clock.runFor(10_000);
    expect(await teaser.count()).toBe(0);
    expect(browser.errors.unexpected()).toEqual([]);
  });

  test('on a phone covers no more than the launcher’s corner', async () => {
    const tab = browser.page;
    await tab.setViewportSize(PHONE);
    await tab.clock.install();
    const nudges = nudgesLoaded(tab);
    await tab.goto(
      page({
        'data-teaser': 'A much longer line that an owner wrote, to see how the bubble behaves when it has more words than fit.',
        'data-teaser-delay': '1s',
      }),
    );
    await nudges;
    await tab.clock.runFor(1_100);
    await tab.locator('.teaser').waitFor();
    const bubble = await boxIn(tab, '.teaser');
    const launcher = (await boxIn(tab, '.launcher'))!;
    expect(bubble).not.toBeNull();
    // Above the launcher, in its corner: its right edge at the launcher's, at most 240px wide and three lines tall.
    expect(Math.abs(bubble!.x + bubble!.width - (launcher.x + launcher.width))).toBeLessThanOrEqual(1);
    expect(bubble!.width).toBeLessThanOrEqual(240);
    expect(bubble!.height).toBeLessThanOrEqual(90);
    expect(bubble!.y + bubble!.height).toBeLessThanOrEqual(launcher.y);
  });

  test('passes axe in light, dark and right to left', async () => {
    const tab = browser.page;
    await tab.clock.install();
    const found = await axeInEveryLook(tab, { 'data-teaser': TEASER, 'data-teaser-delay': '1s' }, async (shown) => {
      // The nudges' file may have arrived before this runs (its timer starts then), so the clock runs on until the teaser is there.
      await expect
        .poll(async () => {
          await shown.clock.runFor(500);
          return shown.locator('.teaser').count();
        })
        .toBe(1);
    });
    expect(found).toEqual({ light: [], dark: [], rtl: [] });
  });
});

describe('data-open-after', () => {
  test('opens the panel by itself once per visit on a wide screen', async () => {
    const tab = browser.page;
    await tab.clock.install();
    const nudges = nudgesLoaded(tab);
    await tab.goto(page({ 'data-open-after': '30s' }));
    const chat = widget(tab);
    await chat.launcher.waitFor();
    await nudges;
    await tab.clock.runFor(29_000);
    expect(await chat.launcher.getAttribute('aria-expanded')).toBe('false');
    await tab.clock.runFor(1_500);
    await chat.panel.waitFor();
    await chat.close.click();
    await tab.reload();
    await chat.launcher.waitFor();
    await tab.clock.runFor(60_000);
    expect(await chat.launcher.getAttribute('aria-expanded')).toBe('false');
  });

  test('never opens on a phone, where the panel would cover the whole screen', async () => {
    const tab = browser.page;
    await tab.setViewportSize(PHONE);
    await tab.clock.install();
    const nudges = nudgesLoaded(tab);
    await tab.goto(page({ 'data-open-after': '5s' }));
    const chat = widget(tab);
    await chat.launcher.waitFor();
    await nudges;
    await tab.clock.runFor(20_000);
    expect(await chat.launcher.getAttribute('aria-expanded')).toBe('false');
    expect(await api.requests()).toEqual([]);
  });
});

describe('the larger view', () => {
  test('data-size="expandable": Expand makes the panel about half the window wide and as tall as it, kept for the visit', async () => {
    const tab = browser.page;
    await tab.setViewportSize({ width: 1400, height: 900 });
    await tab.goto(page({ 'data-size': 'expandable' }));
    const chat = widget(tab);
    await chat.open();
    await animationsDone(tab);
    const normal = (await boxIn(tab, '.panel'))!;
    expect(normal.width).toBe(380);
    await chat.panel.getByRole('button', { name: en.expand }).click();
    await expect.poll(async () => (await boxIn(tab, '.panel'))!.width).toBe(700);
    const large = (await boxIn(tab, '.panel'))!;
    // The window's height, less the launcher's corner below it and a margin above.
    expect(large.height).toBeGreaterThan(900 - 20 - 72 - 20 - 2);
    expect(await axeViolations(tab)).toEqual([]);

    await tab.reload();
    await chat.open();
    await animationsDone(tab);
    expect((await boxIn(tab, '.panel'))!.width).toBe(700);
    await chat.panel.getByRole('button', { name: en.shrink }).click();
    await expect.poll(async () => (await boxIn(tab, '.panel'))!.width).toBe(380);
  });

  test('data-size="large" starts large; a phone shows no button (the panel is full screen already); axe in every look', async () => {
    const tab = browser.page;
    await tab.setViewportSize({ width: 1000, height: 800 });
    await tab.goto(page({ 'data-size': 'large' }));
    const chat = widget(tab);
    await chat.open();
    await animationsDone(tab);
    expect((await boxIn(tab, '.panel'))!.width).toBe(500);
    await tab.setViewportSize(PHONE);
    expect(await chat.panel.getByRole('button', { name: en.shrink }).isVisible()).toBe(false);
    expect((await boxIn(tab, '.panel'))!.width).toBe(PHONE.width);

    await tab.setViewportSize({ width: 1000, height: 800 });
    const found = await axeInEveryLook(tab, { 'data-size': 'large' }, (shown, strings) => widget(shown, strings).open());
    expect(found).toEqual({ light: [], dark: [], rtl: [] });
  });
});

describe('the transcript', () => {
  test('"Download conversation" saves who said what, the tools run and the date; transcript() gives the same text', async () => {
    const tab = browser.page;
    await tab.goto(page({ 'data-transcript': 'true' }));
    const chat = widget(tab);
    await chat.open();
    await chat.log.getByText(GREETING).waitFor(SEEN);
    await chat.say('book a cleaning', REPLIES.book);
    const [download] = await Promise.all([tab.waitForEvent('download'), chat.panel.getByRole('button', { name: en.download }).click()]);
    expect(download.suggestedFilename()).toMatch(/^conversation-\d{4}-\d{2}-\d{2}\.md$/);
    const text = await readStream(await download.createReadStream());
    expect(text).toMatch(/^# Chat with us\n\nSaved \w+/);
    expect(text).toContain('**Assistant:**\nHi Ada! 👋 Welcome to Riverside Clinic.');
    expect(text).toContain('**You:**\nbook a cleaning');
    expect(text).toContain("**Assistant:**\n> check_calendar_availability: Done\n> book_appointment: Done\n\nYou're booked in!");

    const fromPage = await tab.evaluate(() =>
      (window as unknown as { AssistantChat: (command: string) => Promise<string> }).AssistantChat('transcript'),
    );
    expect(fromPage.replace(/^Saved .*$/m, '')).toBe(text.replace(/^Saved .*$/m, ''));
    expect(await axeViolations(tab)).toEqual([]);
  });
});

describe('the data layer', () => {
  test('data-analytics="dataLayer" gets the chat’s events with the assistant id, never its text', async () => {
    const tab = browser.page;
    await tab.goto(page({ 'data-analytics': 'dataLayer', 'data-variables': JSON.stringify({ name: 'Ada', clinic: 'Riverside Clinic' }) }));
    const chat = widget(tab);
    await chat.open();
    await chat.log.getByText(GREETING).waitFor(SEEN);
    await chat.say('book a cleaning', REPLIES.book);
    await chat.close.click();
    const layer = await tab.evaluate(() => JSON.stringify((window as unknown as { dataLayer: unknown[] }).dataLayer));
    const entries = JSON.parse(layer) as { event: string; assistant_id: string }[];
    expect(entries.map(({ event }) => event)).toEqual([
      'assistant_chat_open',
      'assistant_chat_message_sent',
      'assistant_chat_reply',
      'assistant_chat_close',
    ]);
    expect(new Set(entries.map((entry) => entry.assistant_id))).toEqual(new Set(['3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10']));
    for (const secret of ['book a cleaning', 'booked', 'Ada', 'Riverside']) expect(layer).not.toContain(secret);
  });
});

/** Installs a fake speech recognition in the page that hears `heard` (interim, then final) or fails with `error`. */
function fakeSpeech(tab: Page, script: { heard?: string[]; error?: string }) {
  return tab.addInitScript((given) => {
    class FakeRecognition {
      lang = '';
      interimResults = false;
      continuous = true;
      onresult: ((event: unknown) => void) | null = null;
      onerror: ((event: unknown) => void) | null = null;
      onend: (() => void) | null = null;
      start() {
        (window as unknown as { heardIn: string }).heardIn = this.lang;
        let at = 0;
        const next = () => {
          if (given.error) {
            this.onerror?.({ error: given.error });
            return this.onend?.();
          }
          const words = given.heard ?? [];
          if (at >= words.length) return this.onend?.();
          this.onresult?.({ results: [[{ transcript: words[at++]! }]] });
          setTimeout(next, 50);
        };
        setTimeout(next, 50);
      }
      stop() {
        this.onend?.();
      }
      abort() {
        this.onend?.();
      }
    }
    (window as unknown as { SpeechRecognition: unknown }).SpeechRecognition = FakeRecognition;
  }, script);
}

describe('dictation', () => {
  test('shows what it heard in the composer, in the widget’s language, and sends nothing by itself', async () => {
    const tab = browser.page;
    await fakeSpeech(tab, { heard: ['book', 'book a cleaning', 'book a cleaning please'] });
    await tab.goto(page({ 'data-voice': 'dictation' }, { locale: 'de' }));
    const chat = widget(tab, de);
    await chat.open();
    const { panel, input } = chat;
    await input.fill('Hallo,');
    await panel.getByRole('button', { name: 'Nachricht diktieren' }).click();
    await expect.poll(() => input.inputValue()).toBe('Hallo, book a cleaning please');
    expect(await tab.evaluate(() => (window as unknown as { heardIn: string }).heardIn)).toBe('de');
    await panel.getByRole('button', { name: 'Nachricht diktieren' }).waitFor();
    expect((await api.requests()).filter((request) => request.path.endsWith('/messages'))).toEqual([]);
  });

  test('a refused microphone gets a clear line; Escape stops listening without closing the chat; axe in every look', async () => {
    const tab = browser.page;
    await fakeSpeech(tab, { error: 'not-allowed' });
    await tab.goto(page({ 'data-voice': 'dictation' }));
    const chat = widget(tab);
    await chat.open();
    await chat.panel.getByRole('button', { name: en.dictate }).click();
    await chat.panel.getByText(en.dictationDenied).waitFor();

    const found = await axeInEveryLook(tab, { 'data-voice': 'dictation' }, async (shown, strings) => {
      await widget(shown, strings).open();
      await widget(shown, strings).panel.getByRole('button', { name: strings.dictate }).click();
      await widget(shown, strings).panel.getByText(strings.dictationDenied).waitFor();
    });
    expect(found).toEqual({ light: [], dark: [], rtl: [] });
  });

  for (const [error, key] of [
    ['no-speech', 'dictationNoSpeech'],
    ['network', 'dictationNetwork'],
  ] as const) {
    test(`"${error}" gets its own clear line`, async () => {
      const tab = browser.page;
      await fakeSpeech(tab, { error });
      await tab.goto(page({ 'data-voice': 'dictation' }));
      const chat = widget(tab);
      await chat.open();
      await chat.panel.getByRole('button', { name: en.dictate }).click();
      await chat.panel.getByRole('status').filter({ hasText: en[key] }).waitFor();
    });
  }

  test('Escape stops listening and leaves the chat open', async () => {
    const tab = browser.page;
    await fakeSpeech(tab, { heard: Array.from({ length: 100 }, (_, index) => 'word '.repeat(index + 1)) });
    await tab.goto(page({ 'data-voice': 'dictation' }));
    const chat = widget(tab);
    await chat.open();
    await chat.panel.getByRole('button', { name: en.dictate }).click();
    await chat.panel.getByRole('button', { name: en.stopDictation }).waitFor();
    await tab.keyboard.press('Escape');
    await chat.panel.getByRole('button', { name: en.dictate }).waitFor();
    expect(await chat.panel.isVisible()).toBe(true);
  });

  test('no microphone where the browser cannot listen', async () => {
    const tab = browser.page;
    await tab.addInitScript(() => {
      delete (window as unknown as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition;
      delete (window as unknown as { SpeechRecognition?: unknown }).SpeechRecognition;
    });
    await tab.goto(page({ 'data-voice': 'dictation' }));
    const chat = widget(tab);
    await chat.open();
    expect(await chat.panel.getByRole('button', { name: en.dictate }).count()).toBe(0);
  });
});

/** Counts the chimes the page plays (a fake AudioContext: two tones a chime). */
function countChimes(tab: Page) {
  return tab.addInitScript(() => {
    const state = { tones: 0 };
    (window as unknown as { chimes: () => number }).chimes = () => state.tones / 2;
    class FakeContext {
      currentTime = 0;
      destination = {};
      createOscillator() {
        return {
          type: '',
          frequency: { value: 0 },
          connect: (next: unknown) => next,
          start: () => {
            state.tones++;
          },
          stop() {},
        };
      }
      createGain() {
        const gain = { setValueAtTime() {}, exponentialRampToValueAtTime() {} };
        return { gain, connect: (next: unknown) => next };
      }
    }
    (window as unknown as { AudioContext: unknown }).AudioContext = FakeContext;
  });
}

describe('the reply chime', () => {
  const chimes = (tab: Page) => tab.evaluate(() => (window as unknown as { chimes: () => number }).chimes());
  const send = (tab: Page, text: string) =>
    tab.evaluate((message) => (window as unknown as { AssistantChat: (...args: string[]) => void }).AssistantChat('send', message), text);

  test('plays once for a reply while the panel is closed or the tab hidden, not while the visitor reads it, and not once muted', async () => {
    const tab = browser.page;
    await countChimes(tab);
    await tab.goto(page({ 'data-sound': 'on' }));
    const chat = widget(tab);
    await chat.open();
    await chat.log.getByText(GREETING).waitFor(SEEN);
    // Reading it: no chime.
    await chat.say('hello', REPLIES.hello);
    expect(await chimes(tab)).toBe(0);

    await chat.close.click();
    await send(tab, 'book a cleaning');
    await expect.poll(() => chat.launcher.getAttribute('aria-label'), SEEN).toMatch(/Unread replies: 1/);
    expect(await chimes(tab)).toBe(1);

    // Open, but the tab hidden.
    await chat.open();
    await tab.evaluate(() => Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' }));
    const replies = await chat.log.locator('.from-assistant').count();
    await chat.input.fill('hello again');
    await chat.input.press('Enter');
    await expect.poll(() => chat.log.locator('.from-assistant').count(), SEEN).toBe(replies + 1);
    await expect.poll(() => chimes(tab)).toBe(2);
    await tab.evaluate(() => delete (document as unknown as { visibilityState?: unknown }).visibilityState);

    // Muted, remembered on the device.
    await chat.panel.getByRole('button', { name: en.mute }).click();
    await chat.close.click();
    await send(tab, 'hello once more');
    await expect.poll(() => chat.launcher.getAttribute('aria-label'), SEEN).toMatch(/Unread replies: 1/);
    expect(await chimes(tab)).toBe(2);
    await tab.reload();
    await chat.open();
    await chat.panel.getByRole('button', { name: en.unmute }).waitFor();
    expect(await axeViolations(tab)).toEqual([]);
  });

  test('plays nothing before the visitor has interacted with the page', async () => {
    const tab = browser.page;
    await countChimes(tab);
    // The page itself sends, once loaded (no click, no key: the browser would block the sound), and says when the
    // reply has come. (The test asks the page nothing before then: Playwright's evaluate counts as a gesture.)
    await tab.addInitScript(() => {
      addEventListener('load', () =>
        setTimeout(() => (window as unknown as { AssistantChat: (...args: string[]) => void }).AssistantChat('send', 'hello'), 100),
      );
      const watch = () => {
        const name = document.querySelector('assistant-chat-root')?.shadowRoot?.querySelector('.launcher')?.getAttribute('aria-label') ?? '';
        if (name.includes('Unread')) console.log(`unread, active: ${navigator.userActivation.hasBeenActive}`);
        else requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    });
    const told = tab.waitForEvent('console', { predicate: (message) => message.text().startsWith('unread'), timeout: SEEN.timeout });
    await tab.goto(page({ 'data-sound': 'on' }));
    expect((await told).text()).toBe('unread, active: false');
    expect(await chimes(tab)).toBe(0);
  });
});

describe('every extra at once', () => {
  test('the header with Expand, Download and the sound button, and the microphone, pass axe in light, dark and right to left', async () => {
    const tab = browser.page;
    await countChimes(tab);
    await fakeSpeech(tab, { heard: ['hello'] });
    const attributes = { 'data-size': 'expandable', 'data-transcript': 'true', 'data-sound': 'on', 'data-voice': 'dictation' };
    const found = await axeInEveryLook(tab, attributes, async (shown, strings) => {
      const chat = widget(shown, strings);
      await chat.open();
      for (const name of [strings.expand, strings.download, strings.mute, strings.dictate]) await chat.panel.getByRole('button', { name }).waitFor();
    });
    expect(found).toEqual({ light: [], dark: [], rtl: [] });
  });
});

/** A download's text. */
async function readStream(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
