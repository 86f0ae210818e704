// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { alternate, interleave, rotate } from './lib/order.mjs';

describe('rotate', () => {
  it('puts each item first once every as many runs as there are items', () => {
    const items = ['blank', 'bare', 'preact', 'widget'];
    const firsts = [0, 1, 2, 3].map((run) => rotate(items, run)[0]);
    expect(firsts).toEqual(items);
    expect(rotate(items, 5)).toEqual(['bare', 'preact', 'widget', 'blank']);
  });
});

describe('alternate', () => {
  it('keeps the order on even runs and reverses it on odd ones', () => {
    expect(alternate(['without', 'with'], 0)).toEqual(['without', 'with']);
    expect(alternate(['without', 'with'], 1)).toEqual(['with', 'without']);
    expect(alternate(['without', 'with'], 2)).toEqual(['without', 'with']);
  });
});

describe('interleave', () => {
  it('measures both builds next to each other for each variant, and each build first every other run', () => {
    expect(interleave(['hover', 'cold'], ['current', 'baseline'], 0)).toEqual([
      ['hover', 'current'],
      ['hover', 'baseline'],
      ['cold', 'current'],
      ['cold', 'baseline'],
    ]);
    expect(interleave(['hover', 'cold'], ['current', 'baseline'], 1)).toEqual([
      ['cold', 'baseline'],
      ['cold', 'current'],
      ['hover', 'baseline'],
      ['hover', 'current'],
    ]);
  });

  it('with one build, only takes the variants in turns', () => {
    expect(interleave(['hover', 'cold'], ['current'], 1)).toEqual([
      ['cold', 'current'],
      ['hover', 'current'],
    ]);
  });
});
