// The whole loop as `npm start` runs it, at the jest level (issue 31): sandbox connections whose
// clock runs 3,600 times fast send their own webhooks to a listening API over real HTTP (Hostaway's
// with basic auth, Guesty's signed), the jobs read each booking from the sandbox, upsert and
// screen it, and each red stay tells its owner once — a mail and a bell notification — however
// often the sandbox looks again.
import type { AddressInfo } from 'node:net';
import type { ApiConfig } from '../../config';
import { enqueueJob, type JobServices } from '../../jobs/jobs';
import { runDueJobs } from '../../jobs/jobWorker';
import { enqueueImport, saveConnection } from '../../imports/importTasks';
import { runNextImport } from '../../imports/importWorker';
import { silentLog } from '../../testing/logs';
import { startTestApi, type TestApi } from '../../testing/testApi';
import { testJobServices } from '../../testing/jobServices';
import { adapterFor } from '../registry';
import { sandboxCredentials, sandboxEvents } from '../sandbox';
import { pmsSyncJob, pmsWebhookJob } from './syncJobs';
import { SANDBOX_DEMO_OWNER, connectSandboxDemo } from './sandboxDemo';
import { SANDBOX_WEBHOOK_QUEUE, sandboxTickCron, sandboxWebhooksJob } from './sandboxWebhooks';

const SPEED = 3_600;
let api: TestApi;
let services: JobServices;
let accountId: string;
let session: string;

beforeAll(async () => {
  api = await startTestApi();
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = api.app.server.address() as AddressInfo;
  const config: ApiConfig = {
    ...api.config,
    pmsSandbox: true,
    pmsSandboxSpeed: SPEED,
    host: '127.0.0.1',
    port,
  };
  services = testJobServices(api, {
    config,
    adapters: (pms) => adapterFor(pms, { sandbox: true, sandboxSpeed: SPEED }),
  });
  const signedUp = await api.signUp({ email: 'sandbox.loop@example.com', company: 'Loop Stays' });
  accountId = signedUp.body.user.account_id;
  session = signedUp.body.sessionId;
  for (const pms of ['hostaway', 'guesty', 'beds24'] as const) {
    await saveConnection(
      api.db,
      { accountId, pms, credentials: sandboxCredentials(pms) },
      api.vault,
    );
    await enqueueImport(api.db, { accountId, pms, createdBy: null });
    const run = await runNextImport({
      db: api.db,
      adapters: services.adapters,
      log: silentLog,
      vault: api.vault,
    });
    expect(run?.task.state).toBe('succeeded');
  }
}, 120_000);
afterAll(() => api.close());

/** One look of the sandbox, then every job it queued. */
async function tick() {
  await enqueueJob(api.db, { queue: SANDBOX_WEBHOOK_QUEUE, key: `t-${Date.now()}` });
  return runDueJobs(services, [sandboxWebhooksJob, pmsWebhookJob, pmsSyncJob] as never, {
    maxJobs: 500,
  });
}

const count = async (sql: string) => (await api.db.query<{ n: number }>(sql, [accountId]))[0]!.n;

it('ticks every 5 seconds when fast, every minute at real speed', () => {
  expect(sandboxTickCron(SPEED)).toBe('*/5 * * * * *');
  expect(sandboxTickCron(1)).toBe('* * * * *');
  // The same events for a system, whoever asks; every 7th slot books a risky stay.
  const to = new Date();
  const from = new Date(to.getTime() - 30_000);
  expect(sandboxEvents('hostaway', from, to, SPEED)).toEqual(
    sandboxEvents('hostaway', from, to, SPEED),
  );
});

it('new sandbox bookings arrive by webhook over HTTP, are screened, and each red one tells the owner once', async () => {
  // The first look only marks where the sandbox stands; then 30 seconds of its fast clock.
  await tick();
  await api.db.query(
    `update pms_connections set sandbox_sent_until = now() - interval '30 seconds'
     where account_id = $1::bigint`,
    [accountId],
  );
  const results = await tick();
  const webhookJobs = results.filter((result) => result.queue === 'pms.webhook');
  expect(webhookJobs.length).toBeGreaterThan(10);
  expect(webhookJobs.every((result) => result.outcome === 'succeeded')).toBe(true);
  // Beds24 has no webhook route: its connection was synced instead.
  expect(results.some((result) => result.queue === 'pms.sync')).toBe(true);

  const live = `from reservations r join accounts a on a.id = r.account_id
                where r.account_id = $1::bigint and r.external_id like '%-L%'`;
  expect(await count(`select count(distinct r.pms)::int as n ${live}`)).toBe(3);
  expect(await count(`select count(*)::int as n ${live} and r.screened_at is null`)).toBe(0);
  const redSql = `select count(*)::int as n ${live} and r.status = 'CONFIRMED'
                  and r.check_out_date >= current_date
                  and risk_colour(r.risk_score, a.risk_tolerance) = 'red'`;
  const red = await count(redSql);
  expect(red).toBeGreaterThan(0);
  const redMails = `select count(*)::int as n from mail_outbox
                    where account_id = $1::bigint and kind = 'stay_alert' and subject like '%screens red'`;
  expect(await count(redMails)).toBe(red);
  const bell = await api.get<{ items: { title: string; link: string }[] }>(
    '/user/notifications/load?limit=50',
    session,
  );
  expect(bell.body.items.find((item) => item.title.endsWith('screens red'))?.link).toMatch(
    /^\/reservation\/\d+$/,
  );
  expect(
    await count(`select count(*)::int as n from notifications n join users u on u.id = n.user_id
                 where u.account_id = $1::bigint and n.title like '%screens red'`),
  ).toBe(red);

  // The sandbox looks again (and again): the stays already told about are not told again.
  await api.db.query(
    `update pms_connections set sandbox_sent_until = now() - interval '30 seconds'
     where account_id = $1::bigint`,
    [accountId],
  );
  await tick();
  expect(await count(redMails)).toBe(await count(redSql));
  const [alerts] = await api.db.query<{ n: number; distinct: number }>(
    `select count(*)::int as n, count(distinct reservation_id)::int as distinct from mail_outbox
     where account_id = $1::bigint and kind = 'stay_alert' and subject like '%screens red'`,
    [accountId],
  );
  expect(alerts!.n).toBe(alerts!.distinct);
}, 120_000);

it('connects the demo owner to the Hostaway sandbox once, and their bookings arrive by themselves', async () => {
  const settings = { pmsSandbox: true, pmsSandboxDemo: true, demoData: true };
  expect(await connectSandboxDemo(api.db, api.vault, { ...settings, pmsSandboxDemo: false })).toBe(
    false,
  );
  expect(await connectSandboxDemo(api.db, api.vault, { ...settings, demoData: false })).toBe(false);
  expect(await connectSandboxDemo(api.db, api.vault, settings)).toBe(true);
  expect(await connectSandboxDemo(api.db, api.vault, settings)).toBe(false);
  const [demo] = await api.db.query<{ account_id: string; status: string; pms: string }>(
    `select c.account_id::text as account_id, c.status, c.pms from pms_connections c
     join users u on u.account_id = c.account_id where u.email = $1`,
    [SANDBOX_DEMO_OWNER],
  );
  expect(demo).toMatchObject({ status: 'connected', pms: 'hostaway' });
  await api.db.query(
    `update pms_connections set sandbox_sent_until = now() - interval '30 seconds'
     where account_id = $1::bigint`,
    [demo!.account_id],
  );
  await tick();
  const [arrived] = await api.db.query<{ n: number }>(
    `select count(*)::int as n from reservations
     where account_id = $1::bigint and pms = 'hostaway' and external_id like '%-L%'
       and screened_at is not null`,
    [demo!.account_id],
  );
  expect(arrived!.n).toBeGreaterThan(0);
}, 120_000);
