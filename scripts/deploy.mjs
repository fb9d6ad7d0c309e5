// The deploy command: `npm run remotes -- <command>`, `npm run deploy -w @hostdash/mfe-<remote>`.
// Publishes a remote's build to the store and switches the live registry (rollback, canary,
// promote, abort, status too). The logic is TypeScript in shell/server/delivery, shared with the
// shell server that reads the registry; this compiles it when it is missing or stale (~3 s) and runs it.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { newestMtime, REMOTES, root, staleBuilds } from './builds.mjs';

const CLI = path.join(root, 'shell/dist-server/server/delivery/cli.js');

function compile(project, what) {
  const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', project], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${what} does not compile`);
}

const modified = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

/** The compiled deploy command (module.exports of shell/server/delivery/cli.ts). */
export async function loadDeployCommand() {
  // The registry's history entries are the delivery console's types, declared in shared-auth: the
  // command compiles against its built declarations (types only: nothing of it runs here).
  const sharedAuth = path.join(root, 'shared-auth/dist/index.d.ts');
  if (modified(sharedAuth) < newestMtime(path.join(root, 'shared-auth/src'))) {
    compile('shared-auth/tsconfig.build.json', "shared-auth's declarations");
  }
  // A bucket as the store (REMOTES_S3_BUCKET) goes through the storage package, which runs here.
  const storage = path.join(root, 'storage/dist/index.js');
  if (modified(storage) < newestMtime(path.join(root, 'storage/src'))) {
    compile('storage/tsconfig.build.json', 'the storage package');
  }
  const sources = Math.max(
    newestMtime(path.join(root, 'shell/server/delivery')),
    // The registry's document types and schema address, shared with the page (docs/adr/0019).
    modified(path.join(root, 'shell/src/clientConfig.types.ts')),
    // What a published file is served with (the bucket store sets the same headers).
    modified(path.join(root, 'shell/server/remoteOrigin.ts')),
    modified(path.join(root, 'shell/server/encoding.ts')),
    modified(sharedAuth),
    modified(storage),
  );
  if (modified(CLI) < sources) compile('shell/tsconfig.delivery.json', 'the deploy command');
  return (await import(pathToFileURL(CLI).href)).default;
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
