// The platform analytics on the real database: each series against an independent count of the
// seeded rows, rows added now showing on today, every day of the period present (zero-filled), and
// the period validated by the schema.
import { RISK_COLOURS } from '../protect/risk';
import { VERIFICATION_STATUSES } from '../reservations/reservationQueries';
import { startTestApi, type TestApi } from '../testing/testApi';
import type { PlatformAnalytics } from './platformSchemas';

let api: TestApi;
let admin: string;

beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signIn('admin@hostdash.test');
});
afterAll(() => api.close());

const analytics = (days: number) =>
  api.get<PlatformAnalytics>(`/admin/analytics?days=${days}`, admin);

/** The UTC day `daysAgo` before today, YYYY-MM-DD. */
const utcDay = (daysAgo: number): string =>
  new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** Counts by UTC day since the period's first day, from an independent query. */
async function countsByDay(text: string, first: string): Promise<Map<string, number>> {
  const rows = await api.db.query<{ day: string; n: number }>(text, [first]);
  return new Map(rows.map((row) => [row.day, row.n]));
}

it('answers every day of the period, oldest first, ending today (UTC)', async () => {
  for (const days of [7, 30, 90]) {
    const { status, body } = await analytics(days);
    expect(status).toBe(200);
    const expected = Array.from({ length: days }, (_, index) => utcDay(days - 1 - index));
    expect(body).toMatchObject({ days, from: expected[0], to: utcDay(0) });
    for (const series of Object.values(body.series))
      expect(series.map((entry: { date: string }) => entry.date)).toEqual(expected);
  }
});

it('counts sign-ins per day as the sessions table does, and fills empty days with 0', async () => {
  const { body } = await analytics(90);
  const sessions = await countsByDay(
    `select to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*)::int as n
     from sessions where (created_at at time zone 'UTC')::date >= $1::date group by 1`,
    body.from,
  );
  for (const { date, count } of body.series.sign_ins) expect(count).toBe(sessions.get(date) ?? 0);
  // The seed signs people in over the last four weeks only: the period's first days read 0.
  expect(body.series.sign_ins[0]).toEqual({ date: body.from, count: 0 });
  expect(body.series.sign_ins.filter((day) => day.count > 0).length).toBeGreaterThan(15);
  expect(body.totals.sign_ins).toBe([...sessions.values()].reduce((a, b) => a + b, 0));
});

it('counts screened reservations by colour, verification outcomes and imports independently', async () => {
  const { body } = await analytics(30);
  const [screened] = await api.db.query<Record<string, number>>(
    `select ${RISK_COLOURS.map((colour) => `count(*) filter (where risk_colour(r.risk_score, a.risk_tolerance) = '${colour}')::int as ${colour}`).join(', ')}
     from reservations r join accounts a on a.id = r.account_id
     where (r.screened_at at time zone 'UTC')::date >= $1::date`,
    [body.from],
  );
  expect(body.totals.screened_by_colour).toEqual(screened);
  const [outcomes] = await api.db.query<Record<string, number>>(
    `select ${VERIFICATION_STATUSES.map((status) => `count(*) filter (where details->>'to' = '${status}')::int as ${status}`).join(', ')}
     from protect_log where event = 'verification_changed' and (at at time zone 'UTC')::date >= $1::date`,
    [body.from],
  );
  expect(body.totals.verification_outcomes).toEqual(outcomes);
  expect(body.totals.verification_outcomes.verified).toBeGreaterThan(0);
  const [imported] = await api.db.query<{ n: number }>(
    `select count(*)::int as n from listings where (created_at at time zone 'UTC')::date >= $1::date`,
    [body.from],
  );
  expect(body.totals.imports).toEqual({ succeeded: imported?.n, failed: null });
  // Each day's entries add up to the totals.
  for (const colour of RISK_COLOURS) {
    const sum = body.series.screened_by_colour.reduce((total, day) => total + day[colour], 0);
    expect(sum).toBe(body.totals.screened_by_colour[colour]);
  }
});

it('counts active accounts: host accounts with a sign-in or a screening that day', async () => {
  const { body } = await analytics(7);
  const active = await countsByDay(
    `select to_char(day, 'YYYY-MM-DD') as day, count(distinct account_id)::int as n from (
       select (s.created_at at time zone 'UTC')::date as day, u.account_id
       from sessions s join users u on u.id = s.user_id where u.type = 'user'
       union all
       select (screened_at at time zone 'UTC')::date, account_id from reservations where screened_at is not null
     ) a where day >= $1::date group by 1`,
    body.from,
  );
  for (const { date, count } of body.series.active_accounts)
    expect(count).toBe(active.get(date) ?? 0);
});

it('shows what happens today on today', async () => {
  const before = (await analytics(7)).body;
  const [reservation] = await api.db.query<{ id: string; account_id: string }>(
    `select id::text as id, account_id::text as account_id from reservations where account_id = 3 order by id limit 1`,
  );
  await api.db.query(
    `insert into protect_log (account_id, reservation_id, event, actor_name, details)
     values ($1::bigint, $2::bigint, 'verification_changed', 'Test', '{"from": "review", "to": "declined"}')`,
    [reservation?.account_id, reservation?.id],
  );
  await api.signIn('newhost@hostdash.test');
  const after = (await analytics(7)).body;
  const today = (body: PlatformAnalytics) => ({
    declined: body.series.verification_outcomes.at(-1)?.declined,
    signIns: body.series.sign_ins.at(-1)?.count,
  });
  expect(today(after)).toEqual({
    declined: (today(before).declined ?? 0) + 1,
    signIns: (today(before).signIns ?? 0) + 1,
  });
});

it('takes only 7, 30 or 90 days (30 by default)', async () => {
  for (const days of ['5', '0', '365', 'week', '-7'])
    expect((await api.get(`/admin/analytics?days=${days}`, admin)).status).toBe(400);
  expect((await api.get<PlatformAnalytics>('/admin/analytics', admin)).body.days).toBe(30);
});

it('is for staff only: anonymous 401, an account’s people 403', async () => {
  expect((await api.get('/admin/analytics')).status).toBe(401);
  for (const role of ['owner', 'manager', 'vendor']) {
    const session = await api.signIn(`${role}@hostdash.test`);
    expect((await api.get('/admin/analytics', session)).status).toBe(403);
  }
});
