// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { spread, summarise } from './lib/stats.mjs';

describe('spread', () => {
  it('gives the middle value of an odd count and the mean of the two middle values of an even count', () => {
    expect(spread([30, 10, 20]).median).toBe(20);
    expect(spread([40, 10, 30, 20]).median).toBe(25);
  });

  it('gives the smallest, the largest and the mean, and counts only finite numbers', () => {
    expect(spread([5, null, 15, Number.NaN, undefined, 10, Number.POSITIVE_INFINITY])).toEqual({ median: 10, min: 5, max: 15, mean: 10, n: 3 });
  });

  it('is NaN throughout, with n 0, when nothing was measured', () => {
    const empty = spread([null, undefined]);
    expect(empty.n).toBe(0);
    expect(empty.median).toBeNaN();
    expect(empty.min).toBeNaN();
  });
});

describe('summarise', () => {
  it('summarises every numeric field of the runs and leaves out the others', () => {
    const runs = [
      { openMs: 80, cpuMs: 20, note: 'a', urls: ['x'] },
      { openMs: 120, cpuMs: null, note: 'b', urls: [] },
      { openMs: 100, cpuMs: 30, note: 'c', urls: [] },
    ];
    const summary = summarise(runs);
    expect(Object.keys(summary).sort()).toEqual(['cpuMs', 'openMs']);
    expect(summary.openMs).toMatchObject({ median: 100, min: 80, max: 120, n: 3 });
    expect(summary.cpuMs).toMatchObject({ median: 25, n: 2 });
  });
});
