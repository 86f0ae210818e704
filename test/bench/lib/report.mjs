// @ts-check
/**
 * Turns the measurements into goals (met or missed) and a Markdown report the README can show.
 */

/** The goals of issue 5 ("Budgets and the benchmark"). */
export const GOALS = {
  /** Gzipped dist/widget.js: goal 18 KB; the test suite enforces the 24 KB ceiling. */
  gzipBytes: 18 * 1024,
  gzipCeilingBytes: 24 * 1024,
  /** Navigation → launcher painted, as a multiple of the floor page. */
  paintRatio: 1.15,
  /** Long tasks during load. */
  longTasks: 0,
  /** Click → 1,000-message history painted. */
  openMs: 100,
  /** Requests to the API from a page view that never opens the widget. */
  apiRequests: 0,
};

/**
 * @typedef {import('./stats.mjs').Spread} Spread
 * @typedef {{ id: string; label: string; target: string; value: string; met: boolean | null; note?: string }} Goal
 *   `met` null: not measured, or (with `note`) the measurements disagree
 */

/**
 * @typedef {object} Summary
 * @property {{ widget: import('./size.mjs').SizeResult; floor: import('./size.mjs').SizeResult | null } | null} size
 * @property {LoadSummary | null} load
 * @property {{ rate: number; runs: number; widget: Record<string, Spread>; floor: Record<string, Spread>; paintRatio: number; runsWithLongTasks: Record<string, number>; maxLongTasks: number } | null} throttled
 * @property {{ runs: number; messages: number; summary: Record<string, Spread> } | null} history
 */

/**
 * @typedef {object} LoadSummary
 * @property {number} runs
 * @property {Record<string, Spread>} widget medians of every {@link import('./load.mjs').LoadRun} field
 * @property {Record<string, Spread>} floor
 * @property {Record<string, Spread>} blank
 * @property {number} paintRatio median widget / median floor, navigation → launcher painted (the goal's number)
 * @property {number} bestPaintRatio fastest widget run / fastest floor run (noise only ever adds time)
 * @property {Spread} pairedPaintRatio widget / floor within each run (less sensitive to the machine's load drifting)
 * @property {number} fcpRatio the same for first contentful paint
 * @property {Record<string, number>} runsWithLongTasks per page, the runs with at least one long task
 * @property {number} runsWithWidgetLongFrames widget runs with a long animation frame in which dist/widget.js ran
 * @property {number} maxLongTasks
 * @property {number} maxApiRequests
 * @property {number | null} apiRequestsSeenByServer API requests the stand-in received during all load runs
 */

const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (/** @type {number} */ bytes) => `${(bytes / 1048576).toFixed(2)} MB`;
const ms = (/** @type {number} */ value) => (Number.isFinite(value) ? `${value < 10 ? value.toFixed(1) : Math.round(value)} ms` : 'n/a');
const ratio = (/** @type {number} */ value) => (Number.isFinite(value) ? `${value.toFixed(2)}×` : 'n/a');
const verdict = (/** @type {Goal} */ goal) => (goal.met === null ? goal.note ?? 'n/a' : goal.met ? '**met**' : '**missed**');

/**
 * @param {Spread | undefined} s
 * @param {(v: number) => string} format
 */
function median(s, format) {
  return s && s.n ? format(s.median) : 'n/a';
}

/**
 * The median with its range, e.g. `152 ms (140–171)`.
 * @param {Spread | undefined} s
 */
function msRange(s) {
  if (!s || !s.n) return 'n/a';
  return s.n > 1 ? `${ms(s.median)} (${Math.round(s.min)}–${Math.round(s.max)})` : ms(s.median);
}

/**
 * Every goal with its measured value; `met` is null when it could not be measured.
 * @param {Summary} summary
 * @returns {Goal[]}
 */
export function evaluateGoals(summary) {
  const { size, load, history } = summary;
  const open = history?.summary.openMs;
  // The ratio of the medians is the goal's number; when the per-run ratios say otherwise, the machine's
  // noise is larger than the difference, and the verdict says so instead of guessing.
  const paintMet = load && Number.isFinite(load.paintRatio) ? load.paintRatio <= GOALS.paintRatio : null;
  const pairedMet = load && load.pairedPaintRatio.n ? load.pairedPaintRatio.median <= GOALS.paintRatio : paintMet;
  return [
    {
      id: 'size',
      label: 'dist/widget.js gzipped',
      target: `≤ ${kb(GOALS.gzipBytes)} (ceiling ${kb(GOALS.gzipCeilingBytes)})`,
      value: size
        ? `${kb(size.widget.gzipBytes)} = ${size.widget.gzipBytes.toLocaleString('en')} B (brotli ${kb(size.widget.brotliBytes)}), ` +
          `${size.widget.gzipBytes <= GOALS.gzipCeilingBytes ? 'under' : 'over'} the ceiling`
        : 'n/a',
      met: size ? size.widget.gzipBytes <= GOALS.gzipBytes : null,
    },
    {
      id: 'paint',
      label: 'Launcher painted vs. the Preact + signals floor',
      target: `≤ ${ratio(GOALS.paintRatio)}`,
      value: load
        ? `${ratio(load.paintRatio)} (${median(load.widget.launcherPaintedMs, ms)} vs. ${median(load.floor.launcherPaintedMs, ms)}); fastest runs ${ratio(load.bestPaintRatio)}, per-run median ${median(load.pairedPaintRatio, ratio)}`
        : 'n/a',
      met: paintMet === pairedMet ? paintMet : null,
      ...(paintMet === pairedMet ? {} : { note: 'unclear (too noisy: run again on a quiet machine or with more --runs)' }),
    },
    {
      id: 'long-tasks',
      label: 'Long tasks while the widget loads',
      target: 'none',
      value: load
        ? `${load.runsWithLongTasks.widget ?? 0} of ${load.runs} runs had one (${load.runsWithWidgetLongFrames} with widget.js in a long frame); TBT median ${median(load.widget.blockingMs, ms)}, max ${ms(load.widget.blockingMs?.max ?? NaN)}`
        : 'n/a',
      met: load ? !load.runsWithLongTasks.widget : null,
    },
    {
      id: 'open-history',
      label: `Open + paint ${history ? history.messages.toLocaleString('en-US') : '1,000'} messages`,
      target: `< ${ms(GOALS.openMs)}`,
      value: open && open.n ? msRange(open) : 'n/a',
      met: open && open.n ? open.median < GOALS.openMs : null,
    },
    {
      id: 'api-requests',
      label: 'API requests from a page view that never opens the widget',
      target: `${GOALS.apiRequests}`,
      value: load ? `${load.maxApiRequests} in the worst run${load.apiRequestsSeenByServer === null ? '' : `, ${load.apiRequestsSeenByServer} seen by the API`}` : 'n/a',
      met: load ? load.maxApiRequests <= GOALS.apiRequests && !load.apiRequestsSeenByServer : null,
    },
  ];
}

/**
 * The Markdown report: goals, then each section's medians (with min–max over the runs).
 * @param {Summary} summary
 * @param {{ command: string; date: string; chromium: string; cpu: string; loadAverage: number }} meta
 * @returns {string}
 */
export function renderMarkdown(summary, meta) {
  const lines = [];
  const row = (/** @type {string[]} */ cells) => lines.push(`| ${cells.join(' | ')} |`);
  /** A header row; numbers (every column but the first) right-aligned unless `left`. */
  const head = (/** @type {string[]} */ cells, left = false) => {
    row(cells);
    row(cells.map((_, i) => (i === 0 || left ? '---' : '---:')));
  };

  const browser = meta.chromium === 'unknown' ? '' : ` — headless Chromium ${meta.chromium}`;
  lines.push(`Measured ${meta.date} with \`${meta.command}\`${browser}, ${meta.cpu} (load average ${meta.loadAverage.toFixed(1)} at the start).`, '');
  head(['Goal', 'Target', 'Measured', 'Result'], true);
  for (const goal of evaluateGoals(summary)) row([goal.label, goal.target, goal.value, verdict(goal)]);

  const { size, load, throttled, history } = summary;
  if (size) {
    lines.push('', '**Size** (what a site loads)', '');
    head(['Script', 'Raw', 'gzip -9', 'brotli 11']);
    row(['dist/widget.js', kb(size.widget.rawBytes), kb(size.widget.gzipBytes), kb(size.widget.brotliBytes)]);
    if (size.floor) row(['Floor: Preact + signals launcher', kb(size.floor.rawBytes), kb(size.floor.gzipBytes), kb(size.floor.brotliBytes)]);
  }
  if (load) {
    lines.push('', `**Page load**, blank host page, fresh context, cache off — median (min–max) of ${load.runs} runs`, '');
    head(['Metric', 'Widget', 'Floor', 'Blank page']);
    const { widget: w, floor: f, blank: b } = load;
    row(['Navigation → launcher painted', msRange(w.launcherPaintedMs), msRange(f.launcherPaintedMs), '—']);
    row(['First contentful paint', msRange(w.fcpMs), msRange(f.fcpMs), '—']);
    row(['Script received → launcher painted', msRange(w.scriptToPaintMs), msRange(f.scriptToPaintMs), '—']);
    row(['Main-thread CPU: script', msRange(w.scriptMs), msRange(f.scriptMs), msRange(b.scriptMs)]);
    row(['Main-thread CPU: all tasks', msRange(w.taskMs), msRange(f.taskMs), msRange(b.taskMs)]);
    row([
      'Long tasks / total blocking time',
      `${median(w.longTasks, String)} / ${median(w.blockingMs, ms)}`,
      `${median(f.longTasks, String)} / ${median(f.blockingMs, ms)}`,
      `${median(b.longTasks, String)} / ${median(b.blockingMs, ms)}`,
    ]);
    const t = load.runsWithLongTasks;
    row(['Runs with a long task', ...['widget', 'floor', 'blank'].map((name) => `${t[name] ?? 0} of ${load.runs}`)]);
    row(['JS heap after load (after GC)', median(w.heapUsedBytes, mb), median(f.heapUsedBytes, mb), median(b.heapUsedBytes, mb)]);
    row([
      'Requests (to the API)',
      `${median(w.requests, String)} (${median(w.apiRequests, String)})`,
      `${median(f.requests, String)} (${median(f.apiRequests, String)})`,
      `${median(b.requests, String)} (${median(b.apiRequests, String)})`,
    ]);
  }
  if (throttled) {
    lines.push('', `**Page load with the CPU throttled ${throttled.rate}×** — median (min–max) of ${throttled.runs} runs`, '');
    head(['Metric', 'Widget', 'Floor']);
    const { widget: w, floor: f } = throttled;
    row(['Navigation → launcher painted', msRange(w.launcherPaintedMs), msRange(f.launcherPaintedMs)]);
    row(['Ratio to the floor', ratio(throttled.paintRatio), '1.00×']);
    row(['Script received → launcher painted', msRange(w.scriptToPaintMs), msRange(f.scriptToPaintMs)]);
    row([
      'Long tasks / total blocking time',
      `${median(w.longTasks, String)} / ${median(w.blockingMs, ms)}`,
      `${median(f.longTasks, String)} / ${median(f.blockingMs, ms)}`,
    ]);
    const t = throttled.runsWithLongTasks;
    row(['Runs with a long task', `${t.widget ?? 0} of ${throttled.runs}`, `${t.floor ?? 0} of ${throttled.runs}`]);
  }
  if (history) {
    const h = history.summary;
    lines.push(
      '',
      `**Long conversation**: ${history.messages.toLocaleString('en-US')} messages, half of them assistant replies with function calls, resumed from the API — median (min–max) of ${history.runs} runs`,
      '',
    );
    head(['Metric', 'Time']);
    row(['Click on the launcher → last message painted', msRange(h.openMs)]);
    row(['… of which the API round trip (GET conversation)', msRange(h.openApiMs)]);
    row(['… of which after the response (parse, render, paint)', msRange(h.openRenderMs)]);
    row(['Main-thread CPU time while opening: all tasks / style + layout', `${median(h.openCpuMs, ms)} / ${median(h.openLayoutCpuMs, ms)}`]);
    row(['Append: `AssistantChat.send` → own bubble painted', msRange(h.appendOwnMs)]);
    row(['Append: `AssistantChat.send` → reply painted (server reply delay 0)', msRange(h.appendReplyMs)]);
    row(['… of which the API round trip (POST message)', msRange(h.appendApiMs)]);
    row(['… of which after the response', msRange(h.appendRenderMs)]);
    row(['JS heap with the conversation shown (after GC)', median(h.heapUsedBytes, mb)]);
  }
  return lines.join('\n') + '\n';
}
