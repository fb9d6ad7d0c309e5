import { startTestApi, type TestApi } from '../testing/testApi';

let api: TestApi;
let admin: string;
let owner: string;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signIn('admin@hostdash.test');
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

  it('wants the environment key, and no session', async () => {
    for (const headers of [{}, { 'x-environment-key': 'wrong' }] as Array<Record<string, string>>) {
      const response = await api.get('/flagsmith/api/v1/flags/', undefined, headers);
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({
        detail: 'Invalid environment key.',
        error: 'invalid_environment_key',
      });
    }
    expect(
      (await api.get('/flagsmith/api/v1/identities/?identifier=1', undefined, {})).status,
    ).toBe(401);
  });

  it('answers CORS preflight and allows any origin on these paths only', async () => {
    const preflight = await api.app.inject({
      method: 'OPTIONS',
      url: '/flagsmith/api/v1/identities/',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-environment-key',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': expect.stringContaining('POST'),
      'access-control-allow-headers': 'content-type,x-environment-key',
    });
    expect(
      (await api.get('/flagsmith/api/v1/flags/', undefined, KEY)).headers[
        'access-control-allow-origin'
      ],
    ).toBe('*');
    expect((await api.app.inject({ method: 'OPTIONS', url: '/loadAuth' })).statusCode).toBe(404);
    expect((await api.get('/health')).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('applies identity overrides and keeps traits', async () => {
    await api.db.query(
      `insert into flag_identity_overrides (identifier, flag_name, enabled, value) values ('7', 'outage_banner_dashboard', true, '{"severity":"error","text":"Only for 7"}')`,
    );
    const seven = await api.get<Identity>(
      '/flagsmith/api/v1/identities/?identifier=7',
      undefined,
      KEY,
    );
    expect(seven.status).toBe(200);
    expect(seven.body).toMatchObject({ identifier: '7', traits: [] });
    expect(outage(seven.body.flags)).toMatchObject({
      enabled: true,
      feature_state_value: '{"severity":"error","text":"Only for 7"}',
    });
    const someoneElse = await api.get<Identity>(
      '/flagsmith/api/v1/identities?identifier=8',
      undefined,
      KEY,
    );
    expect(outage(someoneElse.body.flags)).toMatchObject({ enabled: false });

    const posted = await api.post<Identity>(
      '/flagsmith/api/v1/identities/',
      {
        identifier: '7',
        traits: [
          { trait_key: 'plan', trait_value: 'pro' },
          { trait_key: 'listings', trait_value: 120 },
          { trait_key: 'beta', trait_value: true },
        ],
      },
      undefined,
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
      (await api.get<Identity>('/flagsmith/api/v1/identities/?identifier=7', undefined, KEY)).body
        .traits,
    ).toHaveLength(3);
    await api.post(
      '/flagsmith/api/v1/identities/',
      { identifier: '7', traits: [{ trait_key: 'beta', trait_value: null }] },
      undefined,
      KEY,
    );
    expect(
      (
        await api.get<Identity>('/flagsmith/api/v1/identities/?identifier=7', undefined, KEY)
      ).body.traits.map((trait) => trait.trait_key),
    ).toEqual(['listings', 'plan']);
  });

  it('checks identity input', async () => {
    expect((await api.get('/flagsmith/api/v1/identities/', undefined, KEY)).body).toEqual({
      error: 'invalid_request',
      message: '"identifier" is required.',
    });
    const badTrait = await api.post(
      '/flagsmith/api/v1/identities/',
      { identifier: '7', traits: [{ trait_key: 'x', trait_value: { nested: true } }] },
      undefined,
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
    ).toEqual({
      error: 'invalid_request',
      message: '"enabled" must be true or false.',
    });
    expect((await api.post('/admin/flags/outage_banner_dashboard', {}, admin)).body).toEqual({
      error: 'invalid_request',
      message: '"enabled" is required.',
    });
  });
});
