// Starts the shell server, or with `--remote-origin` the remote origin (two processes, as in
// production where the remotes live on a CDN).
// Tracing first: its instrumentations patch http as Fastify requires it (server/tracing.ts).
import { tracing } from './tracingStart';
import path from 'node:path';
import { readRemoteOriginConfig, readShellConfig } from './config';
import { bucketStoreFromEnv, type RemoteStore } from '@hostdash/delivery';
import { stopOnSignals } from './lifecycle';
import { buildRemoteOrigin } from './remoteOrigin';
import { buildShellServer } from './app';

/**
 * The store adapter REMOTES_STORE_MODULE names (docs/adr/0005), as `npm run remotes` loads it, so
 * the delivery console checks and lists the same store the CLI publishes to. Node >= 20.19
 * requires an ES module adapter too.
 */
function storeFromEnvironment(env: NodeJS.ProcessEnv): RemoteStore | undefined {
  // Else the bucket REMOTES_S3_BUCKET, as the deploy command publishes to it; else the folder.
  if (!env.REMOTES_STORE_MODULE) return bucketStoreFromEnv(env);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const adapter = require(path.resolve(env.REMOTES_STORE_MODULE)) as {
    createRemoteStore?: (env: NodeJS.ProcessEnv) => RemoteStore;
  };
  if (typeof adapter.createRemoteStore !== 'function')
    throw new Error(`${env.REMOTES_STORE_MODULE} must export createRemoteStore(env)`);
  return adapter.createRemoteStore(env);
}

/** With an OTLP collector, the spans still in the batch are sent once the server has stopped. */
const exportSpans = async (): Promise<void> => {
  if (tracing.endpoint) await tracing.shutdown();
};

async function main(): Promise<void> {
  if (process.argv.includes('--remote-origin')) {
    const config = readRemoteOriginConfig();
    const app = buildRemoteOrigin(config);
    stopOnSignals(app, {
      timeoutMs: config.shutdownTimeoutMs,
      delayMs: config.shutdownDelayMs,
      after: exportSpans,
    });
    await app.listen({ port: config.port, host: config.host });
    return;
  }
  const config = readShellConfig();
  const app = buildShellServer(config, { store: storeFromEnvironment(process.env) });
  stopOnSignals(app, {
    timeoutMs: config.shutdownTimeoutMs,
    delayMs: config.shutdownDelayMs,
    after: exportSpans,
  });
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
