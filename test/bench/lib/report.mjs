// @ts-check
/**
 * Turns the measurements into goals (met or missed) and a Markdown report the README can show.
 */

const KB = 1024;

/** The goals of issue 11 ("Launcher first"), with issue 5's that still stand (launcher paint, long tasks). */
export const GOALS = {
  /** dist/widget.js, the boot every page view loads, gzipped: goal 4 KB; test/size.test.ts enforces the 5 KB ceiling. */
  bootGzipBytes: 4 * KB,
  bootCeilingBytes: 5 * KB,
  /** The panel with its chunks, gzipped: goal 22 KB; the size test enforces the 26 KB ceiling. */
  panelGzipBytes: 22 * KB,
  panelCeilingBytes: 26 * KB,
  /** The boot's main-thread script CPU at load, as a multiple of the Preact floor's in the same run. */
  bootScriptRatio: 1,
  /** Navigation → launcher painted, as a multiple of the Preact floor's. */
  paintRatio: 1.15,
  /** Long tasks during load. */
  longTasks: 0,
  /** Requests to the API, and panel downloads, from a page view that never reaches for the widget. */
  apiRequests: 0,
  panelRequests: 0,
  /** Click → last of 1,000 messages painted, after a 300 ms hover, on a quiet machine. */
  openHistoryMs: 100,
  /** Main-thread CPU of that open (click → painted, all tasks). */
  openHistoryCpuMs: 60,
};

/**
 * @typedef {import('./stats.mjs').Spread} Spread
 * @typedef {import('./size.mjs').SizeResult} SizeResult
 * @typedef {import('./size.mjs').NamedSize} NamedSize
 * @typedef {import('./profile.mjs').Breakdown} Breakdown
 * @typedef {{ id: string; label: string; target: string; value: string; met: boolean | null; note?: string }} Goal
 *   `met` null: not measured, or (with `note`) the measurements disagree
 */

/**
 * @typedef {object} SizeSummary
 * @property {NamedSize} boot dist/widget.js
 * @property {NamedSize[]} panel every dist/assistant-chat-*.js, the panel's entry first
 * @property {SizeResult} panelTotal the most a visitor loads of the panel's files (see lib/size.mjs)
 * @property {{ bare: SizeResult; preact: SizeResult } | null} floors
 */

/**
 * @typedef {object} LoadSummary
 * @property {number} runs
 * @property {Record<string, Spread>} widget medians of every {@link import('./load.mjs').LoadRun} field
 * @property {Record<string, Spread>} preact the Preact + signals floor
 * @property {Record<string, Spread>} bare the floor without a framework
 * @property {Record<string, Spread>} blank
 * @property {number} paintRatio median widget / median Preact floor, navigation → launcher painted
 * @property {number} bestPaintRatio fastest widget run / fastest Preact floor run (noise only ever adds time)
 * @property {Spread} pairedPaintRatio widget / Preact floor within each run (less sensitive to the machine's load drifting)
 * @property {number} scriptRatio median widget / median Preact floor, main-thread script CPU (the goal's number)
 * @property {Spread} pairedScriptRatio the same within each run
 * @property {Record<string, number>} runsWithLongTasks per page, the runs with at least one long task
 * @property {number} runsWithWidgetLongFrames widget runs with a long animation frame in which dist/widget.js ran
 * @property {number} maxApiRequests the most API requests in one widget run
 * @property {number} maxPanelRequests the most panel downloads in one widget run
 * @property {number | null} apiRequestsSeenByServer API requests the stand-in received during all load runs
 */

/**
 * @typedef {object} ThrottledSummary
 * @property {number} rate
 * @property {number} runs
 * @property {Record<string, Spread>} widget
 * @property {Record<string, Spread>} preact
 * @property {Record<string, Spread>} bare
 * @property {number} paintRatio
 * @property {Record<string, number>} runsWithLongTasks
 */

/**
 * @typedef {object} OpenSummary click → panel painted for a new visitor
 * @property {number} runs
 * @property {number} hoverMs
 * @property {Record<string, Spread>} hover medians of every {@link import('./interact.mjs').OpenResult} field, after a hover
 * @property {Record<string, Spread>} cold the same without one
 */

/**
 * @typedef {object} HistorySummary the long conversation
 * @property {number} runs
 * @property {number} messages
 * @property {number} hoverMs
 * @property {Record<string, Spread>} hover medians of every {@link import('./history.mjs').HistoryRun} field, after a hover
 * @property {Record<string, Spread>} cold the same without one
 */

/**
 * @typedef {object} Summary
 * @property {SizeSummary | null} size
 * @property {LoadSummary | null} load
 * @property {ThrottledSummary | null} throttled
 * @property {OpenSummary | null} open
 * @property {HistorySummary | null} history
 * @property {{ load: Breakdown | null; hover: Breakdown | null; cold: Breakdown | null } | null} profile
 */

/**
 * @typedef {object} ReportMeta
 * @property {string} command
 * @property {string} date
 * @property {string} chromium
 * @property {string} cpu
 * @property {number} cores
 * @property {number} loadAverage the 1-minute load average at the start
 */

const kb = (/** @type {number} */ bytes) => `${(bytes / KB).toFixed(2)} KB`;
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
  return s.n > 1 ? `${ms(s.median)} (${round(s.min)}–${round(s.max)})` : ms(s.median);
}

/** Rounds for a range: whole milliseconds, one decimal below 10. */
function round(/** @type {number} */ value) {
  return value < 10 ? value.toFixed(1) : String(Math.round(value));
}

/**
 * A count over runs: `1`, or `0–2` when the runs differ.
 * @param {Spread | undefined} s
 */
function count(s) {
  if (!s || !s.n) return 'n/a';
  return s.min === s.max ? String(s.min) : `${s.min}–${s.max} (median ${s.median})`;
}

/**
 * Whether a goal on medians holds; when the per-run ratios say otherwise, the machine's noise is larger
 * than the difference, and the verdict says so instead of guessing.
 * @param {number} medianRatio
 * @param {Spread} paired
 * @param {number} limit
 * @returns {Pick<Goal, 'met' | 'note'>}
 */
function ratioVerdict(medianRatio, paired, limit) {
  const byMedians = Number.isFinite(medianRatio) ? medianRatio <= limit : null;
  const byRuns = paired.n ? paired.median <= limit : byMedians;
  return byMedians === byRuns ? { met: byMedians } : { met: null, note: 'unclear (too noisy: run again on a quiet machine or with more --runs)' };
}

/**
 * Every goal with its measured value; `met` is null when it could not be measured.
 * @param {Summary} summary
 * @param {{ busy: boolean }} machine `busy`: the load average exceeded the core count at the start
 * @returns {Goal[]}
 */
export function evaluateGoals(summary, machine) {
  const { size, load, open, history } = summary;
  const hover = history?.hover;
  const quietOnly = machine.busy ? ' (a busy machine: the goal is for a quiet one)' : '';
  // The panel's own file (its scripts list it first).
  const panelFile = size?.panel[0];
  return [
    {
      id: 'boot-size',
      label: 'Boot (dist/widget.js) gzipped',
      target: `≤ ${kb(GOALS.bootGzipBytes)} (ceiling ${kb(GOALS.bootCeilingBytes)})`,
      value: size
        ? `${kb(size.boot.gzipBytes)} = ${size.boot.gzipBytes.toLocaleString('en')} B, ${size.boot.gzipBytes <= GOALS.bootCeilingBytes ? 'under' : 'OVER'} the ceiling`
        : 'n/a',
      met: size ? size.boot.gzipBytes <= GOALS.bootGzipBytes : null,
    },
    {
      id: 'panel-size',
      label: 'Panel (its own file) gzipped',
      target: `≤ ${kb(GOALS.panelGzipBytes)} (ceiling ${kb(GOALS.panelCeilingBytes)})`,
      value: panelFile
        ? `${kb(panelFile.gzipBytes)} = ${panelFile.gzipBytes.toLocaleString('en')} B, ${panelFile.gzipBytes <= GOALS.panelCeilingBytes ? 'under' : 'OVER'} the ceiling; with every chunk a chat may need: ${kb(size.panelTotal.gzipBytes)}`
        : 'n/a',
      met: panelFile ? panelFile.gzipBytes <= GOALS.panelGzipBytes : null,
    },
    {
      id: 'boot-script',
      label: 'Boot’s main-thread script CPU at load vs. the Preact floor (same run)',
      target: `≤ ${ratio(GOALS.bootScriptRatio)}`,
      value: load
        ? `${ratio(load.scriptRatio)} (${median(load.widget.scriptMs, ms)} vs. ${median(load.preact.scriptMs, ms)}; bare floor ${median(load.bare.scriptMs, ms)}); per-run median ${median(load.pairedScriptRatio, ratio)}`
        : 'n/a',
      ...(load ? ratioVerdict(load.scriptRatio, load.pairedScriptRatio, GOALS.bootScriptRatio) : { met: null }),
    },
    {
      id: 'paint',
      label: 'Launcher painted vs. the Preact floor',
      target: `≤ ${ratio(GOALS.paintRatio)}`,
      value: load
        ? `${ratio(load.paintRatio)} (${median(load.widget.launcherPaintedMs, ms)} vs. ${median(load.preact.launcherPaintedMs, ms)}); fastest runs ${ratio(load.bestPaintRatio)}, per-run median ${median(load.pairedPaintRatio, ratio)}`
        : 'n/a',
      ...(load ? ratioVerdict(load.paintRatio, load.pairedPaintRatio, GOALS.paintRatio) : { met: null }),
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
      id: 'no-intent',
      label: 'A page view without intent: panel downloads / API requests',
      target: `${GOALS.panelRequests} / ${GOALS.apiRequests}`,
      value: load
        ? `${load.maxPanelRequests} / ${load.maxApiRequests} in the worst of ${load.runs} runs${load.apiRequestsSeenByServer === null ? '' : `; ${load.apiRequestsSeenByServer} seen by the API`}`
        : 'n/a',
      met: load ? load.maxPanelRequests <= GOALS.panelRequests && load.maxApiRequests <= GOALS.apiRequests && !load.apiRequestsSeenByServer : null,
    },
    {
      id: 'hover-no-post',
      label: 'Hover alone (no click) creates nothing: API POSTs',
      target: '0',
      value: open || history ? hoverPosts(open, history) : 'n/a',
      met: open || history ? Math.max(open?.hover.hoverApiPosts?.max ?? 0, hover?.hoverApiPosts?.max ?? 0) === 0 : null,
    },
    {
      id: 'hover-get',
      label: 'Hover alone prepares a stored conversation: API GETs',
      target: 'stored conversation 1, new visitor 0',
      value: open || history
        ? `stored conversation ${count(hover?.hoverApiGets)}, new visitor ${count(open?.hover.hoverApiGets)}`
        : 'n/a',
      met:
        history && open
          ? hover?.hoverApiGets?.min === 1 && hover.hoverApiGets.max === 1 && open.hover.hoverApiGets?.max === 0
          : null,
    },
    {
      id: 'open-history',
      label: `Click → last of ${history ? history.messages.toLocaleString('en-US') : '1,000'} messages painted, after a ${history?.hoverMs ?? 300} ms hover`,
      target: `< ${ms(GOALS.openHistoryMs)} (quiet machine)`,
      value: hover?.openMs?.n ? `${msRange(hover.openMs)}${quietOnly}` : 'n/a',
      met: hover?.openMs?.n ? hover.openMs.median < GOALS.openHistoryMs : null,
    },
    {
      id: 'open-history-cpu',
      label: 'Main-thread CPU of that open (click → painted, all tasks)',
      target: `≤ ${ms(GOALS.openHistoryCpuMs)}`,
      value: hover?.openCpuMs?.n ? `${msRange(hover.openCpuMs)}; the hover before it: ${msRange(hover.hoverCpuMs)}` : 'n/a',
      met: hover?.openCpuMs?.n ? hover.openCpuMs.median <= GOALS.openHistoryCpuMs : null,
    },
  ];
}

/**
 * @param {OpenSummary | null} open
 * @param {HistorySummary | null} history
 */
function hoverPosts(open, history) {
  const parts = [];
  if (history) parts.push(`stored conversation ${count(history.hover.hoverApiPosts)}`);
  if (open) parts.push(`new visitor ${count(open.hover.hoverApiPosts)}`);
  return parts.join(', ');
}

/**
 * The Markdown report: goals, then each section's medians (with min–max over the runs).
 * @param {Summary} summary
 * @param {ReportMeta} meta
 * @returns {string}
 */
export function renderMarkdown(summary, meta) {
  /** @type {string[]} */
  const lines = [];
  const row = (/** @type {string[]} */ cells) => lines.push(`| ${cells.join(' | ')} |`);
  /** A header row; numbers (every column but the first) right-aligned unless `left`. */
  const head = (/** @type {string[]} */ cells, left = false) => {
    row(cells);
    row(cells.map((_, i) => (i === 0 || left ? '---' : '---:')));
  };
  const section = (/** @type {string} */ title) => lines.push('', title, '');

  const browser = meta.chromium === 'unknown' ? '' : ` — headless Chromium ${meta.chromium}`;
  lines.push(
    `Measured ${meta.date} with \`${meta.command}\`${browser}, ${meta.cpu} (load average ${meta.loadAverage.toFixed(1)} at the start` +
      `${meta.loadAverage > meta.cores ? `, more than the ${meta.cores} cores: wall times are noisy, CPU times hold better` : ''}).`,
    '',
  );
  head(['Goal', 'Target', 'Measured', 'Result'], true);
  for (const goal of evaluateGoals(summary, { busy: meta.loadAverage > meta.cores })) row([goal.label, goal.target, goal.value, verdict(goal)]);

  const { size, load, throttled, open, history, profile } = summary;
  if (size) {
    section('**Size** (what a site sends; gzip and brotli of each file as the size test computes them)');
    head(['Script', 'Loaded', 'Raw', 'gzip -9', 'brotli 11']);
    const sizeRow = (/** @type {string} */ name, /** @type {string} */ when, /** @type {SizeResult} */ s) =>
      row([name, when, kb(s.rawBytes), `${kb(s.gzipBytes)} (${s.gzipBytes.toLocaleString('en')} B)`, kb(s.brotliBytes)]);
    sizeRow('`dist/widget.js` (boot)', 'every page view', size.boot);
    for (const [index, file] of size.panel.entries()) sizeRow(`\`dist/${file.name}\``, index ? 'when a chat needs it' : 'on intent', file);
    if (size.panel.length > 1) sizeRow('The most of the panel a visitor loads', 'panel, every chunk, one language', size.panelTotal);
    sizeRow('Boot + that', 'a visitor who opens the chat', {
      rawBytes: size.boot.rawBytes + size.panelTotal.rawBytes,
      gzipBytes: size.boot.gzipBytes + size.panelTotal.gzipBytes,
      brotliBytes: size.boot.brotliBytes + size.panelTotal.brotliBytes,
    });
    if (size.floors) {
      sizeRow('Bare floor: a launcher, no framework', '(reference)', size.floors.bare);
      sizeRow('Preact floor: Preact + signals launcher', '(reference)', size.floors.preact);
    }
  }
  if (load) {
    section(`**Page load**, blank host page, fresh context, cache off — median (min–max) of ${load.runs} runs`);
    head(['Metric', 'Widget (boot)', 'Preact floor', 'Bare floor', 'Blank page']);
    const pages = [load.widget, load.preact, load.bare, load.blank];
    const each = (/** @type {string} */ label, /** @type {(page: Record<string, Spread>, i: number) => string} */ cell) => row([label, ...pages.map(cell)]);
    const noLauncher = (/** @type {(page: Record<string, Spread>) => string} */ cell) => (/** @type {Record<string, Spread>} */ page, /** @type {number} */ i) =>
      i === 3 ? '—' : cell(page);
    each('Navigation → launcher painted', noLauncher((p) => msRange(p.launcherPaintedMs)));
    each('First contentful paint', noLauncher((p) => msRange(p.fcpMs)));
    each('Script received → launcher painted', noLauncher((p) => msRange(p.scriptToPaintMs)));
    each('**Main-thread CPU: script**', (p) => msRange(p.scriptMs));
    each('Main-thread CPU: all tasks', (p) => msRange(p.taskMs));
    each('Main-thread CPU: style + layout', (p) => msRange(p.layoutMs));
    each('Long tasks / total blocking time', (p) => `${median(p.longTasks, String)} / ${median(p.blockingMs, ms)}`);
    const t = load.runsWithLongTasks;
    row(['Runs with a long task', ...['widget', 'preact', 'bare', 'blank'].map((name) => `${t[name] ?? 0} of ${load.runs}`)]);
    each('JS heap after load (after GC)', (p) => median(p.heapUsedBytes, mb));
    each('Requests: all / to the API / panel downloads', (p) => `${median(p.requests, String)} / ${count(p.apiRequests)} / ${count(p.panelRequests)}`);
  }
  if (throttled) {
    section(`**Page load with the CPU throttled ${throttled.rate}×** — median (min–max) of ${throttled.runs} runs`);
    head(['Metric', 'Widget (boot)', 'Preact floor', 'Bare floor']);
    const pages = [throttled.widget, throttled.preact, throttled.bare];
    row(['Navigation → launcher painted', ...pages.map((p) => msRange(p.launcherPaintedMs))]);
    row(['Script received → launcher painted', ...pages.map((p) => msRange(p.scriptToPaintMs))]);
    row(['Main-thread CPU: script', ...pages.map((p) => msRange(p.scriptMs))]);
    row(['Long tasks / total blocking time', ...pages.map((p) => `${median(p.longTasks, String)} / ${median(p.blockingMs, ms)}`)]);
    const t = throttled.runsWithLongTasks;
    row(['Runs with a long task', ...['widget', 'preact', 'bare'].map((name) => `${t[name] ?? 0} of ${throttled.runs}`)]);
  }
  if (open) {
    section(
      `**Click → panel painted**, a new visitor (no stored conversation), the page loaded and at rest — median (min–max) of ${open.runs} runs`,
    );
    head(['Metric', `After a ${open.hoverMs} ms hover`, 'Cold (no hover)']);
    const { hover: h, cold: c } = open;
    row(['**Click → panel painted** (composer shown)', msRange(h.openMs), msRange(c.openMs)]);
    row(['Click → panel in the DOM', msRange(h.openInDomMs), msRange(c.openInDomMs)]);
    row(['Pointer entered the launcher → click', msRange(h.intentLeadMs), msRange(c.intentLeadMs)]);
    row(['Panel already rendered (hidden) at the click', flagRuns(h.panelReadyAtClick, open.runs), flagRuns(c.panelReadyAtClick, open.runs)]);
    row(['Main-thread CPU, click → painted', msRange(h.openCpuMs), msRange(c.openCpuMs)]);
    row(['Main-thread CPU during the hover (panel loaded and rendered hidden)', msRange(h.hoverCpuMs), '—']);
    row(['Requests during the hover: panel downloads / API GET / API POST', hoverRequests(h), '—']);
  }
  if (history) {
    section(
      `**Long conversation**: ${history.messages.toLocaleString('en-US')} messages, half of them assistant replies with function calls, ` +
        `resumed from the API — median (min–max) of ${history.runs} runs`,
    );
    head(['Metric', `After a ${history.hoverMs} ms hover`, 'Cold (no hover)']);
    const { hover: h, cold: c } = history;
    const both = (/** @type {string} */ label, /** @type {(s: Record<string, Spread>) => string} */ cell) => row([label, cell(h), cell(c)]);
    both('**Click → last message painted**', (s) => msRange(s.openMs));
    both('Click → last message in the DOM', (s) => msRange(s.openInDomMs));
    both('… click → GET conversation sent', (s) => (s.openApiRequests?.max ? msRange(s.openRequestAfterMs) : 'none (fetched on hover)'));
    both('… API round trip after the click (GET conversation)', (s) => (s.openApiRequests?.max ? msRange(s.openApiMs) : '—'));
    both('… from the response to painted (parse, render, layout, paint)', (s) => (s.openApiRequests?.max ? msRange(s.openRenderMs) : '—'));
    both('Panel already rendered (hidden) at the click', (s) => flagRuns(s.panelReadyAtClick, history.runs));
    both('Elements in the widget’s shadow root, painted', (s) => median(s.domElements, (v) => v.toLocaleString('en-US')));
    both('**Main-thread CPU, click → painted**: all tasks', (s) => msRange(s.openCpuMs));
    both('… of it in style and layout', (s) => msRange(s.openLayoutCpuMs));
    row(['Main-thread CPU during the hover', msRange(h.hoverCpuMs), '—']);
    row(['Requests during the hover: panel downloads / API GET / API POST', hoverRequests(h), '—']);
    both('Append: `AssistantChat.send` → own bubble painted', (s) => msRange(s.appendOwnMs));
    both('Append: `AssistantChat.send` → reply painted (server reply delay 0)', (s) => msRange(s.appendReplyMs));
    both('… of which the API round trip (POST message)', (s) => msRange(s.appendApiMs));
    both('… of which after the response', (s) => msRange(s.appendRenderMs));
    both('JS heap with the conversation shown (after GC)', (s) => median(s.heapUsedBytes, mb));
  }
  if (profile) renderProfile(profile, section, head, row);
  return lines.join('\n') + '\n';
}

/**
 * The `--profile` tables: phases and trace events in thread time (from the timeline run), source files and
 * functions as shares of the CPU profile's samples (from the functions run).
 * @param {NonNullable<Summary['profile']>} profile
 * @param {(title: string) => void} section
 * @param {(cells: string[], left?: boolean) => void} head
 * @param {(cells: string[]) => void} row
 */
function renderProfile(profile, section, head, row) {
  const columns = /** @type {Array<[string, Breakdown]>} */ (
    /** @type {Array<[string, Breakdown | null]>} */ ([
      ['Page load (boot)', profile.load],
      ['1,000-message open after a hover', profile.hover],
      ['1,000-message open, cold', profile.cold],
    ]).filter(([, breakdown]) => breakdown)
  );
  if (!columns.length) return;
  const share = (/** @type {Breakdown} */ b, /** @type {number} */ value) => (b.sampledMs > 0 ? `${((100 * value) / b.sampledMs).toFixed(1)} %` : 'n/a');
  /**
   * The names of one list across the columns, largest first (by `weigh`), down to `least` in some column.
   * @param {(b: Breakdown) => Array<{ name: string; ms: number }>} list
   * @param {(b: Breakdown, value: number) => number} weigh
   * @param {number} least
   * @param {number} most
   */
  const names = (list, weigh, least, most) => {
    /** @type {Map<string, number>} */
    const largest = new Map();
    for (const [, b] of columns) for (const slice of list(b)) largest.set(slice.name, Math.max(largest.get(slice.name) ?? 0, weigh(b, slice.ms)));
    return [...largest].filter(([, value]) => value >= least).sort((a, b) => b[1] - a[1]).slice(0, most).map(([name]) => name);
  };
  /**
   * One row's cells: `name` looked up in each column's `list`.
   * @param {(b: Breakdown) => Array<{ name: string; ms: number }>} list
   * @param {(b: Breakdown, value: number) => string} format
   * @param {string} name
   */
  const cells = (list, format, name) =>
    columns.map(([, b]) => {
      const found = list(b).find((slice) => slice.name === name);
      return found ? format(b, found.ms) : '—';
    });
  const inMs = (/** @type {Breakdown} */ _, /** @type {number} */ value) => ms(value);

  section(
    '**Where the time goes** (`--profile`: more runs of each scenario on a readable build of the same code, one with a Chromium trace, ' +
      'three with a V8 CPU profile, pooled; the recorders slow the page down, so read these as proportions, not as the timings above). ' +
      'Page load: from the start of the page to 500 ms after the launcher is painted; open: the tasks from the click to the painted frame.',
  );
  head(['Main thread by phase (trace, thread time)', ...columns.map(([label]) => label)]);
  row(['Window (wall time)', ...columns.map(([, b]) => ms(b.windowMs))]);
  row(['**CPU in it**', ...columns.map(([, b]) => `**${ms(b.cpuMs)}**`)]);
  for (const name of names((b) => b.phases, (_, value) => value, 0.5, 12)) row([name, ...cells((b) => b.phases, inMs, name)]);

  section('');
  head(['Trace events with the most self time (thread time)', ...columns.map(([label]) => label)]);
  for (const name of names((b) => b.events, (_, value) => value, 0.5, 14)) row([`\`${name}\``, ...cells((b) => b.events, inMs, name)]);

  section('');
  head(['Share of the CPU profile by source file', ...columns.map(([label]) => label)]);
  const fraction = (/** @type {Breakdown} */ b, /** @type {number} */ value) => (b.sampledMs > 0 ? (100 * value) / b.sampledMs : 0);
  for (const name of names((b) => b.modules, fraction, 1, 16)) {
    row([name.startsWith('(') ? name : `\`${name}\``, ...cells((b) => b.modules, share, name)]);
  }

  for (const [label, b] of columns) {
    section('');
    head([`Functions with the most self time: ${label}`, 'Share of the profile']);
    for (const fn of b.functions) row([`\`${fn.name}\` — ${fn.module}`, share(b, fn.ms)]);
  }
}

/** @param {Record<string, Spread>} s */
function hoverRequests(s) {
  return `${count(s.hoverPanelRequests)} / ${count(s.hoverApiGets)} / ${count(s.hoverApiPosts)}`;
}

/**
 * How many runs had a 0/1 flag set, e.g. `7 of 7`.
 * @param {Spread | undefined} s
 * @param {number} runs
 */
function flagRuns(s, runs) {
  return s && s.n ? `${Math.round(s.mean * s.n)} of ${runs}` : 'n/a';
}
