// Onboarding on the real database (issue 15): sign-up with and without a staff-made link, connecting
// a system whose credentials are checked first, following its import to the end through the
// worker, the connections /settings shows, and the OAuth round trip whose state is bound to the
// session that started it.
import { runNextImport } from '../imports/importWorker';
import { adapterFor } from '../pms/registry';
import { sandboxCredentials } from '../pms/sandbox';
import { silentLog } from '../testing/logs';
import { signupTokenMailedTo, startTestApi, type SignedUp, type TestApi } from '../testing/testApi';

let api: TestApi;
/** Imports the routes queued: each tells the worker at once. */
let queued = 0;
beforeAll(async () => {
  api = await startTestApi({ jobsQueued: () => (queued += 1) });
});
afterAll(() => api.close());

const TODAY = '2026-11-25';
/** The API's worker, one task at a time, against the sandbox. */
const runImport = () =>
  runNextImport({
    db: api.db,
    adapters: (pms) => adapterFor(pms, { sandbox: true, today: () => TODAY }),
    log: silentLog,
    vault: api.vault,
    today: () => TODAY,
  });

interface Task {
  id: string;
  state: string;
  step: string;
  progress: Record<string, { done: number; total: number | null }>;
}
interface Start {
  task: Task | null;
  authorize_url: string | null;
}

let counter = 0;
/** A new host through the whole sign-up: asked for, the link from the mail, a password. */
async function newOwner(overrides: { company?: string } = {}) {
  counter += 1;
  return api.signUp({
    email: `nia${counter}@example.com`,
    company: `Nia Stays ${counter}`,
    ...overrides,
  });
}

async function newOwnerSession(): Promise<string> {
  const response = await newOwner();
  expect(response.status).toBe(200);
  return response.body.sessionId;
}

/** The mails the outbox holds for `to`, oldest first. */
const mailsTo = (to: string) =>
  api.db.query<{ subject: string; body: string }>(
    'select subject, body from mail_outbox where to_address = $1 order by id',
    [to],
  );

const requestSignup = (email: string, client = '192.0.2.10') =>
  api.post(
    '/user/accounts/requestSignup',
    { name: 'Nia Host', email, company: 'Nia Stays', pms: 'hostaway' },
    undefined,
    { 'x-forwarded-for': client },
  );

describe('where the listings came from (issue 33)', () => {
  it('names the systems the demo owner’s listings came from, with their counts, though none is connected', async () => {
    const session = await api.signIn('owner@hostdash.test');
    const answer = await api.get<{
      items: unknown[];
      sources: { pms: string; label: string; listings_count: number; connected: boolean }[];
    }>('/user/integrations', session);
    expect(answer.status).toBe(200);
    const [counted] = await api.db.query<{ n: number }>(
      `select count(*)::int as n from listings l join users u on u.account_id = l.account_id
       where u.email = 'owner@hostdash.test'`,
    );
    const { sources } = answer.body;
    // Every listing is from one of them, the three main systems first, most listings first.
    expect(sources.reduce((sum, source) => sum + source.listings_count, 0)).toBe(counted!.n);
    expect(
      sources
        .slice(0, 3)
        .map((source) => source.label)
        .sort(),
    ).toEqual(['Guesty', 'Hostaway', 'Rentals United']);
    const counts = sources.map((source) => source.listings_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    for (const source of sources)
      expect(source.connected).toBe(
        (answer.body.items as { pms: string }[]).some((item) => item.pms === source.pms),
      );
  });

  it('has no sources for a new host who imported nothing', async () => {
    const session = await newOwnerSession();
    const empty = await api.get<{ sources: unknown[] }>('/user/integrations', session);
    expect(empty.body.sources).toEqual([]);
  });

  it('answers an unknown system 404 and building staff 403', async () => {
    const owner = await api.signIn('owner@hostdash.test');
    const unknown = await api.get('/channel/airbnb/import', owner);
    expect([unknown.status, unknown.body.error]).toEqual([404, 'pms_not_found']);
    const vendor = await api.signIn('vendor@hostdash.test');
    expect((await api.get('/channel/guesty/import', vendor)).status).toBe(403);
  });
});

describe('sign-up', () => {
  it('mails a new address its link, which fills in the form and makes the account, signed in', async () => {
    const asked = await api.post('/user/accounts/requestSignup', {
      name: 'Nia Host',
      email: ' Nia.New@Example.com ',
      company: '  Lisbon Lofts  ',
      pms: 'guesty',
    });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ message: expect.stringMatching(/^Check your mail/) });
    const [mail] = await mailsTo('nia.new@example.com');
    expect(mail?.subject).toBe('Confirm your email to create your Hostdash account');
    expect(mail?.body).toMatch(/\/connect\/guesty\?token=\S+/);
    // Nothing the visitor typed is in the mail: the form cannot write to strangers.
    expect(mail?.body).not.toContain('Lisbon');
    expect(mail?.body).not.toContain('Nia Host');

    const token = await signupTokenMailedTo(api.db, 'nia.new@example.com');
    const lookup = await api.get(`/user/accounts/signupLinkTokenLookup/${token}`);
    expect(lookup.body).toMatchObject({
      kind: 'signup',
      email: 'nia.new@example.com',
      name: 'Nia Host',
      company: 'Lisbon Lofts',
      pms: 'guesty',
    });
    const response = await api.post<SignedUp>('/user/accounts/signup', {
      name: 'Nia Host',
      email: 'nia.new@example.com',
      company: 'Lisbon Lofts',
      password: 'a-new-password',
      token,
    });
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ name: 'Nia Host', subtype: 'owner' });
    const [account] = await api.db.query<{ name: string }>(
      'select name from accounts where id = $1::bigint',
      [response.body.user.account_id],
    );
    expect(account?.name).toBe('Lisbon Lofts');
    const me = await api.get<{ id: string }>('/loadAuth', response.body.sessionId);
    expect(me.body.id).toBe(response.body.user.id);
  });

  it('an open sign-up’s link holds 48 hours, a staff-made one 14 days; asking again mails a new one', async () => {
    expect((await requestSignup('two.days@example.com', '192.0.2.41')).status).toBe(202);
    const hours = async (email: string) =>
      (
        await api.db.query<{ hours: number }>(
          `select round(extract(epoch from expires_at - created_at) / 3600)::int as hours
           from signup_links where email = $1 order by id desc limit 1`,
          [email],
        )
      )[0]?.hours;
    expect(await hours('two.days@example.com')).toBe(48);
    const [mail] = await mailsTo('two.days@example.com');
    expect(mail?.body).toContain('The link works once, for 48 hours');
    // Past its time the link is refused, and a new request mails one that works.
    const stale = await signupTokenMailedTo(api.db, 'two.days@example.com');
    await api.db.query(
      `update signup_links set expires_at = now() - interval '1 minute', created_at = created_at - interval '2 days'
       where email = 'two.days@example.com'`,
    );
    expect((await api.get(`/user/accounts/signupLinkTokenLookup/${stale}`)).status).toBe(410);
    expect((await requestSignup('two.days@example.com', '192.0.2.41')).status).toBe(202);
    const fresh = await signupTokenMailedTo(api.db, 'two.days@example.com');
    expect(fresh).not.toBe(stale);
    expect((await api.get(`/user/accounts/signupLinkTokenLookup/${fresh}`)).status).toBe(200);

    const admin = await api.signIn('admin@hostdash.test');
    const made = await api.post(
      '/admin/signupLinks',
      {
        email: 'fourteen.days@example.com',
        name: 'Fay Host',
        company: 'Fay Stays',
        pms: 'hostaway',
      },
      admin,
    );
    expect(made.status).toBe(201);
    expect(await hours('fourteen.days@example.com')).toBe(14 * 24);
  });

  it('answers an address that has a user as it answers a new one, makes nothing and tells its owner', async () => {
    const accounts = await api.db.query('select id from accounts');
    const fresh = await requestSignup('someone.new@example.com');
    const taken = await requestSignup('Owner@Hostdash.test');
    expect(taken.status).toBe(fresh.status);
    expect(taken.body).toEqual(fresh.body);
    expect(await api.db.query('select id from accounts')).toHaveLength(accounts.length);
    const [told] = await mailsTo('owner@hostdash.test');
    expect(told?.subject).toBe('Someone tried to sign up to Hostdash with your email');
    expect(told?.body).toContain('Hello Olivia Hart,');
    expect(told?.body).toContain(`${api.config.shellOrigin}/login`);
    expect(told?.body).toContain(`${api.config.shellOrigin}/account/reset`);
    expect(told?.body).not.toContain('token=');

    // A deactivated account's owner is told why signing in will not work.
    await requestSignup('inactive@hostdash.test');
    const [deactivated] = await mailsTo('inactive@hostdash.test');
    expect(deactivated?.body).toContain('Your account has been deactivated');
    expect(deactivated?.body).not.toContain('/account/reset');
  });

  it('needs the link to make an account: a password alone is refused', async () => {
    const response = await api.post('/user/accounts/signup', {
      name: 'Nia Host',
      email: 'no.link@example.com',
      company: 'Nia Stays',
      password: 'a-new-password',
    });
    expect(response).toMatchObject({
      status: 400,
      body: { error: 'invalid_request', field: 'token', rule: 'required' },
    });
    const asking = await api.post('/user/accounts/requestSignup', {
      name: 'Nia Host',
      email: 'no.link@example.com',
      company: 'Nia Stays',
      pms: 'hostaway',
      password: 'a-new-password',
    });
    expect(asking).toMatchObject({ status: 400, body: { field: 'password' } });
    expect(await api.db.query(`select 1 from users where email = 'no.link@example.com'`)).toEqual(
      [],
    );
  });

  it('limits the mails to one address, whether or not it has a user', async () => {
    for (const email of ['limit.new@example.com', 'manager@hostdash.test']) {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1)
        statuses.push((await requestSignup(email, `192.0.2.${20 + attempt}`)).status);
      expect(statuses).toEqual([202, 202, 202, 429]);
    }
  });

  it('refuses the link when the address got a user meanwhile, and keeps it usable', async () => {
    await requestSignup('twice@example.com');
    const first = await signupTokenMailedTo(api.db, 'twice@example.com');
    await requestSignup('twice@example.com', '192.0.2.11');
    const second = await signupTokenMailedTo(api.db, 'twice@example.com');
    const body = {
      name: 'Nia',
      email: 'twice@example.com',
      company: 'Nia',
      password: 'a-new-password',
    };
    expect((await api.post('/user/accounts/signup', { ...body, token: first })).status).toBe(200);
    const again = await api.post('/user/accounts/signup', { ...body, token: second });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'email_taken', field: 'email' });
    expect((await api.get(`/user/accounts/signupLinkTokenLookup/${second}`)).status).toBe(200);
  });
});

describe('sign-up links', () => {
  async function makeLink(email: string) {
    const staff = await api.signIn('admin@hostdash.test');
    return api.post<{ url: string; pms: string }>(
      '/admin/signupLinks',
      { name: 'Rui Costa', email, company: 'Costa Homes', pms: 'hostaway' },
      staff,
    );
  }
  const tokenOf = (url: string) => new URL(url).searchParams.get('token') ?? '';
  const signUpWith = (token: string, overrides: Record<string, string> = {}) =>
    api.post<SignedUp>('/user/accounts/signup', {
      name: 'Rui Costa',
      email: 'rui@example.com',
      company: 'Costa Homes',
      password: 'a-new-password',
      token,
      ...overrides,
    });

  it('fills in the sign-up form, mails the link, works once', async () => {
    const made = await makeLink('rui@example.com');
    expect(made.status).toBe(201);
    expect(made.body.url).toMatch(/\/connect\/hostaway\?token=/);
    const [mail] = await mailsTo('rui@example.com');
    expect(mail?.body).toContain(made.body.url);

    const token = tokenOf(made.body.url);
    const lookup = await api.get(`/user/accounts/signupLinkTokenLookup/${token}`);
    expect(lookup.body).toMatchObject({
      kind: 'signup',
      email: 'rui@example.com',
      name: 'Rui Costa',
      company: 'Costa Homes',
      pms: 'hostaway',
    });

    const signedUp = await signUpWith(token);
    expect(signedUp.status).toBe(200);
    const again = await api.get(`/user/accounts/signupLinkTokenLookup/${token}`);
    expect(again.status).toBe(410);
    expect(again.body.error).toBe('signup_link_used');
    const reused = await signUpWith(token);
    expect(reused.body.error).toBe('signup_link_used');
  });

  it('makes the account only for the address it was made for, whatever the case', async () => {
    const made = await makeLink('bound@example.com');
    const token = tokenOf(made.body.url);
    const other = await signUpWith(token, { email: 'someone.else@example.com' });
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({ error: 'signup_link_email_mismatch', field: 'email' });
    expect((await api.get(`/user/accounts/signupLinkTokenLookup/${token}`)).status).toBe(200);
    const own = await signUpWith(token, { email: 'Bound@Example.com' });
    expect(own.status).toBe(200);
    expect(own.body.user).toMatchObject({ email: 'bound@example.com' });
  });

  it('says so when a link has expired or was never issued', async () => {
    const made = await makeLink('late@example.com');
    const token = tokenOf(made.body.url);
    await api.db.query(
      `update signup_links set expires_at = now() - interval '1 minute' where email = 'late@example.com'`,
    );
    const expired = await api.get(`/user/accounts/signupLinkTokenLookup/${token}`);
    expect([expired.status, expired.body.error]).toEqual([410, 'signup_link_expired']);
    const refused = await signUpWith(token, { email: 'late@example.com' });
    expect([refused.status, refused.body.error]).toEqual([410, 'signup_link_expired']);
    const unknown = await api.get('/user/accounts/signupLinkTokenLookup/never-issued');
    expect(unknown.status).toBe(404);
    const unknownSignUp = await signUpWith('never-issued', { email: 'late@example.com' });
    expect([unknownSignUp.status, unknownSignUp.body.error]).toEqual([404, 'invite_not_found']);
  });
});

describe('connecting a system with credentials', () => {
  it('lists the 18 systems with their credentials and the sandbox’s demo values', async () => {
    const response = await api.get<{
      sandbox: boolean;
      items: {
        name: string;
        real_adapter: boolean;
        connectable: boolean;
        sandbox_credentials: unknown;
      }[];
    }>('/channel/systems');
    expect(response.body.sandbox).toBe(true);
    expect(response.body.items).toHaveLength(18);
    const hostaway = response.body.items.find((item) => item.name === 'hostaway');
    expect(hostaway).toMatchObject({
      real_adapter: true,
      connectable: true,
      sandbox_credentials: sandboxCredentials('hostaway'),
    });
  });

  it('puts a missing or refused credential on its field, and saves nothing', async () => {
    const session = await newOwnerSession();
    const missing = await api.post(
      '/channel/hostaway/onboardUser',
      { credentials: { accountId: '100200' } },
      session,
    );
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ field: 'credentials.apiKey' });
    const refused = await api.post(
      '/channel/hostaway/onboardUser',
      { credentials: { accountId: '100200', apiKey: 'wrong' } },
      session,
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: 'credentials_refused',
      field: 'credentials.apiKey',
    });
    const integrations = await api.get<{ items: unknown[] }>('/user/integrations', session);
    expect(integrations.body.items).toEqual([]);
    const unknown = await api.post('/channel/airbnb/onboardUser', { credentials: {} }, session);
    expect([unknown.status, unknown.body.error]).toEqual([404, 'pms_not_found']);
  });

  it('imports, reports progress to the end, records the finished connection and syncs again', async () => {
    const session = await newOwnerSession();
    // Never imported: a normal state, answered 200 (issue 33), not a 404 logged as a failure.
    const before = await api.get<{ import: Task | null }>('/channel/hostaway/import', session);
    expect([before.status, before.body]).toEqual([200, { import: null }]);
    const started = await api.post<Start>(
      '/channel/hostaway/onboardUser',
      { credentials: sandboxCredentials('hostaway') },
      session,
    );
    expect(started.status).toBe(200);
    const task = started.body.task!;
    expect(task).toMatchObject({ state: 'queued', step: 'connecting' });
    // Sealed at rest: the row holds none of the credentials' values.
    const [row] = await api.db.query<{ stored: string }>(
      `select credentials::text as stored from pms_connections where pms = 'hostaway'
       order by id desc limit 1`,
    );
    expect(row?.stored).not.toContain('"apiKey"');
    expect(row?.stored).not.toContain('100200');
    const nudged = queued;
    expect(nudged).toBeGreaterThan(0);

    const second = await api.post(
      '/channel/guesty/onboardUser',
      { credentials: sandboxCredentials('guesty') },
      session,
    );
    expect([second.status, second.body.error]).toEqual([409, 'import_in_progress']);
    const early = await api.post(
      `/user/updateAfterIntegration?id=${task.id}&type=import&name=hostaway`,
      undefined,
      session,
    );
    expect([early.status, early.body.error]).toEqual([409, 'import_not_finished']);

    expect((await runImport())?.task.state).toBe('succeeded');
    const status = await api.get<Task>(
      `/task/status?id=${task.id}&type=import&name=hostaway`,
      session,
    );
    expect(status.body.state).toBe('succeeded');
    const { listings, reservations } = status.body.progress;
    expect(listings!.done).toBe(listings!.total);
    expect(reservations!.done).toBe(reservations!.total);
    // Without an id: the newest import of that system.
    const newest = await api.get<Task>('/task/status?type=import&name=hostaway', session);
    expect(newest.body.id).toBe(task.id);
    const state = await api.get<{ import: Task | null }>('/channel/hostaway/import', session);
    expect([state.status, state.body.import?.id, state.body.import?.state]).toEqual([
      200,
      task.id,
      'succeeded',
    ]);

    const recorded = await api.post<{ status: string; listings_count: number }>(
      `/user/updateAfterIntegration?id=${task.id}&type=import&name=hostaway`,
      undefined,
      session,
    );
    expect(recorded.body).toMatchObject({ status: 'connected', listings_count: listings!.done });
    const listed = await api.get<{ total: number }>('/listing/load?from=0&size=10', session);
    expect(listed.body.total).toBe(listings!.done);
    // The listings' system, connected: where they came from, with when it last synced.
    const sources = await api.get<{ sources: unknown[] }>('/user/integrations', session);
    expect(sources.body.sources).toEqual([
      {
        pms: 'hostaway',
        label: 'Hostaway',
        listings_count: listings!.done,
        connected: true,
        last_sync_at: expect.any(String),
      },
    ]);

    const synced = await api.post<{ items: { task: Task }[] }>(
      '/user/updateIntegrations',
      { pms: 'hostaway', action: 'sync' },
      session,
    );
    expect(synced.body.items[0]?.task).toMatchObject({ state: 'queued' });
    expect(queued).toBe(nudged + 1);
    const busy = await api.post(
      '/user/updateIntegrations',
      { pms: 'hostaway', action: 'disconnect' },
      session,
    );
    expect([busy.status, busy.body.error]).toEqual([409, 'import_in_progress']);
    expect((await runImport())?.task.state).toBe('succeeded');
    const again = await api.get<{ total: number }>('/listing/load?from=0&size=10', session);
    expect(again.body.total).toBe(listings!.done);

    const gone = await api.post<{ items: unknown[] }>(
      '/user/updateIntegrations',
      { pms: 'hostaway', action: 'disconnect' },
      session,
    );
    expect(gone.body.items).toEqual([]);
    // The listings stay; only the connection (and its credentials) went.
    expect((await api.get<{ total: number }>('/listing/load', session)).body.total).toBe(
      listings!.done,
    );
  });

  it('is the owner’s: a manager may follow imports but not connect', async () => {
    const manager = await api.signIn('manager@hostdash.test');
    const refused = await api.post(
      '/channel/hostaway/onboardUser',
      { credentials: sandboxCredentials('hostaway') },
      manager,
    );
    expect(refused.status).toBe(403);
  });

  it('says plainly, outside the sandbox, that a system without an adapter cannot be connected', async () => {
    const live = await startTestApi({ config: { pmsSandbox: false } });
    try {
      const session = await live.signIn('newhost@hostdash.test');
      const systems = await live.get<{ items: { name: string; connectable: boolean }[] }>(
        '/channel/systems',
      );
      expect(
        systems.body.items.filter((item) => item.connectable).map((item) => item.name),
      ).toEqual(['guesty', 'hostaway']);
      const refused = await live.post(
        '/channel/beds24/onboardUser',
        { credentials: { apiKey: 'x' } },
        session,
      );
      expect([refused.status, refused.body.error]).toEqual([409, 'pms_not_supported']);
      const [task] = await live.db.query('select id from import_tasks');
      expect(task).toBeUndefined();
    } finally {
      await live.close();
    }
  });
});

describe('connecting an OAuth system', () => {
  async function authorize(session: string) {
    const started = await api.post<Start>('/channel/cloudbeds/onboardUser', {}, session);
    expect(started.status).toBe(200);
    expect(started.body.task).toBeNull();
    return new URL(started.body.authorize_url!);
  }

  it('sends the host to the authorization page and back, then imports', async () => {
    const session = await newOwnerSession();
    const url = await authorize(session);
    const state = url.searchParams.get('state')!;
    const page = await api.get(`${url.pathname.replace(/^\/api/, '')}${url.search}`);
    expect(page.status).toBe(200);
    const html = String(page.text);
    const allow = /href="([^"]*code=[^"]*)"/.exec(html)?.[1]?.replace(/&#38;/g, '&');
    expect(allow).toBeDefined();
    const back = new URL(allow!);
    expect(back.pathname).toBe('/connect/cloudbeds');
    expect(back.searchParams.get('state')).toBe(state);

    const code = back.searchParams.get('code')!;
    const connected = await api.post<Start>(
      '/user/updateOauthConnection?pms=cloudbeds',
      { code, state },
      session,
    );
    expect(connected.status).toBe(200);
    expect(connected.body.task).toMatchObject({ state: 'queued' });
    // The state is spent: the same callback again is refused.
    const replayed = await api.post(
      '/user/updateOauthConnection?pms=cloudbeds',
      { code, state },
      session,
    );
    expect([replayed.status, replayed.body.error]).toEqual([400, 'oauth_state_invalid']);
    expect((await runImport())?.task.state).toBe('succeeded');
  });

  it('refuses a forged callback: a state this session did not start', async () => {
    const victim = await newOwnerSession();
    const attacker = await newOwnerSession();
    const state = (await authorize(attacker)).searchParams.get('state')!;
    // The attacker's state in the victim's session: refused, nothing connected to the victim.
    const forged = await api.post(
      '/user/updateOauthConnection?pms=cloudbeds',
      { code: 'sandbox-0123456789abcdef', state },
      victim,
    );
    expect([forged.status, forged.body.error]).toEqual([400, 'oauth_state_invalid']);
    const made = await api.post(
      '/user/updateOauthConnection?pms=cloudbeds',
      { code: 'sandbox-0123456789abcdef', state: 'made-up' },
      victim,
    );
    expect(made.body.error).toBe('oauth_state_invalid');
    // A state for another system is refused too.
    const otherSystem = await api.post(
      '/user/updateOauthConnection?pms=apaleo',
      { code: 'sandbox-0123456789abcdef', state },
      attacker,
    );
    expect(otherSystem.body.error).toBe('oauth_state_invalid');
    expect((await api.get<{ items: unknown[] }>('/user/integrations', victim)).body.items).toEqual(
      [],
    );
  });

  it('returns only to this dashboard’s connect page', async () => {
    const page = await api.get(
      '/channel/cloudbeds/sandboxAuthorize?state=s&redirect_uri=https%3A%2F%2Fevil.example%2Fconnect%2Fcloudbeds',
    );
    expect([page.status, page.body.error]).toEqual([400, 'invalid_redirect']);
  });
});
