// `npm run test:unit`: every package's jest project in one run. The remotes come from the one
// list (build/remotes.cjs).
const { listRemotes } = require('@hostdash/build/remotes');

module.exports = {
  // Jest's default is one worker fewer than the machine's cores: one worker on CI's 2 cores, while
  // the API's tests mostly wait on their database. Every API test file has a database of its own
  // (api/src/testing/testDatabase.ts), and the other projects share nothing between files, so
  // every core runs a worker. `--maxWorkers` on the command line still overrides it.
  maxWorkers: '100%',
  // The longest files first, by jest's own record or, on a fresh clone, scripts/test-jest-timings.json.
  testSequencer: '<rootDir>/scripts/test-jest-sequencer.cjs',
  projects: [
    '<rootDir>/shared-auth',
    '<rootDir>/shared-ui',
    '<rootDir>/storage',
    '<rootDir>/api-contract',
    '<rootDir>/delivery',
    '<rootDir>/api',
    '<rootDir>/shell',
    ...listRemotes().map((remote) => `<rootDir>/${remote.dir}`),
    '<rootDir>/scripts',
  ],
};
