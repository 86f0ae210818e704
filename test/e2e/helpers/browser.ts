/**
 * Debian's Chromium, driven by playwright-core, plus a recorder of everything that went wrong inside a page.
 * Free of Vitest hooks so global setup can import it; the per-file lifecycle lives in fixtures.ts.
 */
import { chromium, type Browser, type BrowserServer, type ConsoleMessage, type Page } from 'playwright-core';

/** Where Debian installs Chromium; the e2e tests never use Playwright's downloaded browsers. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** The launch flags every e2e test uses: headless, no sandbox (containers), no traffic of Chromium's own. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Launches Debian's Chromium headless with {@link CHROMIUM_ARGS}. The caller closes it. Playwright turns the
 * back/forward cache off; `backForwardCache` keeps it on, as it is in the visitor's browser.
 */
export function launchBrowser({ backForwardCache = false } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS],
    ignoreDefaultArgs: backForwardCache ? ['--disable-back-forward-cache'] : [],
  });
}

/**
 * Launches Debian's Chromium as {@link launchBrowser} does, as a server that test files connect to
 * ({@link connectBrowser}): the e2e run starts one (test/e2e/global-setup.ts), which spares each file a
 * launch and a close of its own, about a second each. Each file still gets contexts of its own.
 */
export function launchBrowserServer(): Promise<BrowserServer> {
  // (Its web socket on the loopback address, like every server of the tests.)
  return chromium.launchServer({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS], host: '127.0.0.1' });
}

/**
 * Connects to the Chromium of {@link launchBrowserServer}. Closing the returned browser closes every context
 * made through it and disconnects; the Chromium runs on for the next file.
 */
export function connectBrowser(endpoint: string): Promise<Browser> {
  return chromium.connect(endpoint);
}

/**
 * What went wrong, by origin:
 * - `pageerror`: an exception nobody caught;
 * - `unhandledrejection`: a rejected promise nobody handled;
 * - `console.error`: the page (or Chromium, for example a CORS refusal) logged an error;
 * - `network`: Chromium's own "Failed to load resource" line for an HTTP error status or a failed load.
 *   Tests that provoke a 502 or a dropped connection expect these, so they are kept apart.
 */
export type PageErrorKind = 'pageerror' | 'unhandledrejection' | 'console.error' | 'network';

/** One recorded problem. `url` is where it came from when Chromium says so. */
export interface PageErrorRecord {
  kind: PageErrorKind;
  message: string;
  url?: string;
}

/** The running record of one page's problems. */
export interface PageErrors {
  /** Everything recorded so far, oldest first. */
  readonly all: readonly PageErrorRecord[];
  /** Everything except `network` lines: for a healthy page this is `[]`. */
  unexpected(): PageErrorRecord[];
  /** Forgets what was recorded (for example after a step that is meant to fail). */
  clear(): void;
  /** Stops recording. */
  dispose(): Promise<void>;
}

interface ExceptionThrownEvent {
  exceptionDetails: {
    text: string;
    url?: string;
    exception?: { description?: string; value?: unknown };
  };
}

/**
 * Starts recording a page's uncaught exceptions, unhandled rejections and console errors. Call it before
 * `page.goto` so nothing is missed. Exceptions come from the DevTools protocol because Playwright's
 * `pageerror` does not tell a throw from an unhandled rejection.
 */
export async function collectPageErrors(page: Page): Promise<PageErrors> {
  const records: PageErrorRecord[] = [];
  const cdp = await page.context().newCDPSession(page);

  cdp.on('Runtime.exceptionThrown', (event: ExceptionThrownEvent) => {
    const details = event.exceptionDetails;
    const thrown = details.exception;
    const message = thrown?.description?.split('\n')[0] ?? (thrown && 'value' in thrown ? String(thrown.value) : details.text);
    records.push({
      kind: details.text.includes('(in promise)') ? 'unhandledrejection' : 'pageerror',
      message,
      ...(details.url ? { url: details.url } : {}),
    });
  });
  await cdp.send('Runtime.enable');

  const onConsole = (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    const url = message.location().url;
    records.push({
      kind: text.startsWith('Failed to load resource') ? 'network' : 'console.error',
      message: text,
      ...(url ? { url } : {}),
    });
  };
  page.on('console', onConsole);

  return {
    get all() {
      return records;
    },
    unexpected: () => records.filter((record) => record.kind !== 'network'),
    clear: () => {
      records.length = 0;
    },
    dispose: async () => {
      page.off('console', onConsole);
      await cdp.detach().catch(() => undefined);
    },
  };
}
