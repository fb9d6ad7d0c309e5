import { startTestApi, type TestApi } from '../testing/testApi';
import { DEMO_OWNER } from '../../../config/testing/demoUsers';

let api: TestApi;
let admin: string;
let owner: string;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signIn('admin@hostdash.test');
  owner = await api.signIn('owner@hostdash.test');
});
afterAll(() => api.close());

interface AdminUser {
  id: string;
  name: string;
  email: string;
  type: string;
  subtype: string;
  is_active: boolean;
  account_id: string;
  billing: { stripe_customer_id: string | null };
  created_at: string;
}

interface UserPage {
  items: AdminUser[];
  total: number;
  size: number;
  from: number;
}

async function userId(email: string): Promise<string> {
  const [row] = await api.db.query<{ id: string }>(
    'select id::text as id from users where email = $1',
    [email],
  );
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

describe('GET /admin/user/load', () => {
  it('is for staff only', async () => {
    expect(await api.get('/admin/user/load')).toMatchObject({
      status: 401,
      body: { error: 'unauthorized' },
    });
    expect(await api.get('/admin/user/load', owner)).toMatchObject({
      status: 403,
      body: { error: 'forbidden' },
    });
  });

  it('lists every user, newest first by default, in the user shape', async () => {
    const response = await api.get<UserPage>('/admin/user/load', admin);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ total: 7, size: 10, from: 0 });
    const times = response.body.items.map((user) => Date.parse(user.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(response.body.items[0]?.email).toBe('newhost@hostdash.test');
    expect(response.body.items.find((user) => user.email === 'owner@hostdash.test')).toEqual({
      ...DEMO_OWNER,
      created_at: expect.any(String),
    });
  });

  it('pages and sorts by the whitelisted fields', async () => {
    const page = await api.get<UserPage>('/admin/user/load?from=2&size=2&sort=email:asc', admin);
    expect(page.body).toMatchObject({ total: 7, size: 2, from: 2 });
    expect(page.body.items.map((user) => user.email)).toEqual([
      'manager@hostdash.test',
      'newhost@hostdash.test',
    ]);
    const byActive = await api.get<UserPage>(
      '/admin/user/load?size=1&sort=is_active:asc,email:asc',
      admin,
    );
    expect(byActive.body.items[0]?.email).toBe('inactive@hostdash.test');
    expect((await api.get('/admin/user/load?sort=password_hash', admin)).body).toMatchObject({
      error: 'invalid_sort',
    });
  });
});

describe('POST /admin/user/update/{userId}/{action}', () => {
  it('deactivates a user: every session ends at once, and activating revives none of them', async () => {
    const manager = await api.signIn('manager@hostdash.test');
    const otherTab = await api.signIn('manager@hostdash.test');
    const managerId = await userId('manager@hostdash.test');

    const deactivated = await api.post(
      `/admin/user/update/${managerId}/deactivate`,
      undefined,
      admin,
    );
    expect(deactivated.status).toBe(200);
    expect(deactivated.body).toMatchObject({
      id: managerId,
      email: 'manager@hostdash.test',
      is_active: false,
    });

    // Every session of the user is over. While the user stays deactivated, one still says whose it
    // was (is_active false), so the dashboard can send them to /logout and say why (rule 5);
    // nothing else answers it.
    for (const session of [manager, otherTab]) {
      expect(await api.get('/loadAuth', session)).toMatchObject({
        status: 200,
        body: { email: 'manager@hostdash.test', is_active: false },
      });
      expect(await api.get('/listing/load', session)).toMatchObject({
        status: 403,
        body: { error: 'account_deactivated' },
      });
    }
    const [open] = await api.db.query<{ n: number }>(
      'select count(*)::int as n from sessions where user_id = $1::bigint and revoked_at is null',
      [managerId],
    );
    expect(open?.n).toBe(0);
    const refused = await api.post('/login', {
      email: 'manager@hostdash.test',
      password: 'hostdash-demo',
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: 'account_deactivated',
      message: expect.stringContaining('deactivated'),
    });

    const activated = await api.post(`/admin/user/update/${managerId}/activate`, undefined, admin);
    expect(activated.body).toMatchObject({ is_active: true });
    // The old sessions stay dead; signing in again works.
    expect((await api.get('/listing/load', manager)).status).toBe(401);
    expect((await api.get('/loadAuth', otherTab)).status).toBe(401);
    expect((await api.get('/listing/load', await api.signIn('manager@hostdash.test'))).status).toBe(
      200,
    );
  });

  it('refuses an unknown action, an unknown user, and an admin deactivating themselves', async () => {
    const ownerId = await userId('owner@hostdash.test');
    expect(await api.post(`/admin/user/update/${ownerId}/delete`, undefined, admin)).toMatchObject({
      status: 400,
      body: {
        error: 'unknown_action',
        message: 'Unknown action "delete". Use one of: activate, deactivate.',
      },
    });
    expect(await api.post('/admin/user/update/424242/deactivate', undefined, admin)).toMatchObject({
      status: 404,
      body: { error: 'not_found' },
    });
    const adminId = await userId('admin@hostdash.test');
    expect(
      await api.post(`/admin/user/update/${adminId}/deactivate`, undefined, admin),
    ).toMatchObject({
      status: 400,
      body: { error: 'cannot_deactivate_self' },
    });
    expect((await api.get('/loadAuth', admin)).body).toMatchObject({ is_active: true });
  });

  it('is for staff only', async () => {
    const ownerId = await userId('owner@hostdash.test');
    expect(
      (await api.post(`/admin/user/update/${ownerId}/deactivate`, undefined, owner)).status,
    ).toBe(403);
    expect((await api.post(`/admin/user/update/${ownerId}/deactivate`)).status).toBe(401);
    expect((await api.get('/loadAuth', owner)).body).toMatchObject({ is_active: true });
  });
});
