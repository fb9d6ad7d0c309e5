// Issue 11's findings against the API, each with the requests the outside test made, answered as
// they must be now. (The shell server's findings — the open redirect, the proxy, headers, cookies,
// logout, the "can't reach" page — are tested in shell/.) Then issue 30's finding 7. Each of these
// failed before the fix.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSession } from './auth/sessions';
import { DEMO_TOTP_SECRET } from './db/seedData';
import { totp } from './auth/totp';
import { fileTransport } from './mail/fileTransport';
import { deliverQueuedMail } from './testing/mailJobs';
import { DEMO_PASSWORD, signupTokenMailedTo, startTestApi, type TestApi } from './testing/testApi';

let api: TestApi;
const logLines: string[] = [];
const sessions: Record<string, string> = {};

beforeAll(async () => {
  api = await startTestApi({
    // The production limits, and a log like production's.
    config: {
      loginRateLimit: 5,
      loginClientRateLimit: 20,
      resetRateLimit: 10,
      resetEmailRateLimit: 3,
      logLevel: 'debug',
    },
    logger: { stream: { write: (line) => logLines.push(line) } },
  });
  for (const role of ['owner', 'manager', 'vendor', 'admin'])
    sessions[role] = await api.signIn(`${role}@hostdash.test`);
});
afterAll(() => api.close());

const from = (client: string) => ({ 'x-forwarded-for': client });

describe('finding 2: reset links in the log', () => {
  it('a reset, a sign-in and a second step log no link, token, session, challenge or secret', async () => {
    logLines.length = 0;
    expect(
      (await api.post('/user/auth/password/reset', { email: 'manager@hostdash.test' })).status,
    ).toBe(200);
    const [mail] = await api.db.query<{ body: string }>(
      'select body from mail_outbox order by id desc limit 1',
    );
    const link = /https?:\/\/\S+\/account\/reset\/(\S+)/.exec(mail?.body ?? '');
    expect(link).not.toBeNull();
    const session = await api.signIn('owner@hostdash.test');
    const started = await api.post('/login', {
      email: 'secure@hostdash.test',
      password: DEMO_PASSWORD,
    });
    const challengeToken = started.body.challengeToken as string;
    const signedIn = await api.post('/user/auth/challenge', {
      challengeToken,
      code: totp(DEMO_TOTP_SECRET),
    });
    expect(signedIn.status).toBe(200);
    await api.get('/loadAuth', session);

    const log = logLines.join('\n');
    expect(log).toContain('password_reset_requested');
    for (const secret of [
      link?.[0] ?? 'link',
      link?.[1] ?? 'token',
      '/account/reset/',
      session,
      challengeToken,
      signedIn.body.sessionId as string,
      DEMO_PASSWORD,
      DEMO_TOTP_SECRET,
    ])
      expect(log).not.toContain(secret);
  });
});

describe('finding 3: anyone could lock anyone out; spraying was not slowed', () => {
  it('five failures by a stranger do not refuse the owner’s correct password, nor the TOTP step', async () => {
    for (const email of ['owner@hostdash.test', 'secure@hostdash.test']) {
      for (let attempt = 0; attempt < 6; attempt += 1)
        await api.post('/login', { email, password: 'guess' }, undefined, from('198.51.100.66'));
    }
    expect(
      (
        await api.post(
          '/login',
          { email: 'owner@hostdash.test', password: DEMO_PASSWORD },
          undefined,
          from('203.0.113.10'),
        )
      ).status,
    ).toBe(200);
    const started = await api.post(
      '/login',
      { email: 'secure@hostdash.test', password: DEMO_PASSWORD },
      undefined,
      from('203.0.113.10'),
    );
    expect(started.body).toMatchObject({ redirect: '/login/challenge' });
  });

  it('40 different emails from one client are slowed, each refusal with Retry-After', async () => {
    const answers = [];
    for (let index = 0; index < 40; index += 1) {
      answers.push(
        await api.post(
          '/login',
          { email: `target${index}@example.com`, password: 'Winter2024!' },
          undefined,
          from('198.51.100.99'),
        ),
      );
    }
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(20);
    for (const answer of refused) {
      expect(answer.headers['retry-after']).toMatch(/^[0-9]+$/);
      expect(answer.body.message).toMatch(/Try again in \d+ (second|minute|hour)s?\./);
    }
  });
});

describe('finding 6: server errors from hostile input', () => {
  const LISTS = [
    '/listing/load',
    '/reservation/search',
    '/protect/log',
    '/reservation/protectLog/1',
    '/admin/user/load',
  ];

  it('a NUL byte in a text query, path or body value is a 400 naming the field', async () => {
    expect(await api.get('/listing/load?search=%00', sessions.owner)).toMatchObject({
      status: 400,
      body: {
        error: 'invalid_request',
        message: '"search" must not contain a NUL character or an unpaired UTF-16 surrogate.',
      },
    });
    expect(await api.get('/listing/building/1/%00', sessions.owner)).toMatchObject({
      status: 400,
      body: { error: 'invalid_request', message: expect.stringContaining('"slug"') },
    });
    const [listing] = await api.db.query<{ id: string; version: number }>(
      'select id::text, version from listings where account_id = 1 order by id limit 1',
    );
    const update = await api.post(
      `/listing/update/${listing?.id}`,
      { version: listing?.version, nickname: '\u0000' },
      sessions.owner,
    );
    expect(update).toMatchObject({
      status: 400,
      body: { error: 'invalid_request', message: expect.stringContaining('"nickname"') },
    });
  });

  it('a lone surrogate never reaches stored JSON (protect webhook source, listing custom_fields)', async () => {
    const [reservation] = await api.db.query<{ id: string }>(
      'select id::text from reservations where account_id = 1 order by id limit 1',
    );
    const webhook = await api.post(
      '/protect/webhook',
      `{"reservation":"${reservation?.id}","riskType":"screening","source":"\\ud800"}`,
      sessions.owner,
    );
    expect(webhook).toMatchObject({
      status: 400,
      body: { error: 'invalid_request', message: expect.stringContaining('"source"') },
    });
    const [listing] = await api.db.query<{ id: string; version: number }>(
      'select id::text, version from listings where account_id = 1 order by id limit 1',
    );
    for (const customFields of ['{"gate":"\\ud800"}', '{"\\udfff":"code"}']) {
      const update = await api.post(
        `/listing/update/${listing?.id}`,
        `{"version":${listing?.version},"custom_fields":${customFields}}`,
        sessions.owner,
      );
      expect(update).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    }
    const stored = await api.db.query(
      `select 1 from listings where custom_fields::text ~ '\\\\u[dD][89a-fA-F]'`,
    );
    expect(stored).toEqual([]);
  });

  it.each(LISTS)(
    '%s: size and from of 1e309, Infinity or -1 are a 400, never a 500 or null',
    async (list) => {
      const session = list.startsWith('/admin') ? sessions.admin : sessions.owner;
      for (const query of [
        'size=1e309',
        'from=1e309',
        'size=Infinity',
        'from=Infinity',
        'from=-Infinity',
        'size=-1',
        'from=-1',
      ]) {
        const response = await api.get(`${list}?${query}`, session);
        expect({ query, status: response.status, error: response.body.error }).toEqual({
          query,
          status: 400,
          error: 'invalid_request',
        });
      }
    },
  );

  it('the other numeric parameters too (limit, months)', async () => {
    for (const url of [
      '/user/notifications/load?limit=1e309',
      '/reservation/analytics?months=1e309',
    ]) {
      expect((await api.get(url, sessions.owner)).status).toBe(400);
    }
  });

  it('HEAD /loadAuth answers like GET, without a body', async () => {
    const head = await api.request({
      method: 'HEAD',
      url: '/loadAuth',
      headers: { authorization: sessions.owner as string },
    });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    const anonymous = await api.request({ method: 'HEAD', url: '/loadAuth' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.text).toBe('');
  });
});

describe('finding 9: the smaller ones', () => {
  it('deactivation revokes the user’s sessions; reactivation does not revive them', async () => {
    const host = await api.signIn('newhost@hostdash.test');
    const [user] = await api.db.query<{ id: string }>(
      `select id::text from users where email = 'newhost@hostdash.test'`,
    );
    const admin = (action: string) =>
      api.post(`/admin/user/update/${user?.id}/${action}`, undefined, sessions.admin);
    try {
      expect((await admin('deactivate')).status).toBe(200);
      // Only enough to say why they are signed out (spec section 6, rule 5): nothing else.
      expect((await api.get('/loadAuth', host)).body).toMatchObject({ is_active: false });
      expect((await api.get('/listing/load', host)).status).toBe(403);
      expect((await admin('activate')).status).toBe(200);
      expect((await api.get('/loadAuth', host)).status).toBe(401);
      expect((await api.get('/listing/load', host)).status).toBe(401);
    } finally {
      await admin('activate');
    }
  });

  it('password-reset requests are limited: not 30 of 30 accepted, each a mail', async () => {
    const before = await api.db.query('select id from mail_outbox');
    const statuses: number[] = [];
    for (let index = 0; index < 30; index += 1) {
      const response = await api.post(
        '/user/auth/password/reset',
        { email: 'owner@hostdash.test' },
        undefined,
        from('198.51.100.150'),
      );
      statuses.push(response.status);
      if (response.status === 429) expect(response.headers['retry-after']).toMatch(/^[0-9]+$/);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(27);
    expect((await api.db.query('select id from mail_outbox')).length - before.length).toBe(3);
  });

  it('the Flagsmith identity endpoints refuse anonymous and foreign trait writes, limit sizes, and keep CORS to the dashboard', async () => {
    const key = { 'x-environment-key': 'hostdash-dashboard' };
    const write = { identifier: '7', traits: [{ trait_key: 'plan', trait_value: 'enterprise' }] };
    expect((await api.post('/flagsmith/api/v1/identities/', write, undefined, key)).status).toBe(
      401,
    );
    expect(
      (await api.post('/flagsmith/api/v1/identities/', write, sessions.owner, key)).status,
    ).toBe(403);
    const traits = Array.from({ length: 10_000 }, (_, index) => ({
      trait_key: `k${index}`,
      trait_value: 'v'.repeat(100),
    }));
    const huge = await api.post(
      '/flagsmith/api/v1/identities/',
      { identifier: '1', traits },
      sessions.owner,
      key,
    );
    expect([400, 413]).toContain(huge.status);
    const preflight = await api.app.inject({
      method: 'OPTIONS',
      url: '/flagsmith/api/v1/identities/',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-evil-header',
      },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-headers']).not.toContain('x-evil-header');
    const read = await api.get('/flagsmith/api/v1/flags/', undefined, {
      ...key,
      origin: 'https://evil.example',
    });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('a vendor never sees keywords from the guest’s message in risk factors', async () => {
    const [stay] = await api.db.query<{ id: string }>(
      `select r.id::text from reservations r join listings l on l.id = r.listing_id
       join buildings b on b.id = l.building_id
       where b.slug = 'marina-lofts' and r.account_id = 1 order by r.id limit 1`,
    );
    await api.db.query(
      `update reservations set guest_name = 'Partygoer Zed', guest_message = 'Birthday party with a DJ, about 20 friends!',
              verification_status = 'verified', card_check = 'passed', status = 'CONFIRMED'
       where id = $1::bigint`,
      [stay?.id],
    );
    await api.post(
      '/protect/webhook',
      { reservation: stay?.id, riskType: 'screening', source: 'dashboard' },
      sessions.owner,
    );
    type Item = { id: string; risk: { top_factors: Array<{ code: string; detail: string }> } };
    const search = (session: string) =>
      api.get<{ items: Item[] }>(
        '/reservation/search?search=Partygoer&status=all&startDate=&size=10',
        session,
      );
    const ownerView = (await search(sessions.owner as string)).body.items.find(
      (item) => item.id === stay?.id,
    );
    expect(JSON.stringify(ownerView?.risk.top_factors)).toMatch(/birthday/i);
    const vendorSearch = await search(sessions.vendor as string);
    expect(vendorSearch.status).toBe(200);
    const vendorView = vendorSearch.body.items.find((item) => item.id === stay?.id);
    expect(vendorView?.risk.top_factors.map((factor) => factor.code)).toContain('party_words');
    expect(vendorSearch.text).not.toMatch(/birthday|\bDJ\b|20 friends/i);
  });

  it('a manager gets 403 from /protect/settings and /protect/log (the /protect page is owner-only)', async () => {
    for (const url of ['/protect/settings', '/protect/log']) {
      expect(await api.get(url, sessions.manager)).toMatchObject({
        status: 403,
        body: { error: 'forbidden' },
      });
    }
  });

  it('/health shows no process id or process details', async () => {
    const inactive = await createSession(
      api.db,
      (
        await api.db.query<{ id: string }>(
          `select id::text from users where email = 'inactive@hostdash.test'`,
        )
      )[0]?.id ?? '',
      60_000,
    );
    for (const session of [undefined, sessions.owner, sessions.admin, inactive.sessionId]) {
      const health = await api.get('/health', session);
      expect(health.body).toEqual({ status: 'ok', database: 'ok' });
      expect(health.text).not.toContain(String(process.pid));
    }
  });
});

describe('issue 30, finding 7: the outbox, common passwords, TOTP codes as numbers', () => {
  it('the outbox keeps no working reset, invite or sign-up link once the mail is delivered', async () => {
    const mailDir = mkdtempSync(path.join(os.tmpdir(), 'hostdash-finding7-'));
    try {
      expect(
        (
          await api.post(
            '/user/auth/password/reset',
            { email: 'vendor@hostdash.test' },
            undefined,
            from('198.51.100.170'),
          )
        ).status,
      ).toBe(200);
      expect(
        (
          await api.post(
            '/user/accounts/invite',
            { email: 'finding7.invite@example.test', name: 'Ines Vite', subtype: 'manager' },
            sessions.owner,
          )
        ).status,
      ).toBe(201);
      expect(
        (
          await api.post(
            '/admin/signupLinks',
            {
              name: 'Sam Signup',
              email: 'finding7.signup@example.test',
              company: 'Signup Stays',
              pms: 'hostaway',
            },
            sessions.admin,
          )
        ).status,
      ).toBe(201);
      const linkIn = (body: string) =>
        /https?:\/\/\S+(\/account\/reset\/|\/accept-invite\/|\/connect\/\S+\?token=)\S+/.exec(
          body,
        )?.[0];
      const waiting = await api.db.query<{ body: string }>(
        'select body from mail_outbox where delivered_at is null',
      );
      const links = waiting.map((mail) => linkIn(mail.body)).filter(Boolean) as string[];
      // (Earlier tests' reset mails wait too: all are checked.)
      for (const kind of ['/account/reset/', '/accept-invite/', '/connect/hostaway?token='])
        expect(links.some((link) => link.includes(kind))).toBe(true);

      // Every waiting mail's delivery job, as the API's job worker runs them.
      const tries = await deliverQueuedMail(api, fileTransport(mailDir));
      expect(tries.length).toBeGreaterThanOrEqual(3);
      expect(tries.every((tried) => tried.outcome === 'succeeded')).toBe(true);

      // What a backup of the table holds now: no link, no token, whatever column one looks in.
      const rows = await api.db.query<{ row: string }>(
        'select mail_outbox::text as row from mail_outbox',
      );
      for (const link of links) {
        const token = /[^/=]+$/.exec(link)?.[0] ?? link;
        expect(rows.filter(({ row }) => row.includes(token))).toEqual([]);
      }
    } finally {
      rmSync(mailDir, { recursive: true, force: true });
    }
  });

  it('no route sets a common password (12345678, Password1), each refusal naming its field; hostdash-demo is fine', async () => {
    const tooCommon = (field: string) => ({
      status: 400,
      body: {
        error: 'invalid_request',
        message: 'This password is too common: choose one that others are unlikely to use.',
        field,
        in: 'body',
        rule: 'x-not-common-password',
      },
    });
    // The password is chosen with the link the open sign-up mailed to the address.
    const signUp = (password: string) =>
      api.signUp({
        name: 'Cora Mon',
        email: 'cora.mon@example.test',
        company: 'Common Stays',
        password,
      });
    expect(await signUp('12345678')).toMatchObject(tooCommon('password'));
    expect(await signUp('Password1')).toMatchObject(tooCommon('password'));

    await api.post(
      '/user/accounts/invite',
      { email: 'finding7.join@example.test', name: 'Jo In', subtype: 'manager' },
      sessions.owner,
    );
    const [invite] = await api.db.query<{ body: string }>(
      `select body from mail_outbox where to_address = 'finding7.join@example.test'`,
    );
    const inviteToken = /\/accept-invite\/(\S+)/.exec(invite?.body ?? '')?.[1];
    expect(
      await api.post(`/user/accounts/acceptInvite/${inviteToken}`, { password: 'qwertyuiop' }),
    ).toMatchObject(tooCommon('password'));

    await api.post(
      '/user/auth/password/reset',
      { email: 'newhost@hostdash.test' },
      undefined,
      from('198.51.100.181'),
    );
    const [reset] = await api.db.query<{ body: string }>(
      `select body from mail_outbox where to_address = 'newhost@hostdash.test' order by id desc limit 1`,
    );
    const resetToken = /\/account\/reset\/(\S+)/.exec(reset?.body ?? '')?.[1];
    expect(
      await api.post('/user/auth/password/confirm', { token: resetToken, password: 'iloveyou' }),
    ).toMatchObject(tooCommon('password'));

    expect(
      await api.post(
        '/user/auth/password/change',
        { current_password: DEMO_PASSWORD, new_password: 'baseball' },
        sessions.owner,
      ),
    ).toMatchObject(tooCommon('new_password'));

    // The demo's password is no common one: a person may choose it (it signs everyone in here).
    expect(
      (
        await api.post('/user/auth/password/confirm', {
          token: resetToken,
          password: DEMO_PASSWORD,
        })
      ).status,
    ).toBe(200);
  });

  it('a TOTP code sent as a JSON number is refused, at enrolment and at the challenge; as text it works', async () => {
    const manager = await api.signIn('manager@hostdash.test');
    try {
      // A secret whose codes now and at the next step have no leading 0: as numbers they would
      // have read as the same 6 digits, so only the type can refuse them.
      let secret = '';
      do {
        secret = (await api.post('/user/auth/secondStep/setup', {}, manager)).body.secret as string;
      } while (/^0/.test(totp(secret)) || /^0/.test(totp(secret, Date.now() + 30_000)));
      const typeRefusal = {
        status: 400,
        body: {
          error: 'invalid_request',
          message: '"code" must be text.',
          field: 'code',
          in: 'body',
          rule: 'type',
        },
      };

      const confirmCode = totp(secret);
      expect(
        await api.post('/user/auth/secondStep/confirm', { code: Number(confirmCode) }, manager),
      ).toMatchObject(typeRefusal);
      expect(
        (await api.post('/user/auth/secondStep/confirm', { code: confirmCode }, manager)).status,
      ).toBe(200);

      const started = await api.post('/login', {
        email: 'manager@hostdash.test',
        password: DEMO_PASSWORD,
      });
      const challengeToken = started.body.challengeToken as string;
      const challengeCode = totp(secret, Date.now() + 30_000);
      expect(
        await api.post('/user/auth/challenge', { challengeToken, code: Number(challengeCode) }),
      ).toMatchObject(typeRefusal);
      expect(
        await api.post('/user/auth/secondStep/disable', { code: Number(challengeCode) }, manager),
      ).toMatchObject(typeRefusal);
      expect(
        (await api.post('/user/auth/challenge', { challengeToken, code: challengeCode })).status,
      ).toBe(200);
    } finally {
      await api.db.query(
        `update users set totp_secret = null, totp_last_step = null, totp_pending_secret = null
         where email = 'manager@hostdash.test'`,
      );
    }
  });
});

// Issue 30: the second outside test's findings 4 and 5, with its requests.
describe('issue 30, finding 4: a sign-up link made for one address made an account for any', () => {
  it('the link makes no account for another email, stays usable, and makes its own', async () => {
    const made = await api.post<{ url: string }>(
      '/admin/signupLinks',
      { name: 'Rui Costa', email: 'rui.30@example.com', company: 'Costa Homes', pms: 'hostaway' },
      sessions.admin,
    );
    const token = new URL(made.body.url).searchParams.get('token');
    const signUp = (email: string) =>
      api.post('/user/accounts/signup', {
        name: 'Rui Costa',
        email,
        company: 'Costa Homes',
        password: 'a-new-password',
        token,
      });
    const intruder = await signUp('intruder.30@example.com');
    expect(intruder).toMatchObject({
      status: 400,
      body: { error: 'signup_link_email_mismatch', field: 'email' },
    });
    expect(
      await api.db.query(`select 1 from users where email = 'intruder.30@example.com'`),
    ).toEqual([]);
    expect((await api.get(`/user/accounts/signupLinkTokenLookup/${token}`)).status).toBe(200);
    expect((await signUp('Rui.30@Example.com')).status).toBe(200);
  });
});

describe('issue 30, finding 5: whether an address has an account could be told', () => {
  const ask = (email: string, client: string) =>
    api.post(
      '/user/accounts/requestSignup',
      { name: 'Nia Host', email, company: 'Nia Stays', pms: 'hostaway' },
      undefined,
      from(client),
    );
  /** What a client can compare: the status, the body and the headers that are not per request. */
  const seen = (response: { status: number; headers: Record<string, unknown>; text: string }) => {
    const { date: _date, 'x-request-id': _id, ...headers } = response.headers;
    return { status: response.status, text: response.text, headers };
  };

  it('sign-up answers a taken address exactly as a new one, and tells only the owner by mail', async () => {
    logLines.length = 0;
    const before = await api.db.query<{ id: string }>('select id::text from mail_outbox');
    const taken = await ask('owner@hostdash.test', '198.51.100.30');
    const fresh = await ask('nobody.30@example.com', '198.51.100.31');
    expect(taken.status).toBe(202);
    expect(seen(taken)).toEqual(seen(fresh));
    const mails = await api.db.query<{ to_address: string; subject: string }>(
      'select to_address, subject from mail_outbox where id <> all($1::bigint[]) order by id',
      [before.map((row) => row.id)],
    );
    expect(mails).toEqual([
      {
        to_address: 'owner@hostdash.test',
        subject: 'Someone tried to sign up to Hostdash with your email',
      },
      {
        to_address: 'nobody.30@example.com',
        subject: 'Confirm your email to create your Hostdash account',
      },
    ]);
    // The link is in the mail only: the log names it by a fingerprint.
    const token = await signupTokenMailedTo(api.db, 'nobody.30@example.com');
    expect(logLines.join('\n')).toContain('signup_requested');
    expect(logLines.join('\n')).not.toContain(token);
    // The password-and-email request the test sent answers alike too: it needs a link now.
    const direct = (email: string) =>
      api.post('/user/accounts/signup', {
        name: 'Nia Host',
        email,
        company: 'Nia Stays',
        password: 'a-new-password',
      });
    expect(seen(await direct('owner@hostdash.test'))).toEqual(
      seen(await direct('nobody.30@example.com')),
    );
  });

  it('a deactivated account’s right password is answered as a wrong one, and counted as a failure', async () => {
    const client = '198.51.100.32';
    const login = (password: string) =>
      api.post('/login', { email: 'inactive@hostdash.test', password }, undefined, from(client));
    const right = await login(DEMO_PASSWORD);
    const wrong = await login('not-the-password');
    expect(right.status).toBe(401);
    expect(seen(right)).toEqual(seen(wrong));
    for (let attempt = 2; attempt < 5; attempt += 1) await login(DEMO_PASSWORD);
    expect((await login(DEMO_PASSWORD)).status).toBe(429);
  });

  it('a password reset for a deactivated account answers as for any address, and mails nothing', async () => {
    const before = await api.db.query('select id from mail_outbox');
    const reset = (email: string, client: string) =>
      api.post('/user/auth/password/reset', { email }, undefined, from(client));
    const inactive = await reset('inactive@hostdash.test', '198.51.100.33');
    const unknown = await reset('nobody.30@hostdash.test', '198.51.100.34');
    const active = await reset('vendor@hostdash.test', '198.51.100.35');
    expect(seen(inactive)).toEqual(seen(unknown));
    expect(seen(inactive)).toEqual(seen(active));
    expect(await api.db.query('select id from mail_outbox')).toHaveLength(before.length + 1);
  });
});
