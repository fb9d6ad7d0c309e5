// `npm run test:unit`: every package's jest project in one run.
module.exports = {
  // Jest's default is one worker fewer than the machine's cores: one worker on CI's 2 cores, while
  // the API's tests mostly wait on their database. Every API test file has a database of its own
  // (api/src/testing/testDatabase.ts), and the other projects share nothing between files, so
  // every core runs a worker. `--maxWorkers` on the command line still overrides it.
  maxWorkers: '100%',
  projects: [
    '<rootDir>/shared-auth',
    '<rootDir>/shared-ui',
    '<rootDir>/storage',
    '<rootDir>/api',
    '<rootDir>/shell',
    '<rootDir>/mfe-listings',
    '<rootDir>/mfe-reservations',
    '<rootDir>/mfe-billing',
    '<rootDir>/mfe-admin',
    '<rootDir>/mfe-onboarding',
    '<rootDir>/mfe-guestportal',
    '<rootDir>/scripts',
  ],
};
