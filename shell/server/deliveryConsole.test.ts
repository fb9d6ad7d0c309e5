/** @jest-environment node */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { demoUser } from '@hostdash/testing/demoUsers';
import { buildShellServer } from './app';
import {
  abort,
  type DeliveryContext,
  deploy,
  FileRegistryStore,
  FolderStore,
  runDeliveryCommand as deployCommand,
  parseRegistryFile,
  readRegistryFile,
  type RegistryFile,
  type RegistryStore,
  startCanary,
} from '@hostdash/delivery';
import {
  fakeBuild,
  fakeManifest,
  startUpstream,
  temporaryDir,
  testConfig,
  type Upstream,
} from './testSupport';

const V1 = '0.1.0+11111111';
const V2 = '0.1.0+22222222';
const V3 = '0.2.0+33333333';
const R1 = '0.1.0+44444444';

const admin = demoUser({ id: '9', email: 'ada@hostdash.test', type: 'admin', subtype: 'admin' });
const channel = demoUser({ id: '8', email: 'cy@hostdash.test', type: 'channel', subtype: 'admin' });
const owner = demoUser({ id: '1', email: 'owner@hostdash.test' });
const SESSIONS: Record<string, object> = {
  'admin-session': admin,
  'channel-session': channel,
  'owner-session': owner,
};

const builds = {
  v1: fakeBuild({ name: 'listings', version: V1 }),
  v2: fakeBuild({ name: 'listings', version: V2 }),
  v3: fakeBuild({ name: 'listings', version: V3 }),
  r1: fakeBuild({ name: 'reservations', version: R1 }),
};

/** Manifests the remote origin cannot serve (a published version whose files went missing). */
const missing = new Set<string>();
/** Versions whose manifest declares another contract than `^1.0.0` (the shell provides 1.0.0). */
const contracts = new Map<string, string>();
let upstream: Upstream;

beforeAll(async () => {
  upstream = await startUpstream((request) => {
    if (request.url === '/loadAuth') {
      const user = SESSIONS[String(request.headers.authorization)];
      return user
        ? { json: { ...user, sessionId: request.headers.authorization } }
        : { status: 401, json: { error: 'unauthorized', message: 'Sign in to continue.' } };
    }
    const manifest = /^\/([a-z]+)\/([^/]+)\/mf-manifest\.json$/.exec(request.url);
    if (manifest && !missing.has(request.url)) {
      const [, name = '', version = ''] = manifest;
      const exact = decodeURIComponent(version);
      return { json: fakeManifest({ name, version: exact, contract: contracts.get(exact) }) };
    }
    return { status: 404, json: { error: 'not_found', message: 'no' } };
  });
});

afterAll(() => upstream.close());

/**
 * A registry and store as `npm run remotes` leaves them: listings V1 then V2 deployed by dana, V3
 * published by a canary that was aborted; reservations R1. With `canary`, V3 is a running canary.
 */
async function delivered(options: { canary?: boolean } = {}) {
  const dir = temporaryDir('console');
  const context: DeliveryContext = {
    registry: new FileRegistryStore(path.join(dir, 'remotes.json')),
    store: new FolderStore(path.join(dir, 'store')),
    by: 'dana',
  };
  await deploy(context, 'listings', builds.v1);
  await deploy(context, 'listings', builds.v2);
  // Published later than V1 and V2 by at least the file system's clock step.
  await new Promise((resolve) => setTimeout(resolve, 20));
  await deploy(context, 'listings', builds.v3, { canary: { percent: 10, users: [] } });
  await abort(context, 'listings');
  await deploy(context, 'reservations', builds.r1);
  if (options.canary) await startCanary(context, 'listings', V3, { percent: 25, users: ['4'] });
  return dir;
}

/** The same state in another folder: the CLI runs on one copy, the console on the other. */
function copyOf(dir: string): string {
  const copy = temporaryDir('console-copy');
  cpSync(dir, copy, { recursive: true });
  return copy;
}

const env = (dir: string) => ({
  REMOTES_FILE: path.join(dir, 'remotes.json'),
  REMOTES_DIR: path.join(dir, 'store'),
  DEPLOYED_BY: 'dana',
});

function shellFor(dir: string, logs: string[] = [], registry?: RegistryStore): FastifyInstance {
  const distDir = path.join(dir, 'dist');
  mkdirSync(path.join(distDir, 'assets'), { recursive: true });
  writeFileSync(
    path.join(distDir, 'index.html'),
    '<html><head><script id=hostdash-config type=application/json>{}</script></head></html>',
  );
  writeFileSync(
    path.join(distDir, 'hostdash-federation.json'),
    JSON.stringify({ contract: '1.0.0', shared: {} }),
  );
  return buildShellServer(
    testConfig({
      API_URL: upstream.url,
      REMOTES_ORIGIN: upstream.url,
      SHELL_DIST_DIR: distDir,
      ...env(dir),
    }),
    {
      registry,
      logStream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          logs.push(...chunk.toString().split('\n').filter(Boolean));
          done();
        },
      }),
    },
  );
}

const registryOf = (dir: string): RegistryFile =>
  parseRegistryFile(readFileSync(path.join(dir, 'remotes.json'), 'utf8'));

/** A registry without who and when: what the operation did, whoever did it. */
function withoutWhoAndWhen(registry: RegistryFile) {
  return registry.remotes.map(({ canary, history, ...remote }) => ({
    ...remote,
    canary: canary && { ...canary, since: undefined, by: undefined, actor: undefined },
    history: history?.map((entry) => ({
      ...entry,
      at: undefined,
      by: undefined,
      actor: undefined,
    })),
  }));
}

const asAdmin = { cookie: 'hd_session=admin-session', 'sec-fetch-site': 'same-origin' };

function post(app: FastifyInstance, url: string, body: object, headers: object = asAdmin) {
  return app.inject({ method: 'POST', url, payload: body, headers: { ...headers } });
}

describe('GET /admin-api/remotes', () => {
  it("answers each remote's live version, canary, history, versions to go to and health", async () => {
    const dir = await delivered();
    missing.add(`/reservations/${encodeURIComponent(R1)}/mf-manifest.json`);
    missing.add(`/reservations/${R1}/mf-manifest.json`);
    const app = shellFor(dir);
    const response = await app.inject({ url: '/admin-api/remotes', headers: asAdmin });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body.contract).toBe('1.0.0');
    const [listings, reservations] = body.remotes;
    expect(listings).toMatchObject({
      name: 'listings',
      live: {
        version: V2,
        manifest: `${upstream.url}/listings/${V2}/mf-manifest.json`,
        by: 'dana',
        actor: null,
        commit: 'abc123def456',
      },
      canary: null,
      rollbackTo: V1,
      available: [
        { version: V3, deployedBefore: true, commit: 'abc123def456' },
        { version: V1, deployedBefore: true, commit: 'abc123def456' },
      ],
      health: { status: 'ok', problems: [], live: { ok: true, version: V2 }, canary: null },
    });
    expect(listings.live.deployedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(
      listings.history.map((entry: { action: string; version: string }) => [
        entry.action,
        entry.version,
      ]),
    ).toEqual([
      ['abort', V3],
      ['canary', V3],
      ['deploy', V2],
      ['deploy', V1],
    ]);
    expect(listings.history[2]).toMatchObject({ previous: V1, by: 'dana', commit: 'abc123def456' });
    expect(reservations).toMatchObject({
      name: 'reservations',
      live: { version: R1 },
      rollbackTo: null,
      available: [],
      health: {
        status: 'failing',
        problems: [`reservations ${R1}: manifest does not answer (the manifest answered 404)`],
        live: { ok: false, manifestAnswers: false },
      },
    });
    missing.clear();
    await app.close();
  });

  it("reports a running canary: its share, named users and its manifest's health", async () => {
    const dir = await delivered({ canary: true });
    const app = shellFor(dir);
    const listings = (await app.inject({ url: '/admin-api/remotes', headers: asAdmin })).json()
      .remotes[0];
    expect(listings.canary).toMatchObject({
      version: V3,
      percent: 25,
      users: ['4'],
      by: 'dana',
      commit: 'abc123def456',
    });
    expect(listings.health.canary).toMatchObject({ ok: true, version: V3 });
    expect(listings.available.map((item: { version: string }) => item.version)).toEqual([V1]);
    await app.close();
  });

  it('answers an anonymous caller 401 and a host 403; channel staff are admins', async () => {
    const app = shellFor(await delivered());
    const anonymous = await app.inject({ url: '/admin-api/remotes' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: 'unauthorized', message: 'Sign in to continue.' });
    const host = await app.inject({
      url: '/admin-api/remotes',
      headers: { cookie: 'hd_session=owner-session' },
    });
    expect(host.statusCode).toBe(403);
    expect(host.json()).toMatchObject({ error: 'forbidden' });
    const staff = await app.inject({
      url: '/admin-api/remotes',
      headers: { cookie: 'hd_session=channel-session' },
    });
    expect(staff.statusCode).toBe(200);
    await app.close();
  });

  it('is never the dashboard page: an unknown path under /admin-api is a JSON 404', async () => {
    const app = shellFor(await delivered());
    const unknown = await app.inject({
      url: '/admin-api/flags',
      headers: { ...asAdmin, accept: 'text/html' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'not_found' });
    // The page lets its scripts call this origin, so the console's same-origin calls are allowed.
    const page = await app.inject({ url: '/login', headers: { accept: 'text/html' } });
    expect(page.headers['content-security-policy']).toMatch(/connect-src 'self'/);
    await app.close();
  });
});

describe('POST /admin-api/remotes/:name/:action', () => {
  const cases: {
    action: string;
    canary?: boolean;
    body: object;
    cli: string[];
    message: string;
  }[] = [
    {
      action: 'rollback',
      body: { version: V1, from: V2 },
      cli: ['rollback', 'listings'],
      message: `listings is back on ${V1} (was ${V2})`,
    },
    {
      action: 'canary',
      body: { version: V3, percent: 25, users: ['4', 7] },
      cli: ['canary', 'listings', V3, '--canary', '25', '--users', '4,7'],
      message: `listings ${V3} is the candidate for 25% of users and 2 named users; everyone else stays on ${V2}`,
    },
    {
      action: 'promote',
      canary: true,
      body: { version: V3 },
      cli: ['promote', 'listings'],
      message: `listings ${V3} is live for everyone (was ${V2})`,
    },
    {
      action: 'abort',
      canary: true,
      body: { version: V3 },
      cli: ['abort', 'listings'],
      message: `listings canary ${V3} aborted; everyone is on ${V2}`,
    },
  ];

  it.each(cases)(
    '$action changes the registry exactly as `npm run remotes` does, and audits who did it',
    async ({ action, canary, body, cli, message }) => {
      const dir = await delivered({ canary });
      const cliDir = copyOf(dir);
      const logs: string[] = [];
      const app = shellFor(dir, logs);

      const response = await post(app, `/admin-api/remotes/listings/${action}`, body);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ remote: 'listings', action, message });

      const out: string[] = [];
      const code = await deployCommand(cli, {
        env: env(cliDir),
        repoDir: cliDir,
        out: (line) => out.push(line),
        err: (line) => out.push(line),
      });
      expect({ code, first: out[0] }).toEqual({ code: 0, first: message });
      expect(withoutWhoAndWhen(registryOf(dir))).toEqual(withoutWhoAndWhen(registryOf(cliDir)));

      // Who: in the registry's history (and so in the GET answer) and in one log line.
      const entry = (
        await readRegistryFile(path.join(dir, 'remotes.json'))
      ).remotes[0]?.history?.at(-1);
      expect(entry).toMatchObject({
        action,
        by: 'ada@hostdash.test',
        actor: { id: '9', email: 'ada@hostdash.test' },
      });
      expect(response.json().change).toEqual(entry);
      const shown = (await app.inject({ url: '/admin-api/remotes', headers: asAdmin })).json();
      expect(shown.remotes[0].history[0]).toEqual(entry);
      const audit = logs.map((line) => JSON.parse(line)).filter((line) => line.audit);
      expect(audit).toHaveLength(1);
      expect(audit[0].audit).toEqual({
        event: 'remote_delivery',
        remote: 'listings',
        action,
        from: action === 'abort' ? V3 : V2,
        to: action === 'abort' ? V2 : action === 'rollback' ? V1 : V3,
        at: entry?.at,
        userId: '9',
        email: 'ada@hostdash.test',
      });
      expect(logs.join('\n')).not.toContain('admin-session');
      await app.close();
    },
  );

  it('refuses with 409 version_changed when the registry moved since the admin looked', async () => {
    const dir = await delivered({ canary: true });
    const app = shellFor(dir);
    const before = registryOf(dir);
    const promoted = await post(app, '/admin-api/remotes/listings/promote', { version: V2 });
    expect(promoted.statusCode).toBe(409);
    expect(promoted.json()).toEqual({
      error: 'version_changed',
      message: `listings's canary is now ${V3}, not ${V2}: look again before you confirm`,
    });
    const aborted = await post(app, '/admin-api/remotes/listings/abort', {
      version: V3,
      from: V1,
    });
    expect(aborted.json()).toMatchObject({ error: 'version_changed' });
    expect(registryOf(dir)).toEqual(before);

    // The CLI's own refusals keep their words, as 409 refused.
    const duringCanary = await post(app, '/admin-api/remotes/listings/rollback', { version: V1 });
    expect(duringCanary.statusCode).toBe(409);
    expect(duringCanary.json()).toEqual({
      error: 'refused',
      message: `a canary of listings (${V3}) is running: promote or abort it before you roll back`,
    });
    await app.close();
  });

  it('refuses with 409 and says who got there first when another change is written meanwhile', async () => {
    const dir = await delivered({ canary: true });
    const file = path.join(dir, 'remotes.json');
    const someoneElse: DeliveryContext = {
      registry: new FileRegistryStore(file),
      store: new FolderStore(path.join(dir, 'store')),
      by: 'dana',
    };
    // The admin's promote is worked out; before it is written, dana's abort (the CLI) is.
    const interrupted = new (class extends FileRegistryStore {
      override update(name: string, change: Parameters<RegistryStore['update']>[1]) {
        return super.update(name, async (current) => {
          const next = await change(current);
          await abort(someoneElse, 'listings');
          return next;
        });
      }
    })(file);
    const app = shellFor(dir, [], interrupted);
    const promoted = await post(app, '/admin-api/remotes/listings/promote', { version: V3 });
    expect(promoted.statusCode).toBe(409);
    const aborted = registryOf(dir).remotes.find((remote) => remote.name === 'listings');
    expect(promoted.json()).toEqual({
      error: 'version_changed',
      message: `listings was changed by someone else while this change was being made (abort of ${V3} by dana at ${aborted?.history?.at(-1)?.at}); this change was not made. Look at what is live now and try again.`,
    });
    // Only dana's abort is in the registry.
    expect(aborted).toMatchObject({ version: V2 });
    expect(aborted?.canary).toBeUndefined();
    expect(aborted?.history?.at(-1)).toMatchObject({ action: 'abort', by: 'dana' });
    await app.close();
  });

  it('needs the confirmed version, a known remote and action, and a signed-in admin', async () => {
    const dir = await delivered();
    const app = shellFor(dir);
    const before = registryOf(dir);
    const unconfirmed = await post(app, '/admin-api/remotes/listings/rollback', {});
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json()).toMatchObject({ error: 'invalid_request' });
    const badShare = await post(app, '/admin-api/remotes/listings/canary', {
      version: V3,
      percent: 150,
    });
    expect(badShare.statusCode).toBe(400);
    const nobody = await post(app, '/admin-api/remotes/listings/canary', {
      version: V3,
      percent: 0,
      users: [],
    });
    expect(nobody.json()).toEqual({
      error: 'invalid_request',
      message: 'a canary needs a "percent" above 0 or named "users"',
    });
    expect((await post(app, '/admin-api/remotes/billing/promote', { version: V3 })).json()).toEqual(
      { error: 'not_found', message: 'billing is not in the registry: deploy it first' },
    );
    expect(
      (await post(app, '/admin-api/remotes/listings/deploy', { version: V3 })).statusCode,
    ).toBe(404);
    const anonymous = await post(
      app,
      '/admin-api/remotes/listings/rollback',
      { version: V1 },
      { 'sec-fetch-site': 'same-origin' },
    );
    expect(anonymous.statusCode).toBe(401);
    const anonymousUnknown = await post(
      app,
      '/admin-api/remotes/listings/deploy',
      { version: V1 },
      { 'sec-fetch-site': 'same-origin' },
    );
    expect(anonymousUnknown.statusCode).toBe(401);
    const host = await post(
      app,
      '/admin-api/remotes/listings/rollback',
      { version: V1 },
      { cookie: 'hd_session=owner-session', 'sec-fetch-site': 'same-origin' },
    );
    expect(host.statusCode).toBe(403);
    expect(host.json()).toMatchObject({ error: 'forbidden' });
    expect(registryOf(dir)).toEqual(before);
    await app.close();
  });

  it("refuses a cross-site POST, as the /api proxy does, even with an admin's cookie", async () => {
    const dir = await delivered();
    const app = shellFor(dir);
    const before = registryOf(dir);
    const fromAnotherSite = await post(
      app,
      '/admin-api/remotes/listings/rollback',
      { version: V1 },
      { cookie: 'hd_session=admin-session', 'sec-fetch-site': 'cross-site' },
    );
    expect(fromAnotherSite.statusCode).toBe(403);
    expect(fromAnotherSite.json()).toMatchObject({ error: 'cross_site_request' });
    // A browser that sends no Sec-Fetch-Site still names the page's origin.
    const byOrigin = await post(
      app,
      '/admin-api/remotes/listings/rollback',
      { version: V1 },
      { cookie: 'hd_session=admin-session', origin: 'https://evil.example' },
    );
    expect(byOrigin.statusCode).toBe(403);
    expect(registryOf(dir)).toEqual(before);
    await app.close();
  });
});

describe('preview before canary (docs/adr/0042)', () => {
  const V4 = '0.3.0+55555555';
  const asOwner = { cookie: 'hd_session=owner-session', 'sec-fetch-site': 'same-origin' };

  /** V4 published with `deploy --preview`: in the store, nobody gets it. */
  async function published() {
    const dir = await delivered();
    const output: string[] = [];
    const code = await deployCommand(
      ['deploy', 'listings', '--dist', fakeBuild({ name: 'listings', version: V4 }), '--preview'],
      {
        env: { ...env(dir), SHELL_URL: 'https://app.example' },
        repoDir: dir,
        out: (line) => output.push(line),
      },
    );
    expect(code).toBe(0);
    return { dir, output };
  }

  /** The preview cookie a Set-Cookie header sets, as the browser sends it back. */
  function previewCookie(response: { headers: Record<string, unknown> }): string {
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(
      /^hostdash_preview=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    return header.split(';')[0] as string;
  }

  it('publishes without a change for anyone, and prints the link that previews it', async () => {
    const { dir, output } = await published();
    expect(output).toEqual([
      expect.stringMatching(
        new RegExp(
          `^listings ${V4.replace(/[+.]/g, '\\$&')} is published to .*; nobody gets it yet \\(live: ${V2.replace(/[+.]/g, '\\$&')}\\)$`,
        ),
      ),
      `Preview it in your browser (nobody else gets it): https://app.example/?preview=${encodeURIComponent(`listings@${V4}`)}`,
      `Next: npm run remotes -- canary listings ${V4} --canary 10`,
    ]);
    const listings = registryOf(dir).remotes[0];
    expect(listings?.version).toBe(V2);
    expect(listings?.history?.map((entry) => entry.version)).not.toContain(V4);
  });

  it("loads the version in the admin's browser only, records it, and stops", async () => {
    const { dir } = await published();
    const app = shellFor(dir);
    const started = await post(app, '/admin-api/remotes/listings/preview', { version: V4 });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({
      remote: 'listings',
      action: 'preview',
      message: `listings ${V4} is previewed in ada@hostdash.test's browser only; everyone else stays on ${V2}`,
      change: { action: 'preview', version: V4, previous: V2, by: 'ada@hostdash.test' },
    });
    const cookie = previewCookie(started);
    // Recorded in the history; nobody's version changed.
    const listings = registryOf(dir).remotes[0];
    expect(listings?.version).toBe(V2);
    expect(listings?.canary).toBeUndefined();
    expect(listings?.history?.at(-1)).toMatchObject({
      action: 'preview',
      version: V4,
      actor: { id: '9', email: 'ada@hostdash.test' },
      reason: "in ada@hostdash.test's browser only, for 2 hours or until stopped",
    });
    // The console lists it as published and never deployed: no rollback goes there.
    const described = (await app.inject({ url: '/admin-api/remotes', headers: asAdmin })).json()
      .remotes[0];
    expect(described.available[0]).toEqual({ version: V4, deployedBefore: false, commit: null });
    const rollback = await post(app, '/admin-api/remotes/listings/rollback', { version: V4 });
    expect(rollback.statusCode).toBe(409);
    expect(rollback.json().message).toBe(`listings ${V4} was never deployed here`);

    // The admin's browser gets V4 first and the live V2 after it to fall back to.
    const mine = await app.inject({
      url: '/remotes.json',
      headers: { cookie: `hd_session=admin-session; ${cookie}` },
    });
    const releases = mine.json().microFrontends.listings;
    expect(
      releases.map((release: { metadata: { version: string } }) => release.metadata.version),
    ).toEqual([V4, V2]);
    expect(releases[0]).toMatchObject({ deployment: { default: false, traffic: 0 } });
    expect(releases[0].extras.preview).toMatch(/^\d{4}-\d\d-\d\dT/);
    // Another user with the same cookie, and a signed-out browser, get what the registry says.
    for (const session of ['hd_session=owner-session; ', '']) {
      const theirs = await app.inject({
        url: '/remotes.json',
        headers: { cookie: `${session}${cookie}` },
      });
      expect(
        theirs
          .json()
          .microFrontends.listings.map(
            (release: { metadata: { version: string } }) => release.metadata.version,
          ),
      ).toEqual([V2]);
    }
    // A cookie changed in the browser is no preview at all.
    const forged = cookie.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    const tampered = await app.inject({
      url: '/remotes.json',
      headers: { cookie: `hd_session=admin-session; ${forged}` },
    });
    expect(tampered.json().microFrontends.listings).toHaveLength(1);

    const stopped = await app.inject({
      method: 'DELETE',
      url: '/admin-api/remotes/listings/preview',
      headers: { ...asAdmin, cookie: `hd_session=admin-session; ${cookie}` },
    });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toEqual({
      remote: 'listings',
      message: `listings ${V4} is no longer previewed in this browser`,
    });
    expect(String(stopped.headers['set-cookie'])).toMatch(/^hostdash_preview=; Max-Age=0;/);
    await app.close();
  });

  it('refuses a version that does not fit this dashboard, the live one and one not published', async () => {
    const { dir } = await published();
    contracts.set(V4, '^2.0.0');
    const app = shellFor(dir);
    const misfit = await post(app, '/admin-api/remotes/listings/preview', { version: V4 });
    expect(misfit.statusCode).toBe(409);
    expect(misfit.json()).toEqual({
      error: 'incompatible',
      message: `listings ${V4} cannot be previewed in this dashboard: it needs shell contract ^2.0.0.`,
    });
    expect(misfit.headers['set-cookie']).toBeUndefined();
    contracts.clear();
    const live = await post(app, '/admin-api/remotes/listings/preview', { version: V2 });
    expect(live.statusCode).toBe(409);
    expect(live.json().message).toBe(`listings ${V2} is live: everyone has it already`);
    const unknown = await post(app, '/admin-api/remotes/listings/preview', { version: '9.9.9' });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().message).toMatch(/^listings 9\.9\.9 is not published in /);
    const nobody = await post(app, '/admin-api/remotes/inventory/preview', { version: V4 });
    expect(nobody.statusCode).toBe(404);
    const noVersion = await post(app, '/admin-api/remotes/listings/preview', { version: '../x' });
    expect(noVersion.statusCode).toBe(400);
    // Nothing refused was recorded.
    expect(registryOf(dir).remotes[0]?.history?.some((entry) => entry.action === 'preview')).toBe(
      false,
    );
    await app.close();
  });

  it('is for admins in production, for any signed-in developer on another stage', async () => {
    const { dir } = await published();
    const app = shellFor(dir);
    expect(
      (
        await post(
          app,
          '/admin-api/remotes/listings/preview',
          { version: V4 },
          { 'sec-fetch-site': 'same-origin' },
        )
      ).statusCode,
    ).toBe(401);
    const host = await post(app, '/admin-api/remotes/listings/preview', { version: V4 }, asOwner);
    expect(host.statusCode).toBe(403);
    expect(host.json().message).toBe('Only Hostdash admins can preview a version on this stage.');
    const crossSite = await post(
      app,
      '/admin-api/remotes/listings/preview',
      { version: V4 },
      { ...asAdmin, 'sec-fetch-site': 'cross-site' },
    );
    expect(crossSite.statusCode).toBe(403);
    await app.close();

    const staging = buildShellServer(
      testConfig({
        STAGE: 'staging',
        API_URL: upstream.url,
        REMOTES_ORIGIN: upstream.url,
        SHELL_DIST_DIR: path.join(dir, 'dist'),
        ...env(dir),
      }),
      { logger: false },
    );
    const developer = await post(
      staging,
      '/admin-api/remotes/listings/preview',
      { version: V4 },
      asOwner,
    );
    expect(developer.statusCode).toBe(200);
    expect(developer.json().change).toMatchObject({ action: 'preview', by: 'owner@hostdash.test' });
    await staging.close();
  });
});

// Every route of the shell server's /admin-api × every kind of caller, with the exact status (the
// API's own routes have theirs in api/src/authorization.test.ts). Production stage: a preview is
// for staff there. Each request is valid for an admin, so a refusal is about who asks.
describe('authorization matrix of /admin-api', () => {
  const CALLERS = {
    anonymous: { 'sec-fetch-site': 'same-origin' },
    host: { cookie: 'hd_session=owner-session', 'sec-fetch-site': 'same-origin' },
    'channel staff': { cookie: 'hd_session=channel-session', 'sec-fetch-site': 'same-origin' },
    admin: asAdmin,
  };
  const ROWS: [string, string, object | undefined, [number, number, number, number]][] = [
    ['GET', '/admin-api/remotes', undefined, [401, 403, 200, 200]],
    // The admin asks after channel staff rolled back: V1 is live already (409), not a refusal of who.
    ['POST', '/admin-api/remotes/listings/rollback', { version: V1 }, [401, 403, 200, 409]],
    ['POST', '/admin-api/remotes/listings/preview', { version: V3 }, [401, 403, 200, 200]],
    // Stopping changes only the asking browser's cookie.
    ['DELETE', '/admin-api/remotes/listings/preview', undefined, [200, 200, 200, 200]],
  ];

  it.each(ROWS)('%s %s', async (method, url, payload, statuses) => {
    const app = shellFor(await delivered());
    const answered = [];
    for (const headers of Object.values(CALLERS)) {
      const response = await app.inject({
        method: method as 'GET' | 'POST' | 'DELETE',
        url,
        headers,
        ...(payload ? { payload } : {}),
      });
      answered.push(response.statusCode);
    }
    expect(answered).toEqual(statuses);
    await app.close();
  });
});
