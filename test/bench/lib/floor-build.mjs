// @ts-check
/**
 * Builds the floor pages (test/bench/floor/) into classic IIFE scripts the same way as dist/widget.js:
 * the project's own vite.config.ts (so target, minifier and JSX settings follow it), with only the entry,
 * the file name and the output folder swapped.
 */
import { build } from 'vite';
import { ROOT, resolveFromRoot } from './paths.mjs';

/**
 * @typedef {object} Floor
 * @property {string} entry the source, relative to the repository root
 * @property {string} fileName the script's name in the output folder
 * @property {string} globalName the IIFE's name (Vite requires one; the floors export nothing, so it is never assigned)
 */

/** The two floors: a launcher with no framework at all, and the least a Preact + signals widget can do. */
export const FLOORS = /** @type {const} */ ({
  bare: { entry: 'test/bench/floor/bare.ts', fileName: 'bare.js', globalName: 'BenchBareFloorBundle' },
  preact: { entry: 'test/bench/floor/floor.tsx', fileName: 'floor.js', globalName: 'BenchFloorBundle' },
});

/**
 * Builds every floor into `outDir` (emptied first) and returns the path of each script.
 * @param {string} outDir
 * @returns {Promise<Record<keyof typeof FLOORS, string>>}
 */
export async function buildFloors(outDir) {
  let first = true;
  for (const floor of Object.values(FLOORS)) {
    await build({
      configFile: resolveFromRoot('vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: {
        outDir,
        emptyOutDir: first,
        // Only entry, global name and file name change; formats, target and minification come from vite.config.ts.
        lib: { entry: resolveFromRoot(floor.entry), name: floor.globalName, fileName: () => floor.fileName },
      },
      // Keep Vite's caches out of the way of the demo's.
      cacheDir: resolveFromRoot('node_modules/.vite-bench'),
      root: ROOT,
    });
    first = false;
  }
  return { bare: `${outDir}/${FLOORS.bare.fileName}`, preact: `${outDir}/${FLOORS.preact.fileName}` };
}
