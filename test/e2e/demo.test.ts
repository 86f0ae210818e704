/**
 * The playground (`npm run demo`) in Chromium: the repo's Vite dev server with the stand-in API under
 * /api (a fresh temp data folder per run), driven like an owner would. Also writes the README's
 * screenshots to demo/screenshots/.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { createServer, loadConfigFromFile, type Plugin, type PluginOption, type UserConfig } from 'vite';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createStandInApi } from '../../demo/server/app.mjs';
import { useBrowser } from './helpers/fixtures';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SCREENSHOTS = join(ROOT, 'demo', 'screenshots');
const NORTHWIND = '3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10';
const UNFUNDED = 'c91d5e27-6f4b-4a3e-8d12-9b0e7a6c5d02';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

interface Playground {
  /** The page's origin, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** Every API request the stand-in received since the last call to `clearLog`. */
  requests(): Promise<Array<{ method: string; path: string; body: unknown }>>;
  clearLog(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts the repo's dev server (vite.config.ts) on 127.0.0.1, port 0, with its stand-in plugin swapped
 * for one that writes to `dataDir` and has the control endpoint on (request log, no rate limit).
 */
async function startPlayground(dataDir: string): Promise<Playground> {
  const loaded = await loadConfigFromFile({ command: 'serve', mode: 'development' }, join(ROOT, 'vite.config.ts'), ROOT, 'silent');
  if (!loaded) throw new Error('vite.config.ts could not be loaded');
  const { plugins = [], ...config } = loaded.config as UserConfig & { test?: unknown };
  delete config.test;
  const api = createStandInApi({ dataDir, control: true, slowToolMs: 1500 });
  const standIn: Plugin = {
    name: 'stand-in-api:e2e',
    configureServer(server) {
      server.middlewares.use('/api', (req, res, next) => api.handle(req, res, next));
    },
  };
  const server = await createServer({
    ...config,
    configFile: false,
    // Its own dependency cache, so a running `npm run demo` and this test do not re-optimize each other's.
    cacheDir: join(dataDir, 'vite-cache'),
    logLevel: 'warn',
    clearScreen: false,
    plugins: [...(plugins as PluginOption[]).flat(3).filter((p) => !isPlugin(p, 'stand-in-api')), standIn],
    server: { ...config.server, host: '127.0.0.1', port: 0, strictPort: false, hmr: false, watch: null },
  });
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('the dev server has no port');
  const url = `http://127.0.0.1:${address.port}`;
  return {
    url,
    async requests() {
      const res = await fetch(`${url}/api/__control/requests`);
      return ((await res.json()) as { requests: Array<{ method: string; path: string; body: unknown }> }).requests;
    },
    async clearLog() {
      await fetch(`${url}/api/__control/reset`, { method: 'POST' });
    },
    async close() {
      await server.close();
      await api.close();
    },
  };
}

function isPlugin(option: unknown, name: string): boolean {
  return typeof option === 'object' && option !== null && (option as { name?: unknown }).name === name;
}

const browser = useBrowser({ context: { viewport: { width: 1280, height: 800 }, colorScheme: 'light' } });
let playground: Playground;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'playground-e2e-'));
  playground = await startPlayground(dataDir);
  await mkdir(SCREENSHOTS, { recursive: true });
});
afterAll(async () => {
  await playground?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await playground.clearLog();
});

/** The live widget (its host; Playwright's locators pierce its open shadow root). */
const widget = (page: Page) => page.locator('assistant-chat-root');
/** The launcher: the widget's button named after the panel's title. */
const launcher = (page: Page, title = 'Chat with us') => widget(page).getByRole('button', { name: title, exact: true });
const backgroundOf = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).backgroundColor);

/** Which corner of the preview's mock site the launcher sits in. */
async function cornerOf(page: Page, title?: string): Promise<string> {
  const site = await page.getByTestId('preview-site').boundingBox();
  const button = await launcher(page, title).boundingBox();
  if (!site || !button) return 'not on screen';
  const vertical = button.y - site.y < site.y + site.height - (button.y + button.height) ? 'top' : 'bottom';
  const horizontal = button.x - site.x < site.x + site.width - (button.x + button.width) ? 'left' : 'right';
  return `${vertical}-${horizontal}`;
}

async function readRawConversation(page: Page): Promise<{ history: Array<Record<string, unknown>> } | null> {
  const text = await page.getByTestId('raw-conversation').textContent({ timeout: 1000 }).catch(() => null);
  if (!text) return null;
  return JSON.parse(text) as { history: Array<Record<string, unknown>> };
}

describe('the demo playground', () => {
  test('the live widget follows colour, corner and title at once, and a reload keeps them', async () => {
    const { page } = browser;
    await page.goto(playground.url);
    await launcher(page).waitFor();
    expect(await backgroundOf(launcher(page))).toBe('rgb(79, 70, 229)');
    expect(await cornerOf(page)).toBe('bottom-right');

    await page.getByLabel('Accent colour', { exact: true }).fill('#e11d48');
    await expect.poll(() => backgroundOf(launcher(page))).toBe('rgb(225, 29, 72)');

    await page.getByRole('radio', { name: 'Top left' }).check();
    await expect.poll(() => cornerOf(page)).toBe('top-left');

    await page.getByLabel('Title', { exact: true }).fill('Ask Northwind');
    await launcher(page, 'Ask Northwind').click();
    await widget(page).getByRole('heading', { name: 'Ask Northwind' }).waitFor();

    await page.reload();
    await launcher(page, 'Ask Northwind').waitFor();
    expect(await backgroundOf(launcher(page, 'Ask Northwind'))).toBe('rgb(225, 29, 72)');
    expect(await cornerOf(page, 'Ask Northwind')).toBe('top-left');
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Ask Northwind');
    expect(page.url()).toContain('color=%23e11d48');
    expect(browser.errors.unexpected()).toEqual([]);
  });

  test('a malformed assistant UUID is explained and takes the widget away until it is fixed', async () => {
    const { page } = browser;
    await page.goto(playground.url);
    await launcher(page).waitFor();

    await page.getByLabel('Assistant UUID').fill('3f6c2a9e-not-a-uuid');
    await page.getByRole('alert').filter({ hasText: 'That is not a UUID' }).waitFor();
    expect(await page.getByLabel('Assistant UUID').getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => widget(page).count()).toBe(0);
    await page.getByText('No widget yet').waitFor();

    await page.getByRole('radio', { name: /Northwind Dental/ }).check();
    await launcher(page).waitFor();
    expect(await page.getByLabel('Assistant UUID').inputValue()).toBe(NORTHWIND);
    expect(browser.errors.unexpected()).toEqual([]);
  });

  test('copies the script tag and the npm code for the chosen settings', async () => {
    const { page, context } = browser;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: playground.url });
    await page.goto(playground.url);
    await page.getByRole('radio', { name: 'Dark', exact: true }).check();
    await page.getByRole('radio', { name: 'Bottom left' }).check();
    await page.getByLabel('Variable 1 value').fill('Ada');
    await page.getByRole('button', { name: 'Remove variable clinic' }).click();
    await page.getByRole('switch', { name: /Show function-call cards/ }).uncheck();

    await page.getByRole('button', { name: 'Copy script tag' }).click();
    await page.getByRole('status').filter({ hasText: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      [
        '<script',
        '  src="https://YOUR-CDN/widget.js"',
        `  data-assistant-id="${NORTHWIND}"`,
        '  data-theme="dark"',
        '  data-position="bottom-left"',
        '  data-show-function-calls="false"',
        `  data-variables='{"name":"Ada"}'`,
        '  async',
        '></script>',
      ].join('\n'),
    );

    await page.getByRole('tab', { name: 'npm' }).click();
    await page.getByRole('button', { name: 'Copy JavaScript' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(
      [
        `import { mount } from 'assistant-chat-widget';`,
        '',
        'const chat = mount(document.body, {',
        `  assistantId: '${NORTHWIND}',`,
        `  theme: 'dark',`,
        `  position: 'bottom-left',`,
        '  showFunctionCalls: false,',
        `  variables: { name: 'Ada' },`,
        '});',
      ].join('\n'),
    );
    await page.getByRole('button', { name: 'Copy install command' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('npm install assistant-chat-widget');
    expect(browser.errors.unexpected()).toEqual([]);
  });

  test('the booking scenario runs end to end: tool cards in the widget and in the raw JSON', async () => {
    const { page } = browser;
    await page.goto(playground.url);
    await launcher(page).waitFor();
    await page.getByRole('button', { name: 'Booking with tools' }).click();

    const chat = widget(page);
    await chat.getByText("I'd like to book an appointment").waitFor();
    await chat.getByText('Check calendar availability').waitFor();
    await chat.getByText('Book appointment', { exact: true }).waitFor();
    await chat.getByText("You're booked in!").waitFor();

    await expect.poll(async () => (await readRawConversation(page))?.history.length).toBe(3);
    const raw = await readRawConversation(page);
    expect(raw?.history[0]?.content).toContain('Hi Alex!');
    expect(raw?.history[1]).toEqual({ role: 'user', content: "I'd like to book an appointment" });
    const calls = raw?.history[2]?.function_calls as Array<{ name: string; result: Record<string, unknown> }>;
    expect(calls.map((call) => call.name)).toEqual(['check_calendar_availability', 'book_appointment']);
    expect(JSON.stringify(calls[1]?.result)).toContain('APT-');

    // A fresh, free test conversation was created for the scenario, and only then the message sent.
    const requests = await playground.requests();
    const creates = requests.filter((r) => r.method === 'POST' && r.path === '/conversations');
    expect(creates.at(-1)?.body).toMatchObject({ assistant_id: NORTHWIND, type: 'test', variables: { name: 'Alex' } });
    expect(requests.filter((r) => r.path.endsWith('/messages')).map((r) => r.body)).toEqual([
      { message: "I'd like to book an appointment" },
    ]);

    await page.mouse.move(640, 10);
    await page.screenshot({ path: join(SCREENSHOTS, 'demo.png'), animations: 'disabled' });
    expect(browser.errors.unexpected()).toEqual([]);
  });

  test('the greeting, no-balance and unknown-assistant scenarios each take one click', async () => {
    const { page } = browser;
    await page.goto(playground.url);
    await launcher(page).waitFor();
    const chat = widget(page);

    await page.getByRole('button', { name: 'Greeting with variables' }).click();
    await chat.getByText('Hi Ada!').waitFor();
    expect(await page.getByLabel('Variable 1 value').inputValue()).toBe('Ada');

    await page.getByRole('button', { name: 'Assistant without balance' }).click();
    await page.getByRole('note').filter({ hasText: 'balance is empty' }).waitFor();
    await chat.getByText('The chat is unavailable right now.').waitFor();
    await page.getByText('Billed “widget” chat').waitFor();

    await page.getByRole('button', { name: 'Unknown assistant' }).click();
    await chat.getByText('This chat is not available.').waitFor();
    expect(await page.getByLabel('Assistant UUID').inputValue()).toBe(UNKNOWN);
    await page.getByText('Free test chat').waitFor();

    const creates = (await playground.requests()).filter((r) => r.method === 'POST' && r.path === '/conversations');
    expect(creates.map((r) => r.body)).toEqual([
      expect.objectContaining({ assistant_id: NORTHWIND, type: 'test', variables: { name: 'Ada', clinic: 'Northwind Dental Harbourside' } }),
      expect.objectContaining({ assistant_id: UNFUNDED, type: 'widget' }),
      expect.objectContaining({ assistant_id: UNKNOWN, type: 'test' }),
    ]);
    expect(browser.errors.unexpected()).toEqual([]);
  });

  test('on a phone the page is one column, preview first, with the widget on the screen', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(playground.url);
    await launcher(page).waitFor();

    const preview = await page.getByTestId('preview-site').boundingBox();
    const settings = await page.getByRole('form', { name: 'Widget settings' }).boundingBox();
    expect(preview && settings && preview.y < settings.y).toBe(true);
    expect(preview?.width).toBeLessThanOrEqual(390);
    const button = await launcher(page).boundingBox();
    expect(button && button.x + button.width <= 390 && button.y + button.height <= 844).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.screenshot({ path: join(SCREENSHOTS, 'phone.png'), animations: 'disabled' });
    expect(browser.errors.unexpected()).toEqual([]);
  });
});
