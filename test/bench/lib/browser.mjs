// @ts-check
/**
 * Debian's Chromium through playwright-core, and the per-run page: a fresh context, the cache
 * disabled, every request logged (over the DevTools protocol, so CORS preflights count too), the
 * probe installed before the page's own scripts, and optionally the CPU throttled.
 */
import { chromium } from 'playwright-core';
import { installProbe } from './probe.mjs';

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
 * @property {() => Promise<{ usedBytes: number; totalBytes: number }>} heapAfterGc the JS heap after two full collections
 * @property {() => Promise<Record<string, number>>} metrics Chromium's per-page counters; durations (ScriptDuration,
 *   TaskDuration, LayoutDuration, …) in ms of main-thread CPU time (`threadTicks`), so other processes
 *   competing for the machine barely change them
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
  cdp.on('Network.requestWillBeSent', (event) => {
    requests.push({ method: event.request.method, url: event.request.url, type: event.type ?? 'Other' });
  });
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  if (options.throttle && options.throttle > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.throttle });
  await context.addInitScript(installProbe, { launcher: options.launcher });

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
