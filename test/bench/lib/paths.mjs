// @ts-check
/** Where things are: the repository root, dist/, and the git-ignored results folder. */
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

/** The repository root (three folders up from this file). */
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * A path inside the repository.
 * @param {string} path relative to the root
 */
export function resolveFromRoot(path) {
  return resolve(ROOT, path);
}

/** The script-tag build under test: the boot, with the panel's files beside it. */
export const DIST_DIR = resolveFromRoot('dist');
export const WIDGET_FILE = resolveFromRoot('dist/widget.js');

/** Where results go (git-ignored). */
export const RESULTS_DIR = resolveFromRoot('test/bench/results');
