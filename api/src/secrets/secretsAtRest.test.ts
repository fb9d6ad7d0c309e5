// Secrets at rest, end to end (issue 32; docs/adr/0028-secrets-at-rest.md), with a real API over a
// real database: Hostaway and Guesty connected through the connect route against their local fakes,
// sandbox systems (an OAuth one among them) connected and imported, a second step turned on,
// webhook secrets made and a webhook delivered, a guest link shown, a sync run. Then: no table holds
// any of those secrets in clear, no log line names one, a tampered value fails clearly; a rotation
// seals every row under the new key while the API runs, everything still connects, syncs and signs
// in, and the old key retires.
import { readFileSync } from 'node:fs';
import { totp } from '../auth/totp';
import { DEMO_TOTP_SECRET } from '../db/seedData';
import { enqueueImport, saveConnection } from '../imports/importTasks';
import { runNextImport } from '../imports/importWorker';
import { runDueJobs } from '../jobs/jobWorker';
import { enqueueJob, type JobServices } from '../jobs/jobs';
import type { PmsName } from '../pms/pms';
import { adapterFor } from '../pms/registry';
import { sandboxCredentials } from '../pms/sandbox';
import { PMS_SYNC_QUEUE, pmsSyncJob, pmsWebhookJob } from '../pms/sync/syncJobs';
import {
  FAKE_GUESTY_CLIENT_ID,
  FAKE_GUESTY_CLIENT_SECRET,
  guestyPortfolio,
  startFakeGuesty,
} from '../pms/testing/fakeGuesty';
import {
  FAKE_HOSTAWAY_ACCOUNT_ID,
  FAKE_HOSTAWAY_API_KEY,
  hostawayPortfolio,
  startFakeHostaway,
} from '../pms/testing/fakeHostaway';
import type { FakeTokenApi } from '../pms/testing/fakeTokenApi';
import { testJobServices } from '../testing/jobServices';
import { recordingLog } from '../testing/logs';
import { DEMO_PASSWORD, startTestApi, type TestApi } from '../testing/testApi';
import { readKeyRing } from './keyRing';
import { keyUsage } from './reseal';
import { retireUnusedKeys, rotateKeys } from './rotation';
import { SEALED_COLUMNS } from './sealedColumns';
import { openVault, SealedSecretError } from './vault';

const OWNER = 'secrets.owner@example.com';
const OWNER_PASSWORD = 'a sealed-stays password';
const SECURE = ['secure@hostdash.test', DEMO_PASSWORD] as const;
const SANDBOX_SYSTEMS = ['beds24', 'cloudbeds'] as const;
let api: TestApi;
let hostaway: FakeTokenApi;
let guesty: FakeTokenApi;
let services: JobServices;
let session: string;
let accountId: string;
const appLog: string[] = [];
const jobLog = recordingLog();
const owner = {
  totpSecret: '',
  webhookPassword: '',
  webhookLogin: '',
  whsec: '',
  recoveryCodes: [] as string[],
  guestStayId: '',
  guestUrl: '',
};
let webhookPath = '';
/** Tokens and codes that are only compared: kept as hashes, so no table holds them either. */
const compared: string[] = [];
/** Every secret value the test handled: none may be readable in a table or a log line. */
const secrets = (): string[] => [
  ...compared,
  FAKE_HOSTAWAY_API_KEY,
  FAKE_GUESTY_CLIENT_SECRET,
  DEMO_TOTP_SECRET,
  owner.totpSecret,
  owner.webhookPassword,
  owner.whsec,
  owner.whsec.replace(/^whsec_/, ''),
  new URL(owner.guestUrl).pathname.split('/').at(-1)!,
];

const importAll = async () => {
  for (;;) {
    const run = await runNextImport({
      db: api.db,
      adapters: services.adapters,
      log: jobLog.log,
      vault: api.vault,
      today: () => '2026-01-01',
    });
    if (!run) return;
    expect(run.task.state).toBe('succeeded');
  }
};

const connections = () =>
  api.db.query<{ id: string; pms: PmsName }>(
    'select id::text as id, pms from pms_connections where account_id = $1::bigint order by id',
    [accountId],
  );

/** A sync job for every connection of the account, run now: each one's outcome by system. */
async function syncEverything(): Promise<Record<string, string>> {
  for (const { id } of await connections())
    await enqueueJob(api.db, {
      queue: PMS_SYNC_QUEUE,
      key: `${id}-${Date.now()}`,
      payload: { connectionId: id },
    });
  const results = await runDueJobs(services, [pmsWebhookJob, pmsSyncJob] as never);
  const outcome: Record<string, string> = {};
  const systems = new Map((await connections()).map((row) => [row.id, row.pms]));
  for (const result of results) {
    const [job] = await api.db.query<{ payload: { connectionId?: string } }>(
      'select payload from jobs where id = $1::bigint',
      [result.id],
    );
    const pms = systems.get(job?.payload.connectionId ?? '');
    if (pms) outcome[pms] = result.outcome;
  }
  return outcome;
}

/** Tables (any of the database's) whose rows, as text, contain one of the secrets. */
async function tablesHolding(values: string[]): Promise<string[]> {
  const tables = await api.db.query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
  );
  const holding: string[] = [];
  for (const { name } of tables) {
    const [found] = await api.db.query<{ n: number }>(
      `select count(*)::int as n from "${name}" as t
       where exists (select 1 from unnest($1::text[]) as s where strpos(t::text, s) > 0)`,
      [values],
    );
    if ((found?.n ?? 0) > 0) holding.push(name);
  }
  return holding;
}

const webhookDelivery = (password: string) =>
  api.request({
    method: 'POST',
    url: webhookPath,
    headers: {
      authorization: `Basic ${Buffer.from(`${owner.webhookLogin}:${password}`).toString('base64')}`,
    },
    payload: {
      object: 'reservation',
      event: 'reservation.created',
      accountId: Number(FAKE_HOSTAWAY_ACCOUNT_ID),
      data: { id: 900_001 },
    },
  });

/** Signs in through the second step with the code of `secret` one step ahead (a code works once). */
async function signInWithCode(
  [email, password]: readonly [string, string],
  secret: string,
  stepsAhead: number,
) {
  const started = await api.post<{ challengeToken: string }>('/login', { email, password });
  expect(started.body.challengeToken).toEqual(expect.any(String));
  const signedIn = await api.post<{ sessionId?: string }>('/user/auth/challenge', {
    challengeToken: started.body.challengeToken,
    code: totp(secret, Date.now() + stepsAhead * 30_000),
  });
  compared.push(started.body.challengeToken);
  if (signedIn.body.sessionId) compared.push(signedIn.body.sessionId);
  return signedIn;
}

beforeAll(async () => {
  hostaway = await startFakeHostaway(hostawayPortfolio(4));
  guesty = await startFakeGuesty(guestyPortfolio(3));
  api = await startTestApi({
    config: {
      pmsSandbox: false,
      hostawayApiUrl: hostaway.url,
      guestyApiUrl: guesty.url,
      // Every line the API writes, requests included.
      logLevel: 'debug',
    },
    logger: { stream: { write: (line: string) => void appLog.push(line) } },
  });
  services = testJobServices(api, {
    log: jobLog.log,
    adapters: (pms) =>
      pms === 'hostaway' || pms === 'guesty'
        ? adapterFor(pms, {
            sandbox: false,
            hostawayApiUrl: hostaway.url,
            guestyApiUrl: guesty.url,
          })
        : adapterFor(pms, { sandbox: true }),
  });
  const signedUp = await api.signUp({
    email: OWNER,
    company: 'Sealed Stays',
    password: OWNER_PASSWORD,
  });
  session = signedUp.body.sessionId;
  accountId = signedUp.body.user.account_id;
  compared.push(session);

  // Connected as the connect page does it: checked against the system, saved, imported.
  for (const [pms, credentials] of [
    ['hostaway', { accountId: FAKE_HOSTAWAY_ACCOUNT_ID, apiKey: FAKE_HOSTAWAY_API_KEY }],
    ['guesty', { clientId: FAKE_GUESTY_CLIENT_ID, clientSecret: FAKE_GUESTY_CLIENT_SECRET }],
  ] as const) {
    const connected = await api.post(`/channel/${pms}/onboardUser`, { credentials }, session);
    expect(connected.status).toBe(200);
    await importAll();
  }
  // Sandbox systems, one of them OAuth (its credentials are the access token it was given).
  for (const pms of SANDBOX_SYSTEMS) {
    await saveConnection(
      api.db,
      { accountId, pms, credentials: sandboxCredentials(pms) },
      api.vault,
    );
    await enqueueImport(api.db, { accountId, pms, createdBy: null });
    await importAll();
  }

  // The second step turned on from the settings.
  const setup = await api.post<{ secret: string }>('/user/auth/secondStep/setup', {}, session);
  owner.totpSecret = setup.body.secret;
  const confirmed = await api.post<{ recovery_codes: string[] }>(
    '/user/auth/secondStep/confirm',
    { code: totp(owner.totpSecret) },
    session,
  );
  expect(confirmed.status).toBe(200);
  compared.push(...confirmed.body.recovery_codes);
  owner.recoveryCodes = [...confirmed.body.recovery_codes];

  // The webhook secrets, shown to the owner to paste into Hostaway and Guesty; one delivery.
  const hostawayHook = await api.get<{ url: string; login: string; password: string }>(
    '/user/integrations/hostaway/webhook',
    session,
  );
  owner.webhookLogin = hostawayHook.body.login;
  owner.webhookPassword = hostawayHook.body.password;
  webhookPath = new URL(hostawayHook.body.url).pathname.replace(/^\/api/, '');
  const guestyHook = await api.get<{ secret: string }>(
    '/user/integrations/guesty/webhook',
    session,
  );
  owner.whsec = guestyHook.body.secret;
  expect((await webhookDelivery(owner.webhookPassword)).status).toBe(202);

  // A guest's check-in link, as the host is shown it.
  const [stay] = await api.db.query<{ id: string }>(
    `select id::text as id from reservations where account_id = $1::bigint and pms = 'hostaway'
     order by id limit 1`,
    [accountId],
  );
  owner.guestStayId = stay!.id;
  const link = await api.get<{ url: string }>(`/guestportal/link/${stay!.id}`, session);
  owner.guestUrl = link.body.url;

  // A second step being set up (its secret waits for the first code).
  const manager = await api.signIn('manager@hostdash.test');
  expect((await api.post('/user/auth/secondStep/setup', {}, manager)).status).toBe(200);

  // The demo's second step, sealed by the start.
  expect((await signInWithCode(SECURE, DEMO_TOTP_SECRET, 0)).status).toBe(200);
  expect(await syncEverything()).toEqual({
    hostaway: 'succeeded',
    guesty: 'succeeded',
    beds24: 'succeeded',
    cloudbeds: 'succeeded',
  });
}, 120_000);

afterAll(async () => {
  await api.close();
  await hostaway.close();
  await guesty.close();
});

it('keeps every secret it must read back sealed, and only hashes of the others: no table holds one in clear', async () => {
  expect(secrets().every((value) => value.length >= 11)).toBe(true);
  expect(await tablesHolding(secrets())).toEqual([]);
  // They are there, sealed under the active key, and open to what was given.
  const active = api.vault.activeKeyId();
  const usage = await keyUsage(api.db);
  expect(usage.filter((row) => row.keyId !== active)).toEqual([]);
  for (const { table, column } of SEALED_COLUMNS)
    expect(usage.some((row) => row.table === table && row.column === column)).toBe(true);
  const [hostawayRow] = await api.db.query<{ credentials: unknown; webhook_secret: unknown }>(
    `select credentials, webhook_secret from pms_connections
     where account_id = $1::bigint and pms = 'hostaway'`,
    [accountId],
  );
  expect(api.vault.open(hostawayRow!.credentials)).toEqual({
    accountId: FAKE_HOSTAWAY_ACCOUNT_ID,
    apiKey: FAKE_HOSTAWAY_API_KEY,
  });
  expect(api.vault.open(hostawayRow!.webhook_secret)).toMatchObject({
    password: owner.webhookPassword,
  });
  // The check itself finds a secret in clear where there is one.
  expect(await tablesHolding(['secrets.owner@example.com'])).toContain('users');
});

/** Columns compared only, never read back: each keeps a hash (SHA-256 of a token, or scrypt). */
const HASHED_COLUMNS = [
  'guest_links.token_sha256',
  'login_challenges.token_hash',
  'oauth_states.session_hash',
  'oauth_states.state_hash',
  'password_reset_tokens.token_hash',
  'recovery_codes.code_hash',
  'sessions.token_hash',
  'signup_links.token_hash',
  'team_invites.token_hash',
  'users.password_hash',
];
/** Pseudonyms (a hash of a user id) for telemetry: not secrets. */
const PSEUDONYMS = ['telemetry_events.user_hash', 'telemetry_minute_users.user_hash'];

it('knows every column named like a secret: sealed, or a hash', async () => {
  const columns = await api.db.query<{ name: string }>(
    `select table_name || '.' || column_name as name from information_schema.columns
     where table_schema = current_schema()
       and column_name ~ '(secret|token|credential|password|_hash|sealed)' order by 1`,
  );
  const sealed = SEALED_COLUMNS.map(({ table, column }) => `${table}.${column}`);
  expect(columns.map(({ name }) => name).sort()).toEqual(
    [...sealed, ...HASHED_COLUMNS, ...PSEUDONYMS].sort(),
  );
});

it('writes no secret to the log of a connect, an import, a webhook, a sync and a sign-in', () => {
  const logged = [...appLog, ...jobLog.lines.map((line) => JSON.stringify(line))].join('\n');
  // The capture worked: the lines of what happened are there.
  for (const event of ['pms_connected', 'second_step_setup', '/webhooks/hostaway/', 'import'])
    expect(logged).toContain(event);
  for (const secret of secrets()) expect(logged).not.toContain(secret);
});

it('a tampered sealed value fails clearly, names no content, and leaves the connection alone', async () => {
  const [beds24] = await api.db.query<{ id: string; credentials: { data: string } }>(
    `select id::text as id, credentials from pms_connections
     where account_id = $1::bigint and pms = 'beds24'`,
    [accountId],
  );
  const data = Buffer.from(beds24!.credentials.data, 'base64');
  data[0] = (data[0] ?? 0) ^ 1;
  const tampered = { ...beds24!.credentials, data: data.toString('base64') };
  await api.db.query('update pms_connections set credentials = $2::jsonb where id = $1::bigint', [
    beds24!.id,
    JSON.stringify(tampered),
  ]);
  try {
    expect(() => api.vault.open(tampered)).toThrow(SealedSecretError);
    expect(() => api.vault.open(tampered)).toThrow(/does not open with key .*: it was changed/);
    const before = jobLog.lines.length;
    expect((await syncEverything()).beds24).toBe('succeeded');
    expect(jobLog.lines.slice(before)).toContainEqual([
      { event: 'pms_sync', connectionId: beds24!.id, pms: 'beds24' },
      'The connection’s credentials cannot be opened; it is left alone',
    ]);
  } finally {
    await api.db.query('update pms_connections set credentials = $2::jsonb where id = $1::bigint', [
      beds24!.id,
      JSON.stringify(beds24!.credentials),
    ]);
  }
});

it('a second-step secret that does not open refuses codes, not recovery codes, and says so in the log', async () => {
  const [user] = await api.db.query<{ id: string; totp_secret: { data: string } }>(
    'select id::text as id, totp_secret from users where email = $1',
    [OWNER],
  );
  const data = Buffer.from(user!.totp_secret.data, 'base64');
  data[1] = (data[1] ?? 0) ^ 4;
  await api.db.query('update users set totp_secret = $2::jsonb where id = $1::bigint', [
    user!.id,
    JSON.stringify({ ...user!.totp_secret, data: data.toString('base64') }),
  ]);
  try {
    const before = appLog.length;
    const withCode = await signInWithCode([OWNER, OWNER_PASSWORD], owner.totpSecret, 0);
    expect(withCode.status).toBe(401);
    const lines = appLog.slice(before).join('\n');
    expect(lines).toContain('"event":"totp_secret_unreadable"');
    expect(lines).toContain(`"userId":"${user!.id}"`);
    for (const secret of secrets()) expect(lines).not.toContain(secret);
    const started = await api.post<{ challengeToken: string }>('/login', {
      email: OWNER,
      password: OWNER_PASSWORD,
    });
    const recovered = await api.post('/user/auth/challenge', {
      challengeToken: started.body.challengeToken,
      code: owner.recoveryCodes.pop(),
    });
    expect(recovered.status).toBe(200);
  } finally {
    await api.db.query('update users set totp_secret = $2::jsonb where id = $1::bigint', [
      user!.id,
      JSON.stringify(user!.totp_secret),
    ]);
  }
});

it('a rotation seals every row under the new key while the API runs; everything still works, and the old key retires', async () => {
  const oldKey = api.vault.activeKeyId();
  const before = await keyUsage(api.db);
  const report = await rotateKeys(api.db, api.config.secrets, { batchSize: 3 });
  expect(report.addedKeyId).not.toBe(oldKey);
  expect(report.activeKeyId).toBe(report.addedKeyId);
  const rowsOf = (table: string, column: string) =>
    before
      .filter((row) => row.table === table && row.column === column)
      .reduce((sum, row) => sum + row.rows, 0);
  for (const count of report.counts)
    expect(count).toEqual({
      table: count.table,
      column: count.column,
      resealed: rowsOf(count.table, count.column),
      changedMeanwhile: 0,
      unreadable: 0,
    });
  // Every row's key id is the new one; the old key is still in the file.
  const after = await keyUsage(api.db);
  expect(after.map((row) => row.keyId)).toEqual(after.map(() => report.addedKeyId));
  expect(after.map((row) => row.rows)).toEqual(before.map((row) => row.rows));
  expect([...readKeyRing(api.config.secrets.keyFile).keys.keys()]).toEqual([
    oldKey,
    report.addedKeyId,
  ]);
  expect(await tablesHolding(secrets())).toEqual([]);

  // The running API had read the file before the rotation: it meets the new key id and follows.
  expect(api.vault.activeKeyId()).toBe(oldKey);
  expect(await syncEverything()).toEqual({
    hostaway: 'succeeded',
    guesty: 'succeeded',
    beds24: 'succeeded',
    cloudbeds: 'succeeded',
  });
  expect(api.vault.activeKeyId()).toBe(report.addedKeyId);
  expect((await webhookDelivery(owner.webhookPassword)).status).toBe(202);
  expect((await webhookDelivery('not-the-password')).status).toBe(401);
  expect((await signInWithCode([OWNER, OWNER_PASSWORD], owner.totpSecret, 1)).status).toBe(200);
  expect((await signInWithCode(SECURE, DEMO_TOTP_SECRET, 1)).status).toBe(200);
  // The guest's link is the same link: its token was sealed again, not replaced.
  const shown = await api.get<{ url: string }>(`/guestportal/link/${owner.guestStayId}`, session);
  expect(shown.body.url).toBe(owner.guestUrl);

  // No value needs the old key any more: it leaves the file, and the file alone opens everything.
  const retired = await retireUnusedKeys(api.db, api.config.secrets);
  expect(retired).toEqual({
    retired: [oldKey],
    kept: [{ keyId: report.addedKeyId, rows: after.reduce((sum, row) => sum + row.rows, 0) }],
    inClear: 0,
    unusedLegacyKey: null,
  });
  expect(readFileSync(api.config.secrets.keyFile, 'utf8')).not.toContain(`${oldKey}:`);
  const fresh = openVault(api.config.secrets).vault;
  for (const sealed of SEALED_COLUMNS) {
    const rows = await api.db.query<{ stored: unknown }>(
      `select ${sealed.column} as stored from ${sealed.table} where ${sealed.column} is not null`,
    );
    for (const { stored } of rows) expect(() => sealed.fields(fresh, stored)).not.toThrow();
  }
}, 120_000);
