// Builds the packages whose build is missing or stale, and nothing else.
import { spawnSync } from 'node:child_process';
import { root, staleBuilds } from './builds.mjs';

export function buildIfMissing() {
  const stale = staleBuilds();
  if (stale.length === 0) {
    console.log('Builds are up to date.');
    return;
  }
  console.log(`Building ${stale.map((build) => build.name).join(', ')} …`);
  const scopes = stale.flatMap((build) => ['--scope', build.name]);
  const result = spawnSync('npx', ['lerna', 'run', 'build', '--include-dependencies', ...scopes], {
    cwd: root,
    stdio: 'inherit',
    env: { NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', ...process.env },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfMissing();
