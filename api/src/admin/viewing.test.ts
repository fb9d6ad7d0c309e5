// Issue 33, finding 7: staff reach a host's pages only by opening the account. The opened account
// lives on the staff member's session; every host call of that session then answers exactly as
// the account's owner sees it, staff calls keep answering as staff, and leaving ends it.
import { startTestApi, type TestApi } from '../testing/testApi';
import type { AuditEntry } from './audit';

let api: TestApi;
let owner: string;
let ownerId: string;
let adminId: string;
beforeAll(async () => {
  api = await startTestApi();
  owner = await api.signIn('owner@hostdash.test');
  const [row] = await api.db.query<{ owner: string; admin: string }>(
    `select (select id::text from users where email = 'owner@hostdash.test') as owner,
            (select id::text from users where email = 'admin@hostdash.test') as admin`,
  );
  ownerId = row!.owner;
  adminId = row!.admin;
});
afterAll(() => api.close());

interface Viewing {
  account_id: string;
  name: string;
  owner_name: string | null;
}
interface SignedInUser {
  id: string;
  type: string;
  viewing: Viewing | null;
}

const open = (session: string, accountId: string) =>
  api.request<SignedInUser>({
    method: 'POST',
    url: `/admin/viewing/${accountId}`,
    headers: { authorization: session },
  });
const leave = (session: string) =>
  api.request<SignedInUser>({
    method: 'DELETE',
    url: '/admin/viewing',
    headers: { authorization: session },
  });

/** What the host pages of account 1 ask, as `session` gets it. */
async function hostPages(session: string, userId: string) {
  const [reservations, listings, team, billing, integrations] = await Promise.all([
    api.get<{ total: number; items: { account_id: string }[] }>(
      '/reservation/search?size=100',
      session,
    ),
    api.get<{ total: number }>('/listing/load?size=1', session),
    api.get<{ account: { id: string }; members: { email: string }[] }>(
      '/user/accounts/load',
      session,
    ),
    api.get<Record<string, unknown>>(`/user/billing/load/${userId}`, session),
    api.get<{ items?: unknown[] }>('/user/integrations', session),
  ]);
  return { reservations, listings, team, billing, integrations };
}

describe("a staff member opens Olivia Hart's account", () => {
  it('puts this session into it, says so in /loadAuth, and records it', async () => {
    const admin = await api.signIn('admin@hostdash.test');
    const opened = await open(admin, '1');
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({
      id: adminId,
      type: 'admin',
      viewing: { account_id: '1', name: 'Hart Stays', owner_name: 'Olivia Hart' },
    });
    expect(opened.body).not.toHaveProperty('sessionId');
    // The person, staff, with the account they opened (the page guard reads it on every load).
    expect((await api.get<SignedInUser>('/loadAuth', admin)).body).toMatchObject({
      id: adminId,
      type: 'admin',
      viewing: { account_id: '1', name: 'Hart Stays', owner_name: 'Olivia Hart' },
    });

    const detail = await api.get<{ audit: AuditEntry[] }>(`/admin/user/get/${ownerId}`, admin);
    expect(detail.body.audit[0]).toMatchObject({
      action: 'account.opened_by_staff',
      actor: { id: adminId },
      target_account_id: '1',
      target_user_id: ownerId,
    });
  });

  it("sees every host page exactly as the owner does, and only that account's data", async () => {
    const admin = await api.signIn('admin@hostdash.test');
    // In the staff area, host calls mix every account (the dashboard never shows them there).
    const before = await hostPages(admin, adminId);
    await open(admin, '1');
    const viewing = await hostPages(admin, adminId);
    const asOwner = await hostPages(owner, ownerId);

    expect(viewing.reservations.status).toBe(200);
    expect(viewing.reservations.body).toEqual(asOwner.reservations.body);
    expect(viewing.reservations.body.items.every((r) => r.account_id === '1')).toBe(true);
    expect(before.reservations.body.total).toBeGreaterThan(viewing.reservations.body.total);
    expect(viewing.listings.body).toEqual(asOwner.listings.body);
    // Team: her people, not "0 people" of the staff account.
    expect(viewing.team.body).toEqual(asOwner.team.body);
    expect(viewing.team.body.account.id).toBe('1');
    expect(viewing.team.body.members.map((m) => m.email)).toContain('owner@hostdash.test');
    // Billing, asked with the staff member's own id as the page does: her account, not a 404.
    expect(before.billing.status).toBe(404);
    expect(viewing.billing.status).toBe(200);
    expect(viewing.billing.body).toEqual(asOwner.billing.body);
    // Settings: her connected systems.
    expect(viewing.integrations.status).toBe(200);
    expect(viewing.integrations.body).toEqual(asOwner.integrations.body);
  });

  it('keeps staff calls answering as staff, and is this session only', async () => {
    const admin = await api.signIn('admin@hostdash.test');
    const other = await api.signIn('admin@hostdash.test');
    await open(admin, '1');
    const users = await api.get<{ total: number }>('/admin/user/load', admin);
    expect(users.status).toBe(200);
    expect(users.body.total).toBeGreaterThan(3);
    expect((await api.get('/admin/listing/load?size=1', admin)).status).toBe(200);
    expect((await api.get<SignedInUser>('/loadAuth', other)).body.viewing).toBeNull();
  });

  it('ends with DELETE /admin/viewing: back to the staff area', async () => {
    const admin = await api.signIn('admin@hostdash.test');
    await open(admin, '1');
    const left = await leave(admin);
    expect(left.status).toBe(200);
    expect(left.body).toMatchObject({ id: adminId, type: 'admin', viewing: null });
    expect((await api.get<SignedInUser>('/loadAuth', admin)).body.viewing).toBeNull();
    const all = await api.get<{ total: number }>('/reservation/search?size=1', admin);
    const hers = await api.get<{ total: number }>('/reservation/search?size=1', owner);
    expect(all.body.total).toBeGreaterThan(hers.body.total);
    // Leaving again changes nothing.
    expect((await leave(admin)).status).toBe(200);
  });

  it("refuses an account that is not a host's, an unknown one, and anyone but staff", async () => {
    const admin = await api.signIn('admin@hostdash.test');
    const [staffAccount] = await api.db.query<{ id: string }>(
      "select account_id::text as id from users where email = 'admin@hostdash.test'",
    );
    expect(await open(admin, staffAccount!.id)).toMatchObject({
      status: 404,
      body: { error: 'not_found' },
    });
    expect(await open(admin, '999999')).toMatchObject({ status: 404 });
    expect(await open(admin, 'one')).toMatchObject({ status: 400 });
    expect(await open(owner, '1')).toMatchObject({ status: 403, body: { error: 'forbidden' } });
    expect(await leave(owner)).toMatchObject({ status: 403 });
    expect((await api.get<SignedInUser>('/loadAuth', admin)).body.viewing).toBeNull();
  });

  it('never gives a host a viewing, whatever their session row says', async () => {
    const host = await api.signIn('owner@hostdash.test');
    await api.db.query(
      "update sessions set viewing_account_id = 2 where user_id = (select id from users where email = 'owner@hostdash.test')",
    );
    const me = await api.get<SignedInUser & { account_id: string }>('/loadAuth', host);
    expect(me.body.viewing).toBeNull();
    const team = await api.get<{ account: { id: string } }>('/user/accounts/load', host);
    expect(team.body.account.id).toBe('1');
  });
});

describe('GET /admin/accounts', () => {
  interface AccountPage {
    items: {
      id: string;
      name: string;
      owner: { name: string; email: string } | null;
      people: number;
      listings: number;
      has_card: boolean;
    }[];
    total: number;
  }

  it("lists hosts' accounts by name, with their owner, people, listings and card, never staff's", async () => {
    const admin = await api.signIn('admin@hostdash.test');
    const all = await api.get<AccountPage>('/admin/accounts?size=100', admin);
    expect(all.status).toBe(200);
    const names = all.body.items.map((account) => account.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(names).not.toContain('Hostdash');
    expect(all.body.total).toBe(all.body.items.length);
    expect(all.body.items.find((account) => account.id === '1')).toEqual({
      id: '1',
      name: 'Hart Stays',
      owner: { id: ownerId, name: 'Olivia Hart', email: 'owner@hostdash.test' },
      people: expect.any(Number),
      listings: 120,
      has_card: true,
      past_due_since: null,
      created_at: expect.any(String),
    });
  });

  it("finds an account by its name or its owner's name or email, and pages", async () => {
    const admin = await api.signIn('admin@hostdash.test');
    const find = async (search: string) =>
      (
        await api.get<AccountPage>(`/admin/accounts?search=${encodeURIComponent(search)}`, admin)
      ).body.items.map((account) => account.name);
    expect(await find('olivia')).toEqual(['Hart Stays']);
    expect(await find('HART st')).toEqual(['Hart Stays']);
    expect(await find('owner@hostdash')).toEqual(['Hart Stays']);
    expect(await find('100%_')).toEqual([]);
    const page = await api.get<AccountPage>('/admin/accounts?size=1&from=1', admin);
    expect(page.body).toMatchObject({ size: 1, from: 1 });
    expect(page.body.items).toHaveLength(1);
    expect((await api.get('/admin/accounts', owner)).status).toBe(403);
  });
});
