// @ts-check
/**
 * The order of the measurements within a run. Whatever goes first in a fresh context pays for a colder
 * machine (caches, the CPU's clock), and the machine's load drifts over minutes; taking turns spreads both
 * over everything compared.
 */

/**
 * `items` rotated by `run`: each goes first once every `items.length` runs.
 * @template T
 * @param {readonly T[]} items
 * @param {number} run 0, 1, 2, …
 * @returns {T[]}
 */
export function rotate(items, run) {
  const shift = ((run % items.length) + items.length) % items.length;
  return [...items.slice(shift), ...items.slice(0, shift)];
}

/**
 * `items` in their order on even runs and reversed on odd ones (ABBA): with two items, each goes first
 * every other run, and over a pair of runs each sits as often next to a slow start as the other.
 * @template T
 * @param {readonly T[]} items
 * @param {number} run 0, 1, 2, …
 * @returns {T[]}
 */
export function alternate(items, run) {
  return run % 2 ? [...items].reverse() : [...items];
}

/**
 * Every pair of a variant and a build for one run: the builds interleaved within each variant (A B, A B),
 * the whole sequence reversed on odd runs, so both builds meet the machine's drift alike and each goes
 * first as often.
 * @template V, B
 * @param {readonly V[]} variants e.g. after a hover, cold
 * @param {readonly B[]} builds e.g. this build, the baseline
 * @param {number} run
 * @returns {Array<[V, B]>}
 */
export function interleave(variants, builds, run) {
  /** @type {Array<[V, B]>} */
  const pairs = variants.flatMap((variant) => builds.map((build) => /** @type {[V, B]} */ ([variant, build])));
  return alternate(pairs, run);
}
