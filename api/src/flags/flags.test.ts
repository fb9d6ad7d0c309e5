import { startTestApi, type TestApi } from '../testing/testApi';

let api: TestApi;
let admin: string;
let adminId: string;
let owner: string;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signIn('admin@hostdash.test');
  adminId = String((await api.get('/loadAuth', admin)).body.id);
  owner = await api.signIn('owner@hostdash.test');
});
afterAll(() => api.close());

const KEY = { 'x-environment-key': 'hostdash-dashboard' };

interface FlagsmithFlag {
  id: number;
  feature: { id: number; name: string; type: string };
  enabled: boolean;
  feature_state_value: string | null;
}

interface Identity {
  identifier: string;
  flags: FlagsmithFlag[];
  traits: Array<{ trait_key: string; trait_value: unknown }>;
}

const outage = (flags: FlagsmithFlag[]) =>
  flags.find((flag) => flag.feature.name === 'outage_banner_dashboard');

describe('Flagsmith-compatible endpoints', () => {
  it('GET flags/ answers the environment’s flags in Flagsmith’s shape', async () => {
    const response = await api.get<FlagsmithFlag[]>('/flagsmith/api/v1/flags/', undefined, KEY);
    expect(response.status).toBe(200);
    const flag = outage(response.body);
    expect(flag).toEqual({
      id: expect.any(Number),
      feature: expect.objectContaining({
        id: expect.any(Number),
        name: 'outage_banner_dashboard',
        type: 'STANDARD',
      }),
      enabled: false,
      feature_state_value: expect.any(String),
    });
    expect(JSON.parse(flag?.feature_state_value ?? '')).toEqual({
      severity: 'info',
      text: expect.any(String),
    });
    // Same route without the trailing slash.
    expect((await api.get('/flagsmith/api/v1/flags', undefined, KEY)).status).toBe(200);
  });

  it('flags/ wants the environment key, and no session; identities/ wants the key too', async () => {
    for (const headers of [{}, { 'x-environment-key': 'wrong' }] as Array<Record<string, string>>) {
      const response = await api.get('/flagsmith/api/v1/flags/', undefined, headers);
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({
        detail: 'Invalid environment key.',
        error: 'invalid_environment_key',
      });
    }
    expect(
      (await api.get('/flagsmith/api/v1/identities/?identifier=1', owner, {})).body,
    ).toMatchObject({ error: 'invalid_environment_key' });
  });

  it('answers CORS pre-flight for the dashboard’s origins only, with fixed headers, on these paths only', async () => {
    const preflight = (origin: string, headers = 'content-type,x-environment-key') =>
      api.app.inject({
        method: 'OPTIONS',
        url: '/flagsmith/api/v1/identities/',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': headers,
        },
      });
    const dashboard = await preflight('http://localhost:3000', 'x-anything, authorization');
    expect(dashboard.statusCode).toBe(204);
    expect(dashboard.headers).toMatchObject({
      'access-control-allow-origin': 'http://localhost:3000',
      'access-control-allow-methods': 'GET, POST, OPTIONS',
      // What is allowed, never an echo of what was asked for.
      'access-control-allow-headers': 'content-type, x-environment-key',
      vary: 'Origin',
    });
    const elsewhere = await preflight('https://evil.example');
    expect(elsewhere.statusCode).toBe(204);
    expect(elsewhere.headers['access-control-allow-origin']).toBeUndefined();

    const flags = (origin?: string) =>
      api.get('/flagsmith/api/v1/flags/', undefined, { ...KEY, ...(origin ? { origin } : {}) });
    expect((await flags('http://127.0.0.1:3000')).headers['access-control-allow-origin']).toBe(
      'http://127.0.0.1:3000',
    );
    expect(
      (await flags('https://evil.example')).headers['access-control-allow-origin'],
    ).toBeUndefined();
    expect((await flags()).headers['access-control-allow-origin']).toBeUndefined();
    expect((await api.app.inject({ method: 'OPTIONS', url: '/loadAuth' })).statusCode).toBe(404);
    expect((await api.get('/health')).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('applies identity overrides and keeps traits, for the signed-in user’s own identity', async () => {
    await api.db.query(
      `insert into flag_identity_overrides (identifier, flag_name, enabled, value) values ('1', 'outage_banner_dashboard', true, '{"severity":"error","text":"Only for 1"}')`,
    );
    const mine = await api.get<Identity>('/flagsmith/api/v1/identities/?identifier=1', owner, KEY);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ identifier: '1', traits: [] });
    expect(outage(mine.body.flags)).toMatchObject({
      enabled: true,
      feature_state_value: '{"severity":"error","text":"Only for 1"}',
    });
    const adminsOwn = await api.get<Identity>(
      `/flagsmith/api/v1/identities?identifier=${adminId}`,
      admin,
      KEY,
    );
    expect(outage(adminsOwn.body.flags)).toMatchObject({ enabled: false });

    const posted = await api.post<Identity>(
      '/flagsmith/api/v1/identities/',
      {
        identifier: '1',
        traits: [
          { trait_key: 'plan', trait_value: 'pro' },
          { trait_key: 'listings', trait_value: 120 },
          { trait_key: 'beta', trait_value: true },
        ],
      },
      owner,
      KEY,
    );
    expect(posted.status).toBe(200);
    expect(outage(posted.body.flags)).toMatchObject({ enabled: true });
    expect(posted.body.traits).toEqual([
      { trait_key: 'beta', trait_value: true },
      { trait_key: 'listings', trait_value: 120 },
      { trait_key: 'plan', trait_value: 'pro' },
    ]);
    // Kept: a later GET returns them; a null value deletes one.
    expect(
      (await api.get<Identity>('/flagsmith/api/v1/identities/?identifier=1', owner, KEY)).body
        .traits,
    ).toHaveLength(3);
    await api.post(
      '/flagsmith/api/v1/identities/',
      { identifier: '1', traits: [{ trait_key: 'beta', trait_value: null }] },
      owner,
      KEY,
    );
    expect(
      (
        await api.get<Identity>('/flagsmith/api/v1/identities/?identifier=1', owner, KEY)
      ).body.traits.map((trait) => trait.trait_key),
    ).toEqual(['listings', 'plan']);
  });

  it('refuses another user’s identity (403) and an anonymous caller (401), in Flagsmith’s shape', async () => {
    const write = (session: string | undefined, identifier: string) =>
      api.post(
        '/flagsmith/api/v1/identities/',
        { identifier, traits: [{ trait_key: 'plan', trait_value: 'stolen' }] },
        session,
        KEY,
      );
    for (const response of [
      await write(owner, adminId),
      await write(admin, '1'),
      await api.get(`/flagsmith/api/v1/identities/?identifier=${adminId}`, owner, KEY),
    ]) {
      expect(response).toMatchObject({
        status: 403,
        body: {
          detail: 'An identity can only be read or changed by its own signed-in user.',
          error: 'forbidden',
        },
      });
    }
    for (const response of [
      await write(undefined, '1'),
      await api.get('/flagsmith/api/v1/identities/?identifier=1', undefined, KEY),
    ]) {
      expect(response).toMatchObject({
        status: 401,
        body: { detail: 'Sign in to continue.', error: 'unauthorized' },
      });
    }
    const [kept] = await api.db.query<{ n: number }>(
      `select count(*)::int as n from identity_traits where trait_value = '"stolen"'`,
    );
    expect(kept?.n).toBe(0);
  });

  it('limits traits: per request, per identity, key and value lengths, body size', async () => {
    const write = (traits: unknown[], raw?: string) =>
      api.post('/flagsmith/api/v1/identities/', raw ?? { identifier: '1', traits }, owner, KEY);
    const many = (count: number, prefix: string) =>
      Array.from({ length: count }, (_, index) => ({
        trait_key: `${prefix}${index}`,
        trait_value: index,
      }));
    expect((await write(many(21, 'a'))).body).toMatchObject({
      error: 'invalid_request',
      message: '"traits" must have at most 20 items.',
    });
    expect((await write([{ trait_key: 'k'.repeat(101), trait_value: 1 }])).body).toMatchObject({
      error: 'invalid_request',
      message: '"traits[0].trait_key" must be at most 100 characters long.',
    });
    expect((await write([{ trait_key: 'k', trait_value: 'v'.repeat(1001) }])).body).toMatchObject({
      error: 'invalid_request',
      message: '"traits[0].trait_value" must be at most 1000 characters long.',
    });
    expect((await write([{ trait_key: 'k', trait_value: 1e16 }])).status).toBe(400);
    const huge = JSON.stringify({ identifier: '1', traits: [], padding: 'x'.repeat(20_000) });
    expect(await write([], huge)).toMatchObject({
      status: 413,
      body: { error: 'body_too_large' },
    });
    // Up to 50 kept per identity; the write that would pass it keeps nothing.
    for (const prefix of ['b', 'c']) expect((await write(many(20, prefix))).status).toBe(200);
    const over = await write(many(20, 'd'));
    expect(over).toMatchObject({ status: 400, body: { error: 'too_many_traits' } });
    const [kept] = await api.db.query<{ n: number }>(
      `select count(*)::int as n from identity_traits where identifier = '1'`,
    );
    expect(kept?.n).toBeLessThanOrEqual(50);
    expect(kept?.n).toBeGreaterThanOrEqual(40);
  });

  it('checks identity input', async () => {
    expect((await api.get('/flagsmith/api/v1/identities/', owner, KEY)).body).toMatchObject({
      error: 'invalid_request',
      message: '"identifier" is required.',
    });
    const badTrait = await api.post(
      '/flagsmith/api/v1/identities/',
      { identifier: '1', traits: [{ trait_key: 'x', trait_value: { nested: true } }] },
      owner,
      KEY,
    );
    expect(badTrait.status).toBe(400);
    expect(badTrait.body).toMatchObject({
      error: 'invalid_request',
      message: expect.stringContaining('"traits[0].trait_value"'),
    });
  });
});

describe('admin flags', () => {
  it('is 401 without a session and 403 for an owner', async () => {
    expect(await api.get('/admin/flags')).toMatchObject({
      status: 401,
      body: { error: 'unauthorized' },
    });
    expect(await api.post('/admin/flags/outage_banner_dashboard', { enabled: true })).toMatchObject(
      { status: 401 },
    );
    expect(await api.get('/admin/flags', owner)).toMatchObject({
      status: 403,
      body: { error: 'forbidden', message: expect.any(String) },
    });
    expect(
      await api.post('/admin/flags/outage_banner_dashboard', { enabled: true }, owner),
    ).toMatchObject({ status: 403, body: { error: 'forbidden' } });
  });

  it('lists the flags for an admin', async () => {
    const response = await api.get<{
      items: Array<{ name: string; enabled: boolean; value: string | null }>;
    }>('/admin/flags', admin);
    expect(response.status).toBe(200);
    expect(response.body.items).toContainEqual(
      expect.objectContaining({
        name: 'outage_banner_dashboard',
        enabled: false,
        value: expect.any(String),
      }),
    );
  });

  it('changes a flag, records who did, and flags/ shows it at once', async () => {
    const value = JSON.stringify({ severity: 'error', text: 'Payments are down. We are on it.' });
    const response = await api.post(
      '/admin/flags/outage_banner_dashboard',
      { enabled: true, value },
      admin,
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      name: 'outage_banner_dashboard',
      enabled: true,
      value,
      updated_by: { email: 'admin@hostdash.test', name: 'Priya Shah', id: expect.any(String) },
      updated_at: expect.any(String),
    });
    const flags = await api.get<FlagsmithFlag[]>('/flagsmith/api/v1/flags/', undefined, KEY);
    expect(outage(flags.body)).toMatchObject({ enabled: true, feature_state_value: value });
    // And in the admin audit log: who, which flag, what it became.
    const [entry] = await api.db.query<{ detail: unknown; actor: string }>(
      `select detail, actor_user_id::text as actor from admin_audit
       where action = 'flag.changed' order by id desc limit 1`,
    );
    expect(entry?.detail).toEqual({ flag: 'outage_banner_dashboard', enabled: true, value });

    // Without a value the value stays; with null it is cleared.
    expect(
      (await api.post('/admin/flags/outage_banner_dashboard', { enabled: false }, admin)).body,
    ).toMatchObject({ enabled: false, value });
    expect(
      (
        await api.post(
          '/admin/flags/outage_banner_dashboard',
          { enabled: false, value: null },
          admin,
        )
      ).body,
    ).toMatchObject({ value: null });
  });

  it('creates a flag with a new, well-formed name and refuses a malformed one', async () => {
    const created = await api.post(
      '/admin/flags/new_reports_page',
      { enabled: true, value: 'beta' },
      admin,
    );
    expect(created).toMatchObject({
      status: 200,
      body: { name: 'new_reports_page', enabled: true, value: 'beta' },
    });
    const flags = await api.get<FlagsmithFlag[]>('/flagsmith/api/v1/flags/', undefined, KEY);
    expect(flags.body.map((flag) => flag.feature.name)).toContain('new_reports_page');

    const malformed = await api.post('/admin/flags/Bad-Name', { enabled: true }, admin);
    expect(malformed).toMatchObject({
      status: 400,
      body: {
        error: 'invalid_request',
        message: expect.stringContaining('"name" must be lowercase letters'),
      },
    });
    expect(
      (await api.post('/admin/flags/outage_banner_dashboard', { enabled: 'yes' }, admin)).body,
    ).toMatchObject({
      error: 'invalid_request',
      message: '"enabled" must be true or false.',
    });
    expect((await api.post('/admin/flags/outage_banner_dashboard', {}, admin)).body).toMatchObject({
      error: 'invalid_request',
      message: '"enabled" is required.',
    });
  });
});
