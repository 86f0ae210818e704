/**
 * The playground (`npm run demo`) in Chromium: the repo's Vite dev server with the stand-in API under
 * /api (a fresh temp data folder per run), driven like an owner would. Screenshots go to the git-ignored
 * test-results/demo/ (`npm run screenshots` copies the README's into demo/screenshots/).
 */
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer as createHttpServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { createServer, loadConfigFromFile, type Plugin, type UserConfig } from 'vite';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createStandInApi } from '../../demo/server/app.mjs';
import { useBrowser } from './helpers/fixtures';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SCREENSHOTS = join(ROOT, 'test-results', 'demo');
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const NORTHWIND = '3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10';
const QUIET = '7b2e9d41-3c6a-4f88-a1d5-2e9c8b7f6a01';
const UNFUNDED = 'c91d5e27-6f4b-4a3e-8d12-9b0e7a6c5d02';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** One request of the stand-in's log (`GET /__control/requests`). */
interface LoggedRequest {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
  status?: number;
}

interface Playground {
  /** The page's origin, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** Every API request the stand-in received since the last call to `clearLog`. */
  requests(): Promise<LoggedRequest[]>;
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
    plugins: [...plugins.flat(3).filter((p) => !isPlugin(p, 'stand-in-api')), standIn],
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
      return ((await res.json()) as { requests: LoggedRequest[] }).requests;
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
  // Unset when it failed to start.
  await (playground as Playground | undefined)?.close();
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
  const text = await page
    .getByTestId('raw-conversation')
    .textContent({ timeout: 1000 })
    .catch(() => null);
  if (!text) return null;
  return JSON.parse(text) as { history: Array<Record<string, unknown>> };
}

describe('the demo playground', () => {
  test("the launcher gives way to the site's own link, and a signed-in visitor's name reaches the greeting", async () => {
    const { page } = browser;
    await page.goto(playground.url);
    await launcher(page).waitFor();
    await page.getByRole('radio', { name: 'Your own link' }).check();
    await launcher(page).waitFor({ state: 'detached' });
    await page.getByLabel("Signed-in visitor's id").fill('ada-42');
    await page.getByLabel('Their name').fill('Ada');
    // The page's own link (no script of its own) opens the chat, as the visitor.
    await page.getByRole('link', { name: 'Chat with us' }).click();
    await widget(page).getByText('Hi Ada!').waitFor();
    expect(await page.getByText(`data-visitor='{"id":"ada-42","name":"Ada"}'`).count()).toBe(1);
    expect(await page.getByText('data-launcher="none"').count()).toBe(1);
    expect(browser.errors.unexpected()).toEqual([]);
  });

  test('the live widget follows colour, corner and title at once, and a reload keeps them', async () => {
    const { page } = browser;
    await page.goto(playground.url);
    await launcher(page).waitFor();
    expect(await backgroundOf(launcher(page))).toBe('rgb(15, 118, 110)');
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
    // Picking a demo assistant brings its own look (widget_settings): Northwind's teal.
    await expect.poll(() => backgroundOf(launcher(page))).toBe('rgb(15, 118, 110)');
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
        '<!-- Optional: the assistant’s {{placeholders}} for this visitor, filled in by your site, e.g.',
        `     data-variables='{"name":"Ada"}' -->`,
        '<script',
        '  src="https://YOUR-CDN/widget.js"',
        `  data-assistant-id="${NORTHWIND}"`,
        `  data-api-base="${playground.url}/api"`,
        '  data-theme="dark"',
        '  data-color="#0f766e"',
        '  data-position="bottom-left"',
        '  data-show-function-calls="false"',
        '  async',
        '></script>',
      ].join('\n'),
    );

    await page.getByRole('tab', { name: 'npm' }).click();
    await page.getByRole('button', { name: 'Copy JavaScript' }).click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(
        [
          `import { mount } from 'assistant-chat-widget';`,
          '',
          'const chat = mount(document.body, {',
          `  assistantId: '${NORTHWIND}',`,
          `  apiBase: '${playground.url}/api',`,
          `  theme: 'dark',`,
          `  color: '#0f766e',`,
          `  position: 'bottom-left',`,
          '  showFunctionCalls: false,',
          '  // Optional: the assistant’s {{placeholders}} for this visitor, filled in by your app, e.g.',
          `  // variables: { name: 'Ada' },`,
          '});',
        ].join('\n'),
      );
    await page.getByRole('button', { name: 'Copy install command' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('npm install assistant-chat-widget preact @preact/signals');
    await page.getByText('@preact/signals are peer dependencies').waitFor();
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
    expect(requests.filter((r) => r.path.endsWith('/messages')).map((r) => r.body)).toEqual([{ message: "I'd like to book an appointment" }]);

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

    // The closed launcher sits in the preview's corner, not over the scenario cards below it.
    const site = await page.getByTestId('preview-site').boundingBox();
    const scenarios = await page.getByRole('region', { name: 'Try a scenario' }).boundingBox();
    expect(button && site && button.y + button.height <= site.y + site.height).toBe(true);
    expect(button && scenarios && button.y + button.height < scenarios.y).toBe(true);
    await page.screenshot({ path: join(SCREENSHOTS, 'phone.png'), animations: 'disabled' });

    // Open, the panel fills the real screen, as it does on a visitor's phone.
    await launcher(page).click();
    const panel = widget(page).getByRole('dialog', { name: 'Chat with us' });
    await panel.waitFor();
    await expect.poll(async () => (await panel.boundingBox())?.width).toBe(390);
    expect((await panel.boundingBox())?.y).toBe(0);
    expect(browser.errors.unexpected()).toEqual([]);
  });
});

/** The fixture owners' demo keys (demo/server/README.md). */
const KEYS = { northwind: 'demo-key-northwind', empty: 'demo-key-empty' } as const;
const HARBOURSIDE = 'dcf74b3f-c689-442f-9a2d-c61e3845eff0';

/** Opens "Use my assistants" and lists the assistants of `key`. */
async function listAssistants(page: Page, key: string): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Use my assistants' });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await page.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'List my assistants' }).click();
}

/** Everything the page keeps or shows outside its memory: URL, both storages, cookies, the snippets. */
function pageTraces(page: Page): Promise<string> {
  return page.evaluate(() => {
    const dump = (storage: Storage) => Object.keys(storage).map((key) => `${key}=${storage.getItem(key) ?? ''}`);
    const code = [...document.querySelectorAll('pre')].map((pre) => pre.textContent);
    return JSON.stringify([location.href, dump(localStorage), dump(sessionStorage), document.cookie, code]);
  });
}

/**
 * axe-core's violations on the playground page (every rule, any impact). The widget is left out: its own
 * axe tests (test/e2e/ui/axe.test.ts) cover it.
 */
async function playgroundViolations(page: Page): Promise<Array<{ id: string; nodes: string[] }>> {
  // axe reads colours as they are at that moment: let colour transitions (a theme switch) end first.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const results = await axe.run({ include: [['body']], exclude: [['assistant-chat-root']] }, { resultTypes: ['violations'] });
    return results.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`) }));
  });
}

/** A port on 127.0.0.1 that nothing listens on (bound once, then released). */
async function closedPort(): Promise<number> {
  const server = createHttpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 1;
}

describe('Use my assistants', () => {
  test('an API key lists every page of the owner’s assistants; the picked one shows with its look in a free test chat', async () => {
    const { page } = browser;
    const consoleLines: string[] = [];
    page.on('console', (message) => consoleLines.push(message.text()));
    await page.goto(playground.url);
    await launcher(page).waitFor();

    await listAssistants(page, KEYS.northwind);
    await page.getByRole('status').filter({ hasText: '22 assistants found.' }).waitFor();
    // The key has done its job: the field is empty again.
    expect(await page.getByLabel('API key').inputValue()).toBe('');
    const chooser = page.getByLabel('Your assistant');
    expect(await chooser.locator('option').count()).toBe(22);
    await chooser.selectOption({ label: 'Northwind Harbourside' });
    await page.getByText('Dark theme · #be123c · Bottom left').waitFor();
    await page.getByRole('button', { name: 'Preview this assistant' }).click();

    const chat = widget(page);
    await chat.getByText('You are chatting with Northwind Dental Harbourside').waitFor();
    await page.getByText('In the preview: Northwind Harbourside, free test conversations.').waitFor();
    expect(await page.getByRole('radio', { name: 'Dark', exact: true }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Bottom left' }).isChecked()).toBe(true);
    expect(await page.getByLabel('Accent colour', { exact: true }).inputValue()).toBe('#be123c');
    expect(await page.getByLabel('Assistant UUID').inputValue()).toBe(HARBOURSIDE);
    expect(await backgroundOf(launcher(page))).toBe('rgb(190, 18, 60)');
    await page.screenshot({ path: join(SCREENSHOTS, 'my-assistants.png'), animations: 'disabled' });

    const requests = await playground.requests();
    const lists = requests.filter((r) => r.path.startsWith('/user/assistants/get'));
    expect(lists.map((r) => r.path)).toEqual([1, 2, 3].map((n) => `/user/assistants/get?per_page=10&page=${n}`));
    expect(lists.every((r) => r.method === 'GET' && r.headers.authorization === `Bearer ${KEYS.northwind}` && r.status === 200)).toBe(true);
    const creates = requests.filter((r) => r.method === 'POST' && r.path === '/conversations');
    expect(creates.map((r) => r.body)).toEqual([expect.objectContaining({ assistant_id: HARBOURSIDE, type: 'test' })]);
    // The key went with the list requests and nowhere else: not in any other request, header, path or body.
    const others = requests.filter((r) => !r.path.startsWith('/user/assistants/get'));
    expect(others.length).toBeGreaterThan(0);
    expect(others.filter((r) => r.headers.authorization !== undefined)).toEqual([]);
    expect(JSON.stringify(others)).not.toContain(KEYS.northwind);
    // … nor in the page's URL, storage, cookies, snippets or console.
    expect(await pageTraces(page)).not.toContain(KEYS.northwind);
    expect(consoleLines.filter((line) => line.includes(KEYS.northwind))).toEqual([]);

    // A reload keeps the look (saved settings) but not the key, not even in the field.
    await page.reload();
    await launcher(page).waitFor();
    await page.getByRole('button', { name: 'Use my assistants' }).click();
    expect(await page.getByLabel('API key').inputValue()).toBe('');
    expect(await page.getByLabel('Assistant UUID').inputValue()).toBe(HARBOURSIDE);
    expect(await pageTraces(page)).not.toContain(KEYS.northwind);
    expect(browser.errors.unexpected()).toEqual([]);
  });

  test('a wrong key, an account without assistants and an unreachable API each get a clear message', async () => {
    const { page } = browser;
    await page.goto(playground.url);
    await launcher(page).waitFor();

    await listAssistants(page, 'demo-key-typo');
    const alert = page.getByRole('alert').filter({ hasText: 'That API key was not accepted' });
    await alert.waitFor();
    // Kept, so the owner can correct it.
    expect(await page.getByLabel('API key').inputValue()).toBe('demo-key-typo');
    expect(await page.getByLabel('Your assistant').count()).toBe(0);

    await listAssistants(page, KEYS.empty);
    await page.getByRole('status').filter({ hasText: 'This account has no assistants yet.' }).waitFor();
    expect(await alert.count()).toBe(0);

    const unreachable = `http://127.0.0.1:${await closedPort()}/api`;
    await page.getByLabel('API base').fill(unreachable);
    await listAssistants(page, KEYS.northwind);
    await page
      .getByRole('alert')
      .filter({ hasText: `Could not reach ${unreachable}.` })
      .waitFor();

    // The list requests that reached the stand-in: the wrong key (401) and the empty account (200).
    const lists = (await playground.requests()).filter((r) => r.path.startsWith('/user/assistants/get'));
    expect(lists.map((r) => [r.headers.authorization, r.status])).toEqual([
      ['Bearer demo-key-typo', 401],
      [`Bearer ${KEYS.empty}`, 200],
    ]);
    // Chromium's own "Failed to load resource" lines (the 401, the refused connection) are expected.
    expect(browser.errors.unexpected()).toEqual([]);
  });

  test('works with the keyboard alone', async () => {
    const { page } = browser;
    await page.goto(playground.url);
    await launcher(page).waitFor();
    await page.getByRole('button', { name: 'Use my assistants' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('api-key');
    await page.keyboard.type(KEYS.northwind);
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: '22 assistants found.' }).waitFor();

    // The field is empty again and its button disabled: the next stop is the list.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('account-assistant');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await widget(page).getByText('You are chatting with Northwind Dental Harbourside').waitFor();
    expect(browser.errors.unexpected()).toEqual([]);
  });

  test('axe-core finds nothing wrong on the page with the form open: listed, refused, light and dark', async () => {
    const { page } = browser;
    await page.goto(playground.url);
    await launcher(page).waitFor();
    expect(await playgroundViolations(page)).toEqual([]);

    await listAssistants(page, KEYS.northwind);
    await page.getByLabel('Your assistant').waitFor();
    expect(await playgroundViolations(page)).toEqual([]);

    await listAssistants(page, 'demo-key-typo');
    await page.getByRole('alert').filter({ hasText: 'That API key was not accepted' }).waitFor();
    expect(await playgroundViolations(page)).toEqual([]);

    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await playgroundViolations(page)).toEqual([]);
  });
});

describe('the demo assistants', () => {
  test('the first one shows in its own look on a first visit, before anything is picked', async () => {
    const { page } = browser;
    await page.goto(playground.url);
    await launcher(page).waitFor();
    expect(await page.getByRole('radio', { name: /Northwind Dental/ }).isChecked()).toBe(true);
    // Northwind Dental's widget_settings: light, #0f766e, bottom-right (not the widget's default indigo).
    expect(await backgroundOf(launcher(page))).toBe('rgb(15, 118, 110)');
    expect(await cornerOf(page)).toBe('bottom-right');
    expect(await page.getByRole('radio', { name: 'Light', exact: true }).isChecked()).toBe(true);
  });

  test('picking one adopts its look: theme, colour and corner', async () => {
    const { page } = browser;
    await page.goto(playground.url);
    await launcher(page).waitFor();
    await page.getByRole('radio', { name: /Quiet helper/ }).check();
    await expect.poll(() => cornerOf(page)).toBe('bottom-left');
    expect(await page.getByRole('radio', { name: 'Dark', exact: true }).isChecked()).toBe(true);
    expect(await page.getByLabel('Assistant UUID').inputValue()).toBe(QUIET);
    expect(await backgroundOf(launcher(page))).toBe('rgb(79, 70, 229)');
    expect(browser.errors.unexpected()).toEqual([]);
  });

  test('a scenario’s note sits above the mock site instead of over its headline', async () => {
    const { page } = browser;
    await page.goto(playground.url);
    await launcher(page).waitFor();
    await page.getByRole('button', { name: 'Assistant without balance' }).click();
    const note = await page.getByRole('note').boundingBox();
    const headline = await page
      .getByTestId('preview-site')
      .getByRole('heading', { name: 'Small things that make a home calmer', includeHidden: true })
      .boundingBox();
    expect(note && headline && note.y + note.height <= headline.y).toBe(true);
    expect(browser.errors.unexpected()).toEqual([]);
  });
});

describe('the settings controls', () => {
  test('the theme is a segmented row, not a stacked list; the language a list of every language the widget speaks', async () => {
    const { page } = browser;
    await page.goto(playground.url);
    const options = page.getByRole('group', { name: 'Theme' }).locator('.segmented__option');
    const boxes = await Promise.all((await options.all()).map((option) => option.boundingBox()));
    expect(boxes.length).toBe(3);
    expect(new Set(boxes.map((box) => Math.round(box?.y ?? -1))).size).toBe(1);
    const language = page.getByRole('combobox', { name: 'Language' });
    expect(await language.locator('option').allTextContents()).toEqual([
      'Auto (page, else browser)',
      'English',
      'Deutsch',
      'Français',
      'Español',
      'Italiano',
      'Nederlands',
      'Português',
      'Polski',
      'Türkçe',
      'العربية',
      'עברית',
    ]);
    // Chosen, the preview speaks it (here right to left).
    await language.selectOption('he');
    const widgetLanguage = () =>
      page.evaluate(() => {
        const frame = document.querySelector('assistant-chat-root')?.shadowRoot?.querySelector('.widget');
        return `${frame?.getAttribute('lang')} ${frame?.getAttribute('dir')}`;
      });
    await expect.poll(widgetLanguage).toBe('he rtl');
    expect(browser.errors.unexpected()).toEqual([]);
  });
});

describe('the extras', () => {
  const TEASER = 'Questions about your visit? Ask us.';
  /** The script tag the embed card shows. */
  const scriptTag = (page: Page) => page.locator('pre[data-language="html"]').textContent();
  const dataLayerLog = (page: Page) => page.getByRole('log', { name: 'Pushed to window.dataLayer' });

  test('the teaser, the download button and analytics turned on: in the snippet, in the preview, and the events in the log', async () => {
    const { page } = browser;
    await page.goto(playground.url);
    await launcher(page).waitFor();
    expect(await scriptTag(page)).not.toMatch(/data-(teaser|transcript|analytics)/);

    await page.getByLabel('Teaser', { exact: true }).fill(TEASER);
    await page.getByLabel('Show the teaser after').fill('1s');
    await page.getByRole('switch', { name: /Download button/ }).check();
    await page.getByRole('switch', { name: /Analytics events/ }).check();
    await expect.poll(() => scriptTag(page)).toContain(`  data-teaser="${TEASER}"`);
    const tag = await scriptTag(page);
    expect(tag).toContain('  data-teaser-delay="1s"');
    expect(tag).toContain('  data-transcript="true"');
    expect(tag).toContain('  data-analytics="dataLayer"');
    await dataLayerLog(page).waitFor({ state: 'attached' });
    await page.getByText('Nothing yet: open the chat in the preview').waitFor();

    // The teaser shows beside the closed launcher; a click on it opens the chat, with its download button.
    const teaser = widget(page).getByRole('button', { name: TEASER });
    await teaser.click();
    await widget(page).getByRole('button', { name: 'Download conversation' }).waitFor();
    await dataLayerLog(page).getByText('assistant_chat_open', { exact: true }).waitFor();
    // What the log shows is what the page's data layer got.
    const pushed = await page.evaluate(() => (window as unknown as { dataLayer: Array<{ event: string }> }).dataLayer.map((entry) => entry.event));
    expect(pushed).toContain('assistant_chat_open');
    expect(browser.errors.unexpected()).toEqual([]);
  });

  test('a dismissed teaser comes back with "Start a new visit", as it would for a new visitor', async () => {
    const { page } = browser;
    await page.goto(`${playground.url}/#teaser=${encodeURIComponent(TEASER)}&teaserDelay=500ms`);
    const teaser = widget(page).getByRole('button', { name: TEASER });
    await teaser.waitFor();
    await widget(page).locator('.teaser').getByRole('button', { name: 'Close' }).click();
    await teaser.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Start a new visit' }).click();
    await teaser.waitFor();
    expect(browser.errors.unexpected()).toEqual([]);
  });

  test('a time the widget would not read is explained beside its field, and the snippet leaves it out', async () => {
    const { page } = browser;
    await page.goto(playground.url);
    await launcher(page).waitFor();
    await page.getByLabel('Open the chat by itself after').fill('half a minute');
    await page.getByRole('alert').filter({ hasText: 'Not a time the widget reads' }).waitFor();
    expect(await page.getByLabel('Open the chat by itself after').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Open the chat by itself after').fill('30s');
    await expect.poll(() => scriptTag(page)).toContain('  data-open-after="30s"');
    expect(await page.getByRole('alert').filter({ hasText: 'Not a time the widget reads' }).count()).toBe(0);
  });

  test('axe-core finds nothing wrong on the page with every extra on and the log filled, light and dark', async () => {
    const { page } = browser;
    await page.goto(`${playground.url}/#teaser=Hi%21&teaserDelay=1s&openAfter=soon&size=large&transcript=on&analytics=on&voice=dictation&sound=on`);
    await launcher(page).waitFor();
    await page.getByRole('heading', { name: 'Extras' }).scrollIntoViewIfNeeded();
    expect(await playgroundViolations(page)).toEqual([]);

    await launcher(page).click();
    await dataLayerLog(page).getByText('assistant_chat_open', { exact: true }).waitFor();
    expect(await playgroundViolations(page)).toEqual([]);

    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await playgroundViolations(page)).toEqual([]);
  });
});
