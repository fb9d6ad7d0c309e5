// Sign-in and password-reset throttling (ADR 9) with the production limits: per email from one
// client, per client, exponential back-off, Retry-After in seconds and in words; who the client
// is (trusted proxies only); concurrency; clean-up.
import { deleteExpiredRows } from '../db/maintenance';
import { DEMO_PASSWORD, startTestApi, type TestApi } from '../testing/testApi';
import { clientOf, waitInWords } from './throttle';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({
    config: {
      loginRateLimit: 5,
      loginClientRateLimit: 20,
      resetRateLimit: 10,
      resetEmailRateLimit: 3,
    },
  });
});
afterAll(() => api.close());
afterEach(async () => {
  await api.db.query('delete from throttles');
});

/** A sign-in from `client`, as the shell server on loopback forwards it. */
const login = (email: string, password: string, client: string) =>
  api.post('/login', { email, password }, undefined, { 'x-forwarded-for': client });
const reset = (email: string, client: string) =>
  api.post('/user/auth/password/reset', { email }, undefined, { 'x-forwarded-for': client });

describe('who the client is', () => {
  it('is the forwarded address only when the request comes from a trusted proxy', async () => {
    // From the shell server (loopback, trusted): the browser's address counts.
    for (let attempt = 0; attempt < 5; attempt += 1)
      await login('owner@hostdash.test', 'wrong', '198.51.100.1');
    expect((await login('owner@hostdash.test', DEMO_PASSWORD, '198.51.100.1')).status).toBe(429);
    expect((await login('owner@hostdash.test', DEMO_PASSWORD, '198.51.100.2')).status).toBe(200);

    // From anyone else, a made-up X-Forwarded-For is ignored: a new value each time changes nothing.
    const direct = (forwarded: string, password = 'wrong') =>
      api.request({
        method: 'POST',
        url: '/login',
        headers: { 'x-forwarded-for': forwarded },
        payload: { email: 'manager@hostdash.test', password },
        remoteAddress: '203.0.113.50',
      });
    for (let attempt = 0; attempt < 5; attempt += 1)
      expect((await direct(`192.0.2.${attempt}`)).status).toBe(401);
    const refused = await direct('192.0.2.99', DEMO_PASSWORD);
    expect(refused.status).toBe(429);
  });

  it('counts an IPv6 client by its /64 and an IPv4-mapped address as IPv4', () => {
    expect(clientOf({ ip: '2001:db8:1:2:aaaa::1' })).toBe('2001:db8:1:2::/64');
    expect(clientOf({ ip: '2001:0db8:0001:0002:ffff:ffff:ffff:ffff' })).toBe('2001:db8:1:2::/64');
    expect(clientOf({ ip: '2001:db8::1' })).toBe('2001:db8:0:0::/64');
    expect(clientOf({ ip: '::1' })).toBe('0:0:0:0::/64');
    expect(clientOf({ ip: '::ffff:198.51.100.7' })).toBe('198.51.100.7');
    expect(clientOf({ ip: '198.51.100.7' })).toBe('198.51.100.7');
  });
});

describe('sign-in', () => {
  it('never refuses the owner’s own client because a stranger failed on the email elsewhere', async () => {
    for (let attempt = 0; attempt < 30; attempt += 1)
      await login('owner@hostdash.test', `guess-${attempt}`, `198.51.100.${attempt}`);
    expect((await login('owner@hostdash.test', DEMO_PASSWORD, '203.0.113.10')).status).toBe(200);
  });

  it('slows password spraying: one client, many emails, waits after LOGIN_CLIENT_RATE_LIMIT failures', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 25; index += 1)
      statuses.push(
        (await login(`user${index}@example.com`, 'Summer2024!', '198.51.100.200')).status,
      );
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.slice(20)).toEqual(Array(5).fill(429));
    const refused = await login('owner@hostdash.test', DEMO_PASSWORD, '198.51.100.200');
    expect(refused).toMatchObject({
      status: 429,
      body: {
        error: 'too_many_attempts',
        message: 'Too many failed sign-in attempts. Try again in 1 minute.',
      },
    });
    expect(refused.headers['retry-after']).toBe('60');
    // Other clients are not slowed.
    expect((await login('owner@hostdash.test', DEMO_PASSWORD, '198.51.100.201')).status).toBe(200);
  });

  it('counts a burst of concurrent guesses before checking any: none slips past the limit', async () => {
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        login('vendor@hostdash.test', `guess-${index}`, '198.51.100.77'),
      ),
    );
    const statuses = burst.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });

  it('does not count the right password, and lifts the wait it would have started', async () => {
    for (let attempt = 0; attempt < 4; attempt += 1)
      await login('manager@hostdash.test', 'wrong', '198.51.100.88');
    // The fifth attempt is right: it is not a failure, so no wait follows it.
    expect((await login('manager@hostdash.test', DEMO_PASSWORD, '198.51.100.88')).status).toBe(200);
    expect((await login('manager@hostdash.test', 'wrong', '198.51.100.88')).status).toBe(401);
  });

  it('limits the second step per challenge, without refusing the owner’s own client', async () => {
    // A stranger who has the password spends challenges with wrong codes from elsewhere.
    for (let round = 0; round < 2; round += 1) {
      const started = await login('secure@hostdash.test', DEMO_PASSWORD, '198.51.100.90');
      const challengeToken = started.body.challengeToken as string;
      for (let attempt = 0; attempt < 5; attempt += 1) {
        await api.post('/user/auth/challenge', { challengeToken, code: '000000' }, undefined, {
          'x-forwarded-for': '198.51.100.90',
        });
      }
      const spent = await api.post(
        '/user/auth/challenge',
        { challengeToken, code: '000000' },
        undefined,
        { 'x-forwarded-for': '198.51.100.90' },
      );
      expect(spent.body).toMatchObject({ error: 'challenge_expired' });
      await api.db.query(`update throttles set blocked_until = now()`);
    }
    // The owner's own client still gets the second step.
    const own = await login('secure@hostdash.test', DEMO_PASSWORD, '203.0.113.20');
    expect(own.body).toMatchObject({ redirect: '/login/challenge' });
  });
});

describe('password reset requests', () => {
  it('are limited per email (3), counted whether or not the account exists', async () => {
    for (const email of ['owner@hostdash.test', 'nobody@hostdash.test']) {
      const statuses: number[] = [];
      for (let index = 0; index < 5; index += 1)
        statuses.push((await reset(email, `198.51.100.${10 + index}`)).status);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    }
  });

  it('are limited per client (10), with Retry-After and the wait in words', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 12; index += 1)
      statuses.push((await reset(`someone${index}@example.com`, '198.51.100.30')).status);
    expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
    const refused = await reset('another@example.com', '198.51.100.30');
    expect(refused).toMatchObject({
      status: 429,
      body: {
        error: 'too_many_requests',
        message: 'Too many password reset requests. Try again in 1 hour.',
      },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
  });
});

describe('the table', () => {
  it('keeps no email or address in clear, and the hourly maintenance forgets finished streaks', async () => {
    await login('owner@hostdash.test', 'wrong', '198.51.100.44');
    const rows = await api.db.query<{ key: string }>('select key from throttles');
    expect(rows.length).toBeGreaterThan(0);
    for (const { key } of rows) {
      expect(key).toMatch(/^[a-z_]+:[0-9a-f]{64}$/);
      expect(key).not.toContain('owner');
      expect(key).not.toContain('198.51');
    }
    await api.db.query(`update throttles set expires_at = now() - interval '1 second'`);
    await login('manager@hostdash.test', 'wrong', '198.51.100.45');
    await deleteExpiredRows(api.db);
    expect(await api.db.query('select key from throttles')).toHaveLength(2);
  });
});

test('waitInWords says the wait as a person would', () => {
  expect([1, 45, 60, 61, 840, 3599, 3600, 3601, 7200].map(waitInWords)).toEqual([
    '1 second',
    '45 seconds',
    '1 minute',
    '2 minutes',
    '14 minutes',
    '1 hour',
    '1 hour',
    '2 hours',
    '2 hours',
  ]);
});
