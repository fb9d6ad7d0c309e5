// Turning the second step on and off from /settings, on the real database: the secret waits for
// its first code, recovery codes are shown once and each signs in once, and only a current code
// (or a recovery code) turns it off.
import { DEMO_MANAGER } from '@hostdash/testing/demoUsers';
import { DEMO_PASSWORD, startTestApi, type TestApi } from '../testing/testApi';
import { hashToken } from './tokens';
import { totp } from './totp';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
afterEach(async () => {
  await api.db.query('delete from throttles');
  await api.db.query(
    `update users set totp_secret = null, totp_last_step = null, totp_pending_secret = null
     where email = $1`,
    [DEMO_MANAGER.email],
  );
});

const CLIENT = { 'x-forwarded-for': '203.0.113.9' };
const setUp = (session: string) => api.post('/user/auth/secondStep/setup', {}, session);
const confirm = (session: string, code: string) =>
  api.post<{ recovery_codes: string[] }>(
    '/user/auth/secondStep/confirm',
    { code },
    session,
    CLIENT,
  );
const disable = (session: string, code: string) =>
  api.post('/user/auth/secondStep/disable', { code }, session, CLIENT);
const login = () =>
  api.post<{ challengeToken?: string; sessionId?: string }>('/login', {
    email: DEMO_MANAGER.email,
    password: DEMO_PASSWORD,
  });
const challenge = (challengeToken: string, code: string) =>
  api.post('/user/auth/challenge', { challengeToken, code }, undefined, CLIENT);

/** A code of the next time step: accepted (clock drift), and newer than one just used. */
const nextCode = (secret: string) => totp(secret, Date.now() + 30_000);

async function turnOn(session: string) {
  const setup = await setUp(session);
  const secret = setup.body.secret as string;
  const confirmed = await confirm(session, totp(secret));
  expect(confirmed.status).toBe(200);
  return { secret, codes: confirmed.body.recovery_codes };
}

describe('second-step enrolment', () => {
  it('waits for the first code of the new secret, then shows ten recovery codes once', async () => {
    const session = await api.signIn(DEMO_MANAGER.email);
    const setup = await setUp(session);
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauth_url).toBe(
      `otpauth://totp/Hostdash%3Amanager%40hostdash.test?secret=${setup.body.secret}&issuer=Hostdash&algorithm=SHA1&digits=6&period=30`,
    );
    // Not on until confirmed: sign-in still asks for the password only.
    expect((await login()).body.sessionId).toEqual(expect.any(String));

    const wrong = await confirm(
      session,
      totp(setup.body.secret as string) === '000000' ? '111111' : '000000',
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: 'invalid_code' });

    const confirmed = await confirm(session, totp(setup.body.secret as string));
    expect(confirmed.status).toBe(200);
    const codes = confirmed.body.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const stored = await api.db.query<{ code_hash: string }>(
      `select code_hash from recovery_codes r join users u on u.id = r.user_id where u.email = $1`,
      [DEMO_MANAGER.email],
    );
    expect(stored.map((row) => row.code_hash).sort()).toEqual(codes.map(hashToken).sort());

    // Now sign-in asks for a code.
    expect((await login()).body.challengeToken).toEqual(expect.any(String));
    expect((await setUp(session)).body).toMatchObject({ error: 'second_step_on' });
  });

  it('refuses a confirmation with no set-up waiting', async () => {
    const session = await api.signIn(DEMO_MANAGER.email);
    const answer = await confirm(session, '123456');
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ error: 'no_setup' });
  });

  it('signs in once with each recovery code in place of a code', async () => {
    const session = await api.signIn(DEMO_MANAGER.email);
    const { codes } = await turnOn(session);
    const first = await login();
    expect((await challenge(first.body.challengeToken!, codes[0]!)).status).toBe(200);
    const again = await login();
    const reused = await challenge(again.body.challengeToken!, codes[0]!);
    expect(reused.status).toBe(401);
    expect(reused.body).toMatchObject({ error: 'invalid_code' });
    expect((await challenge(again.body.challengeToken!, codes[1]!)).status).toBe(200);
  });

  it('turns off only with a current code or a recovery code, and the recovery codes go with it', async () => {
    const session = await api.signIn(DEMO_MANAGER.email);
    const { secret, codes } = await turnOn(session);
    const wrong = await disable(
      session,
      codes[0]!.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: 'invalid_code' });

    const off = await disable(session, nextCode(secret));
    expect(off.status).toBe(200);
    expect((await login()).body.sessionId).toEqual(expect.any(String));
    const left = await api.db.query(
      `select 1 from recovery_codes r join users u on u.id = r.user_id where u.email = $1`,
      [DEMO_MANAGER.email],
    );
    expect(left).toHaveLength(0);
    expect((await disable(session, '123456')).body).toMatchObject({ error: 'second_step_off' });
  });

  it('says a code used to turn it on was just used, at sign-in and when turning it off', async () => {
    const session = await api.signIn(DEMO_MANAGER.email);
    const setup = await setUp(session);
    const secret = setup.body.secret as string;
    const code = totp(secret);
    expect((await confirm(session, code)).status).toBe(200);

    const USED = {
      error: 'code_used',
      message:
        'That code was just used. Wait for your authenticator app to show the next code, then enter it.',
    };
    const signIn = await challenge((await login()).body.challengeToken!, code);
    expect(signIn.status).toBe(401);
    expect(signIn.body).toEqual(USED);
    const off = await disable(session, code);
    expect(off.status).toBe(400);
    expect(off.body).toEqual(USED);
    // The next code works.
    expect((await disable(session, nextCode(secret))).status).toBe(200);
  });

  it('turns off with a recovery code (a lost phone)', async () => {
    const session = await api.signIn(DEMO_MANAGER.email);
    const { codes } = await turnOn(session);
    expect((await disable(session, codes[3]!)).status).toBe(200);
  });

  it('is for signed-in people only', async () => {
    expect((await api.post('/user/auth/secondStep/setup', {})).status).toBe(401);
  });
});
