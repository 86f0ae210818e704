// @ts-check
/**
 * Builds the floor page (test/bench/floor/floor.tsx) into one classic IIFE script the same way as
 * dist/widget.js: the project's own vite.config.ts (so target, minifier and JSX settings follow it),
 * with only the entry, the file name and the output folder swapped.
 */
import { build } from 'vite';
import { ROOT, resolveFromRoot } from './paths.mjs';

/** The floor's source. */
export const FLOOR_ENTRY = resolveFromRoot('test/bench/floor/floor.tsx');

/**
 * Builds the floor script into `outDir` (emptied first) and returns the path of the script.
 * @param {string} outDir
 * @returns {Promise<string>}
 */
export async function buildFloor(outDir) {
  await build({
    configFile: resolveFromRoot('vite.config.ts'),
    mode: 'production',
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: true,
      // Only entry, global name and file name change; formats, target and minification come from vite.config.ts.
      lib: { entry: FLOOR_ENTRY, name: 'BenchFloorBundle', fileName: () => 'floor.js' },
    },
    // Keep Vite's caches out of the way of the demo's.
    cacheDir: resolveFromRoot('node_modules/.vite-bench'),
    root: ROOT,
  });
  return `${outDir}/floor.js`;
}
