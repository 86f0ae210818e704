// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { compareRuns } from './lib/compare.mjs';

describe('compareRuns', () => {
  it('gives both medians, the ratio of this build to the baseline, and the ratio within each run', () => {
    const baseline = [{ cpuMs: 40 }, { cpuMs: 50 }, { cpuMs: 60 }];
    const current = [{ cpuMs: 20 }, { cpuMs: 30 }, { cpuMs: 20 }];
    const result = compareRuns(current, baseline, 'cpuMs');
    expect(result.baseline.median).toBe(50);
    expect(result.current.median).toBe(20);
    expect(result.ratio).toBeCloseTo(0.4);
    // Run by run: 20/40, 30/50, 20/60.
    expect(result.paired.median).toBeCloseTo(0.5);
    expect(result.paired.min).toBeCloseTo(1 / 3);
    expect(result.paired.max).toBeCloseTo(0.6);
  });

  it('leaves out of the per-run ratios a run that one of the builds did not measure', () => {
    const result = compareRuns([{ cpuMs: 30 }, { cpuMs: null }], [{ cpuMs: 60 }, { cpuMs: 50 }], 'cpuMs');
    expect(result.paired.n).toBe(1);
    expect(result.paired.median).toBeCloseTo(0.5);
  });

  it('has no ratio when the baseline was not measured', () => {
    const result = compareRuns([{ cpuMs: 30 }], [], 'cpuMs');
    expect(result.ratio).toBeNaN();
    expect(result.paired.n).toBe(0);
  });
});
