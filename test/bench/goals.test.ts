// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { evaluateGoals, ratioVerdict } from './lib/goals.mjs';
import { widgetImpact } from './lib/lighthouse-summary.mjs';
import type { Summary } from './lib/report.mjs';
import { spread } from './lib/stats.mjs';

const KB = 1024;
const runsOf = (...values: number[]) => spread(values);
const file = (name: string, gzipBytes: number) => ({ name, rawBytes: gzipBytes * 3, gzipBytes, brotliBytes: gzipBytes - 100 });

/** A run's summary that meets every goal and guard; each test changes one part. */
function passing(): Summary {
  return {
    size: {
      boot: file('widget.js', 5200),
      panel: [file('assistant-chat-panel-1.js', 27000), file('assistant-chat-rich-text-2.js', 5000), file('assistant-chat-fr-3.js', 1500)],
      panelTotal: { rawBytes: 100000, gzipBytes: 33500, brotliBytes: 30000 },
      floors: null,
    },
    load: {
      runs: 3,
      widget: { scriptMs: runsOf(8, 9, 10), blockingMs: runsOf(0, 0, 0), launcherPaintedMs: runsOf(100, 110, 120) },
      preact: { scriptMs: runsOf(9, 10, 11), launcherPaintedMs: runsOf(100, 110, 120) },
      bare: { scriptMs: runsOf(6, 7, 8) },
      blank: {},
      paintRatio: 1,
      bestPaintRatio: 1,
      pairedPaintRatio: runsOf(1, 1, 1),
      scriptRatio: 0.9,
      pairedScriptRatio: runsOf(0.85, 0.9, 0.95),
      runsWithLongTasks: { widget: 0, preact: 0, bare: 0, blank: 0 },
      runsWithWidgetLongFrames: 0,
      maxApiRequests: 0,
      maxPanelRequests: 0,
      apiRequestsSeenByServer: 0,
    },
    throttled: null,
    open: { runs: 3, hoverMs: 300, hover: { openMs: runsOf(40, 50, 60), hoverApiPosts: runsOf(0, 0, 0), hoverApiGets: runsOf(0, 0, 0) }, cold: {} },
    history: {
      runs: 3,
      messages: 1000,
      hoverMs: 300,
      hover: {
        openMs: runsOf(70, 80, 90),
        openCpuMs: runsOf(20, 25, 30),
        hoverCpuMs: runsOf(100, 120, 130),
        hoverApiPosts: runsOf(0, 0, 0),
        hoverApiGets: runsOf(1, 1, 1),
      },
      cold: {},
    },
    lighthouse: {
      runs: 3,
      heroBytes: {},
      apiRequestsSeenByServer: 0,
      presets: (['mobile', 'desktop'] as const).map((preset) => ({
        preset,
        without: {},
        with: {},
        impact: widgetImpact(
          [
            { score: 98, tbtMs: 0 },
            { score: 99, tbtMs: 0 },
            { score: 99, tbtMs: 0 },
          ],
          [
            { score: 99, tbtMs: 0 },
            { score: 98, tbtMs: 0 },
            { score: 99, tbtMs: 0 },
          ],
        ),
        warnings: [],
      })),
    },
    baseline: null,
    profile: null,
  };
}

const verdicts = (summary: Summary) => Object.fromEntries(evaluateGoals(summary, { busy: false }).map((goal) => [goal.id, goal.met]));

describe('evaluateGoals', () => {
  it('meets every goal and guard when each measurement is within its target', () => {
    const goals = evaluateGoals(passing(), { busy: false });
    expect(goals.filter((goal) => goal.kind === 'goal').map((goal) => goal.id)).toEqual([
      'boot-script',
      'long-tasks',
      'open',
      'open-history-cpu',
      'lighthouse',
    ]);
    expect(goals.filter((goal) => goal.met !== true)).toEqual([]);
  });

  it('misses the open’s CPU goal at a median above 60 ms', () => {
    const summary = passing();
    summary.history!.hover.openCpuMs = runsOf(55, 61, 70);
    expect(verdicts(summary)['open-history-cpu']).toBe(false);
  });

  it('misses click → panel painted when either the new visitor’s panel or the long conversation takes 100 ms or more', () => {
    const slowNew = passing();
    slowNew.open!.hover.openMs = runsOf(90, 100, 140);
    expect(verdicts(slowNew).open).toBe(false);
    const slowHistory = passing();
    slowHistory.history!.hover.openMs = runsOf(95, 105, 110);
    expect(verdicts(slowHistory).open).toBe(false);
  });

  it('misses the long-task goal when one run of the widget had a long task', () => {
    const summary = passing();
    summary.load!.runsWithLongTasks.widget = 1;
    expect(verdicts(summary)['long-tasks']).toBe(false);
  });

  it('misses the Lighthouse goal when the widget adds blocking time under one preset', () => {
    const summary = passing();
    summary.lighthouse!.presets[0]!.impact = widgetImpact(
      [
        { score: 100, tbtMs: 0 },
        { score: 100, tbtMs: 0 },
        { score: 100, tbtMs: 0 },
      ],
      [
        { score: 100, tbtMs: 17 },
        { score: 100, tbtMs: 16 },
        { score: 100, tbtMs: 0 },
      ],
    );
    const lighthouse = evaluateGoals(summary, { busy: false }).find((goal) => goal.id === 'lighthouse')!;
    expect(lighthouse.met).toBe(false);
    expect(lighthouse.value).toContain('mobile: score 100 → 100');
    expect(lighthouse.value).toContain('TBT 0.0 ms → 16 ms');
  });

  it('holds the sizes to the size test’s ceilings: boot 7.5 KB, panel 30 KB, markdown 6 KB, any other chunk 4 KB', () => {
    const summary = passing();
    summary.size!.boot = file('widget.js', 7.5 * KB + 1);
    summary.size!.panel = [
      file('assistant-chat-panel-1.js', 30 * KB + 1),
      file('assistant-chat-rich-text-2.js', 6 * KB + 1),
      file('assistant-chat-fr-3.js', 4 * KB + 1),
    ];
    expect(verdicts(summary)).toMatchObject({ 'boot-size': false, 'panel-size': false, 'markdown-size': false, 'chunk-size': false });
    // The old goals (boot 4 KB, panel 22 KB) are gone: sizes between them and the ceilings pass.
    expect(verdicts(passing())).toMatchObject({ 'boot-size': true, 'panel-size': true, 'markdown-size': true, 'chunk-size': true });
  });

  it('leaves a goal unmeasured (null) when its section did not run', () => {
    const summary = passing();
    summary.history = null;
    summary.lighthouse = null;
    expect(verdicts(summary)).toMatchObject({ 'open-history-cpu': null, lighthouse: null, open: true });
  });
});

describe('ratioVerdict', () => {
  it('calls the result unclear when the medians and the per-run ratios disagree', () => {
    expect(ratioVerdict(1.05, runsOf(0.9, 0.95, 1.2), 1)).toMatchObject({ met: null, note: expect.stringContaining('unclear') });
    expect(ratioVerdict(0.95, runsOf(0.9, 0.95, 1.2), 1)).toEqual({ met: true });
    expect(ratioVerdict(1.2, runsOf(1.1, 1.2, 1.3), 1)).toEqual({ met: false });
  });
});
