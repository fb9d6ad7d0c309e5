// The telemetry collector (issue 17) on the real database: what it takes and refuses, its size and
// rate limits, the rollups a batch writes, pruning, and a version's health over a window.
import { Readable } from 'node:stream';
import { startTestApi, type TestApi } from '../testing/testApi';
import { healthWindow, pruneTelemetry } from './telemetryStore';

const SESSION_LIMIT = 20;
const CLIENT_LIMIT = 50;

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({
    config: { telemetrySessionRateLimit: SESSION_LIMIT, telemetryClientRateLimit: CLIENT_LIMIT },
  });
});
afterAll(() => api.close());
afterEach(async () => {
  await api.db.query('delete from throttles');
  await api.db.query('delete from telemetry_events');
  await api.db.query('delete from telemetry_minutes');
  await api.db.query('delete from telemetry_minute_sessions');
});

let tabs = 0;
/** A new browser tab's session id. */
const newTab = (): string => `test-tab-${String((tabs += 1)).padStart(8, '0')}`;

const event = (overrides: Record<string, unknown> = {}) => ({
  type: 'route_change',
  at: '2026-11-25T10:00:00.000Z',
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

describe('POST /telemetry', () => {
  it('stores a batch without a session and answers how many events it took', async () => {
    const session = newTab();
    const response = await send(
      batch(session, [
        event(),
        event({
          type: 'api_failure',
          apiMethod: 'GET',
          apiPath: '/reservations/:id',
          apiStatus: 503,
          durationMs: 1200,
        }),
        event({ type: 'vital', vital: 'LCP', value: 1800, durationMs: undefined, remote: null }),
      ]),
    );
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ accepted: 3 });
    const rows = await api.db.query<Record<string, unknown>>(
      `select type, session, shell, remote, remote_version, in_rollout, api_status, vital, value,
         received_at is not null as received
       from telemetry_events order by id`,
    );
    expect(rows).toEqual([
      expect.objectContaining({ type: 'route_change', session, shell: 'shell-0.1.0+abc' }),
      expect.objectContaining({ type: 'api_failure', api_status: 503, remote: 'reservations' }),
      expect.objectContaining({ type: 'vital', vital: 'LCP', value: 1800, remote: null }),
    ]);
    expect(rows.every((row) => row.received === true)).toBe(true);
  });

  it('refuses what the schema does not take, naming the field, and stores nothing', async () => {
    const refusals: Array<[unknown, string]> = [
      [batch(newTab(), [event({ type: 'crash' })]), 'events[0].type'],
      [batch(newTab(), [event({ route: `/${'x'.repeat(200)}` })]), 'events[0].route'],
      [batch(newTab(), [event({ message: 'm'.repeat(301) })]), 'events[0].message'],
      [batch(newTab(), [event({ user: 'owner@hostdash.test' })]), 'events[0].user'],
      [batch(newTab(), [event({ apiStatus: 600 })]), 'events[0].apiStatus'],
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
    const session = newTab();
    for (let sent = 0; sent <= SESSION_LIMIT; sent += 1) await send(batch(session));
    expect((await send(batch(session))).status).toBe(429);
    // The minute ends (the stored window moved into the past).
    await api.db.query(`update throttles set expires_at = now() - interval '1 second'`);
    expect((await send(batch(session))).status).toBe(202);
  });

  it('limits batches per client address each minute, whatever the sessions', async () => {
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
      ]),
    );
    // A later batch of the calm tab: still one session.
    await send(batch(calm, [event()]));

    const minutes = await api.db.query<Record<string, unknown>>(
      `select remote, remote_version, in_rollout, errors, boundary_errors, load_failures,
         route_changes, vitals
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
        route_changes: 4,
        vitals: 1,
      },
    ]);

    const now = new Date();
    const health = await healthWindow(api.db, {
      remote: 'reservations',
      version: '0.2.0',
      from: new Date(now.getTime() - 5 * 60_000),
      to: new Date(now.getTime() + 60_000),
    });
    expect(health).toMatchObject({
      sessions: 2,
      sessionsWithError: 1,
      errorRate: 0.5,
      errors: 1,
      boundaryErrors: 1,
      routeChanges: 4,
      inpP75: 90,
    });
    // The load failure belongs to the remote that failed, and its tab had no error there.
    expect(
      await healthWindow(api.db, {
        remote: 'listings',
        version: '0.3.0',
        from: new Date(now.getTime() - 5 * 60_000),
        to: new Date(now.getTime() + 60_000),
      }),
    ).toMatchObject({ sessions: 1, sessionsWithError: 0, errorRate: 0, loadFailures: 1 });
  });
});

describe('pruning', () => {
  it('deletes raw events and session rows older than the retention, keeping the counts', async () => {
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

    expect(await pruneTelemetry(api.db, 14)).toEqual({ events: 1, sessions: 1 });
    expect(await api.db.query('select session from telemetry_events')).toEqual([
      { session: expect.stringMatching(/^test-tab-/) },
    ]);
    expect(await api.db.query('select 1 from telemetry_minute_sessions')).toHaveLength(1);
    expect(await api.db.query('select 1 from telemetry_minutes')).toHaveLength(2);
    // Nothing left to prune.
    expect(await pruneTelemetry(api.db, 14)).toEqual({ events: 0, sessions: 0 });
  });
});

describe('healthWindow', () => {
  const FROM = new Date('2026-11-20T10:00:00.000Z');
  const TO = new Date('2026-11-20T10:10:00.000Z');
  const minute = (offset: number): string =>
    new Date(FROM.getTime() + offset * 60_000).toISOString();

  async function sessionRow(
    session: string,
    offset: number,
    hadError: boolean,
    key: { remote?: string; version?: string; inRollout?: boolean } = {},
  ): Promise<void> {
    await api.db.query(
      `insert into telemetry_minute_sessions (remote, remote_version, minute, in_rollout, session, had_error)
       values ($1, $2, $3, $4, $5, $6)`,
      [
        key.remote ?? 'listings',
        key.version ?? '0.4.0',
        minute(offset),
        key.inRollout ?? true,
        session,
        hadError,
      ],
    );
  }

  async function vitals(
    vital: string,
    values: number[],
    offset: number,
    version = '0.4.0',
  ): Promise<void> {
    for (const value of values) {
      await api.db.query(
        `insert into telemetry_events (received_at, at, session, shell, type, route, remote,
           remote_version, in_rollout, vital, value)
         values ($1, $1, 'vital-tab-00000001', 's', 'vital', '/listings', 'listings', $2, true, $3, $4)`,
        [minute(offset), version, vital, value],
      );
    }
  }

  it('rates errors per session and takes the 75th percentile of LCP and INP, in its window only', async () => {
    // Four sessions; one had an error in one of the two minutes it was seen.
    await sessionRow('tab-a', 0, false);
    await sessionRow('tab-a', 1, true);
    await sessionRow('tab-b', 2, false);
    await sessionRow('tab-c', 3, false);
    await sessionRow('tab-d', 9, false);
    // Not this window, not this version, not this remote.
    await sessionRow('tab-e', 10, true);
    await sessionRow('tab-f', 4, true, { version: '0.3.0' });
    await sessionRow('tab-g', 4, true, { remote: 'billing' });
    await api.db.query(
      `insert into telemetry_minutes (remote, remote_version, minute, in_rollout, load_failures, api_failures)
       values ('listings', '0.4.0', $1, true, 2, 3), ('listings', '0.4.0', $2, true, 1, 1),
         ('listings', '0.4.0', $3, true, 50, 50)`,
      [minute(0), minute(5), minute(10)],
    );
    await vitals('LCP', [1000, 2000, 3000, 4000], 1);
    await vitals('INP', [100, 200, 300, 400, 500], 2);
    await vitals('LCP', [90_000], 10);
    await vitals('LCP', [90_000], 1, '0.3.0');

    const health = await healthWindow(api.db, {
      remote: 'listings',
      version: '0.4.0',
      from: FROM,
      to: TO,
    });
    expect(health).toMatchObject({
      sessions: 4,
      sessionsWithError: 1,
      errorRate: 0.25,
      loadFailures: 3,
      apiFailures: 4,
      lcpP75: 3250,
      inpP75: 400,
      clsP75: null,
    });

    // The users not on the rollout: none here.
    expect(
      await healthWindow(api.db, {
        remote: 'listings',
        version: '0.4.0',
        from: FROM,
        to: TO,
        inRollout: false,
      }),
    ).toMatchObject({ sessions: 0, errorRate: null, loadFailures: 0, lcpP75: null });
  });

  it('finds the shell’s own events (no remote, no version)', async () => {
    await sessionRow('tab-shell', 0, true, { remote: '', version: '' });
    expect(
      await healthWindow(api.db, { remote: null, version: null, from: FROM, to: TO }),
    ).toMatchObject({ sessions: 1, sessionsWithError: 1, errorRate: 1 });
  });
});
