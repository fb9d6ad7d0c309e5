// The API's tests run against a real database — PGlite, or the PostgreSQL server of
// TEST_DATABASE_URL with HOSTDASH_TEST_ENGINE=postgres: globalSetup migrates and seeds a template
// once per run; each test file gets a copy (src/testing/testDatabase.ts).
const path = require('node:path');

const preset = require('../config/jest.preset.cjs')(__dirname);

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
  // The preset's exception (cookie, ESM only) plus PGlite.
  transformIgnorePatterns: ['/node_modules/(?!(cookie|@electric-sql/pglite)/)'],
  globalSetup: path.join(__dirname, 'src/testing/globalSetup.ts'),
  globalTeardown: path.join(__dirname, 'src/testing/globalTeardown.ts'),
};
