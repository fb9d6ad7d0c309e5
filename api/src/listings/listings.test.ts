import { startTestApi, type TestApi } from '../testing/testApi';
import { prepareSearch } from './listingSearch';

let api: TestApi;
const sessions: Record<'owner' | 'manager' | 'vendor' | 'admin' | 'newhost', string> = {
  owner: '',
  manager: '',
  vendor: '',
  admin: '',
  newhost: '',
};
beforeAll(async () => {
  api = await startTestApi();
  for (const role of Object.keys(sessions) as Array<keyof typeof sessions>)
    sessions[role] = await api.signIn(`${role}@hostdash.test`);
});
afterAll(() => api.close());

interface Listing {
  id: string;
  account_id: string;
  nickname: string;
  address: string;
  city: string;
  country: string;
  building: string | null;
  building_slug: string | null;
  status: string;
  pms: string;
  timezone: string;
  bedrooms: number;
  created_at: string;
  updated_at: string;
  _score?: number;
}

interface ListingPage {
  items: Listing[];
  total: number;
  size: number;
  from: number;
  buildings?: Array<{ id: string; name: string; slug: string; listings: number }>;
}

const load = (query: string, session = sessions.owner) =>
  api.get<ListingPage>(`/listing/load${query}`, session);

describe('GET /listing/load: paging and shape', () => {
  it('answers a first page of 10, sorted by nickname, with the total', async () => {
    const response = await load('');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ total: 120, size: 10, from: 0 });
    expect(response.body.items).toHaveLength(10);
    const [first] = response.body.items;
    expect(Object.keys(first ?? {}).sort()).toEqual(
      [
        'id',
        'account_id',
        'nickname',
        'address',
        'city',
        'country',
        'building',
        'building_slug',
        'status',
        'pms',
        'timezone',
        'bedrooms',
        'created_at',
        'updated_at',
      ].sort(),
    );
    expect(first).toMatchObject({
      id: expect.any(String),
      account_id: '1',
      bedrooms: expect.any(Number),
    });
    expect(new Date(first?.created_at ?? '').toISOString()).toBe(first?.created_at);
  });

  it('pages through every listing exactly once, in the order the database sorts them', async () => {
    const seen: string[] = [];
    for (let from = 0; from < 120; from += 25) {
      const page = await load(`?from=${from}&size=25`);
      expect(page.body).toMatchObject({ total: 120, size: 25, from });
      seen.push(...page.body.items.map((listing) => listing.id));
    }
    const expected = await api.db.query<{ id: string }>(
      'select id::text as id from listings where account_id = 1 order by lower(nickname), id',
    );
    expect(seen).toEqual(expected.map((row) => row.id));
  });

  it('answers a short last page and an empty page past the end, with the total', async () => {
    const last = await load('?from=115&size=10');
    expect(last.body.items).toHaveLength(5);
    expect(last.body.total).toBe(120);
    const past = await load('?from=500&size=10');
    expect(past.body).toEqual({ items: [], total: 120, size: 10, from: 500 });
  });

  it('checks size and from', async () => {
    expect((await load('?size=0')).body).toEqual({
      error: 'invalid_request',
      message: '"size" must be 1 or more.',
    });
    expect((await load('?size=101')).body).toEqual({
      error: 'invalid_request',
      message: '"size" must be 100 or less.',
    });
    expect((await load('?from=-1')).body).toEqual({
      error: 'invalid_request',
      message: '"from" must be 0 or more.',
    });
    expect((await load('?size=100')).body.items).toHaveLength(100);
  });

  it('needs a session', async () => {
    expect(await api.get('/listing/load')).toMatchObject({
      status: 401,
      body: { error: 'unauthorized', message: 'Sign in to continue.' },
    });
  });
});

describe('GET /listing/load: sort', () => {
  it('sorts descending', async () => {
    const ascending = await load('?size=100&from=20&sort=nickname:asc');
    const descending = await load('?size=100&sort=nickname:desc');
    expect(descending.body.items.map((listing) => listing.id)).toEqual(
      ascending.body.items.map((listing) => listing.id).reverse(),
    );
  });

  it('sorts by several keys, each in its own direction', async () => {
    const { items } = (await load('?size=100&sort=building:asc,created_at:desc')).body;
    const withBuilding = items.filter((listing) => listing.building !== null);
    expect(items.slice(0, withBuilding.length)).toEqual(withBuilding); // no building: last
    for (let index = 1; index < withBuilding.length; index += 1) {
      const previous = withBuilding[index - 1] as Listing;
      const current = withBuilding[index] as Listing;
      const order = (previous.building ?? '')
        .toLowerCase()
        .localeCompare((current.building ?? '').toLowerCase());
      expect(order).toBeLessThanOrEqual(0);
      if (previous.building === current.building)
        expect(Date.parse(previous.created_at)).toBeGreaterThanOrEqual(
          Date.parse(current.created_at),
        );
    }
  });

  it('takes asc as the default direction', async () => {
    const { items } = (await load('?size=100&sort=updated_at')).body;
    const times = items.map((listing) => Date.parse(listing.updated_at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('refuses a field or direction it does not know', async () => {
    expect(await load('?sort=price:asc')).toMatchObject({
      status: 400,
      body: { error: 'invalid_sort', message: expect.stringContaining('Cannot sort by "price"') },
    });
    expect((await load('?sort=nickname:sideways')).body).toMatchObject({ error: 'invalid_sort' });
    expect((await load('?sort=nickname;drop table listings')).status).toBe(400);
  });
});

describe('GET /listing/load: search', () => {
  it('finds listings by part of their address, with a numeric _score', async () => {
    const response = await load('?search=Garrett&size=50');
    expect(response.body.total).toBe(14);
    for (const listing of response.body.items) {
      expect(listing.address).toContain('Rua Garrett');
      expect(typeof listing._score).toBe('number');
      expect(listing._score).toBeGreaterThan(0);
    }
  });

  it('matches the last word as a prefix, and building names too', async () => {
    expect((await load('?search=rua%20garr')).body.total).toBe(14);
    const marina = await load('?search=marina%20lofts&size=50');
    expect(marina.body.items.every((listing) => listing.building_slug === 'marina-lofts')).toBe(
      true,
    );
    expect(marina.body.total).toBe(18);
  });

  it('ranks the best match first by default', async () => {
    const { items } = (await load('?search=Sintra')).body;
    expect(items[0]?.nickname).toBe('Sintra Hillside Villa');
    const scores = (await load('?search=lisbon%20terrace&size=50')).body.items.map(
      (listing) => listing._score as number,
    );
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('honours the sort it is given (the spec’s search sort is created_at:desc,_score)', async () => {
    const { items } = (await load('?search=lisbon&size=50&sort=created_at:desc,_score')).body;
    expect(items.length).toBeGreaterThan(10);
    const times = items.map((listing) => Date.parse(listing.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('takes any text without failing, and LIKE wildcards literally', async () => {
    for (const odd of [
      `'%_"&|!:*`,
      'a & b | !c',
      '((( ',
      '\\',
      "' or 1=1 --",
      ':*',
      '<->',
      'São Miguel',
      '日本',
    ]) {
      const response = await load(`?search=${encodeURIComponent(odd)}`);
      expect(response.status).toBe(200);
      expect(typeof response.body.total).toBe('number');
    }
    expect((await load('?search=%25')).body.total).toBe(0);
    expect((await load('?search=_')).body.total).toBe(0);
    expect((await load(`?search=${encodeURIComponent('São Miguel')}`)).body.total).toBe(12);
    expect((await load(`?search=${'x'.repeat(201)}`)).body).toEqual({
      error: 'invalid_request',
      message: '"search" must be at most 200 characters long.',
    });
  });

  it('turns input into safe to_tsquery text', () => {
    expect(prepareSearch('  ')).toBeNull();
    expect(prepareSearch('Rua Garr')).toEqual({
      tsquery: 'Rua & Garr:*',
      likePattern: '%Rua Garr%',
    });
    expect(prepareSearch(`'%_"&|!:*`)).toEqual({ tsquery: null, likePattern: `%'\\%\\_"&|!:*%` });
    expect(prepareSearch('a&b')?.tsquery).toBe('a & b:*');
  });
});

describe('GET /listing/load: who sees what', () => {
  it('a manager sees the account’s listings, like the owner', async () => {
    const page = await load('?size=100', sessions.manager);
    expect(page.body.total).toBe(120);
    expect(page.body.items.every((listing) => listing.account_id === '1')).toBe(true);
  });

  it('a vendor sees only the buildings granted to them', async () => {
    const page = await load('?size=100', sessions.vendor);
    expect(page.body.total).toBe(18);
    expect(page.body.items.every((listing) => listing.building_slug === 'marina-lofts')).toBe(true);
    expect((await load('?search=lisbon', sessions.vendor)).body.total).toBe(0);
  });

  it('another host sees only their own listings', async () => {
    const page = await load('?size=100', sessions.newhost);
    expect(page.body.total).toBe(3);
    expect(new Set(page.body.items.map((listing) => listing.account_id)).size).toBe(1);
    expect(page.body.items[0]?.account_id).not.toBe('1');
  });

  it('an admin sees every account', async () => {
    const [{ total } = { total: 0 }] = await api.db.query<{ total: number }>(
      'select count(*)::int as total from listings',
    );
    const page = await load('?size=100', sessions.admin);
    expect(page.body.total).toBe(total);
    expect(total).toBeGreaterThan(120);
    const accounts = new Set(
      (await load(`?size=100&from=100`, sessions.admin)).body.items.map(
        (listing) => listing.account_id,
      ),
    );
    for (const listing of page.body.items) accounts.add(listing.account_id);
    expect(accounts.size).toBeGreaterThan(1);
  });

  it('groups by building on request, within the same scope', async () => {
    const owner = await load('/?buildings=1&noitems=1', sessions.owner); // the spec's spelling
    expect(owner.body.items).toEqual([]);
    expect(owner.body.total).toBe(120);
    expect(owner.body.buildings).toHaveLength(8);
    expect(owner.body.buildings?.reduce((sum, building) => sum + building.listings, 0)).toBe(112);
    const vendor = await load('?buildings=1', sessions.vendor);
    expect(vendor.body.buildings).toEqual([
      expect.objectContaining({
        id: '1',
        name: 'Marina Lofts',
        slug: 'marina-lofts',
        listings: 18,
      }),
    ]);
    expect((await load('?building=1&size=50', sessions.owner)).body.total).toBe(18);
  });
});
