// @ts-check
/**
 * Click → panel painted for a new visitor (no stored conversation): the page loads with its launcher
 * only, then the visitor clicks, cold or after a hover (./interact.mjs). What the panel shows first is
 * its composer; creating the conversation (the POST the click starts) is not waited for.
 */
import { openMeasuredPage } from './browser.mjs';
import { openByClick } from './interact.mjs';

/**
 * @typedef {import('./interact.mjs').OpenResult} OpenRun
 */

/**
 * One run in a fresh context.
 * @param {import('playwright-core').Browser} browser
 * @param {{ url: string; launcher: string; apiOrigin: string; hoverMs: number; settleMs: number }} options
 *   `settleMs`: how long the page rests after its launcher is painted, before the pointer moves
 * @returns {Promise<OpenRun>}
 */
export async function measureOpen(browser, options) {
  const measured = await openMeasuredPage(browser, { launcher: options.launcher });
  try {
    await measured.page.goto(options.url, { waitUntil: 'load' });
    await measured.page.evaluate(() => /** @type {any} */ (window).__bench.launcherDone);
    await measured.page.waitForTimeout(options.settleMs);
    const { recording: _, ...run } = await openByClick(measured, { hoverMs: options.hoverMs, marker: null, apiOrigin: options.apiOrigin });
    return run;
  } finally {
    await measured.close();
  }
}
