// @ts-check
/**
 * Before/after: the same measurement of two builds (this one and a baseline) taken in the same run,
 * interleaved, summarised side by side with their ratio.
 */
import { spread } from './stats.mjs';

/**
 * @typedef {object} Comparison
 * @property {import('./stats.mjs').Spread} baseline
 * @property {import('./stats.mjs').Spread} current
 * @property {number} ratio median of this build ÷ median of the baseline (NaN when either is missing or 0)
 * @property {import('./stats.mjs').Spread} paired this build ÷ the baseline within each run (run i of one
 *   with run i of the other, measured next to each other), which the machine's drift touches least
 */

/**
 * Compares one numeric field of two lists of runs.
 * @template {object} T
 * @param {T[]} current this build's runs
 * @param {T[]} baseline the baseline's runs, in the same order (run i measured next to `current[i]`)
 * @param {keyof T & string} key
 * @returns {Comparison}
 */
export function compareRuns(current, baseline, key) {
  const value = (/** @type {T | undefined} */ run) => {
    const v = run ? /** @type {Record<string, unknown>} */ (run)[key] : undefined;
    return typeof v === 'number' && Number.isFinite(v) ? v : null;
  };
  const a = spread(current.map(value));
  const b = spread(baseline.map(value));
  const paired = current.map((run, i) => {
    const [x, y] = [value(run), value(baseline[i])];
    return x !== null && y !== null && y > 0 ? x / y : null;
  });
  return { baseline: b, current: a, ratio: a.n && b.n && b.median > 0 ? a.median / b.median : NaN, paired: spread(paired) };
}

/**
 * {@link compareRuns} for several fields.
 * @template {object} T
 * @param {T[]} current
 * @param {T[]} baseline
 * @param {ReadonlyArray<keyof T & string>} keys
 * @returns {Record<string, Comparison>}
 */
export function compareAll(current, baseline, keys) {
  return Object.fromEntries(keys.map((key) => [key, compareRuns(current, baseline, key)]));
}
