/**
 * The tests Stryker runs against each mutant (see .stryker.config.mjs): the unit tests of the engine's
 * folders only; in Node, but for the files that ask for a DOM (happy-dom) in their first line.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    environment: 'node',
    include: ['test/store/**/*.test.ts', 'test/api/**/*.test.ts'],
  },
});
