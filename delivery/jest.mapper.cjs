// The package's entries mapped to their source, for the jest projects that import it (this
// package's and the shell's): tests run against the source, never a stale dist/.
const path = require('node:path');

const src = path.join(__dirname, 'src');

module.exports = {
  '^@hostdash/delivery$': path.join(src, 'index.ts'),
  '^@hostdash/delivery/console-types$': path.join(src, 'consoleTypes.ts'),
  '^@hostdash/delivery/cli$': path.join(src, 'cli.ts'),
  '^@hostdash/delivery/testing$': path.join(src, 'testing/index.ts'),
};
