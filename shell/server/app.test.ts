/** @jest-environment node */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { releasesOf } from '../src/remotes/discovery';
import { buildShellServer } from './app';
import {
  fakeManifest,
  startUpstream,
  temporaryDir,
  testConfig,
  type Upstream,
} from './testSupport';
import { demoUser } from '@hostdash/testing/demoUsers';

const LIVE = '0.1.0+aaaaaaaa';
const CANDIDATE = '0.2.0+bbbbbbbb';

const owner = demoUser({ name: 'Olivia', email: 'o@x' });
const admin = demoUser({ id: '9', name: 'Ada', email: 'a@x', type: 'admin', subtype: 'admin' });

/** The shell server's view of the registry, live, per user, and in /health. */
describe('the live registry in the shell server', () => {
  let upstream: Upstream;
  let app: FastifyInstance;
  const dir = temporaryDir('shell-registry');
  const registryFile = path.join(dir, 'remotes.json');
  const distDir = path.join(dir, 'dist');
  mkdirSync(path.join(distDir, 'assets'), { recursive: true });
  writeFileSync(
    path.join(distDir, 'index.html'),
    '<html><head><script id=hostdash-config type=application/json>{}</script></head></html>',
  );
  writeFileSync(
    path.join(distDir, 'hostdash-federation.json'),
    JSON.stringify({ contract: '1.0.0', shared: { react: '19.3.1' } }),
  );

  const registry = (canary?: object) => ({
    remotes: [
      {
        name: 'listings',
        version: LIVE,
        manifest: `listings/${LIVE}/mf-manifest.json`,
        ...(canary ? { canary } : {}),
      },
      {
        name: 'reservations',
        version: '0.1.0+cccccccc',
        manifest: 'reservations/0.1.0+cccccccc/mf-manifest.json',
      },
    ],
  });
  const canaryForOwner = {
    version: CANDIDATE,
    manifest: `listings/${CANDIDATE}/mf-manifest.json`,
    percent: 0,
    users: ['1'],
  };

  beforeAll(async () => {
    upstream = await startUpstream((request) => {
      if (request.url === '/health') return { json: { status: 'ok' } };
      if (request.url === '/loadAuth') {
        if (request.headers.authorization === 'owner-session')
          return { json: { ...owner, sessionId: 'owner-session' } };
        if (request.headers.authorization === 'admin-session')
          return { json: { ...admin, sessionId: 'admin-session' } };
        return { status: 401, json: { error: 'unauthorized', message: 'Sign in to continue.' } };
      }
      if (request.url === `/listings/${LIVE}/mf-manifest.json`)
        return {
          json: fakeManifest({
            name: 'listings',
            version: LIVE,
            shared: [{ name: 'react', requiredVersion: '^18.2.0' }],
          }),
        };
      if (request.url === `/listings/${CANDIDATE}/mf-manifest.json`)
        return { json: fakeManifest({ name: 'listings', version: CANDIDATE, contract: '^2.0.0' }) };
      return { status: 404, json: { error: 'not_found', message: 'no' } };
    });
    app = buildShellServer(
      testConfig({
        API_URL: upstream.url,
        REMOTES_ORIGIN: upstream.url,
        REMOTES_FILE: registryFile,
        SHELL_DIST_DIR: distDir,
        REMOTES_RECHECK_MS: '0',
      }),
      { logger: false },
    );
  });

  afterAll(async () => {
    await app.close();
    await upstream.close();
  });

  const remotesJson = (session?: string) =>
    app.inject({
      url: '/remotes.json',
      headers: session ? { cookie: `hd_session=${session}` } : {},
    });

  it('reads the registry file on every request: a change is served at once', async () => {
    writeFileSync(registryFile, JSON.stringify(registry()));
    const before = releasesOf((await remotesJson()).json());
    expect(before[0]).toEqual({
      name: 'listings',
      version: LIVE,
      manifest: `${upstream.url}/listings/${LIVE}/mf-manifest.json`,
      url: `${upstream.url}/listings/${LIVE}/remoteEntry.js`,
    });
    const next = registry();
    next.remotes[0] = {
      ...next.remotes[0],
      version: CANDIDATE,
      manifest: `listings/${CANDIDATE}/mf-manifest.json`,
    } as never;
    writeFileSync(registryFile, JSON.stringify(next));
    expect(releasesOf((await remotesJson()).json())[0]?.version).toBe(CANDIDATE);
  });

  it('asks the API who the user is only when a canary runs, and resolves it for them', async () => {
    writeFileSync(registryFile, JSON.stringify(registry()));
    const calls = () => upstream.requests.filter((request) => request.url === '/loadAuth').length;
    const before = calls();
    await remotesJson('owner-session');
    expect(calls()).toBe(before);

    writeFileSync(registryFile, JSON.stringify(registry(canaryForOwner)));
    const forOwner = await remotesJson('owner-session');
    expect(forOwner.headers['cache-control']).toBe('private, no-cache');
    expect(releasesOf(forOwner.json())[0]).toMatchObject({
      version: CANDIDATE,
      canary: true,
      liveVersion: LIVE,
      fallback: { version: LIVE },
    });
    // Who else is in the canary, and the history, stay on the server (ids of people).
    expect(forOwner.body).not.toMatch(/"users"|"history"|"by"/);
    expect(releasesOf((await remotesJson()).json())[0]).toEqual(
      expect.not.objectContaining({ canary: true }),
    );
    expect(releasesOf((await remotesJson('forged')).json())[0]?.version).toBe(LIVE);
  });

  it('puts the registry resolved for the user into the page, so the client needs no extra call', async () => {
    writeFileSync(registryFile, JSON.stringify(registry(canaryForOwner)));
    const response = await app.inject({
      url: '/listings',
      headers: { accept: 'text/html', cookie: 'hd_session=owner-session' },
    });
    const injected = JSON.parse(
      /<script id="hostdash-config" type="application\/json">(.*?)<\/script>/.exec(
        response.body,
      )?.[1] ?? 'null',
    );
    expect(releasesOf(injected.remotes)[0]).toMatchObject({
      name: 'listings',
      version: CANDIDATE,
      canary: true,
    });
    expect(injected.remotesRecheckMs).toBe(0);
    expect(injected.monitoringSampleRate).toBe(1);
  });

  it('lists each remote in /health: version, whether its manifest answers, and whether it fits', async () => {
    writeFileSync(registryFile, JSON.stringify(registry(canaryForOwner)));
    const response = await app.inject({ url: '/health' });
    expect(response.statusCode).toBe(200);
    const health = response.json();
    expect(health).toMatchObject({ status: 'ok', api: 'ok', contract: '1.0.0' });
    const [listings, reservations] = health.remotes;
    expect(listings).toMatchObject({
      name: 'listings',
      version: LIVE,
      manifestAnswers: true,
      compatible: true,
      sharedMismatches: [{ name: 'react', requiredVersion: '^18.2.0', provided: '19.3.1' }],
      canary: {
        version: CANDIDATE,
        manifestAnswers: true,
        compatible: false,
        contract: '^2.0.0',
        users: 1,
      },
    });
    expect(reservations).toMatchObject({
      name: 'reservations',
      manifestAnswers: false,
      error: 'the manifest answered 404',
    });
    expect(health.problems).toEqual([
      `listings ${LIVE}: requires react ^18.2.0; the shell provides 19.3.1`,
      `listings canary ${CANDIDATE}: needs shell contract ^2.0.0; this shell provides 1.0.0`,
      'reservations 0.1.0+cccccccc: manifest does not answer (the manifest answered 404)',
    ]);
  });

  it('reports each rollout in /health with its latest verdict, an unhealthy one as a problem', async () => {
    const judged = {
      verdict: 'unhealthy',
      reason: 'error rate 4.1 % vs 0.2 %, 312 sessions',
      at: '2026-11-25T10:05:00.000Z',
      candidate: { sessions: 312, errorRate: 0.041 },
      live: { sessions: 2000, errorRate: 0.002 },
    };
    writeFileSync(
      registryFile,
      JSON.stringify(
        registry({
          ...canaryForOwner,
          percent: 10,
          rollout: {
            strategy: 'linear10-every-5m',
            step: 0,
            stepSince: '2026-11-25T10:00:00.000Z',
          },
          health: judged,
        }),
      ),
    );
    const health = (await app.inject({ url: '/health' })).json();
    expect(health.rollouts).toEqual([
      {
        remote: 'listings',
        candidate: CANDIDATE,
        live: LIVE,
        percent: 10,
        strategy: 'linear10-every-5m',
        step: 1,
        steps: 9,
        verdict: 'unhealthy',
        reason: 'error rate 4.1 % vs 0.2 %, 312 sessions',
        judgedAt: '2026-11-25T10:05:00.000Z',
      },
    ]);
    expect(health.problems).toContain(
      `listings ${CANDIDATE} is unhealthy: error rate 4.1 % vs 0.2 %, 312 sessions`,
    );
  });

  // Issue 11, finding 9: /health showed the process id to anyone.
  it('shows process details in /health to an admin only', async () => {
    writeFileSync(registryFile, JSON.stringify(registry()));
    const health = (session?: string) =>
      app.inject({ url: '/health', headers: session ? { cookie: `hd_session=${session}` } : {} });
    for (const session of [undefined, 'owner-session', 'forged']) {
      const answer = await health(session);
      expect(answer.json()).not.toHaveProperty('server');
      expect(answer.body).not.toContain(String(process.pid));
    }
    expect((await health('admin-session')).json()).toMatchObject({
      server: { pid: process.pid, uptimeSeconds: expect.any(Number) },
    });
  });

  // Issue 11, finding 9: a corrupt registry removed the whole navigation (500 on /remotes.json).
  it('keeps serving pages when the registry cannot be read: /remotes.json says so, /health is degraded', async () => {
    writeFileSync(registryFile, '{"remotes":');
    const remotes = await remotesJson();
    expect(remotes.statusCode).toBe(503);
    expect(remotes.json()).toEqual({
      error: 'registry_unreadable',
      message: 'The remote registry cannot be read.',
    });
    const page = await app.inject({
      url: '/listings',
      headers: { accept: 'text/html', cookie: 'hd_session=owner-session' },
    });
    expect(page.statusCode).toBe(200);
    const injected = JSON.parse(
      /<script id="hostdash-config" type="application\/json">(.*?)<\/script>/.exec(
        page.body,
      )?.[1] ?? 'null',
    );
    expect(injected).toMatchObject({ user: { id: owner.id }, remotes: null });
    const health = await app.inject({ url: '/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'degraded', remotes: null });
  });
});
