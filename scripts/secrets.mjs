// `npm run secrets -- <command>`: the key ring that seals secrets at rest (SECRETS_KEY_FILE) and the
// values sealed with it — status, rotate, reseal, retire, init (docs/adr/0028-secrets-at-rest.md).
// The commands are the API's own code (api/src/secrets/secretsCommand.ts), run from its build with
// the same environment the API reads; the build is made first when it is missing or stale.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { root, staleBuilds } from './builds.mjs';

const API_BUILDS = ['@hostdash/storage', '@hostdash/api'];
if (staleBuilds().some((build) => API_BUILDS.includes(build.name))) {
  console.error('Building the API first …');
  const build = spawnSync('npm', ['run', 'build', ...API_BUILDS.flatMap((name) => ['-w', name])], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const run = spawnSync(
  process.execPath,
  [path.join(root, 'api/dist/secrets/cli.js'), ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
process.exit(run.status ?? 1);
