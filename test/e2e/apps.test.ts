/**
 * Real apps built from the packed package, in Chromium: a React 19 app that uses the `<assistant-chat>`
 * element, and a Preact app that uses `ChatWidget` and `mount()` (sources in test/e2e/apps/). Each is built
 * with Vite from the tarball `npm pack` makes of the build in dist/, unpacked into test-results/apps/, where
 * React, Preact and Vite resolve from the repository's node_modules: nothing is installed, nothing leaves the
 * machine. The apps are served from one origin, the stand-in API answers from another.
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import type { LoggedRequest } from '../../demo/server/app.mjs';
import { ASSISTANTS } from '../helpers/stand-in';
import { installPackage, packPackage, REPO_ROOT, type PackedPackage } from '../package/packed';
import { GREETING, TEXT, chat, summary } from './conversation/widget';
import { useBrowser, useStandIn, useStaticServer } from './helpers/fixtures';

/** Where the apps are put together (git-ignored): the unpacked package, the apps' sources, and their builds. */
const APPS_DIR = join(REPO_ROOT, 'test-results', 'apps');
const BUILDS_DIR = join(APPS_DIR, 'builds');
const SOURCES_DIR = join(REPO_ROOT, 'test', 'e2e', 'apps');
const APPS = { react: 'react', preact: 'preact' } as const;

const browser = useBrowser();
const site = useStaticServer({ distDir: BUILDS_DIR });
const api = useStandIn();

const SEEN = { timeout: 15_000 };

let packed: PackedPackage | undefined;

beforeAll(async () => {
  packed = packPackage();
  installPackage(packed.tarball, APPS_DIR);
  for (const app of Object.values(APPS)) await buildApp(app);
});

afterAll(() => packed?.remove());

/** Builds one app with Vite's JS API into builds/<app>/, served under /dist/<app>/. */
async function buildApp(app: keyof typeof APPS): Promise<void> {
  const root = join(APPS_DIR, app);
  cpSync(join(SOURCES_DIR, app), root, { recursive: true });
  await build({
    configFile: false,
    root,
    base: `/dist/${app}/`,
    logLevel: 'warn',
    cacheDir: join(APPS_DIR, '.vite'),
    // Vite's own JSX transform: the automatic runtime of React or Preact, no plugin.
    oxc: { jsx: { runtime: 'automatic', importSource: app } },
    build: { outDir: join(BUILDS_DIR, app), emptyOutDir: true },
  });
}

/** Opens an app on the static server, pointed at the stand-in API. */
async function openApp(page: Page, app: keyof typeof APPS): Promise<void> {
  const query = new URLSearchParams({ api: api.url, assistant: ASSISTANTS.northwind, helper: ASSISTANTS.quiet });
  await page.goto(`${site.url}/dist/${app}/index.html?${query}`);
}

/** Opens the floating chat with its launcher and waits for the greeting. */
async function openChat(page: Page): Promise<void> {
  await chat(page).open();
  await chat(page).said(GREETING).waitFor(SEEN);
}

/** Sends `text` and waits until the assistant's `reply` shows. */
async function say(page: Page, text: string, reply: RegExp): Promise<void> {
  await chat(page).send(text);
  await chat(page).said(reply).first().waitFor(SEEN);
}

/**
 * What the API received while `act` ran, followed by one message sent and answered: whatever `act` caused
 * started before that message, so a request it made cannot slip past the check.
 */
async function requestsWhile(page: Page, act: () => Promise<void>): Promise<string[]> {
  const before = (await api.requests()).length;
  await act();
  await say(page, 'book a cleaning', /booked in!/);
  const since: LoggedRequest[] = (await api.requests()).slice(before);
  return summary(since);
}

/** One message posted and answered: what {@link requestsWhile} sees when `act` asked nothing. */
const ONLY_THE_MESSAGE = [expect.stringMatching(/^POST \/conversations\/[\w-]+\/messages → 200$/)];

/** Clicks "Render again" `times` times and waits until the app has rendered them all. */
async function renderAgain(page: Page, times: number): Promise<void> {
  for (let count = 0; count < times; count++) await page.getByRole('button', { name: 'Render again' }).click();
  await page.getByLabel('Renders').filter({ hasText: String(times) }).waitFor();
}

/** Waits until the widget's host element (which has no box of its own) has the given theme. */
const themeApplied = (page: Page, theme: string) => page.locator(`assistant-chat-root[data-theme="${theme}"]`).first().waitFor({ state: 'attached' });

describe('a React 19 app with the <assistant-chat> element', () => {
  test('opens, greets with its variables, answers, and shows no function-call cards with showFunctionCalls={false}', async () => {
    const { page } = browser;
    await openApp(page, APPS.react);
    await openChat(page);
    expect(await chat(page).input.getAttribute('placeholder')).toBe('Ask Riverside Clinic…');
    await say(page, 'book a cleaning', /booked in!/);
    expect(await chat(page).log.getByRole('button', { name: /^Book appointment/ }).count()).toBe(0);
    expect(browser.errors.unexpected()).toEqual([]);
  });

  test('switches the theme with the panel open: it stays open with its conversation, and nothing is asked', async () => {
    const { page } = browser;
    await openApp(page, APPS.react);
    await openChat(page);
    const asked = await requestsWhile(page, async () => {
      await page.getByRole('button', { name: 'Switch to the dark theme' }).click();
      await themeApplied(page, 'dark');
    });
    expect(asked).toEqual(ONLY_THE_MESSAGE);
    expect(await chat(page).panel.isVisible()).toBe(true);
    expect(await chat(page).said(GREETING).count()).toBe(1);
    expect(browser.errors.unexpected()).toEqual([]);
  });

  test('renders its parent 30 times without a request', async () => {
    const { page } = browser;
    await openApp(page, APPS.react);
    await openChat(page);
    expect(await requestsWhile(page, () => renderAgain(page, 30))).toEqual(ONLY_THE_MESSAGE);
    expect(await chat(page).panel.isVisible()).toBe(true);
  });

  test('opens from show(), reflects open as an attribute, and keeps React state in step with the visitor', async () => {
    const { page } = browser;
    await openApp(page, APPS.react);
    const element = page.locator('assistant-chat');
    // React renders the state that the element's events set a moment after them: wait for it.
    const chatOpen = (checked: boolean) => page.getByRole('checkbox', { name: 'Chat open', checked });

    await page.getByRole('button', { name: 'Ask us' }).click();
    await chat(page).said(GREETING).waitFor(SEEN);
    expect(await element.getAttribute('open')).toBe('');
    await chatOpen(true).waitFor();

    await chat(page).panel.getByRole('button', { name: 'Close chat' }).click();
    await chat(page).panel.waitFor({ state: 'hidden' });
    expect(await element.getAttribute('open')).toBeNull();
    await chatOpen(false).waitFor();

    await page.getByRole('checkbox', { name: 'Chat open' }).check();
    await chat(page).panel.waitFor();
    expect(await element.evaluate((chatElement) => typeof (chatElement as HTMLElement & { show: unknown }).show)).toBe('function');
    expect(browser.errors.unexpected()).toEqual([]);
  });
});

describe('a Preact app with ChatWidget and mount()', () => {
  test('opens ChatWidget, greets with its variables, answers, and shows function-call cards by default', async () => {
    const { page } = browser;
    await openApp(page, APPS.preact);
    await openChat(page);
    expect(await chat(page).input.getAttribute('placeholder')).toBe('Ask Riverside Clinic…');
    await say(page, 'book a cleaning', /booked in!/);
    await chat(page).log.getByRole('button', { name: /^Book appointment/ }).waitFor();
    expect(browser.errors.unexpected()).toEqual([]);
  });

  test('switches the theme with the panel open and renders 30 times: the panel stays open, nothing is asked', async () => {
    const { page } = browser;
    await openApp(page, APPS.preact);
    await openChat(page);
    const asked = await requestsWhile(page, async () => {
      await page.getByRole('button', { name: 'Switch to the dark theme' }).click();
      await themeApplied(page, 'dark');
      await renderAgain(page, 30);
    });
    expect(asked).toEqual(ONLY_THE_MESSAGE);
    expect(await chat(page).panel.isVisible()).toBe(true);
    expect(await chat(page).said(GREETING).count()).toBe(1);
    expect(browser.errors.unexpected()).toEqual([]);
  });

  test('mounts a second assistant inline with mount(), which starts its conversation at once and answers', async () => {
    const { page } = browser;
    await openApp(page, APPS.preact);
    await page.getByRole('button', { name: 'Show help' }).click();
    const help = page.getByRole('region', { name: 'Quiet helper' });
    const input = help.getByRole('textbox', { name: TEXT.composer });
    await input.fill('hello');
    await input.press('Enter');
    await help.getByText(/assistant\./).first().waitFor(SEEN);
    const creates = (await api.requests()).filter((request) => request.method === 'POST' && request.path === '/conversations');
    expect(creates.map((request) => (request.body as { assistant_id: string }).assistant_id)).toEqual([ASSISTANTS.quiet]);
    expect(browser.errors.unexpected()).toEqual([]);
  });
});
