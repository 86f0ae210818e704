/**
 * Vitest lifecycle for browser tests. Call these at the top of a test file (or inside a `describe`):
 * each registers its own hooks and cleans up after itself, even when a test fails.
 *
 *   const browser = useBrowser();      // one Chromium per file, a fresh context + page per test
 *   const site = useStaticServer();    // origin A: test pages and /dist/
 *   const api = useStandIn();          // origin B: the stand-in API, log and faults reset per test
 */
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { collectPageErrors, connectBrowser, launchBrowser, type PageErrors } from './browser';
import { startStaticServer, type StaticServer, type StaticServerOptions } from './static-server';
import { startStandIn, type StandIn, type StandInOptions } from '../../helpers/stand-in';

/** The current test's browser objects; read them inside a test or a hook, not at import time. */
export interface BrowserFixture {
  /** This file's Chromium. */
  readonly browser: Browser;
  /** This test's fresh context (own storage, cookies, cache). */
  readonly context: BrowserContext;
  /** This test's first page, already recording errors in {@link errors}. */
  readonly page: Page;
  /** The problems recorded on {@link page}. */
  readonly errors: PageErrors;
  /** Opens another page (tab) in this test's context, recording its errors too; closed with the context. */
  newPage(): Promise<{ page: Page; errors: PageErrors }>;
}

/** Options of {@link useBrowser}. */
export interface UseBrowserOptions {
  /** Options for every test's context, for example `{ locale: 'de-DE' }`. */
  context?: BrowserContextOptions;
  /** Keep Chromium's back/forward cache on (Playwright turns it off). */
  backForwardCache?: boolean;
}

/**
 * The run's Chromium for this file (one launched for this file where the run has none to share, or with the
 * back/forward cache on), a fresh context and page for each test; everything closed afterwards.
 */
export function useBrowser(options: UseBrowserOptions = {}): BrowserFixture {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let errors: PageErrors | undefined;
  let recorders: PageErrors[] = [];

  const need = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`useBrowser: ${name} is only available inside a test`);
    return value;
  };

  beforeAll(async () => {
    const shared = options.backForwardCache ? undefined : inject('chromiumEndpoint');
    browser = shared ? await connectBrowser(shared) : await launchBrowser({ backForwardCache: options.backForwardCache });
  });
  beforeEach(async () => {
    context = await need(browser, 'browser').newContext(options.context);
    page = await context.newPage();
    errors = await collectPageErrors(page);
    recorders = [errors];
  });
  afterEach(async () => {
    await Promise.all(recorders.map((recorder) => recorder.dispose()));
    recorders = [];
    await context?.close().catch(() => undefined);
    context = page = errors = undefined;
  });
  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    browser = undefined;
  });

  return {
    get browser() {
      return need(browser, 'browser');
    },
    get context() {
      return need(context, 'context');
    },
    get page() {
      return need(page, 'page');
    },
    get errors() {
      return need(errors, 'errors');
    },
    async newPage() {
      const extra = await need(context, 'context').newPage();
      const extraErrors = await collectPageErrors(extra);
      recorders.push(extraErrors);
      return { page: extra, errors: extraErrors };
    },
  };
}

/** A static server (test pages + `/dist/`) for this file; pages stay registered across its tests. */
export function useStaticServer(options: StaticServerOptions = {}): StaticServer {
  const server = useFileScoped('useStaticServer', () => startStaticServer(options));
  return {
    get url() {
      return server().url;
    },
    page: (path, body, pageOptions) => server().page(path, body, pageOptions),
    holdBack: (pattern) => server().holdBack(pattern),
    close: () => server().close(),
  };
}

/**
 * The stand-in API (test/helpers/stand-in.ts, shared with the node tests) for this file, with a temp
 * data folder and the control endpoint on. Before each test its faults and request log are cleared,
 * so `requests()` shows only what the current test caused.
 */
export function useStandIn(options: StandInOptions = {}): StandIn {
  const standIn = useFileScoped('useStandIn', () => startStandIn(options));
  beforeEach(async () => {
    await standIn().reset();
  });
  return {
    get url() {
      return standIn().url;
    },
    get port() {
      return standIn().port;
    },
    get dataDir() {
      return standIn().dataDir;
    },
    get warnings() {
      return standIn().warnings;
    },
    fault: (mode, faultOptions) => standIn().fault(mode, faultOptions),
    requests: () => standIn().requests(),
    reset: () => standIn().reset(),
    balance: (assistantId) => standIn().balance(assistantId),
    setBalance: (assistantId, usd) => standIn().setBalance(assistantId, usd),
    close: () => standIn().close(),
  };
}

/** Starts something before the file's tests and closes it after them; returns its accessor. */
function useFileScoped<T extends { close(): Promise<void> }>(name: string, start: () => Promise<T>): () => T {
  let running: T | undefined;
  beforeAll(async () => {
    running = await start();
  });
  afterAll(async () => {
    await running?.close();
    running = undefined;
  });
  return () => {
    if (!running) throw new Error(`${name}: only available inside tests and hooks`);
    return running;
  };
}
