import crypto from 'node:crypto';
import { DEMO_TOTP_SECRET } from '../db/seedData';
import { DEMO_PASSWORD, startTestApi, type TestApi } from '../testing/testApi';
import { hashToken } from './tokens';
import { totp } from './totp';
import { DEMO_MANAGER, DEMO_OWNER, DEMO_VENDOR } from '@hostdash/testing/demoUsers';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ config: { loginRateLimit: 3 } });
});
afterAll(() => api.close());

/** The signed-in owner as the API answers her: no host account opened (only staff open one). */
const OLIVIA = { ...DEMO_OWNER, viewing: null };
const INVALID_CREDENTIALS = {
  error: 'invalid_credentials',
  message: 'The email or password is incorrect.',
};
const UNAUTHORIZED = { error: 'unauthorized', message: 'Sign in to continue.' };
const INVALID_CODE = {
  error: 'invalid_code',
  message: 'That code is not valid. Enter the current code from your authenticator app.',
};
const CHALLENGE_EXPIRED = {
  error: 'challenge_expired',
  message: 'This verification step has expired. Sign in again.',
};

/** Signs in from `client` (the shell server on loopback forwards the browser's address). */
const login = (email: string, password: string, client = '203.0.113.1') =>
  api.post('/login', { email, password }, undefined, { 'x-forwarded-for': client });

/** Every throttling streak forgotten (each test starts from none). */
async function clearFailures(): Promise<void> {
  await api.db.query('delete from throttles');
}

const tooMany = (wait: string) => ({
  error: 'too_many_attempts',
  message: `Too many failed sign-in attempts. Try again in ${wait}.`,
});

describe('POST /login', () => {
  it('signs in with email and password: the user, a session and when it expires', async () => {
    const response = await login('owner@hostdash.test', DEMO_PASSWORD);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      user: OLIVIA,
      sessionId: expect.any(String),
      expiresAt: expect.any(String),
    });
    const lifetime = Date.parse(response.body.expiresAt as string) - Date.now();
    expect(Math.abs(lifetime - api.config.sessionTtlMs)).toBeLessThan(60_000);
  });

  it('finds the account whatever the case of the email', async () => {
    const response = await login('  Owner@HostDash.TEST ', DEMO_PASSWORD);
    expect(response.status).toBe(200);
    expect(response.body.user).toEqual(OLIVIA);
  });

  it('keeps only a hash of the session token', async () => {
    const sessionId = await api.signIn('owner@hostdash.test');
    const stored = await api.db.query(
      'select token_hash from sessions where token_hash = $1 or token_hash = $2',
      [hashToken(sessionId), sessionId],
    );
    expect(stored).toEqual([{ token_hash: hashToken(sessionId) }]);
  });

  it('refuses a wrong password and an unknown email with the same answer', async () => {
    const wrongPassword = await login('owner@hostdash.test', 'not-the-password');
    const unknownEmail = await login('nobody-here@hostdash.test', DEMO_PASSWORD);
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual(INVALID_CREDENTIALS);
    expect(unknownEmail.body).toEqual(INVALID_CREDENTIALS);
    await clearFailures();
  });

  it('spends the same work on an unknown email as on a wrong password: one scrypt with the same cost', async () => {
    // Counted, not timed: the same key derivation with the same parameters takes the same time,
    // and a count cannot be upset by a busy machine. The first call also prepares the decoy hash.
    await api.app.ready();
    const derive = jest.spyOn(crypto, 'scrypt');
    const work = async (email: string) => {
      derive.mockClear();
      expect((await login(email, 'not-the-password')).status).toBe(401);
      return derive.mock.calls.map(([, , keyLength, options]) => ({ keyLength, options }));
    };
    try {
      const known = await work('owner@hostdash.test');
      const unknown = await work('nobody-1@hostdash.test');
      expect(known).toHaveLength(1);
      expect(unknown).toEqual(known);
    } finally {
      derive.mockRestore();
      await clearFailures();
    }
  });

  it('refuses a deactivated account’s right password exactly as a wrong one, and opens no session', async () => {
    const before = await api.db.query<{ n: number }>('select count(*)::int as n from sessions');
    const right = await login('inactive@hostdash.test', DEMO_PASSWORD);
    const wrong = await login('inactive@hostdash.test', 'guessing');
    expect(right.status).toBe(401);
    expect(right.body).toEqual(INVALID_CREDENTIALS);
    expect(right.body).toEqual(wrong.body);
    expect(await api.db.query<{ n: number }>('select count(*)::int as n from sessions')).toEqual(
      before,
    );
    await clearFailures();
  });

  it('counts a deactivated account’s right password as a failed attempt', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1)
      expect((await login('inactive@hostdash.test', DEMO_PASSWORD)).status).toBe(401);
    expect((await login('inactive@hostdash.test', DEMO_PASSWORD)).status).toBe(429);
    await clearFailures();
  });

  it('makes a client wait after LOGIN_RATE_LIMIT failures on an email, even with the right password', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await login('newhost@hostdash.test', `wrong-${attempt}`)).status).toBe(401);
    }
    const blocked = await login('newhost@hostdash.test', DEMO_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual(tooMany('1 minute'));
    expect(blocked.headers['retry-after']).toBe('60');
    // Another client with the right password, and this client on another email, are not affected.
    expect((await login('newhost@hostdash.test', DEMO_PASSWORD, '198.51.100.7')).status).toBe(200);
    expect((await login('owner@hostdash.test', DEMO_PASSWORD)).status).toBe(200);
    await clearFailures();
  });

  it('counts failures for emails that do not exist too', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) await login('ghost@hostdash.test', 'x');
    expect((await login('ghost@hostdash.test', 'x')).status).toBe(429);
    await clearFailures();
  });

  it('doubles the wait with each further failure, up to LOGIN_BACKOFF_MAX_MS', async () => {
    const waitEnds = () =>
      api.db.query(
        `update throttles set blocked_until = now() where key like 'sign_in_email_client:%'`,
      );
    for (let attempt = 0; attempt < 3; attempt += 1) await login('timed@hostdash.test', 'x');
    const waits: string[] = [];
    for (let round = 0; round < 6; round += 1) {
      const refused = await login('timed@hostdash.test', 'x');
      expect(refused.status).toBe(429);
      waits.push(String(refused.headers['retry-after']));
      await waitEnds();
      expect((await login('timed@hostdash.test', 'x')).status).toBe(401);
    }
    // 1, 2, 4, 8 minutes, then the 15-minute cap.
    expect(waits).toEqual(['60', '120', '240', '480', '900', '900']);
    expect((await login('timed@hostdash.test', 'x')).body).toEqual(tooMany('15 minutes'));
    await clearFailures();
  });

  it('forgets a client’s failures on an email once it signs in', async () => {
    await login('manager@hostdash.test', 'wrong-1');
    await login('manager@hostdash.test', 'wrong-2');
    expect((await login('manager@hostdash.test', DEMO_PASSWORD)).status).toBe(200);
    await login('manager@hostdash.test', 'wrong-3');
    await login('manager@hostdash.test', 'wrong-4');
    expect((await login('manager@hostdash.test', DEMO_PASSWORD)).status).toBe(200);
    await clearFailures();
  });

  it('answers a malformed email with a readable 400', async () => {
    const response = await login('owner', DEMO_PASSWORD);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      error: 'invalid_request',
      message: '"email" must be an email address.',
    });
  });
});

describe('POST /user/auth/challenge (TOTP second step)', () => {
  const SECURE = 'secure@hostdash.test';

  beforeEach(async () => {
    await clearFailures();
    await api.db.query('update users set totp_last_step = null where email = $1', [SECURE]);
  });

  async function startChallenge(): Promise<string> {
    const response = await login(SECURE, DEMO_PASSWORD);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      redirect: '/login/challenge',
      challengeToken: expect.any(String),
    });
    return response.body.challengeToken as string;
  }

  /** A code valid for none of the steps the server accepts now. */
  function wrongCode(): string {
    const now = Date.now();
    const valid = new Set([-1, 0, 1].map((drift) => totp(DEMO_TOTP_SECRET, now + drift * 30_000)));
    let candidate = 0;
    while (valid.has(String(candidate).padStart(6, '0'))) candidate += 1;
    return String(candidate).padStart(6, '0');
  }

  const challenge = (challengeToken: string, code: string) =>
    api.post('/user/auth/challenge', { challengeToken, code }, undefined, {
      'x-forwarded-for': '203.0.113.1',
    });

  it('asks an account with TOTP for a code instead of opening a session', async () => {
    const response = await login(SECURE, DEMO_PASSWORD);
    expect(response.body).not.toHaveProperty('sessionId');
    expect(response.body).not.toHaveProperty('user');
    expect(response.body.redirect).toBe('/login/challenge');
  });

  it('signs in with the current code from the authenticator', async () => {
    const response = await challenge(await startChallenge(), totp(DEMO_TOTP_SECRET));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      user: expect.objectContaining({
        email: SECURE,
        subtype: 'owner',
        billing: {
          stripe_customer_id: 'cus_demo_ines',
          past_due_since: null,
          failed_payment: null,
        },
      }),
      sessionId: expect.any(String),
      expiresAt: expect.any(String),
    });
    const loadAuth = await api.get('/loadAuth', response.body.sessionId as string);
    expect(loadAuth.status).toBe(200);
    expect(loadAuth.body.email).toBe(SECURE);
  });

  it('refuses a wrong code, then accepts the right one on the same challenge', async () => {
    const token = await startChallenge();
    const wrong = await challenge(token, wrongCode());
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(INVALID_CODE);
    expect((await challenge(token, totp(DEMO_TOTP_SECRET))).status).toBe(200);
  });

  it('refuses a code that was already used, even on a new challenge, saying it was just used', async () => {
    const code = totp(DEMO_TOTP_SECRET);
    expect((await challenge(await startChallenge(), code)).status).toBe(200);
    const replay = await challenge(await startChallenge(), code);
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({
      error: 'code_used',
      message:
        'That code was just used. Wait for your authenticator app to show the next code, then enter it.',
    });
    // Not the same as a wrong code, which still says so.
    expect((await challenge(await startChallenge(), wrongCode())).body).toEqual(INVALID_CODE);
  });

  it('refuses a challenge that expired, was used, or was never issued', async () => {
    const expired = await startChallenge();
    await api.db.query(
      `update login_challenges set expires_at = now() - interval '1 second' where token_hash = $1`,
      [hashToken(expired)],
    );
    expect((await challenge(expired, totp(DEMO_TOTP_SECRET))).body).toEqual(CHALLENGE_EXPIRED);

    const used = await startChallenge();
    expect((await challenge(used, totp(DEMO_TOTP_SECRET))).status).toBe(200);
    const again = await challenge(used, totp(DEMO_TOTP_SECRET));
    expect(again.status).toBe(401);
    expect(again.body).toEqual(CHALLENGE_EXPIRED);

    expect((await challenge('never-issued', totp(DEMO_TOTP_SECRET))).body).toEqual(
      CHALLENGE_EXPIRED,
    );
  });

  it('ends a challenge after five wrong codes', async () => {
    const token = await startChallenge();
    for (let attempt = 0; attempt < 5; attempt += 1)
      expect((await challenge(token, wrongCode())).body).toEqual(INVALID_CODE);
    expect((await challenge(token, totp(DEMO_TOTP_SECRET))).body).toEqual(CHALLENGE_EXPIRED);
  });

  it('counts wrong codes as failed sign-ins for the email from that client, not from others', async () => {
    const token = await startChallenge();
    for (let attempt = 0; attempt < 3; attempt += 1) await challenge(token, wrongCode());
    expect((await login(SECURE, DEMO_PASSWORD)).status).toBe(429);
    expect((await login(SECURE, DEMO_PASSWORD, '198.51.100.7')).status).toBe(200);
  });

  it('never gets a deactivated account past the password: its right password is a wrong one, its challenge spent', async () => {
    const pending = await startChallenge();
    await api.db.query('update users set is_active = false where email = $1', [SECURE]);
    try {
      // A challenge given before the deactivation is spent: sign in again, where the password is
      // refused as a wrong one (ADR 9), with or without the right code.
      expect((await challenge(pending, totp(DEMO_TOTP_SECRET))).body).toEqual(CHALLENGE_EXPIRED);
      const right = await login(SECURE, DEMO_PASSWORD);
      expect(right.status).toBe(401);
      expect(right.body).toEqual(INVALID_CREDENTIALS);
      expect(right.body).toEqual((await login(SECURE, 'not-the-password')).body);
    } finally {
      await api.db.query('update users set is_active = true where email = $1', [SECURE]);
    }
  });

  it('wants exactly six digits', async () => {
    const response = await challenge(await startChallenge(), '12345');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      error: 'invalid_request',
      message:
        '"code" must be the 6 digits from your authenticator app, or a recovery code (xxxxx-xxxxx).',
    });
  });
});

describe('GET /loadAuth', () => {
  it('is 401 without a session, with an unknown one, and with an expired one', async () => {
    expect(await api.get('/loadAuth')).toMatchObject({ status: 401, body: UNAUTHORIZED });
    expect(await api.get('/loadAuth', 'not-a-session')).toMatchObject({
      status: 401,
      body: UNAUTHORIZED,
    });
    const sessionId = await api.signIn('owner@hostdash.test');
    await api.db.query(
      `update sessions set expires_at = now() - interval '1 second' where token_hash = $1`,
      [hashToken(sessionId)],
    );
    expect(await api.get('/loadAuth', sessionId)).toMatchObject({
      status: 401,
      body: UNAUTHORIZED,
    });
  });

  it('returns the user with the caller’s own session id, with or without "Bearer "', async () => {
    const sessionId = await api.signIn('owner@hostdash.test');
    const response = await api.get('/loadAuth', sessionId);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...OLIVIA, sessionId });
    expect((await api.get('/loadAuth', `Bearer ${sessionId}`)).body).toEqual({
      ...OLIVIA,
      sessionId,
    });
  });

  it("names the account's owner to a manager and to building staff (whom to ask), as the demo users say", async () => {
    for (const user of [DEMO_MANAGER, DEMO_VENDOR]) {
      const sessionId = await api.signIn(user.email);
      expect((await api.get('/loadAuth', sessionId)).body).toEqual({
        ...user,
        viewing: null,
        sessionId,
      });
    }
    const staff = await api.get('/loadAuth', await api.signIn('admin@hostdash.test'));
    expect(staff.body).toMatchObject({ type: 'admin', account_owner: null });
  });

  it('returns billing null for an account without a payment customer', async () => {
    const response = await api.get('/loadAuth', await api.signIn('newhost@hostdash.test'));
    expect(response.body).toMatchObject({
      email: 'newhost@hostdash.test',
      subtype: 'owner',
      billing: { stripe_customer_id: null },
    });
  });

  it('lists a vendor’s granted buildings by name (the first is their landing page)', async () => {
    const response = await api.get('/loadAuth', await api.signIn('vendor@hostdash.test'));
    expect(response.body).toMatchObject({
      subtype: 'vendor',
      vendor_buildings: [
        { account_id: '1', slug: 'marina-lofts', name: 'Marina Lofts' },
        { account_id: '1', slug: 'wynwood-studios', name: 'Wynwood Studios' },
      ],
    });
    const manager = await api.get('/loadAuth', await api.signIn('manager@hostdash.test'));
    expect(manager.body.vendor_buildings).toEqual([]);
  });
});

describe('GET /logout', () => {
  it('revokes the session in the database: loadAuth is 401 afterwards, other sessions live on', async () => {
    const sessionId = await api.signIn('manager@hostdash.test');
    const other = await api.signIn('manager@hostdash.test');
    expect(await api.get('/logout', sessionId)).toMatchObject({ status: 200, body: { ok: true } });
    expect(await api.get('/loadAuth', sessionId)).toMatchObject({
      status: 401,
      body: UNAUTHORIZED,
    });
    const [row] = await api.db.query<{ revoked_at: string | null }>(
      'select revoked_at from sessions where token_hash = $1',
      [hashToken(sessionId)],
    );
    expect(row?.revoked_at).toEqual(expect.any(String));
    expect((await api.get('/loadAuth', other)).status).toBe(200);
  });

  it('answers ok without a session or with an unknown one', async () => {
    expect(await api.get('/logout')).toMatchObject({ status: 200, body: { ok: true } });
    expect(await api.get('/logout', 'unknown')).toMatchObject({ status: 200, body: { ok: true } });
  });
});
