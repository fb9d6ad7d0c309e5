// Every listing across accounts (staff) on the real database: totals against independent counts,
// the account, status and PMS filters, search ranking, paging and sorting, the account facets, a
// listing of another account read in full, and who may call it.
import { startTestApi, type TestApi } from '../testing/testApi';

interface Row {
  id: string;
  account_id: string;
  account_name: string;
  nickname: string;
  status: string;
  pms: string;
  _score?: number;
}
interface Page {
  items: Row[];
  total: number;
  from: number;
  size: number;
  accounts?: Array<{ id: string; name: string; listings: number }>;
  pms?: Array<{ pms: string; listings: number }>;
}

let api: TestApi;
const sessions: Record<string, string> = {};

beforeAll(async () => {
  api = await startTestApi();
  for (const role of ['owner', 'manager', 'vendor', 'admin'])
    sessions[role] = await api.signIn(`${role}@hostdash.test`);
});
afterAll(() => api.close());

const load = (query: string) => api.get<Page>(`/admin/listing/load?${query}`, sessions.admin);
const count = async (where: string, params: unknown[] = []): Promise<number> => {
  const [row] = await api.db.query<{ n: number }>(
    `select count(*)::int as n from listings l where ${where}`,
    params,
  );
  return row?.n ?? -1;
};

describe('GET /admin/listing/load', () => {
  it('lists every account’s listings, each with its account named', async () => {
    const response = await load('size=100&sort=account:asc,nickname:asc');
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(await count('true'));
    const accounts = await api.db.query<{ id: string; name: string }>(
      'select id::text as id, name from accounts',
    );
    const names = new Map(accounts.map((account) => [account.id, account.name]));
    for (const row of response.body.items) expect(row.account_name).toBe(names.get(row.account_id));
    const accountOrder = response.body.items.map((row) => row.account_name.toLowerCase());
    expect(accountOrder).toEqual([...accountOrder].sort());
  });

  it('filters by account, status (a comma list) and PMS, as independent counts say', async () => {
    const [other] = await api.db.query<{ id: string }>(
      `select account_id::text as id from listings where account_id <> 1 group by account_id order by account_id limit 1`,
    );
    const accountId = other?.id ?? '';
    const byAccount = await load(`account_id=${accountId}&size=100`);
    expect(byAccount.body.total).toBe(await count('l.account_id = $1::bigint', [accountId]));
    expect(byAccount.body.total).toBeGreaterThan(0);
    expect(new Set(byAccount.body.items.map((row) => row.account_id))).toEqual(
      new Set([accountId]),
    );

    const byStatus = await load('status=inactive,archived&size=100');
    expect(byStatus.body.total).toBe(await count(`l.status in ('inactive', 'archived')`));
    expect(byStatus.body.items.every((row) => row.status !== 'active')).toBe(true);

    const combined = await load('account_id=1&status=active&pms=guesty,hostaway');
    expect(combined.body.total).toBe(
      await count(`l.account_id = 1 and l.status = 'active' and l.pms in ('guesty', 'hostaway')`),
    );
  });

  it('searches across accounts, best match first', async () => {
    const response = await load('search=rua&size=100');
    expect(response.body.total).toBe(await count(`l.search_text like '%rua%'`));
    expect(response.body.total).toBeGreaterThan(0);
    const scores = response.body.items.map((row) => row._score ?? -1);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const scoped = await load('search=rua&account_id=3');
    expect(scoped.body.total).toBe(await count(`l.search_text like '%rua%' and l.account_id = 3`));
  });

  it('pages through the list without gaps or repeats, from either end', async () => {
    const first = await load('size=100&sort=nickname:asc');
    const total = first.body.total;
    expect(total).toBeGreaterThan(100);
    const rest = await load('from=100&size=100&sort=nickname:asc');
    const ids = [...first.body.items, ...rest.body.items].map((row) => row.id);
    expect(ids).toHaveLength(total);
    const pages: string[] = [];
    for (let from = 0; from < total; from += 30) {
      const page = await load(`from=${from}&size=30&sort=nickname:asc`);
      expect(page.body).toMatchObject({ from, size: 30, total });
      pages.push(...page.body.items.map((row) => row.id));
    }
    expect(pages).toEqual(ids);
    const nicknames = [...first.body.items, ...rest.body.items].map((row) => row.nickname);
    expect(nicknames).toEqual(
      [...nicknames].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)),
    );
    const past = await load(`from=${total}`);
    expect(past.body).toMatchObject({ items: [], total });
  });

  it('adds the account filter’s options with facets=1: every account with listings', async () => {
    const response = await load('facets=1&size=1');
    const accounts = response.body.accounts ?? [];
    const counted = await api.db.query<{ id: string; listings: number }>(
      `select account_id::text as id, count(*)::int as listings from listings group by account_id`,
    );
    expect(new Map(accounts.map((account) => [account.id, account.listings]))).toEqual(
      new Map(counted.map((account) => [account.id, account.listings])),
    );
    expect((await load('size=1')).body.accounts).toBeUndefined();
  });

  it('adds the PMS filter’s options with facets=1: every PMS with listings, by key', async () => {
    const response = await load('facets=1&size=1');
    const counted = await api.db.query<{ pms: string; listings: number }>(
      `select pms, count(*)::int as listings from listings group by pms order by pms`,
    );
    expect(counted.length).toBeGreaterThan(1);
    expect(response.body.pms).toEqual(counted);
    expect((await load('size=1')).body.pms).toBeUndefined();
  });

  it('refuses an unknown status, PMS or sort field with 400', async () => {
    for (const query of ['status=gone', 'pms=nowhere', 'sort=price:asc', 'account_id=abc']) {
      expect((await load(query)).status).toBe(400);
    }
  });
});

describe('GET /admin/listing/get/{id}', () => {
  it('reads a listing of another account with its account, owner and coming stays', async () => {
    const [listing] = await api.db.query<{ id: string; account_id: string; name: string }>(
      `select l.id::text as id, l.account_id::text as account_id, a.name
       from listings l join accounts a on a.id = l.account_id where l.account_id <> 1 order by l.id limit 1`,
    );
    const [owner] = await api.db.query<{ name: string; email: string }>(
      `select name, email from users where account_id = $1::bigint and subtype = 'owner' order by id limit 1`,
      [listing?.account_id],
    );
    const response = await api.get(`/admin/listing/get/${listing?.id}`, sessions.admin);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: listing?.id,
      account_id: listing?.account_id,
      account_name: listing?.name,
      owner,
      upcoming_reservations: expect.any(Array),
    });
  });

  it('answers 404 for a listing that does not exist', async () => {
    const response = await api.get('/admin/listing/get/999999999', sessions.admin);
    expect(response.status).toBe(404);
  });
});

it('is for staff only: anonymous 401, an account’s people 403', async () => {
  for (const url of ['/admin/listing/load', '/admin/listing/get/1']) {
    expect((await api.get(url)).status).toBe(401);
    for (const role of ['owner', 'manager', 'vendor'])
      expect((await api.get(url, sessions[role])).status).toBe(403);
    expect((await api.get(url, sessions.admin)).status).toBe(200);
  }
});
