// Mutation testing of the engine (npm run mutate): StrykerJS changes the code of the store, the API
// client and the domain model one small piece at a time, and the unit tests of those folders must
// notice each change. The run fails below a mutation score of 85 %. Not part of `npm test`: it takes
// a while. The report is written to reports/mutation/index.html.

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'test/stryker.vitest.config.ts' },
  mutate: ['src/store/**/*.ts', 'src/api/**/*.ts', 'src/model.ts'],
  coverageAnalysis: 'perTest',
  // Two cores, shared: one test process each.
  concurrency: 2,
  thresholds: { high: 90, low: 85, break: 85 },
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
