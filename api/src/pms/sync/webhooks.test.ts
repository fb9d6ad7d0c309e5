// Bookings flow in by themselves (issue 31), against the local fakes of Hostaway and Guesty and a
// real API over a real database: a proven webhook delivery only queues a job, the job reads the
// booking again, upserts and screens it, and a risky one tells the team once; deliveries that do
// not prove themselves are refused with 401; a flood collapses into one job per booking; the
// scheduled sync asks only for what changed since its cursor; refused credentials are told once.
import { randomUUID } from 'node:crypto';
import type { ApiConfig } from '../../config';
import { enqueueImport, saveConnection } from '../../imports/importTasks';
import { runNextImport } from '../../imports/importWorker';
import { runDueJobs } from '../../jobs/jobWorker';
import { enqueueJob, type JobServices } from '../../jobs/jobs';
import { silentLog } from '../../testing/logs';
import { startTestApi, type TestApi } from '../../testing/testApi';
import { testJobServices } from '../../testing/jobServices';
import { adapterFor } from '../registry';
import type { PmsName } from '../pms';
import {
  FAKE_GUESTY_CLIENT_ID,
  FAKE_GUESTY_CLIENT_SECRET,
  guestyPortfolio,
  startFakeGuesty,
} from '../testing/fakeGuesty';
import {
  FAKE_HOSTAWAY_ACCOUNT_ID,
  FAKE_HOSTAWAY_API_KEY,
  hostawayPortfolio,
  startFakeHostaway,
} from '../testing/fakeHostaway';
import type { FakeTokenApi } from '../testing/fakeTokenApi';
import { PMS_SYNC_SCHEDULE, pmsSyncJob, pmsWebhookJob } from './syncJobs';
import { svixSignature } from './webhookCredentials';

let api: TestApi;
let hostaway: FakeTokenApi;
let guesty: FakeTokenApi;
const hostawayData = hostawayPortfolio(6);
const guestyData = guestyPortfolio(5);
let services: JobServices;
let session: string;
let accountId: string;
const OWNER = 'webhook.owner@example.com';

const today = () => new Date().toISOString().slice(0, 10);
const addDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** Hostaway's date-time ("YYYY-MM-DD HH:MM:SS", UTC). */
const hostawayNow = () => new Date().toISOString().slice(0, 19).replace('T', ' ');

const runJobs = () => runDueJobs(services, [pmsWebhookJob, pmsSyncJob] as never);

interface Setup {
  pms: 'hostaway' | 'guesty';
  url: string;
  login: string | null;
  password: string | null;
  secret: string | null;
}

async function setupOf(pms: PmsName): Promise<Setup> {
  const response = await api.get<Setup>(`/user/integrations/${pms}/webhook`, session);
  expect(response.status).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.body;
}

const pathOf = (setup: Setup) => new URL(setup.url).pathname.replace(/^\/api/, '');

function hostawayDelivery(setup: Setup, id: number | string, password = setup.password!) {
  return api.request({
    method: 'POST',
    url: pathOf(setup),
    headers: {
      authorization: `Basic ${Buffer.from(`${setup.login}:${password}`).toString('base64')}`,
    },
    payload: {
      object: 'reservation',
      event: 'reservation.created',
      accountId: Number(FAKE_HOSTAWAY_ACCOUNT_ID),
      data: { id, guestName: 'from the delivery' },
    },
  });
}

function guestyDelivery(
  setup: Setup,
  id: string,
  options: { svixId?: string; timestamp?: number; secret?: string } = {},
) {
  const body = JSON.stringify({ event: 'reservation.new', reservation: { _id: id } });
  const svixId = options.svixId ?? `msg_${randomUUID()}`;
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  return api.request({
    method: 'POST',
    url: pathOf(setup),
    headers: {
      'content-type': 'application/json',
      'svix-id': svixId,
      'svix-timestamp': timestamp,
      'svix-signature': svixSignature(options.secret ?? setup.secret!, svixId, timestamp, body),
    },
    payload: body,
  });
}

async function reservation(pms: string, externalId: string) {
  const [row] = await api.db.query<{
    id: string;
    guest_name: string;
    guests_count: number;
    screened: boolean;
    colour: string;
  }>(
    `select r.id::text as id, r.guest_name, r.guests_count, r.screened_at is not null as screened,
            risk_colour(r.risk_score, a.risk_tolerance) as colour
     from reservations r join accounts a on a.id = r.account_id
     where r.account_id = $1::bigint and r.pms = $2 and r.external_id = $3`,
    [accountId, pms, externalId],
  );
  return row ?? null;
}

const mails = async (kind: string) =>
  (
    await api.db.query<{ n: number }>(
      `select count(*)::int as n from mail_outbox where account_id = $1::bigint and kind = $2`,
      [accountId, kind],
    )
  )[0]!.n;

const queuedJobs = async (queue: string) =>
  (
    await api.db.query<{ n: number }>(
      `select count(*)::int as n from jobs where queue = $1 and state = 'queued'`,
      [queue],
    )
  )[0]!.n;

beforeAll(async () => {
  api = await startTestApi();
  hostaway = await startFakeHostaway(hostawayData);
  guesty = await startFakeGuesty(guestyData);
  const config: ApiConfig = {
    ...api.config,
    pmsSandbox: false,
    hostawayApiUrl: hostaway.url,
    guestyApiUrl: guesty.url,
  };
  services = testJobServices(api, {
    config,
    adapters: (pms) =>
      adapterFor(pms, {
        sandbox: false,
        hostawayApiUrl: hostaway.url,
        guestyApiUrl: guesty.url,
      }),
  });
  const signedUp = await api.signUp({ email: OWNER, company: 'Webhook Stays' });
  session = signedUp.body.sessionId;
  accountId = signedUp.body.user.account_id;
  // Both systems connected and imported, as the connect page does it.
  for (const [pms, credentials] of [
    ['hostaway', { accountId: FAKE_HOSTAWAY_ACCOUNT_ID, apiKey: FAKE_HOSTAWAY_API_KEY }],
    ['guesty', { clientId: FAKE_GUESTY_CLIENT_ID, clientSecret: FAKE_GUESTY_CLIENT_SECRET }],
  ] as const) {
    await saveConnection(api.db, { accountId, pms, credentials }, api.vault);
    await enqueueImport(api.db, { accountId, pms, createdBy: null });
    const run = await runNextImport({
      db: api.db,
      adapters: services.adapters,
      log: silentLog,
      vault: api.vault,
      today: () => '2026-01-01',
    });
    expect(run?.task.state).toBe('succeeded');
  }
}, 60_000);
afterAll(async () => {
  await api.close();
  await hostaway.close();
  await guesty.close();
});

describe('the settings show each connection’s webhook and syncs', () => {
  it('lists the webhook URL and the next sync; credentials only on the owner’s own read', async () => {
    await api.db.query(
      `insert into job_schedules (name, cron, queue, next_run_at)
       values ($1, '*/15 * * * *', 'pms.sync', now() + interval '10 minutes')
       on conflict (name) do nothing`,
      [PMS_SYNC_SCHEDULE],
    );
    const listed = await api.get<{
      items: { pms: string; webhook_url: string | null; next_sync_at: string | null }[];
    }>('/user/integrations', session);
    expect(listed.status).toBe(200);
    const byPms = new Map(listed.body.items.map((item) => [item.pms, item]));
    expect(byPms.get('hostaway')?.webhook_url).toMatch(
      /^http:\/\/localhost:3000\/api\/webhooks\/hostaway\/[0-9a-f]{32}$/,
    );
    expect(byPms.get('guesty')?.next_sync_at).toEqual(expect.any(String));
    expect(listed.text).not.toMatch(/password|whsec_/);

    const first = await setupOf('hostaway');
    expect(first).toMatchObject({
      pms: 'hostaway',
      url: byPms.get('hostaway')?.webhook_url,
      login: expect.stringMatching(/^hostdash-/),
      password: expect.any(String),
      secret: null,
    });
    // The same on every read: the owner may come back to paste them again.
    expect(await setupOf('hostaway')).toEqual(first);
    expect((await setupOf('guesty')).secret).toMatch(/^whsec_/);
    // Nobody else reads them; a system without webhooks has none.
    const manager = await api.get('/user/integrations/hostaway/webhook', undefined);
    expect(manager.status).toBe(401);
    expect((await api.get('/user/integrations/beds24/webhook', session)).status).toBe(404);
  });
});

describe('Hostaway', () => {
  it('a delivery with the connection’s basic auth queues the booking; its job upserts and screens it', async () => {
    const setup = await setupOf('hostaway');
    hostawayData.reservations.push({
      id: 990_001,
      listingMapId: 70_001,
      channelName: 'airbnbOfficial',
      guestName: 'Inês Webhook',
      guestEmail: 'ines@example.com',
      numberOfGuests: 2,
      arrivalDate: addDays(20),
      departureDate: addDays(23),
      status: 'new',
    });
    const answer = await hostawayDelivery(setup, 990_001);
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ queued: true });
    // The route wrote no booking: the job does.
    expect(await reservation('hostaway', '990001')).toBeNull();
    const results = await runJobs();
    expect(results).toEqual([
      expect.objectContaining({ queue: 'pms.webhook', outcome: 'succeeded' }),
    ]);
    // Read again from Hostaway, not taken from the delivery.
    expect(await reservation('hostaway', '990001')).toMatchObject({
      guest_name: 'Inês Webhook',
      screened: true,
      // Only the identity check not started yet (+20): green on the balanced tolerance.
      colour: 'green',
    });
  });

  it('refuses wrong credentials and an unknown connection with 401, and queues nothing', async () => {
    const setup = await setupOf('hostaway');
    const wrong = await hostawayDelivery(setup, 900_001, 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ error: 'webhook_refused', message: expect.any(String) });
    const unknown = await hostawayDelivery(
      { ...setup, url: setup.url.replace(/[0-9a-f]{32}$/, 'f'.repeat(32)) },
      900_001,
    );
    expect(unknown.status).toBe(401);
    // The Guesty route does not take a Hostaway connection.
    const elsewhere = await hostawayDelivery(
      { ...setup, url: setup.url.replace('/hostaway/', '/guesty/') },
      900_001,
    );
    expect(elsewhere.status).toBe(401);
    const none = await api.request({
      method: 'POST',
      url: pathOf(setup),
      payload: { event: 'reservation.created', data: { id: 1 } },
    });
    expect(none.status).toBe(401);
    expect(await queuedJobs('pms.webhook')).toBe(0);
  });

  it('a red booking tells the team by mail and in the app, once; a later sync does not mail again', async () => {
    const setup = await setupOf('hostaway');
    // Tonight, one night, a crowd from the listing's own city, and a party in the note: red.
    const risky = {
      id: 990_002,
      listingMapId: 70_002,
      channelName: 'direct',
      guestName: 'Rafa Risco',
      guestEmail: 'rafa@example.com',
      numberOfGuests: 12,
      arrivalDate: today(),
      departureDate: addDays(1),
      status: 'new',
      guestCity: 'Lisboa',
      guestNote: 'Birthday party with a DJ',
      latestActivityOn: hostawayNow(),
    };
    hostawayData.reservations.push(risky);
    const notificationsBefore = (
      await api.db.query<{ n: number }>(
        `select count(*)::int as n from notifications n join users u on u.id = n.user_id
         where u.account_id = $1::bigint and n.title like '%screens red'`,
        [accountId],
      )
    )[0]!.n;
    // Three deliveries about it (created, then updated twice) before its job runs: one job.
    for (let i = 0; i < 3; i += 1)
      expect((await hostawayDelivery(setup, 990_002)).status).toBe(202);
    expect(await queuedJobs('pms.webhook')).toBe(1);
    await runJobs();
    expect(await reservation('hostaway', '990002')).toMatchObject({ colour: 'red' });
    expect(await mails('stay_alert')).toBe(1);
    const [mail] = await api.db.query<{ to_address: string; subject: string; body: string }>(
      `select to_address, subject, body from mail_outbox where account_id = $1::bigint and kind = 'stay_alert'`,
      [accountId],
    );
    expect(mail).toMatchObject({
      to_address: OWNER,
      subject: expect.stringMatching(/^New booking at .+ screens red$/),
      body: expect.stringContaining('Party keywords in message'),
    });
    const notified = await api.get<{ items: { title: string; link: string }[] }>(
      '/user/notifications/load?limit=50',
      session,
    );
    expect(notified.body.items?.filter((item) => /screens red$/.test(item.title)).length ?? 0).toBe(
      notificationsBefore + 1,
    );

    // Hostaway says it changed again (one more guest): the webhook and the sync write it, but
    // the stay was alerted already.
    risky.numberOfGuests = 13;
    risky.latestActivityOn = hostawayNow();
    expect((await hostawayDelivery(setup, 990_002)).status).toBe(202);
    await runJobs();
    await syncNow('hostaway');
    expect(await reservation('hostaway', '990002')).toMatchObject({
      guests_count: 13,
      colour: 'red',
    });
    expect(await mails('stay_alert')).toBe(1);
  });
});

/** The schedule's run (fan-out) and each connection's sync job. */
async function syncNow(pms?: PmsName) {
  await api.db.query(`update jobs set run_after = now() where state = 'queued'`);
  await enqueueJob(api.db, { queue: 'pms.sync', key: `test-${randomUUID()}`, payload: {} });
  const results = await runJobs();
  if (pms) expect(results.some((result) => result.queue === 'pms.sync')).toBe(true);
  return results;
}

describe('Guesty', () => {
  it('a signed delivery queues the booking; its job upserts and screens it', async () => {
    const setup = await setupOf('guesty');
    guestyData.reservations.push({
      _id: '65b2e1d3f5c1b2c3d4e5ffff',
      listingId: guestyData.listings[1]!._id,
      status: 'confirmed',
      checkInDateLocalized: addDays(10),
      checkOutDateLocalized: addDays(12),
      guestsCount: 2,
      guest: { fullName: 'Jordi Signat', email: 'jordi@example.es' },
      source: 'manual',
    });
    const answer = await guestyDelivery(setup, '65b2e1d3f5c1b2c3d4e5ffff');
    expect(answer.status).toBe(202);
    await runJobs();
    expect(await reservation('guesty', '65b2e1d3f5c1b2c3d4e5ffff')).toMatchObject({
      guest_name: 'Jordi Signat',
      screened: true,
    });
  });

  it('refuses a bad signature, a stale timestamp, a replay and an unknown connection with 401', async () => {
    const setup = await setupOf('guesty');
    const id = guestyData.reservations[0]!._id as string;
    const forged = await guestyDelivery(setup, id, {
      secret: `whsec_${Buffer.from('not the secret at all').toString('base64')}`,
    });
    expect(forged.status).toBe(401);
    expect(forged.body).toMatchObject({ error: 'webhook_refused' });
    const stale = await guestyDelivery(setup, id, {
      timestamp: Math.floor(Date.now() / 1000) - 6 * 60,
    });
    expect(stale.status).toBe(401);
    const svixId = `msg_${randomUUID()}`;
    expect((await guestyDelivery(setup, id, { svixId })).status).toBe(202);
    const replay = await guestyDelivery(setup, id, { svixId });
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ error: 'webhook_replayed' });
    const unknown = await guestyDelivery(
      { ...setup, url: setup.url.replace(/[0-9a-f]{32}$/, '0'.repeat(32)) },
      id,
    );
    expect(unknown.status).toBe(401);
    // A signature in the wrong place: Hostaway's route does not take a Guesty connection.
    const body = JSON.stringify({ event: 'reservation.new', reservation: { _id: id } });
    const tampered = await api.request({
      method: 'POST',
      url: pathOf(setup),
      headers: {
        'content-type': 'application/json',
        'svix-id': 'msg_tampered',
        'svix-timestamp': String(Math.floor(Date.now() / 1000)),
        'svix-signature': svixSignature(setup.secret!, 'msg_tampered', '0', body),
      },
      payload: body,
    });
    expect(tampered.status).toBe(401);
    await runJobs();
  });

  it('a flood of deliveries all answer 202 at once and collapse into one job per booking', async () => {
    const setup = await setupOf('guesty');
    const ids = guestyData.reservations.slice(0, 4).map((r) => r._id as string);
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) => guestyDelivery(setup, ids[index % ids.length]!)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(200).fill(202));
    // No delivery waited for a booking to be read: nothing was asked of Guesty meanwhile.
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(await queuedJobs('pms.webhook')).toBe(ids.length);
    const before = guesty.requests.length;
    await runJobs();
    expect(guesty.requests.length - before).toBeLessThanOrEqual(ids.length * 2);
    expect(await queuedJobs('pms.webhook')).toBe(0);
  }, 60_000);
});

describe('the scheduled sync', () => {
  it('asks each system only for what changed since the cursor, and moves the cursor on', async () => {
    const [before] = await api.db.query<{ cursor: string | null }>(
      `select sync_cursor as cursor from pms_connections where account_id = $1::bigint and pms = 'guesty'`,
      [accountId],
    );
    // One Guesty reservation changed just now, another long ago (and changed in Guesty's data
    // without a new lastUpdatedAt: a sync by cursor does not see it).
    const changed = guestyData.reservations[1]!;
    changed.guestsCount = 4;
    changed.lastUpdatedAt = new Date().toISOString();
    const untouched = guestyData.reservations[2]!;
    untouched.guestsCount = 9;
    const requestsBefore = guesty.requests.length;
    await syncNow('guesty');
    const asked = guesty.requests
      .slice(requestsBefore)
      .filter((request) => request.startsWith('GET /v1/reservations?'));
    expect(asked.length).toBeGreaterThan(0);
    const filters = JSON.parse(
      new URL(`http://x${asked[0]!.slice(4)}`).searchParams.get('filters')!,
    );
    expect(filters).toEqual([
      { field: 'lastUpdatedAt', operator: '$gte', value: expect.any(String) },
    ]);
    expect(await reservation('guesty', changed._id as string)).toMatchObject({ guests_count: 4 });
    expect(await reservation('guesty', untouched._id as string)).toMatchObject({ guests_count: 3 });
    const [after] = await api.db.query<{ cursor: string; last: string; status: string }>(
      `select sync_cursor as cursor, last_sync_at as last, status from pms_connections
       where account_id = $1::bigint and pms = 'guesty'`,
      [accountId],
    );
    expect(after!.status).toBe('connected');
    expect(Date.parse(after!.cursor)).toBeGreaterThan(Date.parse(before?.cursor ?? '2000-01-01'));
    // The next sync starts from the new cursor (less the overlap).
    const next = guesty.requests.length;
    await syncNow('guesty');
    const again = guesty.requests.slice(next).find((r) => r.startsWith('GET /v1/reservations?'))!;
    const since = JSON.parse(new URL(`http://x${again.slice(4)}`).searchParams.get('filters')!)[0]
      .value as string;
    expect(Date.parse(since)).toBe(Date.parse(after!.cursor) - 2 * 60_000);
    // Hostaway is asked by the day of the latest activity.
    expect(hostaway.requests.some((r) => /latestActivityStart=\d{4}-\d{2}-\d{2}/.test(r))).toBe(
      true,
    );
  });

  it('leaves a connection alone while an import of its account is under way', async () => {
    const [task] = await api.db.query<{ id: string }>(
      `insert into import_tasks (account_id, pms) values ($1::bigint, 'guesty') returning id::text as id`,
      [accountId],
    );
    const requestsBefore = guesty.requests.length + hostaway.requests.length;
    await syncNow();
    expect(guesty.requests.length + hostaway.requests.length).toBe(requestsBefore);
    await api.db.query(
      `update import_tasks set state = 'succeeded', finished_at = now() where id = $1::bigint`,
      [task!.id],
    );
  });

  it('marks a connection whose credentials stop working and tells its owner once', async () => {
    const status = async () =>
      (
        await api.db.query<{ status: string }>(
          `select status from pms_connections where account_id = $1::bigint and pms = 'hostaway'`,
          [accountId],
        )
      )[0]!.status;
    const bell = async () =>
      (
        await api.db.query<{ n: number }>(
          `select count(*)::int as n from notifications n join users u on u.id = n.user_id
           where u.account_id = $1::bigint and n.title = 'Hostaway stopped syncing'`,
          [accountId],
        )
      )[0]!.n;
    hostaway.revoked = true;
    await syncNow('hostaway');
    expect(await status()).toBe('reconnect');
    expect(await mails('sync_failed')).toBe(1);
    expect(await bell()).toBe(1);
    // Every 15 minutes after: still refused, nobody told again.
    await syncNow('hostaway');
    await syncNow('hostaway');
    expect(await mails('sync_failed')).toBe(1);
    expect(await bell()).toBe(1);
    // It works again, then breaks again: told once more.
    hostaway.revoked = false;
    await syncNow('hostaway');
    expect(await status()).toBe('connected');
    hostaway.revoked = true;
    await syncNow('hostaway');
    expect(await mails('sync_failed')).toBe(2);
    const [mail] = await api.db.query<{ subject: string; body: string }>(
      `select subject, body from mail_outbox where kind = 'sync_failed' order by id desc limit 1`,
    );
    expect(mail!.subject).toBe('Hostaway stopped syncing: reconnect it');
    expect(mail!.body).not.toContain(FAKE_HOSTAWAY_API_KEY);
    hostaway.revoked = false;
  });
});
