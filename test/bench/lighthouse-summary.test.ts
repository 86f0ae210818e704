// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readLighthouseRun, widgetImpact } from './lib/lighthouse-summary.mjs';

const CDN = 'http://127.0.0.1:4100';

/** A result shaped as Lighthouse 12's (LH.Result), with only the parts the bench reads. */
function lhr(overrides: { score?: number | null; runtimeError?: { code: string; message: string } } = {}) {
  return {
    categories: { performance: { score: overrides.score === undefined ? 0.97 : overrides.score } },
    audits: {
      'first-contentful-paint': { numericValue: 812.4 },
      'largest-contentful-paint': { numericValue: 2410.2 },
      'total-blocking-time': { numericValue: 17 },
      'cumulative-layout-shift': { numericValue: 0.002 },
      'speed-index': { numericValue: 1200 },
      'mainthread-work-breakdown': { numericValue: 640 },
      'bootup-time': {
        details: {
          type: 'table',
          items: [
            { url: 'http://127.0.0.1:4000/site/site.js', total: 12, scripting: 8, scriptParseCompile: 1 },
            { url: `${CDN}/widget.js`, total: 66.6, scripting: 64.7, scriptParseCompile: 0.8 },
            { url: `${CDN}/assistant-chat-panel-abc.js`, total: 10, scripting: 9, scriptParseCompile: 1 },
            { url: 'Unattributable', total: 300, scripting: 20, scriptParseCompile: 0 },
          ],
        },
      },
      'long-tasks': {
        details: {
          type: 'table',
          items: [
            { url: `${CDN}/widget.js`, duration: 66 },
            { url: 'http://127.0.0.1:4000/', duration: 80 },
          ],
        },
      },
      'network-requests': {
        details: {
          type: 'table',
          items: [
            { url: 'http://127.0.0.1:4000/', transferSize: 2100 },
            { url: `${CDN}/widget.js`, transferSize: 5390 },
          ],
        },
      },
    },
    environment: { benchmarkIndex: 1397.5 },
    runWarnings: [],
    ...(overrides.runtimeError ? { runtimeError: overrides.runtimeError } : {}),
  };
}

describe('readLighthouseRun', () => {
  it('reads the score out of 100, the metrics, and the time and requests of every script from the widget’s origin', () => {
    const run = readLighthouseRun(lhr(), CDN);
    expect(run).toMatchObject({
      score: 97,
      fcpMs: 812.4,
      lcpMs: 2410.2,
      tbtMs: 17,
      cls: 0.002,
      speedIndexMs: 1200,
      mainThreadMs: 640,
      widgetLongTasks: 1,
      widgetRequests: 1,
      widgetTransferBytes: 5390,
      benchmarkIndex: 1397.5,
      warnings: [],
    });
    // The boot and the panel, not the site's own script nor what Lighthouse cannot attribute.
    expect(run.widgetMs).toBeCloseTo(76.6);
    expect(run.widgetScriptMs).toBeCloseTo(73.7);
    expect(run.widgetParseMs).toBeCloseTo(1.8);
  });

  it('fails with Lighthouse’s own words when the run failed, or when there is no score', () => {
    expect(() => readLighthouseRun(lhr({ runtimeError: { code: 'NO_FCP', message: 'The page did not paint any content.' } }), CDN)).toThrow(
      'Lighthouse: NO_FCP: The page did not paint any content.',
    );
    expect(() => readLighthouseRun(lhr({ score: null }), CDN)).toThrow('no performance score');
  });
});

describe('widgetImpact', () => {
  const runs = (scores: number[], tbts: number[]) => scores.map((score, i) => ({ score, tbtMs: tbts[i] ?? 0 }));

  it('counts a difference of the medians within the page alone’s spread as noise', () => {
    const impact = widgetImpact(runs([97, 99, 98, 98, 99], [0, 12, 0, 0, 5]), runs([97, 97, 98, 96, 99], [0, 0, 10, 6, 3]));
    expect(impact.scoreDrop).toBe(1);
    expect(impact.scoreNoise).toBe(2);
    expect(impact.addedTbtMs).toBe(3);
    expect(impact.tbtNoiseMs).toBe(12);
    expect(impact.met).toBe(true);
  });

  it('fails a lower score when the page alone scored the same every run', () => {
    const impact = widgetImpact(runs([100, 100, 100], [0, 0, 0]), runs([99, 99, 100], [0, 0, 0]));
    expect(impact.scoreDrop).toBe(1);
    expect(impact.met).toBe(false);
  });

  it('fails blocking time the page alone never had', () => {
    const impact = widgetImpact(runs([100, 100, 100], [0, 0, 0]), runs([100, 100, 100], [17, 15, 0]));
    expect(impact.addedTbtMs).toBe(15);
    expect(impact.met).toBe(false);
  });

  it('does not count a higher score or less blocking time against the widget', () => {
    expect(widgetImpact(runs([96, 96, 96], [30, 30, 30]), runs([98, 98, 98], [10, 10, 10])).met).toBe(true);
  });

  it('has no verdict when a page has no runs', () => {
    expect(widgetImpact(runs([100], [0]), []).met).toBeNull();
  });
});
