// The telemetry collector (issue 17) on the real database: what it takes and refuses, its size and
// rate limits, the rollups a batch writes, what the shell server's stamp vouches for (issue 30),
// pruning, and a version's health over a window as a verdict reads it.
import { Readable } from 'node:stream';
import { signStamp, stampKey, telemetryUserHash } from '../testing/telemetryStamps';
import { startTestApi, type TestApi } from '../testing/testApi';
import { healthWindow, pruneTelemetry } from './telemetryStore';

const SESSION_LIMIT = 20;
const CLIENT_LIMIT = 50;
/**
 * The limits count per minute of the clock: a test that sends up to its limit starts with at
 * least 15 s of the minute ahead, so the count is not reset half-way (it failed once at 19:20:00).
 */
async function minuteAhead(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}
const TOKEN = 'test-delivery-token-0123456789abcdef';
const TABLES = [
  'throttles',
  'telemetry_events',
  'telemetry_minutes',
  'telemetry_minute_sessions',
  'telemetry_minute_users',
];

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({
    config: {
      telemetrySessionRateLimit: SESSION_LIMIT,
      telemetryClientRateLimit: CLIENT_LIMIT,
      deliveryToken: TOKEN,
    },
  });
});
afterAll(() => api.close());
afterEach(async () => {
  for (const table of TABLES) await api.db.query(`delete from ${table}`);
});

let tabs = 0;
/** A new browser tab's session id. */
const newTab = (): string => `test-tab-${String((tabs += 1)).padStart(8, '0')}`;

const event = (overrides: Record<string, unknown> = {}) => ({
  type: 'route_change',
  at: new Date().toISOString(),
  route: '/reservation/:id',
  remote: 'reservations',
  remoteVersion: '0.2.0',
  inRollout: true,
  user: 'a'.repeat(64),
  durationMs: 320,
  ...overrides,
});

const batch = (session: string, events: unknown[] = [event()]) => ({
  session,
  shell: 'shell-0.1.0+abc',
  events,
});

/** A batch as the shell's proxy forwards it from the browser at `client`. */
const send = (body: unknown, client = '198.51.100.1') =>
  api.post('/telemetry', body, undefined, { 'x-forwarded-for': client });

const hoursFromNow = (hours: number): string =>
  new Date(Date.now() + hours * 3_600_000).toISOString();

describe('POST /telemetry', () => {
  it('stores a batch without a session and answers how many events it took', async () => {
    const session = newTab();
    const response = await send(
      batch(session, [
        event(),
        event({
          type: 'api_failure',
          apiMethod: 'GET',
          apiPath: '/reservation/get/:id',
          apiStatus: 503,
          message: 'internal',
          durationMs: 1200,
        }),
        event({ type: 'vital', vital: 'LCP', value: 1800, durationMs: undefined, remote: null }),
      ]),
    );
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ accepted: 3 });
    const rows = await api.db.query<Record<string, unknown>>(
      `select type, session, shell, remote, remote_version, in_rollout, api_method, api_path,
         api_status, message, vital, value, received_at is not null as received
       from telemetry_events order by id`,
    );
    expect(rows).toEqual([
      expect.objectContaining({ type: 'route_change', session, shell: 'shell-0.1.0+abc' }),
      expect.objectContaining({
        type: 'api_failure',
        api_method: 'GET',
        api_path: '/reservation/get/{id}',
        api_status: 503,
        message: 'internal',
        remote: 'reservations',
      }),
      expect.objectContaining({ type: 'vital', vital: 'LCP', value: 1800, remote: null }),
    ]);
    expect(rows.every((row) => row.received === true)).toBe(true);
  });

  it('keeps an API call as the API route it called, and no path that is none of its routes', async () => {
    const call = (apiMethod: string, apiPath: string, type = 'api_refusal') =>
      event({ type, apiMethod, apiPath, apiStatus: 409, message: 'stale_write' });
    const response = await send(
      batch(newTab(), [
        // As the browser sends it: ids replaced.
        call('POST', '/user/billing/updateCard/:id'),
        // What the browser could not tell from a name, and a raw id it missed.
        call('GET', '/channel/hostaway/import'),
        call('GET', '/reservation/get/123456'),
        // The literal route wins over a parameter, the query goes, a trailing slash is the same.
        call('GET', '/listing/load/?search=olivia%40example.com&size=10'),
        // Not a route of the API, or not by this method: no path kept at all.
        call('GET', '/account/reset/s3cr3t-t0k3n', 'api_failure'),
        call('DELETE', '/listing/get/:id', 'api_failure'),
      ]),
    );
    expect(response.status).toBe(202);
    const rows = await api.db.query<Record<string, unknown>>(
      'select type, api_method, api_path, api_status from telemetry_events order by id',
    );
    expect(rows.map((row) => [row.type, row.api_method, row.api_path, row.api_status])).toEqual([
      ['api_refusal', 'POST', '/user/billing/updateCard/{id}', 409],
      ['api_refusal', 'GET', '/channel/{pms}/import', 409],
      ['api_refusal', 'GET', '/reservation/get/{id}', 409],
      ['api_refusal', 'GET', '/listing/load', 409],
      ['api_failure', 'GET', null, 409],
      ['api_failure', 'DELETE', null, 409],
    ]);
  });

  it('refuses what the schema does not take, naming the field, and stores nothing', async () => {
    const refusals: Array<[unknown, string]> = [
      [batch(newTab(), [event({ type: 'crash' })]), 'events[0].type'],
      [batch(newTab(), [event({ route: `/${'x'.repeat(200)}` })]), 'events[0].route'],
      [batch(newTab(), [event({ message: 'm'.repeat(301) })]), 'events[0].message'],
      [batch(newTab(), [event({ user: 'owner@hostdash.test' })]), 'events[0].user'],
      [batch(newTab(), [event({ apiStatus: 600 })]), 'events[0].apiStatus'],
      // Issue 30, finding 7: dates no browser saw (a clock a day or more off is refused too).
      [batch(newTab(), [event({ at: '9999-12-31T23:59:59.000Z' })]), 'events[0].at'],
      [batch(newTab(), [event({ at: '1970-01-01T00:00:00.000Z' })]), 'events[0].at'],
      [batch(newTab(), [event(), event({ at: hoursFromNow(25) })]), 'events[1].at'],
      [batch(newTab(), [event({ at: hoursFromNow(-25) })]), 'events[0].at'],
      [batch(newTab(), [event({ at: 'yesterday' })]), 'events[0].at'],
      [batch(newTab(), [event({ email: 'owner@hostdash.test' })]), 'events[0].email'],
      [batch('short'), 'session'],
      [batch(newTab(), []), 'events'],
      [
        batch(
          newTab(),
          Array.from({ length: 201 }, () => event()),
        ),
        'events',
      ],
    ];
    for (const [body, field] of refusals) {
      const response = await send(body);
      expect({ field, status: response.status, error: response.body.error }).toEqual({
        field,
        status: 400,
        error: 'invalid_request',
      });
      expect(response.body.message).toContain(field);
    }
    expect(await api.db.query('select 1 from telemetry_events')).toHaveLength(0);
  });

  it('takes an event from a browser whose clock is a few hours off', async () => {
    const skewed = batch(newTab(), [
      event({ at: hoursFromNow(-23) }),
      event({ at: hoursFromNow(23) }),
    ]);
    expect((await send(skewed)).status).toBe(202);
  });

  it('says what a date must be when it refuses one', async () => {
    const response = await send(batch(newTab(), [event({ at: '9999-12-31T23:59:59.000Z' })]));
    expect(response.body.message).toBe(
      '"events[0].at" must be a date and time (ISO 8601) within a day of now.',
    );
  });

  it('takes a route as text: finding personal data in it is the browser’s job', async () => {
    const route = '/reservation/123?email=guest@example.com';
    expect((await send(batch(newTab(), [event({ route })]))).status).toBe(202);
    expect(await api.db.query('select route from telemetry_events')).toEqual([{ route }]);
  });

  it('refuses a 3 MB batch by its declared length (413)', async () => {
    const huge = batch(
      newTab(),
      Array.from({ length: 200 }, () => event({ message: 'm'.repeat(15_000) })),
    );
    const response = await send(huge);
    expect(response.status).toBe(413);
    expect(response.body.error).toBe('payload_too_large');
    expect(await api.db.query('select 1 from telemetry_events')).toHaveLength(0);
  });

  it('refuses a streamed 3 MB batch without a length as soon as it passes the limit', async () => {
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let pulled = 0;
    const body = Readable.from(
      (function* () {
        yield Buffer.from('{"session":"streamed-tab-00000001","shell":"s","events":[{"route":"');
        for (let sent = 0; sent < 3 * 1024 * 1024; sent += chunk.length) {
          pulled += chunk.length;
          yield chunk;
        }
        yield Buffer.from('"}]}');
      })(),
    );
    const response = await api.app.inject({
      method: 'POST',
      url: '/telemetry',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: 'payload_too_large' });
    // Read up to the limit and a little past it (stream buffering), never the whole 3 MB.
    expect(pulled).toBeLessThan(1024 * 1024);
  });

  it('takes only JSON (415 for a type it has no parser for, 400 for text)', async () => {
    const xml = await api.post('/telemetry', '<batch/>', undefined, {
      'content-type': 'application/xml',
    });
    expect(xml.status).toBe(415);
    // A beacon sent as a string is text/plain: not a batch.
    const text = await api.post('/telemetry', JSON.stringify(batch(newTab())), undefined, {
      'content-type': 'text/plain;charset=UTF-8',
    });
    expect(text.status).toBe(400);
    expect(await api.db.query('select 1 from telemetry_events')).toHaveLength(0);
  });

  it('limits batches per tab session each minute (429 with Retry-After), not its neighbours', async () => {
    await minuteAhead();
    const session = newTab();
    for (let sent = 0; sent < SESSION_LIMIT; sent += 1)
      expect((await send(batch(session))).status).toBe(202);
    const refused = await send(batch(session));
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('too_many_requests');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another tab from the same address is still heard; the refused batch was not stored.
    expect((await send(batch(newTab()))).status).toBe(202);
    const [stored] = await api.db.query<{ count: number }>(
      'select count(*)::int as count from telemetry_events where session = $1',
      [session],
    );
    expect(stored?.count).toBe(SESSION_LIMIT);
  });

  it('forgets a session’s count when its minute is over', async () => {
    await minuteAhead();
    const session = newTab();
    for (let sent = 0; sent <= SESSION_LIMIT; sent += 1) await send(batch(session));
    expect((await send(batch(session))).status).toBe(429);
    // The minute ends (the stored window moved into the past).
    await api.db.query(`update throttles set expires_at = now() - interval '1 second'`);
    expect((await send(batch(session))).status).toBe(202);
  });

  it('limits batches per client address each minute, whatever the sessions', async () => {
    await minuteAhead();
    const client = '203.0.113.9';
    for (let sent = 0; sent < CLIENT_LIMIT; sent += 1)
      expect((await send(batch(newTab()), client)).status).toBe(202);
    const refused = await send(batch(newTab()), client);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await send(batch(newTab()), '203.0.113.10')).status).toBe(202);
  });
});

describe('rollups', () => {
  it('counts a batch by type, and distinct sessions and sessions with an error, per version', async () => {
    const calm = newTab();
    const failing = newTab();
    await send(batch(calm, [event(), event(), event({ type: 'vital', vital: 'INP', value: 90 })]));
    await send(
      batch(failing, [
        event(),
        event({ type: 'error', message: 'Cannot read properties of undefined' }),
        event({ type: 'boundary_error', message: 'Render failed' }),
        event({ type: 'remote_load_failed', remote: 'listings', remoteVersion: '0.3.0' }),
        event({ type: 'api_failure', apiMethod: 'GET', apiPath: '/listing/load', apiStatus: 500 }),
        event({ type: 'api_refusal', apiMethod: 'POST', apiPath: '/login', apiStatus: 401 }),
        event({ type: 'api_refusal', apiMethod: 'POST', apiPath: '/login', apiStatus: 401 }),
      ]),
    );
    // A later batch of the calm tab: still one session.
    await send(batch(calm, [event()]));

    const minutes = await api.db.query<Record<string, unknown>>(
      `select remote, remote_version, in_rollout, errors, boundary_errors, load_failures,
         api_failures, api_refusals, route_changes, vitals
       from telemetry_minutes order by remote`,
    );
    expect(minutes).toEqual([
      {
        remote: 'listings',
        remote_version: '0.3.0',
        in_rollout: true,
        errors: 0,
        boundary_errors: 0,
        load_failures: 1,
        api_failures: 0,
        api_refusals: 0,
        route_changes: 0,
        vitals: 0,
      },
      {
        remote: 'reservations',
        remote_version: '0.2.0',
        in_rollout: true,
        errors: 1,
        boundary_errors: 1,
        load_failures: 0,
        // Refusals the page expects are counted apart from failures.
        api_failures: 1,
        api_refusals: 2,
        route_changes: 4,
        vitals: 1,
      },
    ]);

    // The sessions per version (the analytics' counts): the failing tab had an error there; its
    // load failure belongs to the remote that failed, and it had no error there.
    expect(
      await api.db.query(
        `select remote, remote_version, session, had_error from telemetry_minute_sessions
         order by remote, session`,
      ),
    ).toEqual([
      { remote: 'listings', remote_version: '0.3.0', session: failing, had_error: false },
      { remote: 'reservations', remote_version: '0.2.0', session: calm, had_error: false },
      { remote: 'reservations', remote_version: '0.2.0', session: failing, had_error: true },
    ]);
    // Nobody vouched for any of it: nothing a verdict reads.
    expect(await api.db.query('select 1 from telemetry_minute_users')).toHaveLength(0);
  });
});

describe('the shell server’s stamp (issue 30, finding 2)', () => {
  const KEY = stampKey(TOKEN);
  const owner = telemetryUserHash('7');
  const served = {
    listings: { versions: ['0.3.0-rc', '0.2.0'], inRollout: true },
    reservations: { versions: ['0.2.0'], inRollout: false },
  };

  /** A batch sent as the proxy forwards it: its bytes, and a stamp over them when given a key. */
  const sendStamped = (
    body: unknown,
    options: { key?: Buffer; at?: number; stampedBody?: string } = {},
  ) => {
    const text = JSON.stringify(body);
    const stamp = signStamp(
      options.key ?? KEY,
      { user: owner, remotes: served },
      Buffer.from(options.stampedBody ?? text),
      options.at,
    );
    return api.post('/telemetry', text, undefined, { 'x-telemetry-stamp': stamp });
  };

  const vouchedRows = () =>
    api.db.query<Record<string, unknown>>(
      `select remote, remote_version, in_rollout, user_hash, had_error, load_failures, api_calls,
         api_failures, api_refusals
       from telemetry_minute_users order by remote, remote_version`,
    );

  it('vouches for the versions served to the signed-in user, with the server’s rollout flag', async () => {
    const tab = newTab();
    const response = await sendStamped(
      batch(tab, [
        // The browser's claims are taken back: the stamp names the user and the rollout.
        event({ remote: 'listings', remoteVersion: '0.3.0-rc', inRollout: false, user: null }),
        event({ type: 'error', remote: 'listings', remoteVersion: '0.3.0-rc', message: 'x' }),
        event({ type: 'api_calls', remote: 'listings', remoteVersion: '0.3.0-rc', value: 8 }),
        event({
          type: 'api_failure',
          remote: 'listings',
          remoteVersion: '0.3.0-rc',
          apiMethod: 'GET',
          apiPath: '/listing/load',
          apiStatus: 500,
        }),
        event({
          type: 'api_refusal',
          remote: 'listings',
          remoteVersion: '0.3.0-rc',
          apiMethod: 'POST',
          apiPath: '/listing/update/:id',
          apiStatus: 409,
        }),
        event({ type: 'remote_load_failed', remote: 'reservations', remoteVersion: '0.2.0' }),
        // Not served to this user, and the shell's own: stored, vouched for by no one.
        event({ remote: 'reservations', remoteVersion: '9.9.9' }),
        event({ remote: 'billing', remoteVersion: '0.1.0' }),
        event({ remote: null, remoteVersion: null, route: '/login' }),
      ]),
    );
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ accepted: 9 });
    expect(await vouchedRows()).toEqual([
      {
        remote: 'listings',
        remote_version: '0.3.0-rc',
        in_rollout: true,
        user_hash: owner,
        had_error: true,
        load_failures: 0,
        api_calls: 8,
        api_failures: 1,
        api_refusals: 1,
      },
      {
        remote: 'reservations',
        remote_version: '0.2.0',
        in_rollout: false,
        user_hash: owner,
        had_error: false,
        load_failures: 1,
        api_calls: 0,
        api_failures: 0,
        api_refusals: 0,
      },
    ]);
    expect(
      await api.db.query(
        `select remote, remote_version, in_rollout, vouched_user from telemetry_events
         where vouched_user is null order by id`,
      ),
    ).toEqual([
      { remote: 'reservations', remote_version: '9.9.9', in_rollout: true, vouched_user: null },
      { remote: 'billing', remote_version: '0.1.0', in_rollout: true, vouched_user: null },
      { remote: null, remote_version: null, in_rollout: true, vouched_user: null },
    ]);
  });

  it('adds a user’s later batches to the same row, however many tabs', async () => {
    for (let tab = 0; tab < 5; tab++) {
      const errorEvent = event({ type: 'error', remote: 'reservations', remoteVersion: '0.2.0' });
      expect((await sendStamped(batch(newTab(), [errorEvent]))).status).toBe(202);
    }
    expect(await vouchedRows()).toEqual([
      expect.objectContaining({ remote: 'reservations', user_hash: owner, had_error: true }),
    ]);
  });

  it('vouches for nothing when the stamp is not ours, not for this body, or too old', async () => {
    const claims = batch(newTab(), [event({ remote: 'reservations', remoteVersion: '0.2.0' })]);
    const refusedStamps = [
      { key: stampKey(`${TOKEN}-another`) },
      { stampedBody: JSON.stringify(batch(newTab())) },
      { at: Date.now() - 6 * 60_000 },
      { at: Date.now() + 6 * 60_000 },
    ];
    for (const options of refusedStamps) {
      // Still collected for the analytics: the browser is not to blame for a stamp.
      expect((await sendStamped(claims, options)).status).toBe(202);
    }
    expect(await api.db.query('select 1 from telemetry_events')).toHaveLength(4);
    expect(await vouchedRows()).toEqual([]);
  });

  it('vouches for nothing on an API without DELIVERY_TOKEN', async () => {
    const unconfigured = await startTestApi();
    try {
      const text = JSON.stringify(batch(newTab(), [event({ remoteVersion: '0.2.0' })]));
      const stamp = signStamp(KEY, { user: owner, remotes: served }, Buffer.from(text));
      const response = await unconfigured.post('/telemetry', text, undefined, {
        'x-telemetry-stamp': stamp,
      });
      expect(response.status).toBe(202);
      expect(await unconfigured.db.query('select 1 from telemetry_minute_users')).toHaveLength(0);
    } finally {
      await unconfigured.close();
    }
  });

  it('refuses a stamp header that is no stamp at all', async () => {
    const response = await api.post('/telemetry', batch(newTab()), undefined, {
      'x-telemetry-stamp': 'owner@hostdash.test',
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('x-telemetry-stamp');
    expect(await api.db.query('select 1 from telemetry_events')).toHaveLength(0);
  });
});

describe('pruning', () => {
  it('deletes raw events, session and user rows older than the retention, keeping the counts', async () => {
    await send(batch(newTab()));
    // The same batch as if received 15 days ago.
    await api.db.query(
      `insert into telemetry_events (received_at, at, session, shell, type, route, in_rollout)
       values (now() - interval '15 days', now() - interval '15 days', 'old-tab-000000001', 's',
         'error', '/', false)`,
    );
    await api.db.query(
      `insert into telemetry_minute_sessions (remote, remote_version, minute, in_rollout, session, had_error)
       values ('', '', date_trunc('minute', now() - interval '15 days'), false, 'old-tab-000000001', true)`,
    );
    await api.db.query(
      `insert into telemetry_minutes (remote, remote_version, minute, in_rollout, errors)
       values ('', '', date_trunc('minute', now() - interval '15 days'), false, 1)`,
    );
    await api.db.query(
      `insert into telemetry_minute_users (remote, remote_version, minute, in_rollout, user_hash,
         had_error, load_failures, api_calls, api_failures)
       values ('listings', '0.1.0', date_trunc('minute', now() - interval '15 days'), false, $1,
         true, 0, 0, 0)`,
      ['c'.repeat(64)],
    );

    expect(await pruneTelemetry(api.db, 14)).toEqual({ events: 1, sessions: 1, users: 1 });
    expect(await api.db.query('select session from telemetry_events')).toEqual([
      { session: expect.stringMatching(/^test-tab-/) },
    ]);
    expect(await api.db.query('select 1 from telemetry_minute_sessions')).toHaveLength(1);
    expect(await api.db.query('select 1 from telemetry_minutes')).toHaveLength(2);
    // Nothing left to prune.
    expect(await pruneTelemetry(api.db, 14)).toEqual({ events: 0, sessions: 0, users: 0 });
  });
});

describe('healthWindow', () => {
  const FROM = new Date('2026-11-20T10:00:00.000Z');
  const TO = new Date('2026-11-20T10:10:00.000Z');
  const minute = (offset: number): string =>
    new Date(FROM.getTime() + offset * 60_000).toISOString();
  const user = (letter: string) => letter.repeat(64);
  const window = { remote: 'listings', version: '0.4.0', from: FROM, to: TO, inRollout: true };

  async function userRow(
    userHash: string,
    offset: number,
    counts: {
      hadError?: boolean;
      loadFailures?: number;
      apiCalls?: number;
      apiFailures?: number;
      apiRefusals?: number;
    },
    key: { version?: string; inRollout?: boolean } = {},
  ): Promise<void> {
    await api.db.query(
      `insert into telemetry_minute_users (remote, remote_version, minute, in_rollout, user_hash,
         had_error, load_failures, api_calls, api_failures, api_refusals)
       values ('listings', $1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        key.version ?? '0.4.0',
        minute(offset),
        key.inRollout ?? true,
        userHash,
        counts.hadError ?? false,
        counts.loadFailures ?? 0,
        counts.apiCalls ?? 0,
        counts.apiFailures ?? 0,
        counts.apiRefusals ?? 0,
      ],
    );
  }

  async function vitals(
    vital: string,
    values: number[],
    offset: number,
    vouchedUser: string | null,
    version = '0.4.0',
  ): Promise<void> {
    for (const value of values) {
      await api.db.query(
        `insert into telemetry_events (received_at, at, session, shell, type, route, remote,
           remote_version, in_rollout, vital, value, vouched_user)
         values ($1, $1, 'vital-tab-00000001', 's', 'vital', '/listings', 'listings', $2, true, $3,
           $4, $5)`,
        [minute(offset), version, vital, value, vouchedUser],
      );
    }
  }

  it('counts each vouched-for user once over the window, whatever their minutes and tabs', async () => {
    // Four users; a had an error in one of the two minutes it was seen, b a load failure.
    await userRow(user('a'), 0, {});
    await userRow(user('a'), 1, { hadError: true });
    await userRow(user('b'), 2, { loadFailures: 3 });
    await userRow(user('c'), 3, { apiCalls: 10, apiFailures: 5, apiRefusals: 2 });
    await userRow(user('d'), 9, { apiCalls: 2, apiFailures: 40 });
    // Not this window, not this version, not on this side of the rollout.
    await userRow(user('e'), 10, { hadError: true });
    await userRow(user('f'), 4, { hadError: true }, { version: '0.3.0' });
    await userRow(user('1'), 4, { hadError: true }, { inRollout: false });

    expect(await healthWindow(api.db, window)).toEqual({
      users: 4,
      usersWithError: 1,
      usersWithLoadFailure: 1,
      // Each user with calls is one vote: c's 50 % and d's (capped) 100 %.
      apiFailureRate: 0.75,
      // The same for the refusals, apart: c's 20 % and d's none.
      apiRefusalRate: 0.1,
      lcpP75: null,
      inpP75: null,
    });
    expect(await healthWindow(api.db, { ...window, inRollout: false })).toMatchObject({
      users: 1,
      usersWithError: 1,
    });
    expect(await healthWindow(api.db, { ...window, version: '0.5.0' })).toEqual({
      users: 0,
      usersWithError: 0,
      usersWithLoadFailure: 0,
      apiFailureRate: null,
      apiRefusalRate: null,
      lcpP75: null,
      inpP75: null,
    });
  });

  it('takes the 75th percentile over users of each user’s own, in its window only', async () => {
    await vitals('LCP', [1000], 1, user('a'));
    await vitals('LCP', [2000], 1, user('b'));
    await vitals('LCP', [3000], 2, user('c'));
    await vitals('LCP', [4000], 3, user('d'));
    // One user sending many slow values is still one user (their own p75: 9000).
    await vitals('INP', [100], 2, user('a'));
    await vitals('INP', [200], 2, user('b'));
    await vitals('INP', [9000, 9000, 9000, 9000], 2, user('c'));
    // Nobody vouched for these, or not in this window, or another version.
    await vitals('LCP', [90_000, 90_000, 90_000], 1, null);
    await vitals('LCP', [90_000], 10, user('e'));
    await vitals('LCP', [90_000], 1, user('f'), '0.3.0');

    expect(await healthWindow(api.db, window)).toMatchObject({
      lcpP75: 3250,
      inpP75: 4600,
    });
  });
});
