/** @jest-environment node */
// The shell server and the remote origin as an orchestrator runs them (issue 18): liveness and
// readiness, readiness following the registry's database, and a stop that lets the requests in
// flight finish while refusing new connections. With TEST_DATABASE_URL, two shell servers over
// one database serve a deploy made by the deploy command at its notification.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildShellServer } from './app';
import { LISTENER_APPLICATION_NAME, runDeliveryCommand as deployCommand } from '@hostdash/delivery';
import { startDraining } from './lifecycle';
import { buildRemoteOrigin } from './remoteOrigin';
import {
  describeOnServer,
  eventually,
  fakeBuild,
  scratchDatabase,
  startUpstream,
  temporaryDir,
  testConfig,
  testRemoteOriginConfig,
  type Upstream,
} from './testSupport';

let upstream: Upstream;
beforeAll(async () => {
  upstream = await startUpstream((request) =>
    request.url === '/slow'
      ? { json: { finished: true }, delayMs: 800 }
      : { status: 401, json: { error: 'unauthorized', message: 'Sign in to continue.' } },
  );
});
afterAll(() => upstream.close());

function shellDist(): string {
  const distDir = path.join(temporaryDir('dist'), 'dist');
  mkdirSync(path.join(distDir, 'assets'), { recursive: true });
  writeFileSync(
    path.join(distDir, 'index.html'),
    '<html><head><script id=hostdash-config type=application/json>{}</script></head></html>',
  );
  return distDir;
}

/** A GET on a connection of its own: its status and body, or the connection's error. */
function get(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { agent: false }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('the probes', () => {
  it('say live and ready on the shell server with the registry file, and not ready once draining', async () => {
    const app = buildShellServer(
      testConfig({
        API_URL: upstream.url,
        REMOTES_FILE: path.join(temporaryDir('registry'), 'remotes.json'),
      }),
      { logger: false },
    );
    expect((await app.inject('/health/live')).json()).toEqual({ status: 'ok' });
    const ready = await app.inject('/health/ready');
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ready' }]);
    expect(ready.headers['cache-control']).toBe('no-store');
    // What SIGTERM does first: the load balancer is told while the server still serves.
    startDraining(app);
    const stopping = await app.inject('/health/ready');
    expect([stopping.statusCode, stopping.json()]).toEqual([
      503,
      { status: 'not_ready', reason: 'the server is stopping' },
    ]);
    expect((await app.inject('/health/live')).statusCode).toBe(200);
    expect((await app.inject('/robots.txt')).statusCode).toBe(200);
    await app.close();
  });

  it('say live and ready on the remote origin', async () => {
    const app = buildRemoteOrigin(testRemoteOriginConfig(temporaryDir('store')), {
      logger: false,
    });
    expect((await app.inject('/health/live')).json()).toEqual({ status: 'ok' });
    expect((await app.inject('/health/ready')).json()).toEqual({ status: 'ready' });
    await app.close();
  });
});

describe('a graceful stop', () => {
  /** A shell server over the registry file, listening on a free port, in front of `upstream`. */
  async function listeningShell(): Promise<{ app: FastifyInstance; base: string }> {
    const app = buildShellServer(
      testConfig({
        API_URL: upstream.url,
        SHELL_DIST_DIR: shellDist(),
        REMOTES_FILE: path.join(temporaryDir('registry'), 'remotes.json'),
      }),
      { logger: false },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
  }

  it('finishes a slow proxied API call begun before it and refuses new connections', async () => {
    const { app, base } = await listeningShell();
    const asked = upstream.requests.length;
    const began = Date.now();
    const slow = get(`${base}/api/slow`);
    await eventually(() => upstream.requests.length > asked, 3_000, 'the API got the call');

    // The API answers 800 ms after the call began: the stop waits for it.
    const closing = app.close().then(() => Date.now() - began);
    await eventually(() => !app.server.listening, 3_000, 'no longer listening');
    await expect(get(`${base}/health/live`)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(await slow).toEqual({ status: 200, body: '{"finished":true}' });
    expect(await closing).toBeGreaterThanOrEqual(790);
  });

  it('closes a kept-alive connection after its answer under way, so a client cannot hold the stop open', async () => {
    const { app, base } = await listeningShell();
    // A browser's or a load balancer's pool: the connection would stay open for the next request.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const asked = upstream.requests.length;
    const slow = new Promise<string | undefined>((resolve, reject) => {
      httpRequest(`${base}/api/slow`, { agent }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.headers.connection));
      })
        .on('error', reject)
        .end();
    });
    await eventually(() => upstream.requests.length > asked, 3_000, 'the API got the call');
    const began = Date.now();
    const closing = app.close().then(() => Date.now() - began);
    expect(await slow).toBe('close');
    // Closed once the answer went out, not after the connection's keep-alive timeout (72 s).
    expect(await closing).toBeLessThan(5_000);
    agent.destroy();
  });
});

describeOnServer('shell servers over PostgreSQL', () => {
  const apps: FastifyInstance[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  function shellOver(databaseUrl: string, refreshMs: number, storeDir: string): FastifyInstance {
    const app = buildShellServer(
      testConfig({
        API_URL: upstream.url,
        REMOTES_ORIGIN: 'http://remotes.test',
        SHELL_DIST_DIR: shellDist(),
        DATABASE_URL: databaseUrl,
        REGISTRY_REFRESH_MS: String(refreshMs),
        REMOTES_DIR: storeDir,
      }),
      { logger: false },
    );
    apps.push(app);
    return app;
  }

  it('is not ready before the API has migrated, and ready after; stopping closes its connections', async () => {
    const database = await scratchDatabase('ready', false);
    try {
      const app = shellOver(database.url, 600_000, temporaryDir('store'));
      expect((await app.inject('/health/live')).statusCode).toBe(200);
      const early = await app.inject('/health/ready');
      expect([early.statusCode, early.json()]).toEqual([
        503,
        {
          status: 'not_ready',
          reason: "the registry's tables do not exist yet (the API's migrations create them)",
        },
      ]);
      expect((await app.inject('/remotes.json')).statusCode).toBe(503);
      await database.migrate();
      await eventually(
        async () => (await app.inject('/health/ready')).statusCode === 200,
        5_000,
        'ready once the tables exist',
      );
      await eventually(
        async () =>
          (
            await database.sql(
              'select 1 from pg_stat_activity where application_name = $1 and datname = current_database()',
              [LISTENER_APPLICATION_NAME],
            )
          ).length === 1,
        5_000,
        'listening',
      );
      await app.close();
      apps.splice(0);
      const left = await database.sql(
        "select application_name from pg_stat_activity where datname = current_database() and application_name like 'hostdash-registry%'",
      );
      expect(left).toEqual([]);
    } finally {
      await database.drop();
    }
  });

  it('serves a deploy made with the deploy command on both servers at its notification', async () => {
    const database = await scratchDatabase('servers');
    try {
      const storeDir = temporaryDir('store');
      const shells = [
        shellOver(database.url, 600_000, storeDir),
        shellOver(database.url, 600_000, storeDir),
      ];
      for (const shell of shells) {
        await eventually(
          async () => (await shell.inject('/health/ready')).statusCode === 200,
          5_000,
          'ready',
        );
      }
      const env = { DATABASE_URL: database.url, REMOTES_DIR: storeDir, DEPLOYED_BY: 'dana' };
      const out: string[] = [];
      const deployed = await deployCommand(
        [
          'deploy',
          'listings',
          '--dist',
          fakeBuild({ name: 'listings', version: '0.1.0+11111111' }),
        ],
        {
          env,
          repoDir: temporaryDir('repo'),
          out: (line) => out.push(line),
          err: (line) => out.push(line),
        },
      );
      expect([deployed, out[0]]).toEqual([
        0,
        expect.stringMatching(/^listings 0\.1\.0\+11111111 \(published to .*\) is live$/),
      ]);
      for (const shell of shells) {
        await eventually(
          async () =>
            JSON.stringify((await shell.inject('/remotes.json')).json()).includes('0.1.0+11111111'),
          3_000,
          'the deploy served',
        );
      }
    } finally {
      await Promise.all(apps.splice(0).map((app) => app.close()));
      await database.drop();
    }
  });
});
