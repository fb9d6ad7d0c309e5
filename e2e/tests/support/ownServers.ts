// Servers a journey starts for itself from the built packages (api/dist, shell/dist-server) on
// loopback ports of its own, beside the suite's: their output kept for the error a failed start
// throws, each stopped with SIGTERM as an orchestrator stops it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { repoDir } from './delivery';
import { DEMO_PASSWORD } from './env';

export interface OwnServer {
  name: string;
  child: ChildProcess;
  output: string[];
}

export class OwnServers {
  readonly servers: OwnServer[] = [];

  /** `environment()` is read at each start: a journey sets its settings in its beforeAll. */
  constructor(private readonly environment: () => NodeJS.ProcessEnv) {}

  start(name: string, args: string[], env: NodeJS.ProcessEnv): OwnServer {
    const child = spawn(process.execPath, args, {
      cwd: repoDir,
      env: { ...this.environment(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const server: OwnServer = { name, child, output: [] };
    const keep = (chunk: Buffer) => {
      server.output.push(chunk.toString());
      if (server.output.length > 200) server.output.shift();
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.servers.push(server);
    return server;
  }

  /** Stops every server and waits for each to exit. */
  async stopAll(): Promise<void> {
    for (const server of this.servers) server.child.kill('SIGTERM');
    await Promise.all(this.servers.map(stopped));
  }
}

/** Resolves once `url` answers 2xx; throws with the server's output if it exits or never does. */
export async function ready(server: OwnServer, url: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null)
      throw new Error(
        `${server.name} exited (${server.child.exitCode}):\n${server.output.join('')}`,
      );
    const answer = await fetch(url).catch(() => null);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${server.name} was not ready at ${url}:\n${server.output.join('')}`);
}

export function stopped(server: OwnServer): Promise<number | null> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null) return resolve(server.child.exitCode);
    server.child.once('exit', (code) => resolve(code));
  });
}

/**
 * Publishes the workspace's remote builds into the store and registry `env` names, as `npm start`
 * does (scripts/deploy.mjs); throws with the command's output when it fails.
 */
export function deployWorkspaceBuilds(env: NodeJS.ProcessEnv): void {
  const deployed = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const m = await import(${JSON.stringify(path.join(repoDir, 'scripts/deploy.mjs'))}); await m.deployWorkspaceBuilds(process.env);`,
    ],
    { cwd: repoDir, encoding: 'utf8', env },
  );
  if (deployed.status !== 0) throw new Error(`Deploying the builds failed:\n${deployed.stderr}`);
}

/**
 * Signs in through the shell server at `shellUrl` as the browser does (its own Origin); the answer's
 * status and the session cookie it set ('' when none).
 */
export async function signInThrough(shellUrl: string, email: string, password = DEMO_PASSWORD) {
  const answer = await fetch(`${shellUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: shellUrl },
    body: JSON.stringify({ email, password }),
  });
  const cookie = (answer.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return { status: answer.status, cookie };
}

export interface PlatformPorts {
  shell: number;
  origin: number;
  api: number;
}

/**
 * The settings of a whole platform of a journey's own — an API on the embedded database, a remote
 * origin and a shell server on `ports` — with every file under `workDir`; a journey adds its own.
 */
export function ownPlatformEnvironment(workDir: string, ports: PlatformPorts): NodeJS.ProcessEnv {
  const shellUrl = `http://127.0.0.1:${ports.shell}`;
  const environment: NodeJS.ProcessEnv = {
    ...process.env,
    STAGE: 'prod',
    LOG_LEVEL: 'warn',
    API_PORT: String(ports.api),
    API_URL: `http://127.0.0.1:${ports.api}`,
    PORT: String(ports.shell),
    PGLITE_DIR: path.join(workDir, 'db'),
    STORAGE_DIR: path.join(workDir, 'files'),
    MAIL_DIR: path.join(workDir, 'mail'),
    DELIVERY_TOKEN: randomBytes(32).toString('base64url'),
    SHELL_ORIGIN: shellUrl,
    SHELL_ORIGINS: shellUrl,
    REMOTES_ORIGIN: `http://127.0.0.1:${ports.origin}`,
    REMOTES_PORT: String(ports.origin),
    REMOTES_DIR: path.join(workDir, 'store'),
    REMOTES_FILE: path.join(workDir, 'remotes.json'),
    REMOTES_RECHECK_MS: '0',
  };
  delete environment.DATABASE_URL;
  return environment;
}

/** Starts the API, deploys the builds, starts the remote origin and the shell; waits for all. */
export async function startOwnPlatform(
  own: OwnServers,
  environment: NodeJS.ProcessEnv,
  apiReadyMs = 90_000,
): Promise<void> {
  const api = own.start('api', [path.join(repoDir, 'api/dist/server.js')], {});
  deployWorkspaceBuilds(environment);
  const main = path.join(repoDir, 'shell/dist-server/server/main.js');
  const origin = own.start('remote origin', [main, '--remote-origin'], {});
  const shell = own.start('shell', [main], {});
  await ready(api, `${environment.API_URL}/health/ready`, apiReadyMs);
  await ready(origin, `${environment.REMOTES_ORIGIN}/health/ready`);
  await ready(shell, `http://127.0.0.1:${environment.PORT}/health/ready`);
}
