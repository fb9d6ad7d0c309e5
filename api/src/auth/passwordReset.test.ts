import { DEMO_PASSWORD, startTestApi, type TestApi } from '../testing/testApi';
import { hashToken } from './tokens';

let api: TestApi;
const logLines: string[] = [];
beforeAll(async () => {
  api = await startTestApi({
    config: { logLevel: 'info', shellOrigin: 'https://dash.example.test' },
    logger: { stream: { write: (line) => logLines.push(line) } },
  });
});
afterAll(() => api.close());

const REQUESTED = {
  message: 'If an account exists for that email, we have sent a link to reset the password.',
};
const INVALID_TOKEN = {
  error: 'invalid_token',
  message: 'This reset link is invalid or has expired. Ask for a new one.',
};

interface Mail {
  to_address: string;
  subject: string;
  body: string;
}

const outbox = () =>
  api.db.query<Mail>('select to_address, subject, body from mail_outbox order by id');

/** Asks for a reset link for the email and returns the token from the mail it wrote. */
async function requestLink(email: string): Promise<string> {
  const response = await api.post('/user/auth/password/reset', { email });
  expect(response).toMatchObject({ status: 200, body: REQUESTED });
  const mails = await outbox();
  const match = /https:\/\/dash\.example\.test\/account\/reset\/([A-Za-z0-9_-]+)/.exec(
    mails[mails.length - 1]?.body ?? '',
  );
  if (!match?.[1]) throw new Error('no reset link in the outbox');
  return match[1];
}

describe('POST /user/auth/password/reset', () => {
  it('writes a one-hour, single-use link to the outbox and logs the request without it', async () => {
    const before = (await outbox()).length;
    const token = await requestLink('manager@hostdash.test');
    const mails = await outbox();
    expect(mails).toHaveLength(before + 1);
    expect(mails[mails.length - 1]).toMatchObject({
      to_address: 'manager@hostdash.test',
      subject: 'Reset your Hostdash password',
    });
    expect(mails[mails.length - 1]?.body).toContain('Hello Marcus Reed');

    const [stored] = await api.db.query<{ token_hash: string; minutes: number }>(
      `select token_hash, round(extract(epoch from expires_at - created_at) / 60)::int as minutes from password_reset_tokens where token_hash = $1`,
      [hashToken(token)],
    );
    expect(stored).toEqual({ token_hash: hashToken(token), minutes: 60 });

    // The event, the user and a fingerprint of the token (the start of its stored hash), never
    // the link or the token: whoever reads the log could reset the password with either.
    const logged = logLines
      .map((line) => JSON.parse(line) as { level: number; event?: string })
      .filter((entry) => entry.event === 'password_reset_requested');
    const [manager] = await api.db.query<{ id: string }>(
      `select id::text from users where email = 'manager@hostdash.test'`,
    );
    expect(logged.at(-1)).toMatchObject({
      level: 30,
      userId: manager?.id,
      token: hashToken(token).slice(0, 8),
    });
    expect(logLines.join('\n')).not.toContain(token);
    expect(logLines.join('\n')).not.toContain('/account/reset/');
  });

  it('gives the same answer for an unknown email and writes nothing', async () => {
    const before = await outbox();
    const response = await api.post('/user/auth/password/reset', { email: 'nobody@hostdash.test' });
    expect(response).toMatchObject({ status: 200, body: REQUESTED });
    expect(await outbox()).toEqual(before);
  });

  it('sends nothing to a deactivated account', async () => {
    const before = await outbox();
    expect(
      (await api.post('/user/auth/password/reset', { email: 'inactive@hostdash.test' })).body,
    ).toEqual(REQUESTED);
    expect(await outbox()).toEqual(before);
  });

  it('wants an email address', async () => {
    const response = await api.post('/user/auth/password/reset', {});
    expect(response).toMatchObject({
      status: 400,
      body: { error: 'invalid_request', message: '"email" is required.' },
    });
  });
});

describe('POST /user/auth/password/confirm', () => {
  it('changes the password once: old refused, new accepted, every session ended, link spent', async () => {
    const oldSession = await api.signIn('owner@hostdash.test');
    const token = await requestLink('owner@hostdash.test');

    const short = await api.post('/user/auth/password/confirm', { token, password: 'short' });
    expect(short).toMatchObject({
      status: 400,
      body: { error: 'invalid_request', message: '"password" must be at least 8 characters long.' },
    });

    const changed = await api.post('/user/auth/password/confirm', {
      token,
      password: 'a-brand-new-secret',
    });
    expect(changed).toMatchObject({
      status: 200,
      body: { message: 'Your password has been changed. Sign in with your new password.' },
    });

    expect(
      (await api.post('/login', { email: 'owner@hostdash.test', password: DEMO_PASSWORD })).status,
    ).toBe(401);
    expect(
      (await api.post('/login', { email: 'owner@hostdash.test', password: 'a-brand-new-secret' }))
        .status,
    ).toBe(200);
    expect((await api.get('/loadAuth', oldSession)).status).toBe(401);

    const reused = await api.post('/user/auth/password/confirm', {
      token,
      password: 'yet-another-secret',
    });
    expect(reused).toMatchObject({ status: 400, body: INVALID_TOKEN });
  });

  it('refuses an expired link and one that was never issued', async () => {
    const token = await requestLink('vendor@hostdash.test');
    await api.db.query(
      `update password_reset_tokens set expires_at = now() - interval '1 second' where token_hash = $1`,
      [hashToken(token)],
    );
    expect(
      await api.post('/user/auth/password/confirm', { token, password: 'long-enough-1' }),
    ).toMatchObject({ status: 400, body: INVALID_TOKEN });
    expect(
      await api.post('/user/auth/password/confirm', {
        token: 'made-up',
        password: 'long-enough-1',
      }),
    ).toMatchObject({
      status: 400,
      body: INVALID_TOKEN,
    });
    expect(
      (await api.post('/login', { email: 'vendor@hostdash.test', password: DEMO_PASSWORD })).status,
    ).toBe(200);
  });
});
