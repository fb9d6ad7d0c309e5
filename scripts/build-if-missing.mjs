// Builds the packages whose build is missing or stale, and nothing else: all of them, or only the
// ones named (`node scripts/build-if-missing.mjs @hostdash/storage`, what the API's jest
// globalSetup runs so that a fresh clone's `npx jest --selectProjects api` works). `--quiet`: say
// nothing when nothing is built.
import { spawnSync } from 'node:child_process';
import { builds, root, staleBuilds } from './builds.mjs';

/** @param {string[]} [only] package names; all of `builds` when empty */
export function buildIfMissing(only = [], { quiet = false } = {}) {
  const unknown = only.filter((name) => !builds.some((build) => build.name === name));
  if (unknown.length > 0) throw new Error(`Not a package with a build: ${unknown.join(', ')}`);
  const stale = staleBuilds().filter((build) => only.length === 0 || only.includes(build.name));
  if (stale.length === 0) {
    if (!quiet) console.log('Builds are up to date.');
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

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  buildIfMissing(
    args.filter((arg) => arg !== '--quiet'),
    { quiet: args.includes('--quiet') },
  );
}
