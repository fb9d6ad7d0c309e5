// The deploy command: `npm run remotes -- <command>`, `npm run deploy -w @hostdash/mfe-<remote>`.
// Publishes a remote's build to the store and switches the live registry (rollback, canary,
// promote, abort, status too). The command is the delivery package's CLI (delivery/src/cli.ts),
// run from its build (delivery/dist), made by its own `npm run build`; a missing or stale
// build is made first (scripts/build-if-missing.mjs), as `npm start` does.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfMissing } from './build-if-missing.mjs';
import { REMOTES, root, staleBuilds } from './builds.mjs';

/** The built deploy command (module.exports of @hostdash/delivery/cli). */
export async function loadDeployCommand() {
  await buildIfMissing(['@hostdash/delivery'], { quiet: true });
  return (await import('@hostdash/delivery/cli')).default;
}

/** A store adapter from REMOTES_STORE_MODULE (docs/adr/0005), or the folder REMOTES_DIR. */
async function storeFromEnvironment(env) {
  if (!env.REMOTES_STORE_MODULE) return undefined;
  const adapter = await import(pathToFileURL(path.resolve(env.REMOTES_STORE_MODULE)).href);
  if (typeof adapter.createRemoteStore !== 'function') {
    throw new Error(`${env.REMOTES_STORE_MODULE} must export createRemoteStore(env)`);
  }
  return adapter.createRemoteStore(env);
}

export async function runDeployCommand(argv, env = process.env, output = {}) {
  const command = await loadDeployCommand();
  return command.main(argv, {
    env,
    repoDir: root,
    store: await storeFromEnvironment(env),
    ...output,
  });
}

/**
 * What `npm start` does before the servers start: each remote's workspace build goes live if the
 * remote has no live version yet or this build was never published (a new build). A rollback or a
 * canary stays as it is.
 */
export async function deployWorkspaceBuilds(env = process.env) {
  for (const remote of REMOTES) {
    if (!existsSync(path.join(root, `mfe-${remote}`, 'dist', 'mf-manifest.json'))) continue;
    const code = await runDeployCommand(['deploy', remote, '--if-new'], env, {
      out: (line) => !line.startsWith('Undo:') && console.log(`[deploy] ${line}`),
      err: (line) => console.error(`[deploy] ${line}`),
    });
    if (code !== 0) console.error(`[deploy] ${remote}: its workspace build was not deployed`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const argv = process.argv.slice(2);
  const [command, remote] = argv;
  const deploysWorkspaceBuild =
    command === 'deploy' &&
    REMOTES.includes(remote) &&
    !argv.some((arg) => arg.startsWith('--dist'));
  if (
    deploysWorkspaceBuild &&
    staleBuilds().some((build) => build.name === `@hostdash/mfe-${remote}`)
  ) {
    console.warn(
      `warning: mfe-${remote}/dist is missing or older than its sources; build it first: npm run build -w @hostdash/mfe-${remote}`,
    );
  }
  process.exitCode = await runDeployCommand(argv);
}
