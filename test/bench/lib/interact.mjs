// @ts-check
/**
 * Opening the panel the way a visitor does: the pointer moves onto the launcher, (maybe) rests there,
 * and clicks, all through real input events. Timed from the click event's own timestamp to the frame
 * that shows the open panel (its composer outside any `hidden` element, and, for a long conversation,
 * the marker at the end of its last message).
 *
 * Two ways in:
 * - **after a hover**: the pointer rests on the launcher for `hoverMs` before the click, which gives the
 *   widget's intent handler (pointerenter) that long to load the panel and prepare the conversation;
 * - **cold** (`hoverMs` 0): the pointer moves onto the launcher and clicks at once, as fast as input
 *   events can follow each other, so the click itself has to wait for the panel. (A pointer cannot click
 *   without entering: the pointerenter comes a millisecond or so first, reported as `intentLeadMs`.)
 */
import { MARKS } from './probe.mjs';
import { countRequests } from './requests.mjs';

/**
 * @typedef {object} OpenResult
 * @property {number} openMs the click → the frame showing the open panel (with `marker`) painted
 * @property {number} openInDomMs the click → that state in the DOM
 * @property {number} intentLeadMs the pointer entering the launcher → the click (the hover, as the page saw it)
 * @property {number} panelReadyAtClick 1 when the panel was already rendered (hidden) when the click came, else 0
 * @property {number} hoverCpuMs main-thread CPU time during the hover (all tasks; 0 when cold)
 * @property {number} hoverPanelRequests panel downloads during the hover
 * @property {number} hoverApiGets API GETs during the hover
 * @property {number} hoverApiPosts API POSTs during the hover
 * @property {number} openCpuMs main-thread CPU time from just before the click until painted (all tasks: script,
 *   microtasks, style, layout, paint, garbage collection)
 * @property {number} openLayoutCpuMs … of it in style and layout
 * @property {number | null} openRequestAfterMs the click → the first API request after it started (null when none:
 *   the hover had fetched what it needed); what delays it is the widget's, before the network's
 * @property {number | null} openApiMs time on the network after the click: the first API request's start → the
 *   last API response's end (null when the click needed no request: the hover had fetched what it needed)
 * @property {number | null} openRenderMs the last API response's end → painted (null as above)
 * @property {number} openApiRequests API requests started between the click and the painted frame
 * @property {number} domElements elements in the widget's shadow root in the painted frame
 */

/**
 * @typedef {object} Recorder a profiler around the click (./profile.mjs)
 * @property {() => Promise<void>} start
 * @property {() => Promise<unknown>} stop
 */

/**
 * Hovers (for `hoverMs`, 0 = cold) and clicks the launcher of the page, then waits for the open panel.
 * @param {import('./browser.mjs').MeasuredPage} measured a page whose launcher is painted
 * @param {{ hoverMs: number; marker: string | null; apiOrigin: string; recorder?: Recorder }} options
 * @returns {Promise<OpenResult & { recording?: unknown }>}
 */
export async function openByClick(measured, { hoverMs, marker, apiOrigin, recorder }) {
  const { page } = measured;
  const center = await page.evaluate(() => {
    const bench = /** @type {any} */ (window).__bench;
    const launcher = /** @type {Element | null} */ (bench.findLauncher());
    if (!launcher) throw new Error('no launcher on the page');
    bench.enteredAt = null;
    launcher.addEventListener('pointerenter', (/** @type {Event} */ event) => (bench.enteredAt ??= event.timeStamp), { once: true });
    const rect = launcher.getBoundingClientRect();
    return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
  });

  let hover = { cpuMs: 0, requests: countRequests([], apiOrigin) };
  if (hoverMs > 0) {
    const before = await measured.metrics();
    const firstRequest = measured.requests.length;
    await page.mouse.move(center.x, center.y);
    // A fixed rest on purpose: this is the hover a visitor gives the widget before clicking.
    await page.waitForTimeout(hoverMs);
    const after = await measured.metrics();
    hover = {
      cpuMs: difference(before, after, 'TaskDuration'),
      requests: countRequests(measured.requests.slice(firstRequest), apiOrigin),
    };
  }

  // Arm the watcher, then click where a visitor would (a real input event, timed by its own timestamp).
  const panelReadyAtClick = await page.evaluate(
    ({ marker, marks }) => {
      const bench = /** @type {any} */ (window).__bench;
      const root = /** @type {ShadowRoot} */ (bench.findLauncher().getRootNode());
      bench.clickAt = null;
      window.addEventListener(
        'click',
        (event) => {
          bench.clickAt ??= event.timeStamp;
          performance.mark(marks.click);
        },
        { capture: true, once: true },
      );
      bench.opened = bench.whenPainted(root, () => bench.panelShows(root, marker), { mark: marks.painted });
      return root.querySelector('textarea') !== null;
    },
    { marker, marks: MARKS },
  );
  const before = await measured.metrics();
  await recorder?.start();
  await page.mouse.click(center.x, center.y);
  const opened = await page.evaluate(async (apiOrigin) => {
    const bench = /** @type {any} */ (window).__bench;
    const mark = await bench.opened;
    const root = /** @type {ShadowRoot} */ (bench.findLauncher().getRootNode());
    const composer = /** @type {HTMLElement} */ (root.querySelector('textarea'));
    const api = /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType('resource'))
      .filter((entry) => entry.name.startsWith(apiOrigin) && entry.startTime >= bench.clickAt && entry.startTime <= mark.paintedAt)
      .map((entry) => ({ start: entry.startTime, end: entry.responseEnd }));
    return {
      mark,
      elements: root.querySelectorAll('*').length,
      clickAt: /** @type {number} */ (bench.clickAt),
      enteredAt: /** @type {number | null} */ (bench.enteredAt),
      visible: composer.checkVisibility() && composer.getBoundingClientRect().height > 0,
      api,
    };
  }, apiOrigin);
  const recording = await recorder?.stop();
  const after = await measured.metrics();
  if (!opened.visible) throw new Error('the panel counted as open, but its composer is not visible');
  const cpu = (/** @type {string[]} */ ...names) => names.reduce((sum, name) => sum + difference(before, after, name), 0);
  const apiEnd = opened.api.length ? Math.max(...opened.api.map((entry) => entry.end)) : null;

  return {
    openMs: opened.mark.paintedAt - opened.clickAt,
    openInDomMs: opened.mark.foundAt - opened.clickAt,
    intentLeadMs: opened.enteredAt === null ? NaN : opened.clickAt - opened.enteredAt,
    panelReadyAtClick: panelReadyAtClick ? 1 : 0,
    hoverCpuMs: hover.cpuMs,
    hoverPanelRequests: hover.requests.panel,
    hoverApiGets: hover.requests.apiGet,
    hoverApiPosts: hover.requests.apiPost,
    openCpuMs: cpu('TaskDuration'),
    openLayoutCpuMs: cpu('LayoutDuration', 'RecalcStyleDuration'),
    openRequestAfterMs: apiEnd === null ? null : Math.min(...opened.api.map((entry) => entry.start)) - opened.clickAt,
    openApiMs: apiEnd === null ? null : apiEnd - Math.min(...opened.api.map((entry) => entry.start)),
    openRenderMs: apiEnd === null ? null : opened.mark.paintedAt - apiEnd,
    openApiRequests: opened.api.length,
    domElements: opened.elements,
    ...(recording === undefined ? {} : { recording }),
  };
}

/**
 * How much one of Chromium's counters grew (NaN when it is missing).
 * @param {Record<string, number>} before
 * @param {Record<string, number>} after
 * @param {string} name
 */
function difference(before, after, name) {
  return (after[name] ?? NaN) - (before[name] ?? NaN);
}
