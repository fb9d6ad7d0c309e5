// Starts the shell server, or with `--remote-origin` the remote origin (two processes, as in
// production where the remotes live on a CDN).
import path from 'node:path';
import { readRemoteOriginConfig, readShellConfig } from './config';
import type { RemoteStore } from './delivery/store';
import { buildRemoteOrigin } from './remoteOrigin';
import { buildShellServer } from './app';

/**
 * The store adapter REMOTES_STORE_MODULE names (docs/adr/0005), as `npm run remotes` loads it, so
 * the delivery console checks and lists the same store the CLI publishes to. Node >= 20.19
 * requires an ES module adapter too.
 */
function storeFromEnvironment(env: NodeJS.ProcessEnv): RemoteStore | undefined {
  if (!env.REMOTES_STORE_MODULE) return undefined;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const adapter = require(path.resolve(env.REMOTES_STORE_MODULE)) as {
    createRemoteStore?: (env: NodeJS.ProcessEnv) => RemoteStore;
  };
  if (typeof adapter.createRemoteStore !== 'function')
    throw new Error(`${env.REMOTES_STORE_MODULE} must export createRemoteStore(env)`);
  return adapter.createRemoteStore(env);
}

async function main(): Promise<void> {
  if (process.argv.includes('--remote-origin')) {
    const config = readRemoteOriginConfig();
    const app = buildRemoteOrigin(config);
    await app.listen({ port: config.port, host: config.host });
    return;
  }
  const config = readShellConfig();
  const app = buildShellServer(config, { store: storeFromEnvironment(process.env) });
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
