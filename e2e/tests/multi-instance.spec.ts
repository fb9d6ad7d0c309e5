// Several machines, one database (issue 18): two APIs and two shell servers on loopback ports of
// their own, over one PostgreSQL database (TEST_DATABASE_URL names the server; CI starts one), with
// one remote origin serving the shared store. Nothing here goes through the suite's own servers.
// Each journey checks one thing that must not live in a process: the session, the registry (and
// its LISTEN/NOTIFY), the sign-in limit, an import's claim, and a write cut off by a stopping API.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { Client } from 'pg';
import { remotesOk, repoDir } from './support/delivery';
import { E2E_PORT_OFFSET } from './support/env';
import {
  deployWorkspaceBuilds,
  OwnServers,
  ready,
  signInThrough as signInThroughShell,
  stopped,
} from './support/ownServers';

const serverUrl = process.env.TEST_DATABASE_URL ?? '';
test.skip(!serverUrl, 'needs a PostgreSQL server: set TEST_DATABASE_URL (.ci/run starts one)');
test.describe.configure({ mode: 'serial' });

const offset = E2E_PORT_OFFSET;
const PORTS = {
  shells: [3110 + offset, 3111 + offset],
  origin: 3112 + offset,
  apis: [4110 + offset, 4111 + offset],
};
const shellUrl = (index: number) => `http://127.0.0.1:${PORTS.shells[index]}`;
const apiUrl = (index: number) => `http://127.0.0.1:${PORTS.apis[index]}`;
const originUrl = `http://127.0.0.1:${PORTS.origin}`;
/** Sign-in attempts per email and client before the waits begin (both APIs get the same). */
const LOGIN_LIMIT = 3;

let databaseUrl = '';
let databaseName = '';
let workDir = '';
let environment: NodeJS.ProcessEnv = {};

async function admin<T>(work: (client: Client) => Promise<T>, url = serverUrl): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const sql = <T extends object>(text: string, params: unknown[] = []): Promise<T[]> =>
  admin(async (client) => (await client.query(text, params)).rows as T[], databaseUrl);

const own = new OwnServers(() => environment);
const start = own.start.bind(own);

const startApi = (index: number) =>
  start(`api ${index + 1}`, [path.join(repoDir, 'api/dist/server.js')], {
    API_PORT: String(PORTS.apis[index]),
  });

const startShell = (index: number) =>
  start(`shell ${index + 1}`, [path.join(repoDir, 'shell/dist-server/server/main.js')], {
    PORT: String(PORTS.shells[index]),
    API_URL: apiUrl(index),
  });

/** `node scripts/deploy.mjs …` against the shared store and the database's registry. */
const remotes = (...argv: string[]): string => remotesOk(argv, environment);

/** Signs in through a shell server, as the browser does: the status and the session cookie. */
const signInThrough = (shell: number, email: string, password?: string) =>
  signInThroughShell(shellUrl(shell), email, password);

const call = (shell: number, cookie: string, pathname: string, init: RequestInit = {}) =>
  fetch(`${shellUrl(shell)}/api${pathname}`, {
    ...init,
    headers: {
      cookie,
      origin: shellUrl(shell),
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
  });

/** The version of a remote that a signed-in page load through `shell` is given. */
async function servedVersion(shell: number, cookie: string, remote: string): Promise<string> {
  const answer = await fetch(`${shellUrl(shell)}/remotes.json`, { headers: { cookie } });
  expect(answer.ok).toBe(true);
  const document = (await answer.json()) as {
    microFrontends: Record<string, Array<{ metadata: { version: string } }>>;
  };
  const key = Object.keys(document.microFrontends).find((name) => name.endsWith(remote));
  return document.microFrontends[key ?? '']?.[0]?.metadata.version ?? '';
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  databaseName = `hostdash_multi_${randomBytes(4).toString('hex')}`;
  await admin((client) => client.query(`create database ${databaseName}`));
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
  workDir = mkdtempSync(path.join(os.tmpdir(), 'hostdash-multi-'));
  // One key file for all instances, as an operator's mounted secret would be (ADR 28).
  const keyFile = path.join(workDir, 'secrets.keys');
  writeFileSync(keyFile, `multi-1:${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
  environment = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    STAGE: 'prod',
    LOG_LEVEL: 'warn',
    // One key file and one token for all instances, as an operator's secrets would be.
    SECRETS_KEY_FILE: keyFile,
    DELIVERY_TOKEN: randomBytes(32).toString('base64url'),
    SHELL_ORIGINS: PORTS.shells.map((_port, index) => shellUrl(index)).join(','),
    SHELL_ORIGIN: shellUrl(0),
    REMOTES_ORIGIN: originUrl,
    REMOTES_PORT: String(PORTS.origin),
    REMOTES_DIR: path.join(workDir, 'store'),
    // Never read with DATABASE_URL set: the registry is in the database.
    REMOTES_FILE: path.join(workDir, 'remotes.json'),
    STORAGE_DIR: path.join(workDir, 'files'),
    MAIL_DIR: path.join(workDir, 'mail'),
    LOGIN_RATE_LIMIT: String(LOGIN_LIMIT),
    // Only LISTEN/NOTIFY can explain a change seen before ten minutes.
    REGISTRY_REFRESH_MS: '600000',
    REMOTES_RECHECK_MS: '0',
    // The sandbox's clock runs fast (an event every 2 seconds, a look every 5): the journey
    // watches its schedule and its webhooks across both APIs. The demo owner stays unconnected.
    PMS_SANDBOX_SPEED: '600',
    PMS_SANDBOX_DEMO: 'off',
  };
  // The first API migrates and seeds; the second starts against a ready database.
  const first = startApi(0);
  await ready(first, `${apiUrl(0)}/health/ready`);
  const second = startApi(1);
  await ready(second, `${apiUrl(1)}/health/ready`);
  // The workspace builds go into the shared store and the database's registry, as npm start does.
  deployWorkspaceBuilds(environment);
  const origin = start(
    'remote origin',
    [path.join(repoDir, 'shell/dist-server/server/main.js'), '--remote-origin'],
    {},
  );
  const shells = [startShell(0), startShell(1)];
  await ready(origin, `${originUrl}/health/ready`);
  await Promise.all(shells.map((shell, index) => ready(shell, `${shellUrl(index)}/health/ready`)));
});

test.afterAll(async () => {
  await own.stopAll();
  if (databaseName)
    await admin(async (client) => {
      await client.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
        [databaseName],
      );
      await client.query(`drop database if exists ${databaseName}`);
    });
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

test('a session made through one shell server works through the other', async () => {
  const { status, cookie } = await signInThrough(0, 'owner@hostdash.test');
  expect(status).toBe(200);
  expect(cookie).not.toBe('');
  const me = await call(1, cookie, '/loadAuth');
  expect(me.status).toBe(200);
  expect(((await me.json()) as { email: string }).email).toBe('owner@hostdash.test');
  // Signing out through the second ends it for the first too.
  expect((await call(1, cookie, '/logout', { method: 'POST' })).ok).toBe(true);
  expect((await call(0, cookie, '/loadAuth')).status).toBe(401);
});

test('a deploy through one is served by both at their next page load, by notification', async () => {
  const { cookie } = await signInThrough(0, 'owner@hostdash.test');
  const live = await servedVersion(0, cookie, 'listings');
  expect(await servedVersion(1, cookie, 'listings')).toBe(live);
  // A second release of listings as a team would publish it: the same files under a new version.
  const build = path.join(workDir, 'listings-next');
  cpSync(path.join(repoDir, 'mfe-listings/dist'), build, { recursive: true });
  const manifestFile = path.join(build, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
    metaData: { hostdash: { version: string } };
  };
  const next = `${live.split('+')[0]}+multi${randomBytes(3).toString('hex')}`;
  manifest.metaData.hostdash.version = next;
  writeFileSync(manifestFile, JSON.stringify(manifest));
  const started = Date.now();
  remotes('deploy', 'listings', '--dist', build);
  for (const shell of [0, 1])
    await expect
      .poll(() => servedVersion(shell, cookie, 'listings'), { timeout: 5_000 })
      .toBe(next);
  // Well inside the ten-minute re-read: only the notification can have told them.
  expect(Date.now() - started).toBeLessThan(60_000);
  // Two deploys of one remote at once, one through each side: however they fall out (one may be
  // refused as a conflict), both shell servers end up serving what the registry says is live.
  const codes = await Promise.all(
    [live, next].map(
      (version) =>
        new Promise<number | null>((resolve) => {
          const child = spawn(
            process.execPath,
            [path.join(repoDir, 'scripts/deploy.mjs'), 'rollback', 'listings', '--to', version],
            { cwd: repoDir, env: environment, stdio: 'ignore' },
          );
          child.on('exit', resolve);
        }),
    ),
  );
  expect(codes).toContain(0);
  const [row] = await sql<{ version: string }>(
    "select version from remote_live where name = 'listings'",
  );
  for (const shell of [0, 1])
    await expect
      .poll(() => servedVersion(shell, cookie, 'listings'), { timeout: 5_000 })
      .toBe(row?.version);
});

test('the sign-in limit counts attempts made through both', async () => {
  const email = 'manager@hostdash.test';
  for (let attempt = 0; attempt < LOGIN_LIMIT; attempt++) {
    const { status } = await signInThrough(attempt % 2, email, 'not-the-password');
    expect(status).toBe(401);
  }
  // Three wrong attempts spread over two APIs: the next one waits, whichever it goes through.
  for (const shell of [0, 1]) {
    const { status } = await signInThrough(shell, email, 'not-the-password');
    expect(status).toBe(429);
  }
});

test('an import is claimed and run once by two APIs', async () => {
  const { cookie } = await signInThrough(1, 'newhost@hostdash.test');
  // The sandbox's demo credentials for Hostaway, as the connect page offers them.
  const systems = (await (await call(1, cookie, '/channel/systems')).json()) as {
    items: Array<{ name: string; sandbox_credentials: Record<string, string> | null }>;
  };
  const credentials = systems.items.find(
    (system) => system.name === 'hostaway',
  )?.sandbox_credentials;
  expect(credentials, 'the sandbox is on').toBeTruthy();
  // Queued through the first API; both APIs' workers look for work.
  const queued = await call(0, cookie, '/channel/hostaway/onboardUser', {
    method: 'POST',
    body: JSON.stringify({ credentials }),
  });
  expect(queued.status, await queued.clone().text()).toBe(200);
  const { task } = (await queued.json()) as { task: { id: string } };
  const taskRow = async () =>
    (
      await sql<{ state: string; attempts: number }>(
        'select state, attempts from import_tasks where id = $1',
        [task.id],
      )
    )[0];
  await expect.poll(async () => (await taskRow())?.state, { timeout: 90_000 }).toBe('succeeded');
  // One claim, one run: neither worker took it from the other.
  expect((await taskRow())?.attempts).toBe(1);
  // And what it brought is there once: the listings the run reported, no more.
  const [imported] = await sql<{ listings: string; done: number }>(
    `select (select count(*) from listings l where l.account_id = t.account_id
               and l.pms = 'hostaway' and l.external_id is not null)::text as listings, t.listings_done as done
       from import_tasks t where t.id = $1`,
    [task.id],
  );
  expect(Number(imported?.listings)).toBeGreaterThan(0);
  expect(Number(imported?.listings)).toBe(imported?.done);
});

test('a schedule runs once per period, and each webhook once, across two APIs', async () => {
  // The connection the import journey made gets the sandbox's bookings by webhook from now on.
  const [connection] = await sql<{ id: string; account_id: string }>(
    `select c.id::text as id, c.account_id::text as account_id from pms_connections c
       join users u on u.account_id = c.account_id
      where u.email = 'newhost@hostdash.test' and c.pms = 'hostaway' and c.status = 'connected'`,
  );
  expect(connection, 'the import journey connected Hostaway').toBeTruthy();
  const arrived = async () =>
    Number(
      (
        await sql<{ n: string }>(
          `select count(*)::text as n from reservations
            where account_id = $1 and external_id like '%-L%' and screened_at is not null`,
          [connection!.account_id],
        )
      )[0]?.n,
    );
  await expect.poll(arrived, { timeout: 60_000 }).toBeGreaterThanOrEqual(3);
  // The sandbox's schedule: several periods, each queued by one API only.
  const periods = await sql<{ key: string; n: string }>(
    `select key, count(*)::text as n from jobs where schedule = 'pms.sandbox' group by key`,
  );
  expect(periods.length).toBeGreaterThanOrEqual(2);
  expect(periods.every((period) => period.n === '1')).toBe(true);
  // No webhook job ran twice (a second try would count an attempt more).
  const webhooks = await sql<{ state: string; attempts: number }>(
    `select state, attempts from jobs where queue = 'pms.webhook' and state <> 'queued'`,
  );
  expect(webhooks.length).toBeGreaterThan(0);
  expect(webhooks.filter((job) => job.state === 'succeeded' && job.attempts === 1).length).toBe(
    webhooks.filter((job) => job.state !== 'running').length,
  );
});

test('stopping one API mid-request leaves the other answering and nothing half-written', async () => {
  const { cookie: first } = await signInThrough(0, 'owner@hostdash.test');
  const { cookie: second } = await signInThrough(1, 'owner@hostdash.test');
  const [listing] = await sql<{ id: string }>(
    `select l.id::text as id from listings l join users u on u.account_id = l.account_id
      where u.email = 'owner@hostdash.test' order by l.id limit 1`,
  );
  const marker = `Multi ${randomBytes(3).toString('hex')}`;
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const create = (index: number) =>
    call(0, first, '/reservation/create', {
      method: 'POST',
      body: JSON.stringify({
        listing_id: listing?.id,
        guest_name: `${marker} ${index}`,
        guest_email: `multi${index}@example.com`,
        guests: 1,
        check_in_date: day(400 + index * 3),
        check_out_date: day(401 + index * 3),
        source: 'direct',
      }),
    })
      .then((answer) => answer.status)
      .catch(() => 0);
  const api = own.servers.find((server) => server.name === 'api 1');
  if (!api) throw new Error('api 1 is not running');
  const writes = Array.from({ length: 20 }, (_unused, index) => create(index));
  await new Promise((resolve) => setTimeout(resolve, 50));
  api.child.kill('SIGTERM');
  // The other API answers all along.
  const meanwhile = await call(1, second, '/loadAuth');
  expect(meanwhile.status).toBe(200);
  const statuses = await Promise.all(writes);
  expect(await stopped(api), api.output.join('')).toBe(0);
  const created = statuses.filter((status) => status === 201).length;
  // Some were under way and finished; the rest were refused: 503 from the stopping API, or 502 from
  // the shell server once nothing listened there — never another failure or a dropped connection.
  expect(created, statuses.join(' ')).toBeGreaterThan(0);
  expect(
    statuses.filter((status) => status !== 201 && status !== 502 && status !== 503),
    statuses.join(' '),
  ).toEqual([]);
  // Every write that was answered 201 is there whole (screened, logged); none other is there.
  const rows = await sql<{ id: string; screened: boolean; logged: string }>(
    `select r.id::text as id, r.screened_at is not null as screened,
            (select count(*) from protect_log p where p.reservation_id = r.id)::text as logged
       from reservations r where r.guest_name like $1`,
    [`${marker} %`],
  );
  expect(rows).toHaveLength(created);
  for (const row of rows) {
    expect(row.screened).toBe(true);
    expect(Number(row.logged)).toBeGreaterThanOrEqual(2);
  }
  expect((await call(1, second, '/loadAuth')).status).toBe(200);
});
