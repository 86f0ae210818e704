// @ts-check
/**
 * The Markdown report the README can show: goals and guards (./goals.mjs), then each section's medians.
 */
import { count, evaluateGoals, median, msRange } from './goals.mjs';
import { ceilingFor } from './size.mjs';

const KB = 1024;

/**
 * @typedef {import('./stats.mjs').Spread} Spread
 * @typedef {import('./size.mjs').SizeResult} SizeResult
 * @typedef {import('./size.mjs').NamedSize} NamedSize
 * @typedef {import('./profile.mjs').Breakdown} Breakdown
 * @typedef {import('./goals.mjs').Goal} Goal
 * @typedef {import('./compare.mjs').Comparison} Comparison
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
 * @typedef {object} LighthousePreset one preset's audits of the host page
 * @property {import('./lighthouse.mjs').Preset} preset
 * @property {Record<string, Spread>} without medians of every {@link import('./lighthouse-summary.mjs').LighthouseRun} field, the page alone
 * @property {Record<string, Spread>} with the same with the widget
 * @property {import('./lighthouse-summary.mjs').WidgetImpact} impact
 * @property {string[]} warnings Lighthouse's run warnings, each once
 */

/**
 * @typedef {object} LighthouseSummary Lighthouse's performance audit of the host site, with and without the widget
 * @property {number} runs per preset and page
 * @property {Record<string, number>} heroBytes the hero image's files
 * @property {number | null} apiRequestsSeenByServer requests the stand-in API received during the audits
 * @property {LighthousePreset[]} presets
 */

/**
 * @typedef {object} BaselineSummary `--baseline`: this build against another, measured in the same runs
 * @property {string} label the short commit, or the folder
 * @property {string | null} commit
 * @property {number} runs
 * @property {Record<'boot' | 'panel' | 'panelTotal', { baseline: number; current: number }> | null} size gzip bytes
 * @property {Record<string, Comparison> | null} load the widget's page load
 * @property {{ hover: Record<string, Comparison>; cold: Record<string, Comparison> } | null} open a new visitor's click → panel
 * @property {{ hover: Record<string, Comparison>; cold: Record<string, Comparison> } | null} history the long conversation's open
 */

/**
 * @typedef {object} Summary
 * @property {SizeSummary | null} size
 * @property {LoadSummary | null} load
 * @property {ThrottledSummary | null} throttled
 * @property {OpenSummary | null} open
 * @property {HistorySummary | null} history
 * @property {LighthouseSummary | null} lighthouse
 * @property {BaselineSummary | null} baseline
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
const verdict = (/** @type {Goal} */ goal) => (goal.met === null ? (goal.note ?? 'n/a') : goal.met ? '**met**' : '**missed**');

/**
 * The Markdown report: goals and guards, then each section's medians (with min–max over the runs).
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
  const checks = evaluateGoals(summary, { busy: meta.loadAverage > meta.cores });
  head(['Goal (what a visitor feels)', 'Target', 'Measured', 'Result'], true);
  for (const goal of checks.filter((check) => check.kind === 'goal')) row([goal.label, goal.target, goal.value, verdict(goal)]);
  lines.push('');
  head(['Guard (must not regress)', 'Limit', 'Measured', 'Result'], true);
  for (const guard of checks.filter((check) => check.kind === 'guard')) row([guard.label, guard.target, guard.value, verdict(guard)]);

  const { size, load, throttled, open, history, lighthouse, baseline, profile } = summary;
  if (baseline) renderBaseline(baseline, section, head, row);
  if (size) {
    section('**Size** (what a site sends; gzip and brotli of each file as the size test computes them, and the ceiling it enforces)');
    head(['Script', 'Loaded', 'Raw', 'gzip -9', 'brotli 11', 'Ceiling (gzip)']);
    const sizeRow = (/** @type {string} */ name, /** @type {string} */ when, /** @type {SizeResult} */ s, /** @type {number | null} */ ceiling) =>
      row([
        name,
        when,
        kb(s.rawBytes),
        `${kb(s.gzipBytes)} (${s.gzipBytes.toLocaleString('en')} B)`,
        kb(s.brotliBytes),
        ceiling === null ? '—' : kb(ceiling),
      ]);
    sizeRow('`dist/widget.js` (boot)', 'every page view', size.boot, ceilingFor('widget.js'));
    for (const [index, file] of size.panel.entries()) {
      sizeRow(`\`dist/${file.name}\``, index ? 'when a chat needs it' : 'on intent', file, ceilingFor(file.name));
    }
    if (size.panel.length > 1) sizeRow('The most of the panel a visitor loads', 'panel, every chunk, one language', size.panelTotal, null);
    sizeRow(
      'Boot + that',
      'a visitor who opens the chat',
      {
        rawBytes: size.boot.rawBytes + size.panelTotal.rawBytes,
        gzipBytes: size.boot.gzipBytes + size.panelTotal.gzipBytes,
        brotliBytes: size.boot.brotliBytes + size.panelTotal.brotliBytes,
      },
      null,
    );
    if (size.floors) {
      sizeRow('Bare floor: a launcher, no framework', '(reference)', size.floors.bare, null);
      sizeRow('Preact floor: Preact + signals launcher', '(reference)', size.floors.preact, null);
    }
  }
  if (load) {
    section(`**Page load**, blank host page, fresh context, cache off — median (min–max) of ${load.runs} runs`);
    head(['Metric', 'Widget (boot)', 'Preact floor', 'Bare floor', 'Blank page']);
    const pages = [load.widget, load.preact, load.bare, load.blank];
    const each = (/** @type {string} */ label, /** @type {(page: Record<string, Spread>, i: number) => string} */ cell) =>
      row([label, ...pages.map(cell)]);
    const noLauncher =
      (/** @type {(page: Record<string, Spread>) => string} */ cell) => (/** @type {Record<string, Spread>} */ page, /** @type {number} */ i) =>
        i === 3 ? '—' : cell(page);
    each(
      'Navigation → launcher painted',
      noLauncher((p) => msRange(p.launcherPaintedMs)),
    );
    row([
      '… widget ÷ Preact floor',
      `${ratio(load.paintRatio)} (fastest runs ${ratio(load.bestPaintRatio)}, per-run median ${median(load.pairedPaintRatio, ratio)})`,
      '—',
      '—',
      '—',
    ]);
    each(
      'First contentful paint',
      noLauncher((p) => msRange(p.fcpMs)),
    );
    each(
      'Script received → launcher painted',
      noLauncher((p) => msRange(p.scriptToPaintMs)),
    );
    each('**Main-thread CPU: script**', (p) => msRange(p.scriptMs));
    each('Main-thread CPU: all tasks', (p) => msRange(p.taskMs));
    each('Main-thread CPU: style + layout', (p) => msRange(p.layoutMs));
    each('Long tasks / total blocking time', (p) => `${median(p.longTasks, String)} / ${median(p.blockingMs, ms)}`);
    const t = load.runsWithLongTasks;
    row(['Runs with a long task', ...['widget', 'preact', 'bare', 'blank'].map((name) => `${t[name] ?? 0} of ${load.runs}`)]);
    each('JS heap after load (after GC)', (p) => median(p.heapUsedBytes, mb));
    each(
      'Requests: all / to the API / panel downloads',
      (p) => `${median(p.requests, String)} / ${count(p.apiRequests)} / ${count(p.panelRequests)}`,
    );
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
    section(`**Click → panel painted**, a new visitor (no stored conversation), the page loaded and at rest — median (min–max) of ${open.runs} runs`);
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
  if (lighthouse) renderLighthouse(lighthouse, section, head, row);
  if (profile) renderProfile(profile, section, head, row);
  return lines.join('\n') + '\n';
}

/**
 * The Lighthouse tables: one per preset, the page alone and with the widget side by side.
 * @param {LighthouseSummary} lighthouse
 * @param {(title: string) => void} section
 * @param {(cells: string[], left?: boolean) => void} head
 * @param {(cells: string[]) => void} row
 */
function renderLighthouse(lighthouse, section, head, row) {
  const hero = Object.entries(lighthouse.heroBytes)
    .map(([name, size]) => `${name} ${kb(size)}`)
    .join(', ');
  section(
    `**Lighthouse** performance audit of a small business’s home page (header and navigation, a hero image — ${hero} —, text ` +
      `sections, a footer; gzip, served from 127.0.0.1), without and with the widget’s snippet (its script from another origin, ` +
      `as from a CDN), each preset with Lighthouse’s own simulated throttling — median (min–max) of ${lighthouse.runs} runs, ` +
      `a fresh Chromium each, the two pages taking turns`,
  );
  const score = (/** @type {Spread | undefined} */ s) =>
    s && s.n ? (s.n > 1 && s.min !== s.max ? `${s.median} (${s.min}–${s.max})` : String(s.median)) : 'n/a';
  const cls = (/** @type {Spread | undefined} */ s) =>
    s && s.n ? (s.min === s.max ? s.median.toFixed(3) : `${s.median.toFixed(3)} (${s.min.toFixed(3)}–${s.max.toFixed(3)})`) : 'n/a';
  const columns = lighthouse.presets.flatMap((p) => [`${p.preset}: page alone`, `${p.preset}: with the widget`]);
  head(['Metric', ...columns]);
  const both = (/** @type {string} */ label, /** @type {(s: Record<string, Spread>) => string} */ cell) =>
    row([label, ...lighthouse.presets.flatMap((p) => [cell(p.without), cell(p.with)])]);
  both('**Performance score**', (s) => score(s.score));
  both('**Total blocking time**', (s) => msRange(s.tbtMs));
  both('Largest contentful paint', (s) => msRange(s.lcpMs));
  both('Cumulative layout shift', (s) => cls(s.cls));
  both('First contentful paint', (s) => msRange(s.fcpMs));
  both('Speed index', (s) => msRange(s.speedIndexMs));
  both('Main-thread work, all (diagnostic; × the preset’s CPU slowdown)', (s) => msRange(s.mainThreadMs));
  both('**Widget’s main-thread time** (JavaScript execution time of its scripts, × the CPU slowdown)', (s) => msRange(s.widgetMs));
  both('… of it script evaluation / parse and compile', (s) => `${median(s.widgetScriptMs, ms)} / ${median(s.widgetParseMs, ms)}`);
  both('Long tasks Lighthouse puts on the widget', (s) => count(s.widgetLongTasks));
  both(
    'Widget requests / bytes transferred',
    (s) => `${count(s.widgetRequests)} / ${median(s.widgetTransferBytes, (v) => `${v.toLocaleString('en')} B`)}`,
  );
  both('Lighthouse’s benchmark index of the machine', (s) => median(s.benchmarkIndex, (v) => String(Math.round(v))));
  row([
    'With the widget − the page alone (medians), against the page alone’s spread (max − min)',
    ...lighthouse.presets.flatMap((p) => [
      '',
      `score ${signed(-p.impact.scoreDrop)} (spread ${p.impact.scoreNoise}), TBT ${signed(p.impact.addedTbtMs, ms)} (spread ${ms(p.impact.tbtNoiseMs)})`,
    ]),
  ]);
  const warnings = [...new Set(lighthouse.presets.flatMap((p) => p.warnings))];
  const requests =
    lighthouse.apiRequestsSeenByServer === null ? '' : ` The API received ${lighthouse.apiRequestsSeenByServer} requests during the audits.`;
  if (warnings.length || requests) section(`${requests.trim()}${warnings.length ? ` Lighthouse warned: ${warnings.join(' ')}` : ''}`);
}

/**
 * The before/after table of `--baseline`.
 * @param {BaselineSummary} baseline
 * @param {(title: string) => void} section
 * @param {(cells: string[], left?: boolean) => void} head
 * @param {(cells: string[]) => void} row
 */
function renderBaseline(baseline, section, head, row) {
  section(
    `**Before/after**: the baseline (${baseline.commit ? `commit \`${baseline.label}\`` : `\`${baseline.label}\``}) and this build, ` +
      `measured in the same runs, interleaved (A B A B, the order reversed every run) — median (min–max) of ${baseline.runs} runs each; ` +
      'the ratio is this build ÷ the baseline (below 1: this build is faster or smaller)',
  );
  head(['Metric', `Baseline ${baseline.label}`, 'This build', 'Ratio of the medians', 'Per-run ratio, median (min–max)']);
  const compare = (/** @type {string} */ label, /** @type {Comparison | undefined} */ c, /** @type {(s: Spread) => string} */ format = msRange) => {
    if (!c) return;
    const paired = c.paired.n ? `${ratio(c.paired.median)} (${c.paired.min.toFixed(2)}–${c.paired.max.toFixed(2)})` : 'n/a';
    row([label, format(c.baseline), format(c.current), ratio(c.ratio), paired]);
  };
  if (baseline.size) {
    const sizes = /** @type {Array<[string, 'boot' | 'panel' | 'panelTotal']>} */ ([
      ['Boot gzipped', 'boot'],
      ['Panel (its own file) gzipped', 'panel'],
      ['The most of the panel a visitor loads, gzipped', 'panelTotal'],
    ]);
    for (const [label, key] of sizes) {
      const { baseline: before, current } = baseline.size[key];
      row([label, `${before.toLocaleString('en')} B`, `${current.toLocaleString('en')} B`, ratio(current / before), '—']);
    }
  }
  const load = baseline.load;
  if (load) {
    compare('Page load: boot’s main-thread script CPU', load.scriptMs);
    compare('Page load: main-thread CPU, all tasks', load.taskMs);
    compare('Page load: navigation → launcher painted', load.launcherPaintedMs);
  }
  const open = baseline.open;
  if (open) {
    compare('New visitor: click → panel painted, after a hover', open.hover.openMs);
    compare('New visitor: click → panel painted, cold', open.cold.openMs);
    compare('New visitor: main-thread CPU click → painted, after a hover', open.hover.openCpuMs);
    compare('New visitor: main-thread CPU click → painted, cold', open.cold.openCpuMs);
    compare('New visitor: main-thread CPU of the hover', open.hover.hoverCpuMs);
  }
  const history = baseline.history;
  if (history) {
    compare('**1,000-message open: main-thread CPU click → painted, after a hover**', history.hover.openCpuMs);
    compare('**1,000-message open: main-thread CPU click → painted, cold**', history.cold.openCpuMs);
    compare('… of it style and layout, after a hover', history.hover.openLayoutCpuMs);
    compare('1,000-message open: main-thread CPU of the hover', history.hover.hoverCpuMs);
    compare('1,000-message open: click → last message painted, after a hover', history.hover.openMs);
    compare('1,000-message open: click → last message painted, cold', history.cold.openMs);
    compare('Elements in the widget’s shadow root, painted', history.hover.domElements, (s) => median(s, (v) => v.toLocaleString('en-US')));
    compare('JS heap with the conversation shown (after GC)', history.hover.heapUsedBytes, (s) => median(s, mb));
  }
}

/**
 * A difference with its sign: `+17 ms`, `−1`, `0`.
 * @param {number} value
 * @param {(v: number) => string} [format]
 */
function signed(value, format = String) {
  if (!Number.isFinite(value)) return 'n/a';
  if (value === 0) return format(0);
  return `${value > 0 ? '+' : '−'}${format(Math.abs(value))}`;
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
  const share = (/** @type {Breakdown} */ b, /** @type {number} */ value) =>
    b.sampledMs > 0 ? `${((100 * value) / b.sampledMs).toFixed(1)} %` : 'n/a';
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
    return [...largest]
      .filter(([, value]) => value >= least)
      .sort((a, b) => b[1] - a[1])
      .slice(0, most)
      .map(([name]) => name);
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
  for (const name of names(
    (b) => b.phases,
    (_, value) => value,
    0.5,
    12,
  ))
    row([name, ...cells((b) => b.phases, inMs, name)]);

  section('');
  head(['Trace events with the most self time (thread time)', ...columns.map(([label]) => label)]);
  for (const name of names(
    (b) => b.events,
    (_, value) => value,
    0.5,
    14,
  ))
    row([`\`${name}\``, ...cells((b) => b.events, inMs, name)]);

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
