// @ts-check
/**
 * Debian's Chromium through playwright-core, and the per-run page: a fresh context (so an empty cache;
 * the bench server also says `no-store`), every request logged, the probe installed before the page's
 * own scripts, and optionally the CPU throttled.
 *
 * Requests are logged from Playwright's own events, not from a DevTools session of ours with the
 * Network domain on: every DevTools network agent keeps a decoded copy of each response body on the
 * page's main thread, which showed up as CPU time of the widget (tens of ms for the 400 KB history).
 * Playwright's own agent cannot be turned off; it is there in every run alike.
 */
import { chromium } from 'playwright-core';
import { installProbe, MARKS } from './probe.mjs';

/** Where Debian installs Chromium (the same binary the e2e tests use). */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** The launch flags of the e2e tests (test/e2e/helpers/browser.ts): headless, no sandbox, no traffic of Chromium's own. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Launches Chromium; the caller closes it. */
export function launchBrowser() {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/**
 * @typedef {object} MeasuredPage
 * @property {import('playwright-core').BrowserContext} context
 * @property {import('playwright-core').Page} page
 * @property {import('playwright-core').CDPSession} cdp
 * @property {Array<{ method: string; url: string; type: string }>} requests every request the page sent, in order
 *   (CORS preflights are not among them: the API's own log counts requests apart, see run.mjs)
 * @property {() => Promise<{ usedBytes: number; totalBytes: number }>} heapAfterGc the JS heap after two full collections
 * @property {() => Promise<Record<string, number>>} metrics Chromium's per-page counters; durations (ScriptDuration,
 *   TaskDuration, LayoutDuration, …) in ms of main-thread CPU time (`threadTicks`), so other processes
 *   competing for the machine change them far less than wall times. TaskDuration covers all of the main
 *   thread's work; ScriptDuration only script run by tasks (event handlers, timers, script evaluation),
 *   not microtasks (promise callbacks, and so Preact's batched renders)
 * @property {() => Promise<void>} close
 */

/**
 * Opens a fresh context and page, ready to navigate.
 * @param {import('playwright-core').Browser} browser
 * @param {{ launcher: string | null; throttle?: number; storageState?: import('playwright-core').BrowserContextOptions['storageState'] }} options
 * @returns {Promise<MeasuredPage>}
 */
export async function openMeasuredPage(browser, options) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    ...(options.storageState ? { storageState: options.storageState } : {}),
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  /** @type {MeasuredPage['requests']} */
  const requests = [];
  page.on('request', (request) => requests.push({ method: request.method(), url: request.url(), type: request.resourceType() }));
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  if (options.throttle && options.throttle > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.throttle });
  await context.addInitScript(installProbe, { launcher: options.launcher, startMark: MARKS.start });

  return {
    context,
    page,
    cdp,
    requests,
    async heapAfterGc() {
      await cdp.send('HeapProfiler.enable');
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('HeapProfiler.collectGarbage');
      const usage = await cdp.send('Runtime.getHeapUsage');
      return { usedBytes: usage.usedSize, totalBytes: usage.totalSize };
    },
    async metrics() {
      const { metrics } = await cdp.send('Performance.getMetrics');
      /** @type {Record<string, number>} */
      const out = {};
      // Durations and ThreadTime/ProcessTime come in seconds.
      for (const { name, value } of metrics) out[name] = /Duration$|^ThreadTime$|^ProcessTime$/.test(name) ? value * 1000 : value;
      return out;
    },
    async close() {
      await cdp.detach().catch(() => undefined);
      await context.close().catch(() => undefined);
    },
  };
}
