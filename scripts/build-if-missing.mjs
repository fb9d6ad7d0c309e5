// Builds the packages whose build is missing or stale, and nothing else: all of them, or only the
// ones named and the stale ones they depend on (`node scripts/build-if-missing.mjs
// @hostdash/storage`, what the API's jest globalSetup runs so that a fresh clone's
// `npx jest --selectProjects api` works). `--quiet`: say nothing when nothing is built.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { builds, root, staleBuilds } from './builds.mjs';

/**
 * The packages whose builds `build` reads, among `names`: its `needs`, or else every workspace
 * package its package.json names.
 */
function dependenciesOf(build, names) {
  if (build.needs) return build.needs.filter((name) => names.has(name));
  const manifestFile = path.join(root, build.output.split('/')[0], 'package.json');
  const { dependencies, devDependencies } = JSON.parse(readFileSync(manifestFile, 'utf8'));
  return Object.keys({ ...dependencies, ...devDependencies }).filter((name) => names.has(name));
}

function runBuild(name) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', 'build', '--workspace', name], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      console.log(`${name}: ${code === 0 ? 'built' : 'FAILED'} in ${seconds} s`);
      resolve(code ?? 1);
    });
  });
}

/**
 * Runs `run(name)` for each of `names`, each once every name it `needs` (among `names`) has
 * succeeded, at most `slots` at once, in the order given where free to choose. After a failure
 * nothing more starts. Resolves to the first failure's exit code, or 0.
 * @param {string[]} names
 * @param {Map<string, string[]>} needs
 * @param {(name: string) => Promise<number>} run
 * @param {number} slots
 */
export async function runInOrder(names, needs, run, slots) {
  const waiting = new Set(names);
  const running = new Map();
  let failed = 0;
  for (;;) {
    if (!failed) {
      for (const name of waiting) {
        if (running.size >= slots) break;
        const blocked = (needs.get(name) ?? []).some(
          (dependency) => waiting.has(dependency) || running.has(dependency),
        );
        if (blocked) continue;
        waiting.delete(name);
        running.set(
          name,
          run(name).then((code) => ({ name, code })),
        );
      }
    }
    if (running.size === 0) break;
    const { name, code } = await Promise.race(running.values());
    running.delete(name);
    if (code !== 0 && !failed) failed = code;
  }
  if (!failed && waiting.size > 0)
    throw new Error(`These builds depend on each other in a cycle: ${[...waiting].join(', ')}`);
  return failed;
}

/**
 * Builds the stale packages of `only` (all of `builds` when empty) and the stale packages they
 * depend on: each as soon as those it depends on are built, as many at once as the machine has
 * cores. A dependency whose build is fresh is not built again (lerna, through Nx, rebuilt every
 * dependency it had no cache record of, such as the packages contract:check compiles, one after
 * another).
 * @param {string[]} [only] package names
 * @returns {Promise<void>} resolves once all are built; exits the process when one fails
 */
export async function buildIfMissing(only = [], { quiet = false } = {}) {
  const unknown = only.filter((name) => !builds.some((build) => build.name === name));
  if (unknown.length > 0) throw new Error(`Not a package with a build: ${unknown.join(', ')}`);
  const staleByName = new Map(staleBuilds().map((build) => [build.name, build]));
  const withBuilds = new Set(builds.map((build) => build.name));
  // Each chosen build with the packages with builds that it reads.
  const chosen = new Map();
  const choose = (name) => {
    const build = staleByName.get(name);
    if (!build || chosen.has(name)) return;
    const reads = dependenciesOf(build, withBuilds);
    chosen.set(name, reads);
    for (const dependency of reads) choose(dependency);
  };
  for (const name of only.length > 0 ? only : staleByName.keys()) choose(name);
  const stale = builds.filter((build) => chosen.has(build.name));
  if (stale.length === 0) {
    if (!quiet) console.log('Builds are up to date.');
    return;
  }
  console.log(`Building ${stale.map((build) => build.name).join(', ')} …`);
  const failed = await runInOrder(
    stale.map((build) => build.name),
    chosen,
    runBuild,
    Math.max(1, os.availableParallelism()),
  );
  if (failed) process.exit(failed);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  buildIfMissing(
    args.filter((arg) => arg !== '--quiet'),
    { quiet: args.includes('--quiet') },
  ).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
