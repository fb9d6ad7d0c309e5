import { DEMO_PASSWORD, startTestApi, type TestApi } from '../testing/testApi';
import { DEMO_OWNER } from '@hostdash/testing/demoUsers';
import type { AuditEntry } from './audit';

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
  account_name: string;
  billing: { stripe_customer_id: string | null };
  created_at: string;
  last_sign_in_at: string | null;
  totp_enabled: boolean;
}

interface UserDetail {
  user: AdminUser;
  account: { id: string; name: string; owner: { id: string; name: string; email: string } | null };
  audit: AuditEntry[];
}

/** Every user the seed writes: the first seven demo people and the team accounts' (seedTeams). */
const USER_COUNT = 40;

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

  it('lists every user, newest first by default, in the admin user shape', async () => {
    const response = await api.get<UserPage>('/admin/user/load', admin);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ total: USER_COUNT, size: 10, from: 0 });
    const times = response.body.items.map((user) => Date.parse(user.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(response.body.items[0]?.email).toBe('poppy.clarke@harbourline.test');
    const all = await api.get<UserPage>('/admin/user/load?size=100', admin);
    expect(all.body.items).toHaveLength(USER_COUNT);
    expect(all.body.items.find((user) => user.email === 'owner@hostdash.test')).toEqual({
      ...DEMO_OWNER,
      created_at: expect.any(String),
      account_name: 'Hart Stays',
      last_sign_in_at: expect.any(String),
      totp_enabled: false,
    });
    expect(all.body.items.find((user) => user.email === 'secure@hostdash.test')).toMatchObject({
      account_name: 'Costa Lisbon Homes',
      totp_enabled: true,
      billing: { stripe_customer_id: 'cus_demo_ines', past_due_since: null, failed_payment: null },
    });
    expect(
      all.body.items.find((user) => user.email === 'poppy.clarke@harbourline.test'),
    ).toMatchObject({
      account_name: 'Harbourline Apartments',
      last_sign_in_at: null,
      billing: { stripe_customer_id: null },
    });
  });

  it('pages and sorts by the whitelisted fields', async () => {
    const emails = (
      await api.db.query<{ email: string }>('select email from users order by email')
    ).map((row) => row.email);
    const page = await api.get<UserPage>('/admin/user/load?from=2&size=2&sort=email:asc', admin);
    expect(page.body).toMatchObject({ total: USER_COUNT, size: 2, from: 2 });
    expect(page.body.items.map((user) => user.email)).toEqual(emails.slice(2, 4));
    const byActive = await api.get<UserPage>(
      '/admin/user/load?size=1&sort=is_active:asc,email:asc',
      admin,
    );
    expect(byActive.body.items[0]?.email).toBe('diego.romero@casaserena.test');
    const byAccount = await api.get<UserPage>(
      '/admin/user/load?size=3&sort=account_name:asc,name:asc',
      admin,
    );
    expect(byAccount.body.items.map((user) => user.account_name)).toEqual([
      'Becker Lake Rentals',
      'Casa Serena Villas',
      'Casa Serena Villas',
    ]);
    // Never signed in: last, whichever the direction.
    const bySignIn = await api.get<UserPage>(
      '/admin/user/load?size=100&sort=last_sign_in_at:desc',
      admin,
    );
    const signIns = bySignIn.body.items.map((user) => user.last_sign_in_at);
    const firstNull = signIns.indexOf(null);
    expect(firstNull).toBeGreaterThan(0);
    expect(signIns.slice(firstNull).every((at) => at === null)).toBe(true);
    const known = signIns.slice(0, firstNull).map((at) => Date.parse(at ?? ''));
    expect(known).toEqual([...known].sort((a, b) => b - a));
    expect((await api.get('/admin/user/load?sort=password_hash', admin)).body).toMatchObject({
      error: 'invalid_sort',
    });
  });

  it('searches names and emails', async () => {
    const found = await api.get<UserPage>('/admin/user/load?search=HARBOURLINE', admin);
    expect(found.body.total).toBe(9);
    expect(found.body.items.every((user) => user.email.endsWith('@harbourline.test'))).toBe(true);
    expect((await api.get<UserPage>('/admin/user/load?search=%25', admin)).body.total).toBe(0);
  });
});

describe('GET /user/accounts/search', () => {
  interface Hit extends AdminUser {
    _score: number;
  }
  const search = (query: string) =>
    api.get<{ items: Hit[]; total: number }>(`/user/accounts/search?${query}`, admin);

  it('is for staff only', async () => {
    expect((await api.get('/user/accounts/search?search=hart')).status).toBe(401);
    expect((await api.get('/user/accounts/search?search=hart', owner)).status).toBe(403);
  });

  it('finds users across accounts by name, email and account name, best first', async () => {
    const byAccount = await search('search=serena');
    expect(byAccount.status).toBe(200);
    expect(byAccount.body.total).toBe(10);
    expect(byAccount.body.items).toHaveLength(10);
    expect(new Set(byAccount.body.items.map((user) => user.account_name))).toEqual(
      new Set(['Casa Serena Villas']),
    );
    const scores = byAccount.body.items.map((user) => user._score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));

    // A name ranks above an account name: "Hart" is Olivia Hart's name and her account's.
    const hart = await search('search=hart');
    expect(hart.body.items[0]?.email).toBe('owner@hostdash.test');
    expect(hart.body.items.map((user) => user.email)).toEqual(
      expect.arrayContaining(['manager@hostdash.test', 'vendor@hostdash.test']),
    );

    // Several words, the last one a prefix; a piece of an email.
    expect((await search('search=luc%C3%ADa%20mor')).body.items.map((user) => user.email)).toEqual([
      'lucia@casaserena.test',
    ]);
    expect((await search('search=ola.haug')).body.items.map((user) => user.email)).toEqual([
      'ola.haugen@nordlyscabins.test',
    ]);
    expect((await search('search=zzzz-nobody')).body).toEqual({ items: [], total: 0 });
  });

  it('pages; without a search it lists everyone newest first; the sort is checked', async () => {
    const first = await search('size=5');
    expect(first.body.total).toBe(USER_COUNT);
    expect(first.body.items[0]?.email).toBe('poppy.clarke@harbourline.test');
    const second = await search('size=5&from=5');
    expect(second.body.items.map((user) => user.id)).not.toContain(first.body.items[0]?.id);
    const byName = await search('search=harbourline&sort=name:asc&size=2');
    expect(byName.body.items.map((user) => user.name)).toEqual(['Amelia Ward', 'Charlotte Price']);
    expect((await search('sort=password_hash')).body).toMatchObject({ error: 'invalid_sort' });
  });
});

describe('GET /admin/user/get/{userId}', () => {
  it("answers one user's panel: the user, the account and its owner, the audit", async () => {
    const managerId = await userId('sofie.dahl@nordlyscabins.test');
    const response = await api.get<UserDetail>(`/admin/user/get/${managerId}`, admin);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      user: expect.objectContaining({
        id: managerId,
        name: 'Sofie Dahl',
        subtype: 'manager',
        account_name: 'Nordlys Cabins',
        account_owner: 'Ingrid Nilsen',
        last_sign_in_at: expect.any(String),
        totp_enabled: false,
        billing: {
          stripe_customer_id: 'cus_demo_ingrid',
          past_due_since: null,
          failed_payment: null,
        },
      }),
      account: {
        id: response.body.user.account_id,
        name: 'Nordlys Cabins',
        owner: {
          id: await userId('ingrid@nordlyscabins.test'),
          name: 'Ingrid Nilsen',
          email: 'ingrid@nordlyscabins.test',
        },
      },
      audit: [],
    });
  });

  it('is for staff only, and says when there is no such user', async () => {
    const ownerId = await userId('owner@hostdash.test');
    expect((await api.get(`/admin/user/get/${ownerId}`)).status).toBe(401);
    expect((await api.get(`/admin/user/get/${ownerId}`, owner)).status).toBe(403);
    expect(await api.get('/admin/user/get/424242', admin)).toMatchObject({
      status: 404,
      body: { error: 'not_found' },
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
    // Refused as a wrong password is: the refusal does not confirm the password (ADR 9).
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ error: 'invalid_credentials' });

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
        message:
          'Unknown action "delete". Use one of: activate, deactivate, send_password_reset, disable_second_step, set_subtype.',
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

describe('the actions: each is written to the audit log', () => {
  const act = (id: string, action: string, body?: unknown, session = admin) =>
    api.post<AdminUser>(`/admin/user/update/${id}/${action}`, body, session);
  const panel = async (id: string) =>
    (await api.get<UserDetail>(`/admin/user/get/${id}`, admin)).body;

  it('deactivate and activate: audited, newest first, by whom', async () => {
    const id = await userId('kari.moe@nordlyscabins.test');
    expect((await act(id, 'deactivate')).body).toMatchObject({ is_active: false });
    expect((await act(id, 'activate')).body).toMatchObject({ is_active: true });
    const { audit } = await panel(id);
    expect(audit).toEqual([
      {
        id: expect.any(String),
        action: 'user.activate',
        actor: {
          id: await userId('admin@hostdash.test'),
          name: 'Priya Shah',
          email: 'admin@hostdash.test',
        },
        target_user_id: id,
        target_account_id: expect.any(String),
        detail: { was_active: false },
        created_at: expect.any(String),
      },
      expect.objectContaining({ action: 'user.deactivate', detail: { was_active: true } }),
    ]);
  });

  it('send_password_reset: a reset mail in the outbox, a link that works; never in the answer', async () => {
    const id = await userId('marta.gil@casaserena.test');
    const response = await api.post(
      `/admin/user/update/${id}/send_password_reset`,
      undefined,
      admin,
    );
    expect(response.status).toBe(200);
    expect(response.text).not.toMatch(/reset\//);
    const [mail] = await api.db.query<{ body: string; subject: string }>(
      `select subject, body from mail_outbox where to_address = 'marta.gil@casaserena.test' order by id desc limit 1`,
    );
    expect(mail?.subject).toBe('Reset your Hostdash password');
    const token = /\/account\/reset\/(\S+)/.exec(mail?.body ?? '')?.[1] ?? '';
    expect(
      (await api.post('/user/auth/password/confirm', { token, password: 'a-brand-new-one' }))
        .status,
    ).toBe(200);
    expect(
      (
        await api.post('/login', {
          email: 'marta.gil@casaserena.test',
          password: 'a-brand-new-one',
        })
      ).status,
    ).toBe(200);
    const [entry] = (await panel(id)).audit;
    expect(entry).toMatchObject({ action: 'user.send_password_reset', detail: {} });
    expect(JSON.stringify(entry)).not.toContain(token);

    // Not for a deactivated user: their links are ended with their sessions.
    const inactive = await userId('ola.haugen@nordlyscabins.test');
    expect((await act(inactive, 'send_password_reset')).body).toMatchObject({
      error: 'user_deactivated',
    });
    expect((await panel(inactive)).audit).toEqual([]);
  });

  it('disable_second_step: the next sign-in needs only the password', async () => {
    const email = 'isla.cooper@harbourline.test';
    const id = await userId(email);
    expect((await api.post('/login', { email, password: DEMO_PASSWORD })).body).toMatchObject({
      redirect: '/login/challenge',
    });
    const response = await act(id, 'disable_second_step');
    expect(response.body).toMatchObject({ id, totp_enabled: false });
    expect((await api.post('/login', { email, password: DEMO_PASSWORD })).body).toMatchObject({
      user: { email },
    });
    expect((await panel(id)).audit[0]).toMatchObject({
      action: 'user.disable_second_step',
      detail: { was_enabled: true },
    });
  });

  it('set_subtype: changes it, audits from and to; the last owner stays owner', async () => {
    const id = await userId('jack.morris@harbourline.test');
    const changed = await act(id, 'set_subtype', { subtype: 'vendor' });
    expect(changed).toMatchObject({ status: 200, body: { subtype: 'vendor' } });
    expect((await panel(id)).audit[0]).toMatchObject({
      action: 'user.set_subtype',
      detail: { from: 'manager', to: 'vendor' },
    });

    // Harbourline has two owners: one may become a manager, not the other after them.
    const george = await userId('george.hughes@harbourline.test');
    const charlotte = await userId('charlotte@harbourline.test');
    expect((await act(george, 'set_subtype', { subtype: 'manager' })).status).toBe(200);
    expect(await act(charlotte, 'set_subtype', { subtype: 'manager' })).toMatchObject({
      status: 400,
      body: { error: 'last_owner', message: expect.stringContaining('only owner') },
    });
    expect((await panel(charlotte)).user.subtype).toBe('owner');
    expect((await panel(charlotte)).audit).toEqual([]);
    expect((await act(george, 'set_subtype', { subtype: 'owner' })).status).toBe(200);

    // Staff have no subtype to change; the body is checked by the schema.
    expect(
      (await act(await userId('aiko.tanaka@hostdash.test'), 'set_subtype', { subtype: 'owner' }))
        .body,
    ).toMatchObject({ error: 'not_a_host_user' });
    expect((await act(id, 'set_subtype', { subtype: 'root' })).body).toMatchObject({
      error: 'invalid_request',
      field: 'subtype',
    });
    expect((await act(id, 'set_subtype')).body).toMatchObject({
      error: 'invalid_request',
      field: 'subtype',
      rule: 'required',
    });
    expect((await act(id, 'activate', { subtype: 'owner' })).body).toMatchObject({
      error: 'invalid_request',
      field: 'subtype',
    });
  });

  it('every action is for staff only', async () => {
    const id = await userId('freya.turner@harbourline.test');
    for (const action of ['send_password_reset', 'disable_second_step', 'set_subtype']) {
      const body = action === 'set_subtype' ? { subtype: 'manager' } : undefined;
      expect((await api.post(`/admin/user/update/${id}/${action}`, body)).status).toBe(401);
      for (const role of ['owner', 'manager', 'vendor']) {
        const session = await api.signIn(`${role}@hostdash.test`);
        expect((await act(id, action, body, session)).status).toBe(403);
      }
    }
    expect((await panel(id)).audit).toEqual([]);
  });
});
