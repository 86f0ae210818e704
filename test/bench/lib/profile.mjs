// @ts-check
/**
 * `--profile`: where the main thread spends its time, from two extra runs of each scenario: one with a
 * Chromium trace (every task of the page's main thread, in thread time: script, style, layout, paint,
 * garbage collection), one with a V8 CPU profile (which JavaScript functions ran). Those runs load a
 * readable build of the widget (unminified, same code, same bundler), so the profile names the functions
 * and, from the module comments the bundler leaves (`// src/ui/markdown.ts`), the source files they come
 * from. Their timings are not the benchmark's: the recorders slow the page down.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { build } from 'vite';
import { ROOT, resolveFromRoot } from './paths.mjs';

/** Trace categories: the DevTools timeline (tasks, script, style, layout, paint), V8 and GC, User Timing marks. */
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'disabled-by-default-v8.gc',
  'blink.user_timing',
  'blink',
  'loading',
];

/** Trace events that run script (by name). */
const SCRIPT_EVENTS =
  /^(v8\.run|v8\.callFunction|v8\.callModuleMethod|v8\.evaluateModule|v8\.newInstance|FunctionCall|EvaluateScript|RunMicrotasks|TimerFire|FireAnimationFrame|FireIdleCallback|EventDispatch|V8\.Execute|V8\.HandleInterrupts|V8\.BytecodeBudgetInterrupt\w*|V8\.StackGuard|V8\.InvokeApiInterruptCallbacks|XHRReadyStateChange|XHRLoad)$/;
/** Style: computing styles and building the layout tree (Blink's own names for the parts, with the `blink` category). */
const STYLE_EVENTS =
  /^(UpdateLayoutTree|RecalcStyle|ParseAuthorStyleSheet|ScheduleStyleRecalculation|Document::(recalcStyle|rebuildLayoutTree|updateStyle|updateActiveStyle)|StyleEngine::.*|RuleSet::.*|StyleSheet.*)$/;
/** Layout, and the lifecycle steps that run style and layout together. */
const LAYOUT_EVENTS =
  /^(Layout|UpdateLayout|InvalidateLayout|LocalFrameView::(performLayout|UpdateStyleAndLayout|RunStyleAndLayoutLifecyclePhases)|Document::UpdateStyleAndLayout|Blink\.ForcedStyleAndLayout\.UpdateTime|InlineNode::.*|LayoutBlock.*|LayoutView.*)$/;

/** Trace events by the phase they belong to (by name, first match; anything else is "other"). */
const PHASES = /** @type {const} */ ([
  ['Script: compile', /^(v8\.compile|v8\.compileModule|v8\.produceCache|v8\.deserializeCache|V8\.CompileCode|v8\.parseOnBackground)/],
  ['Garbage collection', /GC|Scavenge|^V8\.GC|^BlinkGC/],
  ['Script: run (tasks and microtasks)', SCRIPT_EVENTS],
  ['Style', STYLE_EVENTS],
  ['Layout', LAYOUT_EVENTS],
  [
    'Paint and composite',
    /^(PrePaint|Paint|PaintImage|Layerize|Commit|UpdateLayer|UpdateLayerTree|CompositeLayers|Animation|CullRectUpdate|PaintArtifactCompositor::.*|LocalFrameView::RunPaintLifecyclePhase|Blink\.(PrePaint|Paint|CompositingInputs|Layerize|CompositeCommit)\.UpdateTime)$/,
  ],
  [
    'Response bodies: loading and decoding text',
    /^(TextResourceDecoder::Decode|ResponseBodyLoader::.*|ResourceFetcher::.*|ResourceLoader::.*|.*URLLoader.*)$/,
  ],
  ['Input: hit testing, event routing', /^(HitTest|EventHandler::.*|Editor::.*|MouseEventManager::.*)$/],
  ['HTML parsing', /^(ParseHTML|HTMLDocumentParser)/],
]);
/** Script of the benchmark itself in the page: the probe (an init script) and Playwright's utility script. */
const HARNESS = '(the benchmark’s probe and Playwright)';
/** Browser APIs that the page's own script called. */
const BROWSER_APIS = '(browser APIs called from script)';

/** Style and layout that script asked for while it ran (reading a size, scrollTo, focus): a forced, synchronous layout. */
const FORCED = 'Style + layout forced by script';
const OTHER = 'Other (task overhead, IPC, page set-up)';

/**
 * @typedef {{ name: string; ms: number }} Slice
 * @typedef {object} Breakdown
 * @property {string} label
 * @property {number} windowMs wall time of what was looked at (click → painted, or the whole page load)
 * @property {number} cpuMs main-thread CPU time of the tasks in it (trace, thread time)
 * @property {Slice[]} phases that CPU time by phase
 * @property {Slice[]} events the trace events with the most self time
 * @property {number} sampledMs the CPU profile's samples in the window that were not idle (wall time: on a busy
 *   machine it includes time the thread waited for a core, so the profile is read as shares of it)
 * @property {Slice[]} modules self time by source file (CPU profile), plus garbage collection and native work
 * @property {Array<Slice & { module: string }>} functions the functions with the most self time (CPU profile)
 * @typedef {{ profile: any; trace: any }} Recording a CPU profile (null in a timeline recording) and a trace
 */

/**
 * Builds the readable widget (launcher and panel, unminified) into `outDir`, the way `npm run build`
 * builds dist/ but for the minifier.
 * @param {string} outDir
 * @returns {Promise<string[]>} the scripts' file names
 */
export async function buildReadable(outDir) {
  const common = {
    configFile: resolveFromRoot('vite.config.ts'),
    logLevel: /** @type {const} */ ('warn'),
    root: ROOT,
    cacheDir: resolveFromRoot('node_modules/.vite-bench'),
  };
  await build({
    ...common,
    mode: 'panel',
    build: { outDir, emptyOutDir: true, minify: false, rolldownOptions: { output: { minify: false } } },
  });
  const panel = readdirSync(outDir).find((name) => name.startsWith('assistant-chat-panel-'));
  if (!panel) throw new Error('the readable panel build wrote no assistant-chat-panel-*.js');
  await build({
    ...common,
    mode: 'production',
    // The launcher imports the readable panel, not the one in dist/.
    define: { __PANEL_FILE__: JSON.stringify(panel) },
    build: { outDir, emptyOutDir: false, minify: false },
  });
  return readdirSync(outDir).filter((name) => name.endsWith('.js'));
}

/**
 * A recorder for one page, of one of two kinds, each in a run of its own so that neither slows down
 * what the other measures: `timeline`, a trace of the main thread's tasks; `functions`, a CPU profile
 * (sampled every 100 µs) with a trace of the User Timing marks only, to cut it by.
 * @param {import('playwright-core').Browser} browser
 * @param {import('./browser.mjs').MeasuredPage} measured
 * @param {'timeline' | 'functions'} kind
 * @returns {{ start(): Promise<void>; stop(): Promise<Recording> }}
 */
export function createRecorder(browser, measured, kind) {
  return {
    async start() {
      await browser.startTracing(measured.page, { categories: kind === 'timeline' ? TRACE_CATEGORIES : ['blink.user_timing'] });
      if (kind === 'timeline') return;
      await measured.cdp.send('Profiler.enable');
      await measured.cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await measured.cdp.send('Profiler.start');
    },
    async stop() {
      const profile = kind === 'functions' ? (await measured.cdp.send('Profiler.stop')).profile : null;
      const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
      return { profile, trace };
    },
  };
}

/**
 * Where the main thread's time went between two User Timing marks (`MARKS` in probe.mjs): phases and trace
 * events from the `timeline` recording, source files and functions from the `functions` ones (their
 * samples pooled: one profile of a short window is noisy).
 * @param {{ timeline: Recording; functions: Recording[] }} recordings
 * @param {{ label: string; from: string; to: string; readableDir: string; top?: number }} options
 * @returns {Breakdown}
 */
export function breakDown({ timeline, functions }, { label, from, to, readableDir, top = 12 }) {
  const cut = (/** @type {Recording} */ recording) => {
    const events = /** @type {any[]} */ (Array.isArray(recording.trace) ? recording.trace : recording.trace.traceEvents);
    const markAt = (/** @type {string} */ name) => {
      const mark = events.find((e) => e.name === name && e.cat?.includes('blink.user_timing'));
      if (!mark) throw new Error(`the trace holds no "${name}" mark`);
      return mark;
    };
    return { events, start: markAt(from), end: markAt(to) };
  };
  const traced = cut(timeline);
  const trace = traceSlices(traced.events, `${traced.start.pid}:${traced.start.tid}`, traced.start.ts, traced.end.ts);
  const modules = sourceModules(readableDir);
  const profile = profileSlices(
    functions.map((recording) => {
      const sampled = cut(recording);
      return { profile: recording.profile, from: sampled.start.ts, to: sampled.end.ts };
    }),
    modules,
  );
  return {
    label,
    windowMs: (traced.end.ts - traced.start.ts) / 1000,
    cpuMs: trace.cpuMs,
    phases: trace.phases,
    events: trace.events.slice(0, top),
    sampledMs: profile.modules.reduce((sum, slice) => sum + slice.ms, 0),
    modules: profile.modules,
    functions: profile.functions.slice(0, top),
  };
}

/**
 * Self time of the page's main thread (`thread`, "pid:tid") by trace event and by phase, in thread time
 * where the event has it (`tdur`), else wall time. A task counts whole when it overlaps `from`–`to` (µs).
 * @param {any[]} events
 * @param {string} thread
 * @param {number} from
 * @param {number} to
 */
function traceSlices(events, thread, from, to) {
  const spans = toSpans(events.filter((e) => `${e.pid}:${e.tid}` === thread && (e.ph === 'X' || e.ph === 'B' || e.ph === 'E')));
  /** @type {Map<string, number>} */
  const selfByName = new Map();
  /** @type {Map<string, number>} */
  const byPhase = new Map();
  /** @type {Array<{ end: number; cpu: number; children: number; name: string; counted: boolean; inScript: boolean }>} */
  const stack = [];
  const add = (/** @type {Map<string, number>} */ map, /** @type {string} */ key, /** @type {number} */ us) => map.set(key, (map.get(key) ?? 0) + us);
  const close = () => {
    const span = stack.pop();
    if (!span?.counted) return;
    const self = Math.max(0, span.cpu - span.children);
    add(selfByName, span.name, self);
    const forced = span.inScript && (STYLE_EVENTS.test(span.name) || LAYOUT_EVENTS.test(span.name));
    add(byPhase, forced ? FORCED : (PHASES.find(([, pattern]) => pattern.test(span.name))?.[0] ?? OTHER), self);
  };
  for (const span of spans) {
    while (stack.length && /** @type {{ end: number }} */ (stack[stack.length - 1]).end <= span.ts) close();
    const parent = stack[stack.length - 1];
    if (parent) parent.children += span.cpu;
    const counted = parent ? parent.counted : span.ts < to && span.ts + span.dur > from;
    const inScript = parent ? parent.inScript || SCRIPT_EVENTS.test(parent.name) : false;
    stack.push({ end: span.ts + span.dur, cpu: span.cpu, children: 0, name: span.name, counted, inScript });
  }
  while (stack.length) close();

  const cpuUs = [...selfByName.values()].reduce((sum, us) => sum + us, 0);
  return { cpuMs: cpuUs / 1000, phases: sortSlices(byPhase), events: sortSlices(selfByName) };
}

/**
 * Complete spans from X events and B/E pairs, sorted for nesting (earlier first, longer first).
 * @param {any[]} events
 * @returns {Array<{ name: string; ts: number; dur: number; cpu: number }>}
 */
function toSpans(events) {
  const spans = [];
  /** @type {any[]} */
  const open = [];
  for (const e of [...events].sort((a, b) => a.ts - b.ts)) {
    if (e.ph === 'X') spans.push({ name: e.name, ts: e.ts, dur: e.dur ?? 0, cpu: e.tdur ?? e.dur ?? 0 });
    else if (e.ph === 'B') open.push(e);
    else {
      const begin = open.pop();
      if (!begin) continue;
      const cpu = typeof e.tts === 'number' && typeof begin.tts === 'number' ? e.tts - begin.tts : e.ts - begin.ts;
      spans.push({ name: begin.name, ts: begin.ts, dur: e.ts - begin.ts, cpu });
    }
  }
  return spans.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
}

/**
 * Self time by function and by source file, from V8 CPU profiles, for each one's samples between its
 * `from` and `to` (µs, the trace's clock), summed over the profiles. Sampled in wall time: on a busy
 * machine a function's time includes the time its thread waited for a core.
 * @param {Array<{ profile: any; from: number; to: number }>} windows
 * @param {Map<string, Array<[line: number, module: string]>>} modules for each readable script's file name, where each module starts
 */
function profileSlices(windows, modules) {
  /** @type {Map<string, number>} */
  const byModule = new Map();
  /** @type {Map<string, { module: string; us: number }>} */
  const byFunction = new Map();
  for (const { profile, from, to } of windows) addSamples(profile, from, to, modules, byModule, byFunction);
  const functions = [...byFunction]
    .map(([key, { module, us }]) => ({ name: key.split('\n')[0] ?? key, module, ms: us / 1000 }))
    .sort((a, b) => b.ms - a.ms);
  return { modules: sortSlices(byModule), functions };
}

/**
 * Adds one profile's self time between `from` and `to` to the totals by source file and by function.
 * @param {any} profile
 * @param {number} from
 * @param {number} to
 * @param {Map<string, Array<[number, string]>>} modules
 * @param {Map<string, number>} byModule
 * @param {Map<string, { module: string; us: number }>} byFunction
 */
function addSamples(profile, from, to, modules, byModule, byFunction) {
  /** @type {Map<number, any>} */
  const nodes = new Map(profile.nodes.map((/** @type {any} */ node) => [node.id, node]));
  /** @type {Map<number, number>} */
  const selfUs = new Map();
  const samples = /** @type {number[]} */ (profile.samples ?? []);
  const deltas = /** @type {number[]} */ (profile.timeDeltas ?? []);
  // A sample lasts until the next one (the last one until the profile's end).
  let at = profile.startTime;
  for (let i = 0; i < samples.length; i++) {
    at += deltas[i] ?? 0;
    if (at < from || at > to) continue;
    const next = i + 1 < samples.length ? at + (deltas[i + 1] ?? 0) : profile.endTime;
    const node = /** @type {number} */ (samples[i]);
    selfUs.set(node, (selfUs.get(node) ?? 0) + Math.max(0, Math.min(next, to) - at));
  }

  /** @type {Map<number, number>} */
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  /** The nearest caller written in JavaScript (a browser API has no script of its own). */
  const scriptCaller = (/** @type {number} */ id) => {
    for (let at = parents.get(id); at !== undefined; at = parents.get(at)) {
      const frame = nodes.get(at)?.callFrame;
      if (frame && frame.lineNumber >= 0) return frame;
    }
    return null;
  };

  for (const [id, us] of selfUs) {
    const frame = nodes.get(id)?.callFrame;
    if (!frame || frame.functionName === '(idle)' || frame.functionName === '(root)') continue;
    const special = frame.functionName.startsWith('(');
    let module = special ? describeSpecial(frame.functionName) : moduleOf(frame, modules);
    let where = module;
    if (!special && frame.lineNumber < 0) {
      // Browser APIs (scrollTo, insertBefore, fetch…) are native. Their self time is the work they do
      // inline, such as the layout scrollTo forces; it belongs to whoever called them.
      const caller = scriptCaller(id);
      const callerModule = caller ? moduleOf(caller, modules) : HARNESS;
      module = callerModule === HARNESS ? HARNESS : BROWSER_APIS;
      where = `browser API, called from ${callerModule}`;
    }
    byModule.set(module, (byModule.get(module) ?? 0) + us);
    if (special) continue;
    // Anonymous functions are told apart by their line in the (readable) script.
    const name = frame.functionName || (frame.lineNumber < 0 ? '(anonymous)' : `(anonymous, line ${frame.lineNumber + 1})`);
    const key = `${name}\n${where}`;
    const entry = byFunction.get(key) ?? { module: where, us: 0 };
    entry.us += us;
    byFunction.set(key, entry);
  }
}

/** @param {string} name a profile's own node: (program), (garbage collector) */
function describeSpecial(name) {
  if (name === '(garbage collector)') return '(garbage collection)';
  if (name === '(program)') return '(native: style, layout, paint, parsing, …)';
  return name;
}

/**
 * The source file of a profiled JavaScript function: from the readable build's module comments, else its
 * script's name (no script: the probe's init script or Playwright's).
 * @param {{ url: string; lineNumber: number }} frame
 * @param {Map<string, Array<[number, string]>>} modules
 */
function moduleOf(frame, modules) {
  if (!frame.url) return HARNESS;
  const file = basename(new URL(frame.url).pathname);
  const starts = modules.get(file);
  if (!starts) return file;
  let module = file;
  for (const [line, name] of starts) {
    if (line > frame.lineNumber) break;
    module = name;
  }
  return module;
}

/**
 * Where each module starts in each readable script (0-based lines), from the comments the bundler writes
 * before a module's code: `// src/ui/markdown.ts`, `// node_modules/preact/dist/preact.module.js`.
 * @param {string} dir
 * @returns {Map<string, Array<[number, string]>>}
 */
function sourceModules(dir) {
  /** @type {Map<string, Array<[number, string]>>} */
  const out = new Map();
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.js'))) {
    const starts = /** @type {Array<[number, string]>} */ ([]);
    readFileSync(join(dir, file), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        const match = /^\s*\/\/ ((?:src|node_modules)\/\S+)$/.exec(line);
        if (match?.[1]) starts.push([i, shortModule(match[1])]);
      });
    out.set(file, starts);
  }
  return out;
}

/** `node_modules/@preact/signals-core/dist/signals-core.module.js` → `@preact/signals-core`; source paths stay. */
function shortModule(/** @type {string} */ path) {
  const match = /^node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(path);
  if (!match) return path;
  const [, pkg, rest] = match;
  // preact/hooks is a module of its own within the preact package.
  const sub = /^([a-z-]+)\/dist\//.exec(rest ?? '');
  return sub ? `${pkg}/${sub[1]}` : `${pkg}`;
}

/**
 * @param {Map<string, number>} map microseconds by name
 * @returns {Slice[]} in milliseconds, largest first
 */
function sortSlices(map) {
  return [...map].map(([name, us]) => ({ name, ms: us / 1000 })).sort((a, b) => b.ms - a.ms);
}
