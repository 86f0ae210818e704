// @ts-check
/**
 * Reading Lighthouse's results (pure: no browser): the numbers of one run, and whether the widget lowers
 * the host page's score or adds blocking time, judged against the run-to-run noise of the page alone.
 */
import { spread } from './stats.mjs';

/**
 * @typedef {object} LighthouseRun
 * @property {number} score the performance score, 0–100
 * @property {number} fcpMs first contentful paint (simulated)
 * @property {number} lcpMs largest contentful paint (simulated)
 * @property {number} tbtMs total blocking time (simulated)
 * @property {number} cls cumulative layout shift
 * @property {number} speedIndexMs
 * @property {number} mainThreadMs all main-thread work ("Minimize main-thread work"), scaled by the preset's CPU slowdown
 * @property {number} widgetMs main-thread time of the widget's scripts ("JavaScript execution time", every script
 *   from the widget's origin: total, which includes the style and layout they cause), scaled likewise
 * @property {number} widgetScriptMs … of it script evaluation
 * @property {number} widgetParseMs … of it parse and compile
 * @property {number} widgetLongTasks long tasks Lighthouse puts on the widget's scripts
 * @property {number} widgetRequests requests to the widget's origin
 * @property {number} widgetTransferBytes bytes transferred from it
 * @property {number} benchmarkIndex Lighthouse's measure of the machine's speed during the run
 * @property {string[]} warnings Lighthouse's run warnings
 */

/**
 * @typedef {{ numericValue?: number; details?: object }} AuditResult
 * @typedef {{ categories: { performance?: { score: number | null } }; audits: Record<string, AuditResult | undefined>;
 *   environment?: { benchmarkIndex?: number }; runWarnings?: string[]; runtimeError?: { code: string; message: string } }} Lhr
 *   the parts of Lighthouse's result (LH.Result) read here
 */

/**
 * The numbers of one Lighthouse run.
 * @param {Lhr} lhr
 * @param {string} widgetOrigin where the widget's scripts are served from (its "CDN")
 * @returns {LighthouseRun}
 */
export function readLighthouseRun(lhr, widgetOrigin) {
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const score = lhr.categories.performance?.score;
  if (typeof score !== 'number') throw new Error('Lighthouse gave no performance score');
  const numeric = (/** @type {string} */ id) => {
    const value = lhr.audits[id]?.numericValue;
    if (typeof value !== 'number') throw new Error(`Lighthouse's ${id} audit has no value`);
    return value;
  };
  const items = (/** @type {string} */ id) => tableItems(lhr.audits[id]?.details);
  const fromWidget = (/** @type {Record<string, unknown>} */ item) => typeof item.url === 'string' && originOf(item.url) === widgetOrigin;
  const sum = (/** @type {Array<Record<string, unknown>>} */ list, /** @type {string} */ key) =>
    list.reduce((total, item) => total + (typeof item[key] === 'number' ? /** @type {number} */ (item[key]) : 0), 0);
  const bootup = items('bootup-time').filter(fromWidget);
  const requests = items('network-requests').filter(fromWidget);
  return {
    score: Math.round(score * 100),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    speedIndexMs: numeric('speed-index'),
    mainThreadMs: numeric('mainthread-work-breakdown'),
    widgetMs: sum(bootup, 'total'),
    widgetScriptMs: sum(bootup, 'scripting'),
    widgetParseMs: sum(bootup, 'scriptParseCompile'),
    widgetLongTasks: items('long-tasks').filter(fromWidget).length,
    widgetRequests: requests.length,
    widgetTransferBytes: sum(requests, 'transferSize'),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
    warnings: lhr.runWarnings ?? [],
  };
}

/**
 * @typedef {object} WidgetImpact the widget's effect on one preset, medians of each variant's runs
 * @property {import('./stats.mjs').Spread} scoreWithout
 * @property {import('./stats.mjs').Spread} scoreWith
 * @property {import('./stats.mjs').Spread} tbtWithout
 * @property {import('./stats.mjs').Spread} tbtWith
 * @property {number} scoreDrop median without − median with (points; negative: the page scored higher with it)
 * @property {number} scoreNoise the page alone's spread (max − min over its runs): a difference within it is noise
 * @property {number} addedTbtMs median with − median without
 * @property {number} tbtNoiseMs the page alone's spread of TBT
 * @property {boolean | null} met the score drop and the added TBT are both within the page alone's noise
 *   (null: runs missing)
 */

/**
 * Whether the widget lowers the score or adds blocking time: the medians compared, a difference counted
 * only when it exceeds the spread the page alone shows over its runs (so with five runs of the page alone
 * scoring 97–99, a median of 97 with the widget is noise; with all five at 100, a median of 99 is not).
 * @param {Array<Pick<LighthouseRun, 'score' | 'tbtMs'>>} without the page alone
 * @param {Array<Pick<LighthouseRun, 'score' | 'tbtMs'>>} withWidget the page with the widget
 * @returns {WidgetImpact}
 */
export function widgetImpact(without, withWidget) {
  const scoreWithout = spread(without.map((run) => run.score));
  const scoreWith = spread(withWidget.map((run) => run.score));
  const tbtWithout = spread(without.map((run) => run.tbtMs));
  const tbtWith = spread(withWidget.map((run) => run.tbtMs));
  const scoreDrop = scoreWithout.median - scoreWith.median;
  const scoreNoise = scoreWithout.max - scoreWithout.min;
  const addedTbtMs = tbtWith.median - tbtWithout.median;
  const tbtNoiseMs = tbtWithout.max - tbtWithout.min;
  const measured = scoreWithout.n > 0 && scoreWith.n > 0 && tbtWithout.n > 0 && tbtWith.n > 0;
  return {
    scoreWithout,
    scoreWith,
    tbtWithout,
    tbtWith,
    scoreDrop,
    scoreNoise,
    addedTbtMs,
    tbtNoiseMs,
    met: measured ? scoreDrop <= scoreNoise && addedTbtMs <= tbtNoiseMs : null,
  };
}

/**
 * The rows of an audit's table (`details.items`), or none.
 * @param {object | undefined} details
 * @returns {Array<Record<string, unknown>>}
 */
function tableItems(details) {
  const items = details && 'items' in details ? details.items : undefined;
  return Array.isArray(items) ? items.filter((item) => typeof item === 'object' && item !== null) : [];
}

/** @param {string} url */
function originOf(url) {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}
