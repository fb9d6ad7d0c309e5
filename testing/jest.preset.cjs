// The one jest preset every package uses: @swc/jest for TS/TSX, the shared packages mapped to their
// source.
const path = require('node:path');
const { SURFACES } = require('../build/surfaces.cjs');

const root = path.resolve(__dirname, '..');

/**
 * @param {string} packageDir absolute path of the package
 * @param {{ environment?: 'node' | 'jsdom' | 'jsdom-fetch', setupFiles?: string[], setupFilesAfterEnv?: string[], displayName?: string }} options
 */
module.exports = function jestPreset(packageDir, options = {}) {
  // 'jsdom-fetch': jsdom with the browser's fetch (./jsdomWithFetch.cjs).
  const jsdom = options.environment === 'jsdom' || options.environment === 'jsdom-fetch';
  return {
    displayName: options.displayName ?? path.basename(packageDir),
    rootDir: packageDir,
    testEnvironment:
      options.environment === 'jsdom-fetch'
        ? path.join(__dirname, 'jsdomWithFetch.cjs')
        : jsdom
          ? 'jsdom'
          : 'node',
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}', '<rootDir>/server/**/*.test.ts'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    // cookie 2 (under fastify's inject) ships only ES modules; jest on Node 20 cannot require them.
    transformIgnorePatterns: ['/node_modules/(?!cookie/)'],
    moduleNameMapper: {
      '^@hostdash/shared-auth$': path.join(root, 'shared-auth/src/index.ts'),
      '^@hostdash/shared-auth/guest$': path.join(root, 'shared-auth/src/guest.ts'),
      '^@hostdash/shared-ui$': path.join(root, 'shared-ui/src/index.ts'),
      '^@hostdash/storage$': path.join(root, 'storage/src/index.ts'),
      '^@hostdash/storage/testing$': path.join(root, 'storage/src/testing/index.ts'),
      // This package's entries, from source (as its package.json `exports` name them).
      '^@hostdash/testing/(contract|demoUsers|offSiteNexts|renderRemote|styles|upstream)$':
        path.join(__dirname, 'src/$1'),
      // The parts of react-router, Redux Toolkit and react-redux the shell provides (webpack
      // resolves these names the same way).
      ...Object.fromEntries(SURFACES.map(({ alias, file }) => [`^${alias}$`, file])),
      '^@hostdash/react-router-package$': 'react-router',
      '^@hostdash/mui-guest-surface$': path.join(root, 'build/shared/mui-guest.js'),
      '^@hostdash/mui-guest-steps$': path.join(root, 'build/shared/mui-guest-steps.js'),
      '^@hostdash/mui-internals$': path.join(root, 'build/shared/mui-internals.js'),
      '^@hostdash/mui-more$': path.join(root, 'build/shared/mui-more.js'),
    },
    setupFiles: [
      ...(jsdom ? [path.join(__dirname, 'jest.setup-jsdom.cjs')] : []),
      ...(options.setupFiles ?? []),
    ],
    setupFilesAfterEnv: [
      path.join(__dirname, 'jest.setup-timeout.cjs'),
      ...(jsdom ? ['@testing-library/jest-dom'] : []),
      ...(options.setupFilesAfterEnv ?? []),
    ],
    clearMocks: true,
  };
};
