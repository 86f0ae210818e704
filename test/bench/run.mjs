// @ts-check
/**
 * `npm run bench` (after `npm run build`): measures the script-tag build in headless Chromium — the boot
 * (dist/widget.js) against two floors (a bare launcher with no framework, and a minimal Preact + signals
 * launcher), the panel it loads on intent (click → panel painted, cold and after a hover), the open of a
 * resumed 1,000-message conversation, and Lighthouse's performance audit of a realistic host page with and
 * without the widget — prints the medians as Markdown, and writes every run as JSON to test/bench/results/
 * (bench-<time>.json and latest.json; the Markdown also to latest.md). `--baseline <git-ref>` measures
 * another build in the same run, interleaved, and reports both side by side.
 *
 *   node test/bench/run.mjs [--runs 7] [--hover 300] [--throttle 4] [--settle 500] [--messages 1000]
 *     [--only size,load,open,history,lighthouse] [--lighthouse-runs 5] [--baseline <git-ref> | --baseline-dist <folder>] [--profile]
 *
 * Goals and guards are reported as met or missed; the exit code is 1 only when something could not be measured.
 * See test/bench/README.md for what each number means.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startStandInApi } from '../../demo/server/server.mjs';
import { baselineFromDist, baselineFromRef } from './lib/baseline.mjs';
import { launchBrowser } from './lib/browser.mjs';
import { compareAll } from './lib/compare.mjs';
import { buildFloors } from './lib/floor-build.mjs';
import { evaluateGoals } from './lib/goals.mjs';
import { measureHistory, prepareHistory } from './lib/history.mjs';
import { buildHostSite, hostPage } from './lib/host-site.mjs';
import { widgetImpact } from './lib/lighthouse-summary.mjs';
import { measureLoad } from './lib/load.mjs';
import { measureOpen } from './lib/open.mjs';
import { interleave, rotate } from './lib/order.mjs';
import { ASSISTANT_ID, bareFloorPage, blankPage, floorPage, FLOOR_LAUNCHER, WIDGET_LAUNCHER, widgetPage } from './lib/pages.mjs';
import { MARKS } from './lib/probe.mjs';
import { DIST_DIR, RESULTS_DIR, resolveFromRoot, ROOT, WIDGET_FILE } from './lib/paths.mjs';
import { breakDown, buildReadable, createRecorder } from './lib/profile.mjs';
import { renderMarkdown } from './lib/report.mjs';
import { measureBuild, measureSize } from './lib/size.mjs';
import { spread, summarise } from './lib/stats.mjs';
import { startBenchServer } from './lib/static-server.mjs';

const SECTIONS = ['size', 'load', 'open', 'history', 'lighthouse'];
/** What `--baseline` compares, per section: the fields of each run, this build's and the baseline's side by side. */
const COMPARED = {
  load: /** @type {const} */ (['scriptMs', 'taskMs', 'launcherPaintedMs', 'heapUsedBytes']),
  open: /** @type {const} */ (['openMs', 'openCpuMs', 'hoverCpuMs']),
  history: /** @type {const} */ (['openMs', 'openCpuMs', 'openLayoutCpuMs', 'hoverCpuMs', 'domElements', 'heapUsedBytes']),
};
/** `--profile`: CPU profiles per scenario, pooled (one profile of a short window is too noisy to rank functions). */
const PROFILED_RUNS = 3;
const USAGE = `Usage: node test/bench/run.mjs [options]   (npm run bench -- [options] builds first)
  --runs N         measured runs per page, variant and section (default 7), after one discarded warm-up
  --hover MS       how long the pointer rests on the launcher before the click (default 300)
  --throttle R     also measure the page load with the CPU throttled R× (e.g. 4); default off
  --settle MS      how long to keep watching a page after its launcher is painted (default 500)
  --messages N     length of the long conversation (default 1000, even)
  --only LIST      comma-separated sections to run: ${SECTIONS.join(',')} (default all)
  --lighthouse-runs N  Lighthouse audits per preset (mobile, desktop) and page (with, without the widget); default 5
  --baseline REF   also measure the build of a git commit, branch or tag (checked out and built in a temporary
                   worktree), interleaved with this build in the same runs of load, open and history: both
                   columns and their ratio in the report
  --baseline-dist DIR  the same with a folder that already holds a build (widget.js and its panel files)
  --profile        more runs of the page load and of each 1,000-message open, on a readable build: one with a
                   Chromium trace, ${PROFILED_RUNS} with a CPU profile; a breakdown by phase, source file and function in
                   the report, the recordings in test/bench/results/profile-*.{trace.json,cpuprofile}
  --help`;

const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    hover: { type: 'string', default: '300' },
    throttle: { type: 'string', default: '0' },
    settle: { type: 'string', default: '500' },
    messages: { type: 'string', default: '1000' },
    only: { type: 'string', default: SECTIONS.join(',') },
    'lighthouse-runs': { type: 'string', default: '5' },
    baseline: { type: 'string' },
    'baseline-dist': { type: 'string' },
    profile: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (flags.help) {
  console.log(USAGE);
  process.exit(0);
}
const runs = positiveInt(flags.runs, 'runs');
const hoverMs = positiveInt(flags.hover, 'hover');
const throttle = Number(flags.throttle);
const settleMs = positiveInt(flags.settle, 'settle');
const messages = positiveInt(flags.messages, 'messages');
const lighthouseRuns = positiveInt(flags['lighthouse-runs'], 'lighthouse-runs');
if (flags.baseline && flags['baseline-dist']) fail('use --baseline or --baseline-dist, not both');
const only = new Set(
  flags.only
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);
for (const name of only) if (!SECTIONS.includes(name)) fail(`unknown section "${name}" in --only; use ${SECTIONS.join(', ')}`);
if (!Number.isFinite(throttle) || throttle < 0) fail('--throttle must be a number ≥ 1 (0 = off)');
if (messages % 2) fail('--messages must be even (the history alternates visitor and assistant)');

const log = (/** @type {string} */ message) => process.stderr.write(`[bench] ${message}\n`);
const started = Date.now();
/** @type {Array<{ section: string; message: string }>} */
const errors = [];

if (!existsSync(WIDGET_FILE) || statSync(WIDGET_FILE).size === 0) {
  fail('dist/widget.js is missing: run `npm run bench` (it builds first) or `npm run build`.');
}
const cores = cpus().length;
const loadAtStart = loadavg()[0] ?? 0;
if (loadAtStart > cores) {
  log(`warning: the machine is busy (load average ${loadAtStart.toFixed(1)} on ${cores} cores); wall times will be noisy, CPU times less so.`);
}
if (newestMtime(resolveFromRoot('src')) > statSync(WIDGET_FILE).mtimeMs) {
  log('warning: src/ changed after dist/ was built; these numbers describe the old build (npm run bench rebuilds).');
}

/** @type {import('./lib/report.mjs').Summary} */
const summary = { size: null, load: null, throttled: null, open: null, history: null, lighthouse: null, baseline: null, profile: null };
/** @type {Record<string, unknown>} */
const allRuns = {};
const work = await mkdtemp(join(tmpdir(), 'acw-bench-'));
const floorDir = join(work, 'floor');
const readableDir = join(work, 'readable');
const dataDir = join(work, 'data');
const siteDir = join(work, 'site');
/** @typedef {'current' | 'baseline'} Build this build (dist/) or the one `--baseline` compares it with */
/** @type {Array<() => Promise<void>>} */
const cleanups = [() => rm(work, { recursive: true, force: true })];
let chromiumVersion = 'unknown';

try {
  // The floors are needed by size and load; built fresh from test/bench/floor/ with the project's Vite config.
  /** @type {Record<'bare' | 'preact', string> | null} */
  let floors = null;
  if (only.has('size') || only.has('load')) {
    log('building the floors (test/bench/floor/)…');
    floors = await buildFloors(floorDir);
  }
  const profiling = flags.profile && (only.has('load') || only.has('history'));
  if (profiling) {
    log('--profile: building a readable (unminified) copy of the widget…');
    await buildReadable(readableDir);
  }
  /** @type {NonNullable<typeof summary.profile>} */
  const breakdowns = { load: null, hover: null, cold: null };
  if (profiling) summary.profile = breakdowns;

  // The build to compare against, measured beside this one (its worktree lives in `work`, removed first).
  /** @type {import('./lib/baseline.mjs').Baseline | null} */
  let baseline = null;
  if (flags.baseline) {
    baseline = await baselineFromRef(flags.baseline, { workDir: work, log });
    cleanups.unshift(baseline.cleanup);
  } else if (flags['baseline-dist']) {
    baseline = baselineFromDist(flags['baseline-dist']);
  }
  /** @type {NonNullable<typeof summary.baseline> | null} */
  const compared = baseline ? { label: baseline.label, commit: baseline.commit, runs, size: null, load: null, open: null, history: null } : null;
  summary.baseline = compared;
  /** @type {Build[]} */
  const builds = baseline ? ['current', 'baseline'] : ['current'];

  if (only.has('size')) {
    await section('size', async () => {
      const build = await measureBuild(DIST_DIR);
      summary.size = {
        ...build,
        floors: floors ? { bare: await measureSize(floors.bare), preact: await measureSize(floors.preact) } : null,
      };
      if (baseline && compared) {
        const before = await measureBuild(baseline.distDir);
        compared.size = {
          boot: { baseline: before.boot.gzipBytes, current: build.boot.gzipBytes },
          panel: { baseline: before.panel[0]?.gzipBytes ?? NaN, current: build.panel[0]?.gzipBytes ?? NaN },
          panelTotal: { baseline: before.panelTotal.gzipBytes, current: build.panelTotal.gzipBytes },
        };
      }
    });
  }

  if (only.has('load') || only.has('open') || only.has('history') || only.has('lighthouse')) {
    await mkdir(dataDir, { recursive: true });
    const api = await startStandInApi({ port: 0, host: '127.0.0.1', dataDir, control: true, replyDelayMs: 0 });
    cleanups.unshift(() => api.close());
    const server = await startBenchServer({
      '/dist/': DIST_DIR,
      '/floor/': floorDir,
      '/readable/': readableDir,
      ...(baseline ? { '/baseline/': baseline.distDir } : {}),
    });
    cleanups.unshift(() => server.close());
    const browser = await launchBrowser();
    cleanups.unshift(() => browser.close());
    chromiumVersion = browser.version();
    const pages = {
      blank: { url: server.page('/blank.html', blankPage()), launcher: null, script: null },
      bare: { url: server.page('/bare.html', bareFloorPage()), launcher: FLOOR_LAUNCHER, script: '/floor/bare.js' },
      preact: { url: server.page('/floor.html', floorPage()), launcher: FLOOR_LAUNCHER, script: '/floor/floor.js' },
      widget: { url: server.page('/widget.html', widgetPage(api.url)), launcher: WIDGET_LAUNCHER, script: '/dist/widget.js' },
      baseline: {
        url: server.page('/baseline-widget.html', widgetPage(api.url, '/baseline/widget.js')),
        launcher: WIDGET_LAUNCHER,
        script: '/baseline/widget.js',
      },
    };
    /** The page of each build under test. */
    const widgetUrl = { current: pages.widget.url, baseline: pages.baseline.url };
    const readableWidget = server.page('/widget-readable.html', widgetPage(api.url, '/readable/widget.js'));
    /**
     * `--profile`: runs `measure` with a timeline recorder, then {@link PROFILED_RUNS} times with a function
     * profiler, saves the trace and the first CPU profile, and breaks them down between two marks.
     * @param {string} name
     * @param {string} from
     * @param {string} to
     * @param {(recorderFor: (measured: import('./lib/browser.mjs').MeasuredPage) => import('./lib/interact.mjs').Recorder) => Promise<{ recording?: unknown }>} measure
     */
    const profileRuns = async (name, from, to, measure) => {
      const record = async (/** @type {'timeline' | 'functions'} */ kind) =>
        /** @type {import('./lib/profile.mjs').Recording} */ ((await measure((measured) => createRecorder(browser, measured, kind))).recording);
      log(`profile: ${name}, with a trace`);
      const timeline = await record('timeline');
      const functions = [];
      for (let run = 1; run <= PROFILED_RUNS; run++) {
        log(`profile: ${name}, with a CPU profile (${run}/${PROFILED_RUNS})`);
        functions.push(await record('functions'));
      }
      await saveRecordings(name, timeline.trace, functions[0]?.profile);
      return breakDown({ timeline, functions }, { label: name, from, to, readableDir });
    };

    if (only.has('load')) {
      await section('load', async () => {
        await controlRequest(api.url, '/__control/reset');
        /** @type {Array<keyof typeof pages>} */
        const names = ['blank', 'bare', 'preact', 'widget', ...(baseline ? /** @type {const} */ (['baseline']) : [])];
        const load = await loadRuns(browser, pages, names, 0, api.url);
        const seen = /** @type {{ requests: unknown[] }} */ (await controlRequest(api.url, '/__control/requests', 'GET')).requests.length;
        const [blank, bare, preact, widget] = [summarise(load.blank), summarise(load.bare), summarise(load.preact), summarise(load.widget)];
        summary.load = {
          runs,
          widget,
          preact,
          bare,
          blank,
          paintRatio: ratioOf(widget.launcherPaintedMs, preact.launcherPaintedMs),
          bestPaintRatio: (widget.launcherPaintedMs?.min ?? NaN) / (preact.launcherPaintedMs?.min ?? NaN),
          pairedPaintRatio: spread(load.widget.map((run, i) => ratioOrNull(run.launcherPaintedMs, load.preact[i]?.launcherPaintedMs))),
          scriptRatio: ratioOf(widget.scriptMs, preact.scriptMs),
          pairedScriptRatio: spread(load.widget.map((run, i) => ratioOrNull(run.scriptMs, load.preact[i]?.scriptMs))),
          runsWithLongTasks: countRuns(load, (run) => run.longTasks > 0),
          runsWithWidgetLongFrames: load.widget.filter((run) => run.longFramesWithScript > 0).length,
          maxApiRequests: Math.max(...load.widget.map((run) => run.apiRequests)),
          maxPanelRequests: Math.max(...load.widget.map((run) => run.panelRequests)),
          apiRequestsSeenByServer: seen,
        };
        if (compared) compared.load = compareAll(load.widget, load.baseline ?? [], COMPARED.load);
        allRuns.load = load;
      });
      if (throttle > 1) {
        await section('throttled', async () => {
          const load = await loadRuns(browser, pages, ['bare', 'preact', 'widget'], throttle, api.url);
          const [bare, preact, widget] = [summarise(load.bare), summarise(load.preact), summarise(load.widget)];
          summary.throttled = {
            rate: throttle,
            runs,
            widget,
            preact,
            bare,
            paintRatio: ratioOf(widget.launcherPaintedMs, preact.launcherPaintedMs),
            runsWithLongTasks: countRuns(load, (run) => run.longTasks > 0),
          };
          allRuns.throttled = load;
        });
      }
      if (profiling) {
        await section('profile (load)', async () => {
          breakdowns.load = await profileRuns('load', MARKS.start, MARKS.settled, (recorderFor) =>
            measureLoad(browser, {
              url: readableWidget,
              launcher: WIDGET_LAUNCHER,
              script: '/readable/widget.js',
              apiOrigin: api.url,
              settleMs,
              recorderFor,
            }),
          );
        });
      }
    }

    if (only.has('open')) {
      await section('open', async () => {
        const open = await variantRuns('open', builds, (hover, build) =>
          measureOpen(browser, {
            url: widgetUrl[build],
            launcher: WIDGET_LAUNCHER,
            apiOrigin: api.url,
            hoverMs: hover,
            settleMs: Math.min(settleMs, 300),
          }),
        );
        summary.open = { runs, hoverMs, hover: summarise(open.current.hover), cold: summarise(open.current.cold) };
        if (compared && open.baseline) compared.open = compareVariants(open.current, open.baseline, COMPARED.open);
        allRuns.open = open;
      });
    }

    if (only.has('history')) {
      await section('history', async () => {
        log(`history: creating a conversation and filling it with ${messages} messages…`);
        // Each build creates (and stores in its own way) a conversation of its own, filled alike.
        const fixtures = {
          current: await prepareHistory(browser, { url: widgetUrl.current, launcher: WIDGET_LAUNCHER, dataDir, count: messages }),
          baseline: baseline ? await prepareHistory(browser, { url: widgetUrl.baseline, launcher: WIDGET_LAUNCHER, dataDir, count: messages }) : null,
        };
        const options = { launcher: WIDGET_LAUNCHER, apiOrigin: api.url, settleMs: Math.min(settleMs, 300) };
        let run = 0;
        const history = await variantRuns('history', builds, (hover, build) =>
          measureHistory(browser, /** @type {import('./lib/history.mjs').HistoryFixture} */ (fixtures[build]), {
            ...options,
            url: widgetUrl[build],
            run: ++run,
            hoverMs: hover,
          }),
        );
        summary.history = { runs, messages, hoverMs, hover: summarise(history.current.hover), cold: summarise(history.current.cold) };
        if (compared && history.baseline) compared.history = compareVariants(history.current, history.baseline, COMPARED.history);
        allRuns.history = history;
        if (profiling) {
          for (const variant of /** @type {const} */ (['hover', 'cold'])) {
            breakdowns[variant] = await profileRuns(`open-${variant}`, MARKS.click, MARKS.painted, (recorderFor) =>
              measureHistory(browser, fixtures.current, {
                ...options,
                url: readableWidget,
                run: ++run,
                hoverMs: variant === 'hover' ? hoverMs : 0,
                recorderFor,
              }),
            );
          }
        }
      });
    }

    if (only.has('lighthouse')) {
      await section('lighthouse', async () => {
        // Loaded only here: Lighthouse is a large module tree.
        const { measureLighthouse, PRESETS } = await import('./lib/lighthouse.mjs');
        log('lighthouse: painting the host site’s hero image…');
        const heroBytes = await buildHostSite(siteDir, browser);
        // The widget comes from a CDN of its own (another origin, as on a real site), both servers gzip.
        const cdn = await startBenchServer({ '/': DIST_DIR }, { gzip: true, headers: { 'Access-Control-Allow-Origin': '*' } });
        cleanups.unshift(() => cdn.close());
        const site = await startBenchServer({ '/site/': siteDir }, { gzip: true });
        cleanups.unshift(() => site.close());
        // README's snippet with a few settings, at the end of the body.
        const snippet =
          `<script src="${cdn.url}/widget.js" data-assistant-id="${ASSISTANT_ID}" data-api-base="${api.url}" ` +
          `data-title="Northwind Dental" data-color="#0f766e" async></script>\n`;
        await controlRequest(api.url, '/__control/reset');
        const audits = await measureLighthouse({
          without: site.page('/', await hostPage(null)),
          with: site.page('/with-widget.html', await hostPage(snippet)),
          widgetOrigin: cdn.url,
          runs: lighthouseRuns,
          log,
        });
        const seen = /** @type {{ requests: unknown[] }} */ (await controlRequest(api.url, '/__control/requests', 'GET')).requests.length;
        summary.lighthouse = {
          runs: lighthouseRuns,
          heroBytes,
          apiRequestsSeenByServer: seen,
          presets: PRESETS.map((preset) => {
            const { without, with: withWidget } = audits[preset];
            return {
              preset,
              without: summarise(without),
              with: summarise(withWidget),
              impact: widgetImpact(without, withWidget),
              warnings: [...new Set([...without, ...withWidget].flatMap((audit) => audit.warnings))],
            };
          }),
        };
        allRuns.lighthouse = audits;
      });
    }
  }
} catch (error) {
  errors.push({ section: 'setup', message: describe(error) });
} finally {
  for (const cleanup of cleanups) await cleanup().catch((error) => log(`cleanup: ${describe(error)}`));
}

// Report.
const command = `npm run bench${process.argv.length > 2 ? ' -- ' + process.argv.slice(2).join(' ') : ''}`;
const date = new Date().toISOString();
const cpu = `${cores} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}`;
const markdown = renderMarkdown(summary, { command, date: date.slice(0, 10), chromium: chromiumVersion, cpu, cores, loadAverage: loadAtStart });
const document = {
  meta: {
    date,
    command,
    runs,
    hoverMs,
    throttle: throttle > 1 ? throttle : null,
    settleMs,
    messages,
    lighthouseRuns: only.has('lighthouse') ? lighthouseRuns : null,
    baseline: summary.baseline ? { label: summary.baseline.label, commit: summary.baseline.commit } : null,
    sections: [...only],
    chromium: chromiumVersion,
    node: process.version,
    cpu,
    loadAverageAtStart: Number(loadAtStart.toFixed(2)),
    loadAverageAtEnd: Number((loadavg()[0] ?? 0).toFixed(2)),
    git: gitState(),
    widgetBuiltAt: new Date(statSync(WIDGET_FILE).mtimeMs).toISOString(),
    durationMs: Date.now() - started,
  },
  goals: evaluateGoals(summary, { busy: loadAtStart > cores }),
  summary,
  errors,
  runs: allRuns,
};
await mkdir(RESULTS_DIR, { recursive: true });
const json = JSON.stringify(document, (_, value) => (typeof value === 'number' && !Number.isFinite(value) ? null : value), 2) + '\n';
const stamp = date.replace(/[:.]/g, '-');
await writeFile(join(RESULTS_DIR, `bench-${stamp}.json`), json);
await writeFile(join(RESULTS_DIR, 'latest.json'), json);
await writeFile(join(RESULTS_DIR, 'latest.md'), markdown);

console.log('\n' + markdown);
for (const error of errors) console.log(`Could not measure ${error.section}: ${error.message}`);
console.log(
  `Results: test/bench/results/latest.json (all runs), test/bench/results/latest.md; took ${((Date.now() - started) / 1000).toFixed(0)} s.`,
);
process.exitCode = errors.length ? 1 : 0;

/**
 * Loads each page `runs` times (after one discarded warm-up each), rotating the order every run so no
 * page always goes first.
 * @template {string} K
 * @param {import('playwright-core').Browser} browser
 * @param {Record<K, { url: string; launcher: string | null; script: string | null }>} pages
 * @param {K[]} names
 * @param {number} rate CPU throttling (0 = off)
 * @param {string} apiOrigin where the widget's API lives (requests there are counted apart)
 */
async function loadRuns(browser, pages, names, rate, apiOrigin) {
  const label = rate > 1 ? `load (CPU ${rate}×)` : 'load';
  /** @type {Record<K, import('./lib/load.mjs').LoadRun[]>} */
  const out = /** @type {any} */ (Object.fromEntries(names.map((name) => [name, []])));
  for (let run = 0; run <= runs; run++) {
    log(`${label} ${run === 0 ? 'warm-up' : `${run}/${runs}`}`);
    // Every page takes its turn first; this build and the baseline also swap places every run.
    const swapped = run % 2 ? names.map((name) => /** @type {K} */ (name === 'widget' ? 'baseline' : name === 'baseline' ? 'widget' : name)) : names;
    const order = rotate(names.includes(/** @type {K} */ ('baseline')) ? swapped : names, run);
    for (const name of order) {
      const page = pages[name];
      const result = await measureLoad(browser, {
        url: page.url,
        launcher: page.launcher,
        script: page.script,
        apiOrigin,
        settleMs,
        ...(rate > 1 ? { throttle: rate } : {}),
      });
      if (run > 0) out[name].push(result);
    }
  }
  return out;
}

/**
 * Runs `measure` `runs` times for each variant — after a hover of `hoverMs`, and cold — and each build,
 * after one discarded warm-up of each; the builds interleaved (A B A B) and the order reversed every run.
 * @template T
 * @param {string} label
 * @param {Build[]} builds
 * @param {(hoverMs: number, build: Build) => Promise<T>} measure
 * @returns {Promise<{ current: { hover: T[]; cold: T[] }; baseline?: { hover: T[]; cold: T[] } }>}
 */
async function variantRuns(label, builds, measure) {
  /** @type {Record<Build, { hover: T[]; cold: T[] }>} */
  const out = { current: { hover: [], cold: [] }, baseline: { hover: [], cold: [] } };
  const against = builds.includes('baseline') ? ' of both builds' : '';
  for (let run = 0; run <= runs; run++) {
    log(`${label} ${run === 0 ? 'warm-up' : `${run}/${runs}`} (after a hover and cold${against})`);
    for (const [variant, build] of interleave(/** @type {const} */ (['hover', 'cold']), builds, run)) {
      const result = await measure(variant === 'hover' ? hoverMs : 0, build);
      if (run > 0) out[build][variant].push(result);
    }
  }
  return builds.includes('baseline') ? out : { current: out.current };
}

/**
 * Both variants of this build against the baseline's.
 * @template {object} T
 * @param {{ hover: T[]; cold: T[] }} current
 * @param {{ hover: T[]; cold: T[] }} baseline
 * @param {ReadonlyArray<keyof T & string>} keys
 */
function compareVariants(current, baseline, keys) {
  return { hover: compareAll(current.hover, baseline.hover, keys), cold: compareAll(current.cold, baseline.cold, keys) };
}

/**
 * Writes what `--profile` recorded where DevTools can open it (Performance › Load profile): the trace of
 * the timeline run and the CPU profile of the functions run.
 * @param {string} name
 * @param {unknown} trace
 * @param {unknown} profile
 */
async function saveRecordings(name, trace, profile) {
  await mkdir(RESULTS_DIR, { recursive: true });
  await writeFile(join(RESULTS_DIR, `profile-${name}.trace.json`), JSON.stringify(trace));
  await writeFile(join(RESULTS_DIR, `profile-${name}.cpuprofile`), JSON.stringify(profile));
  log(`profile: test/bench/results/profile-${name}.trace.json and .cpuprofile`);
}

/**
 * Runs one section; a failure is recorded and the other sections still run.
 * @param {string} name
 * @param {() => Promise<void>} body
 */
async function section(name, body) {
  try {
    await body();
  } catch (error) {
    errors.push({ section: name, message: describe(error) });
    log(`${name} failed: ${describe(error)}`);
  }
}

/**
 * A control call to the stand-in (local, 127.0.0.1).
 * @param {string} base
 * @param {string} path
 * @param {'GET' | 'POST'} [method]
 */
async function controlRequest(base, path, method = 'POST') {
  const res = await fetch(base + path, method === 'POST' ? { method, headers: { 'Content-Type': 'application/json' }, body: '{}' } : {});
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status}`);
  return res.json();
}

/**
 * @param {import('./lib/stats.mjs').Spread | undefined} a
 * @param {import('./lib/stats.mjs').Spread | undefined} b
 */
function ratioOf(a, b) {
  return a && b && a.n && b.n ? a.median / b.median : NaN;
}

/**
 * How many runs of each page match.
 * @param {Record<string, import('./lib/load.mjs').LoadRun[]>} load
 * @param {(run: import('./lib/load.mjs').LoadRun) => boolean} test
 * @returns {Record<string, number>}
 */
function countRuns(load, test) {
  return Object.fromEntries(Object.entries(load).map(([name, list]) => [name, list.filter(test).length]));
}

/**
 * @param {number | null | undefined} a
 * @param {number | null | undefined} b
 */
function ratioOrNull(a, b) {
  return typeof a === 'number' && typeof b === 'number' && b > 0 ? a / b : null;
}

/** @param {string} dir */
function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

function gitState() {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const dirty =
      execFileSync('git', ['status', '--porcelain', '--', 'src', 'package.json', 'vite.config.ts'], { cwd: ROOT, encoding: 'utf8' }).trim() !== '';
    return { commit, dirty };
  } catch {
    return null;
  }
}

/** @param {unknown} error */
function describe(error) {
  return error instanceof Error ? (error.message.split('\n')[0] ?? String(error)) : String(error);
}

/**
 * @param {string} value
 * @param {string} name
 */
function positiveInt(value, name) {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) fail(`--${name} must be a whole number ≥ 1`);
  return n;
}

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  console.error(`bench: ${message}\n\n${USAGE}`);
  process.exit(2);
}
