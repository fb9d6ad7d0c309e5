// The API's tests run against a real database — PGlite, or the PostgreSQL server of
// TEST_DATABASE_URL with HOSTDASH_TEST_ENGINE=postgres: globalSetup migrates and seeds a template
// once per run; each test file gets a copy (src/testing/testDatabase.ts).
const path = require('node:path');

const preset = require('@hostdash/testing/jest-preset')(__dirname);

/**
 * PGlite's own set (HOSTDASH_API_TEST_SET=pglite): what `npm test` runs on PGlite when the whole
 * suite runs on the PostgreSQL server of TEST_DATABASE_URL (scripts/test-jest.mjs,
 * docs/adr/0033-ci-time.md). The database layer and the code that differs by engine (tracing,
 * the job queue's claims, the sign-in throttle, the secrets command, shutdown, health, imports),
 * and the paging, sorting and search SQL over a large account (the scale tests). Every route for
 * every role (authorization) and every operation with generated input (fuzz) run on PostgreSQL
 * in `npm test`, and on PGlite with the rest of the suite in `npm run test:api:pglite`.
 */
const PGLITE_SET = [
  'db/*.test.ts',
  'tracing/tracing.test.ts',
  'jobs/jobs.test.ts',
  'auth/throttle.test.ts',
  'secrets/secretsCommand.test.ts',
  'secrets/upgrade.test.ts',
  'lifecycle/gracefulShutdown.test.ts',
  'health/health.test.ts',
  'imports/importTasks.test.ts',
  'listings/listingScale.test.ts',
  'reservations/reservationScale.test.ts',
];
const testSet = process.env.HOSTDASH_API_TEST_SET?.trim() || 'all';
if (testSet !== 'all' && testSet !== 'pglite')
  throw new Error(`HOSTDASH_API_TEST_SET must be all or pglite (got "${testSet}")`);

module.exports = {
  ...preset,
  transform: {
    ...preset.transform,
    // PGlite's CommonJS build loads node modules with dynamic import(), which jest's module
    // sandbox refuses without --experimental-vm-modules; compiled to require() it runs as is.
    '/node_modules/@electric-sql/pglite/dist/.+\\.cjs$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' },
        module: { type: 'commonjs', ignoreDynamic: false },
      },
    ],
  },
  // The contract's card rules from their source, as the remotes' tests read them (its package's
  // `node` export is the build the API runs).
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    '^@hostdash/api-contract$': path.join(__dirname, '../api-contract/src/index.ts'),
  },
  // The preset's exception (cookie, ESM only) plus PGlite.
  transformIgnorePatterns: ['/node_modules/(?!(cookie|@electric-sql/pglite)/)'],
  ...(testSet === 'pglite' ? { testMatch: PGLITE_SET.map((file) => `<rootDir>/src/${file}`) } : {}),
  globalSetup: path.join(__dirname, 'src/testing/globalSetup.ts'),
  globalTeardown: path.join(__dirname, 'src/testing/globalTeardown.ts'),
};
