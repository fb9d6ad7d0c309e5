// `npm run test:unit`: every package's jest project in one run. The remotes come from the one
// list (config/remotes.cjs).
const { listRemotes } = require('./config/remotes.cjs');

module.exports = {
  projects: [
    '<rootDir>/shared-auth',
    '<rootDir>/shared-ui',
    '<rootDir>/storage',
    '<rootDir>/api',
    '<rootDir>/shell',
    ...listRemotes().map((remote) => `<rootDir>/${remote.dir}`),
    '<rootDir>/scripts',
  ],
};
