/**
 * One way to drive the three browser engines the widget's visitors use: Chromium (over the DevTools protocol)
 * and Firefox (over WebDriver BiDi), both with puppeteer-core, and WebKit (Safari's engine: WebKitGTK's MiniBrowser
 * over classic WebDriver). The flows in ./flows.test.ts are written once against `EnginePage`: pages, scripts run in
 * them, real pointer and key input, screenshots. Every browser is Debian's; none is downloaded.
 */
import puppeteer, { type Browser, type BrowserContext, type KeyInput, type Page } from 'puppeteer-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../helpers/browser';
import { KEYS, startWebKitDriver, startXvfb, WebDriverSession, type WebDriverServer } from './webdriver';

/** The engines. */
export type EngineName = 'chromium' | 'firefox' | 'webkit';
export const ENGINES: readonly EngineName[] = ['chromium', 'firefox', 'webkit'];

/** Where Debian installs Firefox ESR. */
export const FIREFOX_PATH = '/usr/bin/firefox-esr';

/** A page (a tab, or a window) of one engine. */
export interface EnginePage {
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  /** Runs `fn` in the page with `args` (JSON); its result (awaited when a promise) comes back as JSON. */
  run<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T>;
  /** Moves the pointer to `x, y` (CSS pixels of the viewport). */
  hover(x: number, y: number): Promise<void>;
  /** Clicks at `x, y`. */
  click(x: number, y: number): Promise<void>;
  /** Presses a key: `Enter`, `Escape`, `Tab`, `Backspace`, or with Shift (`Shift+Tab`, `Shift+Enter`). */
  press(key: string): Promise<void>;
  /** Types `text` as key presses into what has focus. */
  type(text: string): Promise<void>;
  /** The viewport as a PNG. */
  screenshot(): Promise<Buffer>;
  /** Another page of the same browser profile (storage shared), for two-tab flows. */
  another(): Promise<EnginePage>;
}

/** One engine, with a fresh profile for each flow. */
export interface Engine {
  readonly name: EngineName;
  /** A page of a new profile (new storage), `width` × `height` CSS pixels. */
  page(width?: number, height?: number): Promise<EnginePage>;
  /** Closes the profiles opened since the last call. */
  closePages(): Promise<void>;
  stop(): Promise<void>;
}

/** Launches `name`. */
export function launchEngine(name: EngineName): Promise<Engine> {
  return name === 'webkit' ? launchWebKit() : launchPuppeteer(name);
}

const PUPPETEER_KEYS: Record<string, KeyInput> = { Enter: 'Enter', Escape: 'Escape', Tab: 'Tab', Backspace: 'Backspace' };

async function launchPuppeteer(name: 'chromium' | 'firefox'): Promise<Engine> {
  // Firefox draws no scrollbars in its headless screenshots: it runs in a window, on a display of its own.
  const display = name === 'firefox' ? await startXvfb() : undefined;
  const browser: Browser =
    name === 'chromium'
      ? await puppeteer.launch({
          executablePath: CHROMIUM_PATH,
          args: [...CHROMIUM_ARGS],
          // Scrollbars drawn, as the visitor sees them.
          ignoreDefaultArgs: ['--hide-scrollbars'],
          headless: true,
        })
      : await puppeteer.launch({
          browser: 'firefox',
          executablePath: FIREFOX_PATH,
          headless: false,
          env: { ...process.env, DISPLAY: display!.display, MOZ_HEADLESS: '' },
          // Classic scrollbars (GTK's overlay ones show only while scrolling), and no traffic of Firefox's own.
          extraPrefsFirefox: {
            'widget.gtk.overlay-scrollbars.enabled': false,
            'layout.testing.overlay-scrollbars.always-visible': true,
            'network.captive-portal-service.enabled': false,
            'app.update.enabled': false,
          },
        });
  let contexts: BrowserContext[] = [];

  const wrap = (page: Page, context: BrowserContext): EnginePage => ({
    goto: async (url) => {
      await page.goto(url, { waitUntil: 'load' });
    },
    reload: async () => {
      await page.reload({ waitUntil: 'load' });
    },
    run: (fn, ...args) => page.evaluate(fn as (...a: unknown[]) => unknown, ...args) as never,
    hover: (x, y) => page.mouse.move(x, y),
    click: (x, y) => page.mouse.click(x, y),
    async press(key) {
      const [modifier, main] = key.includes('+') ? key.split('+') : [undefined, key];
      if (modifier) await page.keyboard.down('Shift');
      await page.keyboard.press(PUPPETEER_KEYS[main] ?? (main as KeyInput));
      if (modifier) await page.keyboard.up('Shift');
    },
    type: (text) => page.keyboard.type(text),
    screenshot: async () => Buffer.from(await page.screenshot({ type: 'png' })),
    async another() {
      const next = await context.newPage();
      await next.setViewport(page.viewport());
      return wrap(next, context);
    },
  });

  return {
    name,
    async page(width = 1280, height = 800) {
      const context = await browser.createBrowserContext();
      contexts.push(context);
      const page = await context.newPage();
      await page.setViewport({ width, height });
      return wrap(page, context);
    },
    async closePages() {
      await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
      contexts = [];
    },
    async stop() {
      await browser.close();
      display?.process.kill();
    },
  };
}

async function launchWebKit(): Promise<Engine> {
  const server: WebDriverServer = await startWebKitDriver();
  let sessions: WebDriverSession[] = [];

  /** A window of `session`; every command switches to it first. */
  const wrap = (session: WebDriverSession, handle: string): EnginePage => {
    let current = '';
    const focus = async () => {
      // (One session has one current window: the other page's commands switch back.)
      if (current === handle && active.get(session) === handle) return;
      await session.send('POST', '/window', { handle });
      active.set(session, handle);
      current = handle;
    };
    const pointer = async (x: number, y: number, press: boolean) => {
      await focus();
      const moves = [{ type: 'pointerMove', x: Math.round(x), y: Math.round(y), origin: 'viewport', duration: 0 }];
      const actions = press ? [...moves, { type: 'pointerDown', button: 0 }, { type: 'pointerUp', button: 0 }] : moves;
      await session.send('POST', '/actions', { actions: [{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions }] });
    };
    const keys = async (values: string[][]) => {
      await focus();
      const actions = values.flatMap((chord) => [
        ...chord.map((value) => ({ type: 'keyDown', value })),
        ...[...chord].reverse().map((value) => ({ type: 'keyUp', value })),
      ]);
      await session.send('POST', '/actions', { actions: [{ type: 'key', id: 'keyboard', actions }] });
    };
    return {
      async goto(url) {
        await focus();
        await session.send('POST', '/url', { url });
      },
      async reload() {
        await focus();
        await session.send('POST', '/refresh', {});
      },
      async run(fn, ...args) {
        await focus();
        // (Execute Script awaits a promise the script returns.)
        return session.send('POST', '/execute/sync', { script: `return (${fn.toString()}).apply(null, arguments)`, args });
      },
      hover: (x, y) => pointer(x, y, false),
      click: (x, y) => pointer(x, y, true),
      press: (key) => keys([key.split('+').map((part) => KEYS[part] ?? part)]),
      type: (text) => keys(Array.from(text, (char) => [char])),
      async screenshot() {
        await focus();
        return Buffer.from(await session.send<string>('GET', '/screenshot'), 'base64');
      },
      async another() {
        const created = await session.send<{ handle: string }>('POST', '/window/new', { type: 'window' });
        return wrap(session, created.handle);
      },
    };
  };
  const active = new WeakMap<WebDriverSession, string>();

  const closePages = async () => {
    await Promise.all(sessions.map((session) => session.close().catch(() => undefined)));
    sessions = [];
  };
  return {
    name: 'webkit',
    async page(width = 1280, height = 800) {
      const session = await WebDriverSession.open(server.url);
      sessions.push(session);
      const handle = await session.send<string>('GET', '/window');
      active.set(session, handle);
      const page = wrap(session, handle);
      // The window's outer size such that the viewport is `width` × `height`.
      await session.send('POST', '/window/rect', { width, height });
      const inner = await page.run(() => [innerWidth, innerHeight]);
      await session.send('POST', '/window/rect', { width: width + (width - inner[0]!), height: height + (height - inner[1]!) });
      return page;
    },
    closePages,
    async stop() {
      await closePages();
      await server.stop();
    },
  };
}
