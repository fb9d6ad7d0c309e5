// `npm run typecheck`: every package's TypeScript, checked. The dashboard's code (shared-ui, the
// shell, every remote) in one program (tsconfig.web.json), side by side with lerna running the
// other packages' own `typecheck` (the API, storage, the contract, delivery, shared-auth, e2e:
// other module settings). One program reads MUI's and React's types and the shared packages'
// source once instead of once per package: 148 s of CPU in all before, about a third of it
// after (ADR 33, item 11).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { root } from './builds.mjs';

const require = createRequire(import.meta.url);
const { listRemotes } = require('@hostdash/build/remotes');

/** The packages tsconfig.web.json covers: lerna leaves them out. */
export const WEB_PACKAGES = [
  '@hostdash/shared-ui',
  '@hostdash/shell',
  ...listRemotes().map((remote) => remote.packageName),
];

function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const codes = await Promise.all([
    run('npx', ['tsc', '-p', 'tsconfig.web.json']),
    run('npx', [
      'lerna',
      'run',
      'typecheck',
      ...WEB_PACKAGES.flatMap((name) => ['--ignore', name]),
    ]),
  ]);
  if (codes.some((code) => code !== 0)) {
    console.error('typecheck: failed (see above).');
    process.exit(1);
  }
}
