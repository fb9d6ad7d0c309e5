// The scripts' own tests (scripts/*.test.mjs): plain ES modules, compiled to CommonJS for jest.
const preset = require('@hostdash/testing/jest-preset')(__dirname, { displayName: 'scripts' });

module.exports = {
  ...preset,
  testMatch: ['<rootDir>/*.test.mjs'],
  moduleFileExtensions: ['mjs', 'js', 'cjs', 'json'],
  transform: {
    '^.+\\.mjs$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
};
