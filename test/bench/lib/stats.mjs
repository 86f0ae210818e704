// @ts-check
/** Summaries of repeated measurements. */

/**
 * @typedef {{ median: number; min: number; max: number; mean: number; n: number }} Spread
 */

/**
 * The median, minimum, maximum and mean of the finite values (NaN everywhere when there are none).
 * @param {Array<number | null | undefined>} values
 * @returns {Spread}
 */
export function spread(values) {
  const finite = /** @type {number[]} */ (values.filter((v) => typeof v === 'number' && Number.isFinite(v))).sort((a, b) => a - b);
  const n = finite.length;
  if (!n) return { median: NaN, min: NaN, max: NaN, mean: NaN, n: 0 };
  const mid = Math.floor(n / 2);
  const at = (/** @type {number} */ index) => /** @type {number} */ (finite[index]);
  const median = n % 2 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
  const mean = finite.reduce((sum, value) => sum + value, 0) / n;
  return { median, min: at(0), max: at(n - 1), mean, n };
}

/**
 * Summarises every numeric field of a list of runs.
 * @template {object} T
 * @param {T[]} runs
 * @returns {Record<string, Spread>}
 */
export function summarise(runs) {
  /** @type {Record<string, Spread>} */
  const out = {};
  const first = runs[0];
  if (!first) return out;
  for (const [key, value] of Object.entries(first)) {
    if (typeof value !== 'number' && value !== null) continue;
    out[key] = spread(runs.map((run) => /** @type {Record<string, unknown>} */ (run)[key]).map((v) => (typeof v === 'number' ? v : null)));
  }
  return out;
}
