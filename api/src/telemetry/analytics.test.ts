// The admin's front-end health (GET /admin/analytics/frontend) on the real database, on events sent
// through the real collector (POST /telemetry): the series' buckets and totals, the slowest routes'
// order and percentiles, the top errors' grouping and first/last seen, the remote filter, the
// period's validation and who may ask.
import { startTestApi, type TestApi } from '../testing/testApi';
import { alignPeriod, bucketMinutesFor } from './analyticsQueries';
import type { FrontendHealth } from './analyticsSchemas';

let api: TestApi;
let admin: string;

beforeAll(async () => {
  api = await startTestApi({
    config: { telemetrySessionRateLimit: 1000, telemetryClientRateLimit: 1000 },
  });
  admin = await api.signIn('admin@hostdash.test');
});
afterAll(() => api.close());
// Each test's events alone (and the collector's allowance counted afresh).
afterEach(() =>
  api.db.exec('truncate throttles, telemetry_events, telemetry_minutes, telemetry_minute_sessions'),
);

const HOUR = 3_600_000;
let tabs = 0;
const newTab = (): string => `health-tab-${String((tabs += 1)).padStart(8, '0')}`;

const event = (overrides: Record<string, unknown> = {}) => ({
  type: 'error',
  at: new Date().toISOString(),
  route: '/listings',
  remote: 'listings',
  remoteVersion: '0.2.0',
  inRollout: false,
  user: null,
  message: 'Cannot read properties of undefined',
  ...overrides,
});

async function send(session: string, events: unknown[]): Promise<void> {
  const response = await api.post('/telemetry', { session, shell: 'shell-0.1.0', events });
  expect(response.status).toBe(202);
}

/**
 * Moves everything received so far `minutes` into the past, as if those batches had arrived then
 * (the collector stamps the server's now(); the rollups' minutes move with the raw events).
 */
async function age(minutes: number): Promise<void> {
  const by = [`${minutes} minutes`];
  await api.db.query(`update telemetry_events set received_at = received_at - $1::interval`, by);
  await api.db.query(`update telemetry_minutes set minute = minute - $1::interval`, by);
  await api.db.query(`update telemetry_minute_sessions set minute = minute - $1::interval`, by);
}

const health = (query = '', session = admin) =>
  api.get<FrontendHealth>(`/admin/analytics/frontend${query}`, session);

interface Refusal {
  error: string;
  message: string;
  field?: string;
  in?: string;
}
const refusal = (query: string, session = admin) =>
  api.get<Refusal>(`/admin/analytics/frontend${query}`, session);

const seriesOf = (body: FrontendHealth, remote: string | null, version: string | null) => {
  const found = body.series.find((each) => each.remote === remote && each.version === version);
  if (!found) throw new Error(`no series for ${remote} ${version}`);
  return found;
};

describe('the period', () => {
  it('chooses the bucket from the period: minutes for an hour, hours for a week and a month', () => {
    expect(bucketMinutesFor(HOUR)).toBe(1);
    expect(bucketMinutesFor(24 * HOUR)).toBe(15);
    expect(bucketMinutesFor(7 * 24 * HOUR)).toBe(180);
    expect(bucketMinutesFor(31 * 24 * HOUR)).toBe(720);
  });

  it('starts on a bucket and ends on a whole minute', () => {
    const aligned = alignPeriod(
      new Date('2026-11-24T10:07:30.000Z'),
      new Date('2026-11-25T10:07:30.000Z'),
    );
    expect(aligned).toEqual({
      from: new Date('2026-11-24T10:00:00.000Z'),
      to: new Date('2026-11-25T10:08:00.000Z'),
      bucketMinutes: 15,
    });
  });

  it('is the last 24 hours by default, in 15-minute buckets', async () => {
    const before = Date.now();
    const { status, body } = await health();
    expect(status).toBe(200);
    expect(body.bucket_minutes).toBe(15);
    const to = Date.parse(body.to);
    expect(to).toBeGreaterThanOrEqual(before);
    expect(to - Date.parse(body.from)).toBeGreaterThanOrEqual(24 * HOUR);
    expect(to - Date.parse(body.from)).toBeLessThan(24 * HOUR + 16 * 60_000);
    expect(body).toMatchObject({
      remotes: [],
      series: [],
      slowest_routes: [],
      top_errors: [],
      top_refusals: [],
    });
  });

  it('refuses a period that ends before it starts, one longer than 31 days, and a bad date', async () => {
    const refusals: Array<[string, string]> = [
      ['?from=2026-11-25T10:00:00Z&to=2026-11-25T10:00:00Z', 'from'],
      ['?from=2026-11-25T10:00:00Z&to=2026-11-24T10:00:00Z', 'from'],
      ['?from=2026-10-01T00:00:00Z&to=2026-11-25T00:00:00Z', 'to'],
      ['?from=yesterday', 'from'],
      ['?to=2026-13-01T00:00:00Z', 'to'],
      ['?remote=Listings%3B', 'remote'],
    ];
    for (const [query, field] of refusals) {
      const { status, body } = await refusal(query);
      expect({ query, status, error: body.error, field: body.field, in: body.in }).toEqual({
        query,
        status: 400,
        error: 'invalid_request',
        field,
        in: 'query',
      });
      expect(body.message).toEqual(expect.any(String));
    }
    const month = await health('?from=2026-10-25T00:00:00Z&to=2026-11-25T00:00:00Z');
    expect(month.status).toBe(200);
    expect(month.body.bucket_minutes).toBe(720);
  });
});

describe('the series per remote and version', () => {
  it('counts each bucket and the whole period from the rollups, and the vitals’ p75 from the events', async () => {
    const early = newTab();
    await send(early, [
      event(),
      event({ type: 'rejection', message: 'Network Error' }),
      event({ type: 'boundary_error' }),
      event({ type: 'remote_load_failed', message: undefined }),
      event({ type: 'contract_refused', message: undefined }),
      event({ type: 'api_failure', apiMethod: 'GET', apiPath: '/listing/load', apiStatus: 503 }),
      event({
        type: 'api_refusal',
        apiMethod: 'POST',
        apiPath: '/listing/update/:id',
        apiStatus: 409,
      }),
      event({
        type: 'api_refusal',
        apiMethod: 'POST',
        apiPath: '/listing/update/:id',
        apiStatus: 409,
      }),
      ...[1000, 2000, 3000, 4000].map((value) =>
        event({ type: 'vital', vital: 'LCP', value, message: undefined }),
      ),
      event({ type: 'vital', vital: 'INP', value: 80, message: undefined }),
      event({ type: 'vital', vital: 'CLS', value: 0.1, message: undefined }),
    ]);
    await age(90);
    const late = newTab();
    await send(late, [
      event({ type: 'route_change', durationMs: 300, message: undefined }),
      event({ type: 'vital', vital: 'LCP', value: 500, message: undefined }),
      event({ remoteVersion: '0.3.0' }),
      event({
        type: 'route_change',
        route: '/login',
        remote: null,
        remoteVersion: null,
        durationMs: 90,
        message: undefined,
      }),
    ]);

    const now = Date.now();
    const { status, body } = await health(`?from=${new Date(now - 3 * HOUR).toISOString()}`);
    expect(status).toBe(200);
    expect(body.bucket_minutes).toBe(5);
    expect(body.remotes).toEqual(['listings']);
    // Most sessions first: 0.2.0 had two tabs, 0.3.0 and the shell one each.
    expect(body.series.map((each) => [each.remote, each.version])).toEqual([
      ['listings', '0.2.0'],
      [null, null],
      ['listings', '0.3.0'],
    ]);

    const current = seriesOf(body, 'listings', '0.2.0');
    expect(current.totals).toEqual({
      sessions: 2,
      sessions_with_error: 1,
      error_rate: 0.5,
      errors: 3,
      load_failures: 2,
      api_failures: 1,
      api_refusals: 2,
      // percentile_cont over 500, 1000, 2000, 3000, 4000
      lcp_p75: 3000,
      inp_p75: 80,
    });
    // Every bucket of the period, 5 minutes apart, zero-filled.
    const starts = current.buckets.map((bucket) => Date.parse(bucket.at));
    expect(starts[0]).toBe(Date.parse(body.from));
    expect(
      starts.every((start, index) => index === 0 || start - starts[index - 1]! === 300_000),
    ).toBe(true);
    expect(starts.at(-1)! + 300_000).toBeGreaterThanOrEqual(Date.parse(body.to));
    expect(current.buckets).toHaveLength(
      Math.ceil((Date.parse(body.to) - Date.parse(body.from)) / 300_000),
    );

    // Two buckets with sessions, 90 minutes apart: the early tab's and the late one's.
    const [earlier, later, ...more] = current.buckets.filter((bucket) => bucket.sessions > 0);
    expect(more).toEqual([]);
    expect(Date.parse(later!.at) - Date.parse(earlier!.at)).toBeGreaterThanOrEqual(85 * 60_000);
    expect(earlier).toMatchObject({
      sessions: 1,
      sessions_with_error: 1,
      error_rate: 1,
      errors: 3,
      load_failures: 2,
      api_failures: 1,
      api_refusals: 2,
      lcp_p75: 3250,
      inp_p75: 80,
    });
    expect(later).toMatchObject({
      sessions: 1,
      sessions_with_error: 0,
      error_rate: 0,
      errors: 0,
      lcp_p75: 500,
      inp_p75: null,
    });
    const quiet = current.buckets.filter((bucket) => bucket.sessions === 0);
    expect(quiet.length).toBe(current.buckets.length - 2);
    expect(quiet[0]).toMatchObject({ errors: 0, error_rate: null, lcp_p75: null });
    for (const key of ['errors', 'load_failures', 'api_failures', 'api_refusals'] as const)
      expect(current.buckets.reduce((sum, bucket) => sum + bucket[key], 0)).toBe(
        current.totals[key],
      );

    expect(seriesOf(body, 'listings', '0.3.0').totals).toMatchObject({
      sessions: 1,
      errors: 1,
      error_rate: 1,
    });
    expect(seriesOf(body, null, null).totals).toMatchObject({ sessions: 1, errors: 0 });
  });

  it('answers only the remote asked for, and still names every remote for the chooser', async () => {
    const tab = newTab();
    await send(tab, [
      event(),
      event({ remote: 'reservations', remoteVersion: '1.0.0', message: 'Reservations broke' }),
      event({
        type: 'route_change',
        route: '/reservations',
        remote: 'reservations',
        remoteVersion: '1.0.0',
        durationMs: 700,
        message: undefined,
      }),
      event({ type: 'route_change', route: '/listings', durationMs: 900, message: undefined }),
      event({ remote: null, remoteVersion: null, route: '/login', message: 'Shell broke' }),
    ]);
    const { body } = await health('?remote=reservations');
    expect(body.remotes).toEqual(['listings', 'reservations']);
    expect(body.series.map((each) => [each.remote, each.version])).toEqual([
      ['reservations', '1.0.0'],
    ]);
    expect(body.slowest_routes.map((row) => row.route)).toEqual(['/reservations']);
    expect(body.top_errors.map((row) => row.message)).toEqual(['Reservations broke']);
  });
});

describe('the slowest routes', () => {
  it('orders routes by their p75 time to content, with the p95 and how many were measured', async () => {
    await send(newTab(), [
      ...[100, 200, 300, 400, 500].map((durationMs) =>
        event({
          type: 'route_change',
          route: '/reservation/:id',
          remote: 'reservations',
          remoteVersion: '1.0.0',
          durationMs,
          message: undefined,
        }),
      ),
      ...[900, 1000].map((durationMs) =>
        event({ type: 'route_change', route: '/listings', durationMs, message: undefined }),
      ),
      event({
        type: 'route_change',
        route: '/login',
        remote: null,
        remoteVersion: null,
        durationMs: 40,
        message: undefined,
      }),
      // Without a time to content (a route change the shell could not time): not measured.
      event({
        type: 'route_change',
        route: '/billing',
        remote: 'billing',
        remoteVersion: '0.1.0',
        message: undefined,
      }),
    ]);
    const { body } = await health();
    expect(body.slowest_routes).toEqual([
      { route: '/listings', remote: 'listings', count: 2, p75_ms: 975, p95_ms: 995 },
      { route: '/reservation/:id', remote: 'reservations', count: 5, p75_ms: 400, p95_ms: 480 },
      { route: '/login', remote: null, count: 1, p75_ms: 40, p95_ms: 40 },
    ]);
  });
});

describe('the top errors', () => {
  it('groups by message, remote, version, type and call, with counts, sessions and first and last seen', async () => {
    const first = newTab();
    await send(first, [event(), event(), event({ type: 'boundary_error' })]);
    await age(30);
    const second = newTab();
    await send(second, [
      event(),
      event({ remoteVersion: '0.3.0' }),
      event({
        type: 'api_failure',
        message: undefined,
        apiMethod: 'POST',
        apiPath: '/listing/update/:id',
        apiStatus: 500,
      }),
      // Another call's failure, the same message: a row of its own.
      event({
        type: 'api_failure',
        message: undefined,
        apiMethod: 'GET',
        apiPath: '/listing/get/:id',
        apiStatus: 0,
      }),
      // Not problems: never in the top errors.
      event({
        type: 'api_refusal',
        message: 'stale_write',
        apiMethod: 'POST',
        apiPath: '/listing/update/:id',
        apiStatus: 409,
      }),
      event({ type: 'route_change', durationMs: 100 }),
      event({ type: 'vital', vital: 'LCP', value: 900 }),
      event({ type: 'api_calls', message: undefined, value: 12 }),
    ]);
    const { body } = await health();
    const message = 'Cannot read properties of undefined';
    const listings = { remote: 'listings', version: '0.2.0' };
    expect(body.top_errors.map(({ first_seen: _f, last_seen: _l, ...row }) => row)).toEqual([
      { message, ...listings, type: 'error', call: null, count: 3, sessions: 2 },
      // The same count: the latest first, then by message (none last).
      {
        message,
        remote: 'listings',
        version: '0.3.0',
        type: 'error',
        call: null,
        count: 1,
        sessions: 1,
      },
      {
        message: null,
        ...listings,
        type: 'api_failure',
        call: { method: 'GET', route: '/listing/get/{id}', status: 0 },
        count: 1,
        sessions: 1,
      },
      {
        message: null,
        ...listings,
        type: 'api_failure',
        call: { method: 'POST', route: '/listing/update/{id}', status: 500 },
        count: 1,
        sessions: 1,
      },
      { message, ...listings, type: 'boundary_error', call: null, count: 1, sessions: 1 },
    ]);
    expect(body.top_refusals.map(({ first_seen: _f, last_seen: _l, ...row }) => row)).toEqual([
      {
        message: 'stale_write',
        ...listings,
        call: { method: 'POST', route: '/listing/update/{id}', status: 409 },
        count: 1,
        sessions: 1,
      },
    ]);
    const top = body.top_errors[0]!;
    const seen = Date.parse(top.last_seen) - Date.parse(top.first_seen);
    expect(seen).toBeGreaterThanOrEqual(29 * 60_000);
    expect(seen).toBeLessThan(31 * 60_000);
    expect(body.top_errors[4]!.first_seen).toBe(body.top_errors[4]!.last_seen);
  });

  it('shows the 20 most frequent', async () => {
    // "Problem k" k times, for k from 1 to 25: 325 events, in batches the collector takes.
    const events = Array.from({ length: 25 }, (_, index) =>
      Array.from({ length: index + 1 }, () => event({ message: `Problem ${index + 1}` })),
    ).flat();
    const tab = newTab();
    await send(tab, events.slice(0, 200));
    await send(tab, events.slice(200));
    const { body } = await health();
    expect(body.top_errors.map((row) => [row.message, row.count])).toEqual(
      Array.from({ length: 20 }, (_, index) => [`Problem ${25 - index}`, 25 - index]),
    );
  });
});

describe('the refusals the pages expect', () => {
  it('are apart from the problems: grouped by code, remote, version and call, the most frequent first', async () => {
    const card = {
      type: 'api_refusal',
      apiMethod: 'POST',
      apiPath: '/user/billing/updateCard/:id',
      apiStatus: 402,
    };
    await send(newTab(), [
      event({ ...card, remote: 'billing', remoteVersion: '0.1.0', message: 'card_declined' }),
      event({ ...card, remote: 'billing', remoteVersion: '0.1.0', message: 'card_declined' }),
      event({ ...card, remote: 'billing', remoteVersion: '0.1.0', message: 'insufficient_funds' }),
      event({
        type: 'api_refusal',
        remote: null,
        remoteVersion: null,
        route: '/login',
        message: 'invalid_credentials',
        apiMethod: 'POST',
        apiPath: '/login',
        apiStatus: 401,
      }),
    ]);
    await send(newTab(), [
      event({ ...card, remote: 'billing', remoteVersion: '0.1.0', message: 'card_declined' }),
    ]);
    const { body } = await health();
    expect(body.top_errors).toEqual([]);
    expect(
      body.top_refusals.map((row) => [row.message, row.remote, row.call, row.count, row.sessions]),
    ).toEqual([
      [
        'card_declined',
        'billing',
        { method: 'POST', route: '/user/billing/updateCard/{id}', status: 402 },
        3,
        2,
      ],
      [
        'insufficient_funds',
        'billing',
        { method: 'POST', route: '/user/billing/updateCard/{id}', status: 402 },
        1,
        1,
      ],
      ['invalid_credentials', null, { method: 'POST', route: '/login', status: 401 }, 1, 1],
    ]);
    expect(seriesOf(body, 'billing', '0.1.0').totals).toMatchObject({
      errors: 0,
      api_failures: 0,
      api_refusals: 4,
      sessions_with_error: 0,
    });
  });
});

it('is for staff only: anonymous 401, an account’s people 403', async () => {
  expect((await api.get('/admin/analytics/frontend')).status).toBe(401);
  for (const role of ['owner', 'manager', 'vendor']) {
    const session = await api.signIn(`${role}@hostdash.test`);
    const { status, body } = await refusal('', session);
    expect({ role, status, error: body.error }).toEqual({ role, status: 403, error: 'forbidden' });
  }
});
