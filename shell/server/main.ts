// Starts the shell server, or with `--remote-origin` the remote origin (two processes, as in
// production where the remotes live on a CDN).
import { readRemoteOriginConfig, readShellConfig } from './config';
import { buildRemoteOrigin } from './remoteOrigin';
import { buildShellServer } from './app';

async function main(): Promise<void> {
  if (process.argv.includes('--remote-origin')) {
    const config = readRemoteOriginConfig();
    const app = buildRemoteOrigin(config);
    await app.listen({ port: config.port, host: config.host });
    return;
  }
  const config = readShellConfig();
  const app = buildShellServer(config);
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
