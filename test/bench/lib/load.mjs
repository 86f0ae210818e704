// @ts-check
/**
 * One page view that never opens the widget: navigation → launcher painted, long tasks, heap after a
 * full GC, Chromium's script and task time, and every request the page sent (panel downloads and API
 * calls counted apart: a page view without intent must make none).
 */
import { openMeasuredPage } from './browser.mjs';
import { MARKS } from './probe.mjs';
import { countRequests } from './requests.mjs';

/** A long task is anything over 50 ms; the part beyond that is "blocking" (as in Total Blocking Time). */
const LONG_TASK_MS = 50;

/**
 * @typedef {object} LoadRun
 * @property {number | null} launcherPaintedMs navigation start → the frame showing the launcher painted
 * @property {number | null} launcherInDomMs navigation start → the launcher in the DOM
 * @property {number | null} fcpMs first contentful paint (on a blank page that is the launcher)
 * @property {number | null} scriptLoadedMs navigation start → the script's last byte received
 * @property {number | null} scriptToPaintMs the script's last byte → launcher painted (parse, run, render, paint)
 * @property {number} domContentLoadedMs
 * @property {number} loadEventMs
 * @property {number} longTasks how many tasks over 50 ms
 * @property {number} longTaskMs their total duration
 * @property {number} blockingMs the sum of their parts beyond 50 ms (Total Blocking Time over the whole window)
 * @property {number} longAnimationFrames frames over 50 ms (with the scripts that ran in them in `longFrameScripts`)
 * @property {number} longFramesWithScript long animation frames in which the page's own script (`script`) ran
 * @property {string[]} longFrameScripts every script that ran in a long animation frame: "duration invoker url"
 * @property {number} heapUsedBytes JS heap after two full collections
 * @property {number} scriptMs main-thread CPU time spent running script (Chromium's ScriptDuration in thread time)
 * @property {number} taskMs main-thread CPU time of all tasks (TaskDuration in thread time: script, style, layout, paint, parsing)
 * @property {number} layoutMs main-thread CPU time in style and layout (RecalcStyleDuration + LayoutDuration)
 * @property {number} requests every request the page sent (preflights included)
 * @property {number} apiRequests requests to the API origin
 * @property {number} panelRequests downloads of the panel's scripts (dist/assistant-chat-*.js)
 * @property {string[]} requestUrls
 */

/**
 * Loads `url` in a fresh context and measures it.
 * @param {import('playwright-core').Browser} browser
 * @param {{ url: string; launcher: string | null; script: string | null; apiOrigin: string; throttle?: number; settleMs: number;
 *   recorderFor?: (measured: import('./browser.mjs').MeasuredPage) => import('./interact.mjs').Recorder }} options
 *   `script`: the path of the page's script (for its timing); `settleMs`: how long to keep watching after load;
 *   `recorderFor`: a profiler to run from before the navigation until the page has settled (slows the run down)
 * @returns {Promise<LoadRun & { recording?: unknown }>}
 */
export async function measureLoad(browser, options) {
  const measured = await openMeasuredPage(browser, { launcher: options.launcher, throttle: options.throttle });
  try {
    const { page } = measured;
    const recorder = options.recorderFor?.(measured);
    await recorder?.start();
    await page.goto(options.url, { waitUntil: 'load' });
    if (options.launcher) {
      await page.evaluate(() => /** @type {any} */ (window).__bench.launcherDone);
      const problem = await page.evaluate(() => {
        const bench = /** @type {any} */ (window).__bench;
        if (bench.launcherError) return `the launcher never appeared (${bench.launcherError})`;
        const rect = bench.findLauncher().getBoundingClientRect();
        return rect.width > 0 && rect.height > 0 ? null : 'the launcher is in the DOM but has no size';
      });
      if (problem) throw new Error(problem);
    }
    // Keep watching for late work (idle callbacks, timers, requests) before reading anything.
    await page.waitForTimeout(options.settleMs);
    await page.evaluate((mark) => performance.mark(mark), MARKS.settled);
    const recording = await recorder?.stop();

    const inPage = await page.evaluate((script) => {
      const bench = /** @type {any} */ (window).__bench;
      const nav = /** @type {PerformanceNavigationTiming | undefined} */ (performance.getEntriesByType('navigation')[0]);
      const resource = script
        ? /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType('resource')).find(
            (entry) => new URL(entry.name).pathname === script,
          )
        : undefined;
      return {
        launcher: bench.launcher,
        fcp: bench.fcp,
        longTasks: bench.longTasks,
        longFrames: bench.longFrames,
        scriptLoaded: resource ? resource.responseEnd : null,
        domContentLoaded: nav ? nav.domContentLoadedEventEnd : NaN,
        loadEvent: nav ? nav.loadEventEnd : NaN,
      };
    }, options.script);
    const metrics = await measured.metrics();
    const heap = await measured.heapAfterGc();

    /** @type {Array<{ start: number; duration: number }>} */
    const longTasks = inPage.longTasks;
    /** @type {Array<{ duration: number; scripts: Array<{ url: string; invoker: string; duration: number }> }>} */
    const longFrames = inPage.longFrames;
    const counted = countRequests(measured.requests, options.apiOrigin);
    const painted = inPage.launcher ? inPage.launcher.paintedAt : null;
    return {
      launcherPaintedMs: painted,
      launcherInDomMs: inPage.launcher ? inPage.launcher.foundAt : null,
      fcpMs: inPage.fcp,
      scriptLoadedMs: inPage.scriptLoaded,
      scriptToPaintMs: painted !== null && inPage.scriptLoaded !== null ? painted - inPage.scriptLoaded : null,
      domContentLoadedMs: inPage.domContentLoaded,
      loadEventMs: inPage.loadEvent,
      longTasks: longTasks.length,
      longTaskMs: longTasks.reduce((sum, task) => sum + task.duration, 0),
      blockingMs: longTasks.reduce((sum, task) => sum + Math.max(0, task.duration - LONG_TASK_MS), 0),
      longAnimationFrames: longFrames.length,
      longFramesWithScript: options.script ? longFrames.filter((frame) => frame.scripts.some((s) => pathOf(s.url) === options.script)).length : 0,
      longFrameScripts: longFrames.flatMap((frame) => frame.scripts.map((s) => `${Math.round(s.duration)} ms ${s.invoker} ${s.url}`)),
      heapUsedBytes: heap.usedBytes,
      scriptMs: metrics.ScriptDuration ?? NaN,
      taskMs: metrics.TaskDuration ?? NaN,
      layoutMs: (metrics.LayoutDuration ?? NaN) + (metrics.RecalcStyleDuration ?? NaN),
      requests: counted.all,
      apiRequests: counted.api,
      panelRequests: counted.panel,
      requestUrls: measured.requests.map((request) => `${request.method} ${request.url}`),
      ...(recording === undefined ? {} : { recording }),
    };
  } finally {
    await measured.close();
  }
}

/** @param {string} url */
function pathOf(url) {
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
}
