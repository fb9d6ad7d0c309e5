import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { LISTING_KEYS } from '../testing/listingKeys';
import { startTestApi, type TestApi } from '../testing/testApi';
import type { Listing, ListingStats } from './listingSchemas';
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

interface ListingPage {
  items: Listing[];
  total: number;
  size: number;
  from: number;
  buildings?: Array<{
    id: string;
    account_id: string;
    name: string;
    slug: string;
    listing_count: number;
    active_count: number;
    arrivals_today: number;
    arrivals_next_7_days: number;
  }>;
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
    expect(Object.keys(first ?? {}).sort()).toEqual(LISTING_KEYS);
    expect(first).toMatchObject({
      id: expect.any(String),
      account_id: '1',
      bedrooms: expect.any(Number),
      check_in_time: expect.stringMatching(/^\d\d:\d\d$/),
      check_out_time: expect.stringMatching(/^\d\d:\d\d$/),
      custom_fields: expect.any(Object),
      version: 1,
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
    expect((await load('?size=0')).body).toMatchObject({
      error: 'invalid_request',
      message: '"size" must be 1 or more.',
    });
    expect((await load('?size=101')).body).toMatchObject({
      error: 'invalid_request',
      message: '"size" must be 100 or less.',
    });
    expect((await load('?from=-1')).body).toMatchObject({
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
    expect((await load(`?search=${'x'.repeat(201)}`)).body).toMatchObject({
      error: 'invalid_request',
      message: '"search" must be at most 200 characters long.',
    });
  });

  it('turns input into safe to_tsquery text', () => {
    expect(prepareSearch('  ')).toBeNull();
    expect(prepareSearch('Rua Garr')).toEqual({
      tsquery: 'Rua & Garr:*',
      likePattern: '%Rua Garr%',
      singleWord: false,
    });
    expect(prepareSearch(`'%_"&|!:*`)).toEqual({
      tsquery: null,
      likePattern: `%'\\%\\_"&|!:*%`,
      singleWord: false,
    });
    expect(prepareSearch('a&b')?.tsquery).toBe('a & b:*');
    expect(prepareSearch(' Garrett ')?.singleWord).toBe(true);
    expect(prepareSearch('#42')?.singleWord).toBe(false);
  });

  it('finds for one word exactly what its prefix or its substring finds (one condition, one index)', async () => {
    for (const word of ['garr', 'lisbon', 'marina', 'rett', 'avenida', 'lofts', '1a', 'ua']) {
      const [expected] = await api.db.query<{ n: number }>(
        `select count(*)::int as n from listings l left join buildings b on b.id = l.building_id
         where l.account_id = 1
           and ((l.search_vector @@ to_tsquery('simple', $1 || ':*'))
                or concat_ws(' ', l.nickname, l.address, l.city, b.name) ilike '%' || $1 || '%')`,
        [word],
      );
      expect({ word, total: (await load(`?search=${word}`)).body.total }).toEqual({
        word,
        total: expected?.n,
      });
    }
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
    expect(page.body.total).toBe(30); // Marina Lofts (18) and Wynwood Studios (12)
    expect(new Set(page.body.items.map((listing) => listing.building_slug))).toEqual(
      new Set(['marina-lofts', 'wynwood-studios']),
    );
    expect((await load('?search=lisbon', sessions.vendor)).body.total).toBe(0);
    // A filter on a building outside the grant finds nothing rather than widening the scope.
    expect((await load('?building=2', sessions.vendor)).body.total).toBe(0);
    expect(
      (await load('?building_slug=alfama-terraces&account_id=1', sessions.vendor)).body.total,
    ).toBe(0);
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
    expect(owner.body.buildings?.reduce((sum, building) => sum + building.listing_count, 0)).toBe(
      112,
    );
    const vendor = await load('?buildings=1', sessions.vendor);
    expect(vendor.body.items).toHaveLength(10); // items too, without noitems
    expect(vendor.body.buildings?.map((building) => building.slug)).toEqual([
      'marina-lofts',
      'wynwood-studios',
    ]);
    expect(vendor.body.buildings?.[0]).toMatchObject({
      id: '1',
      account_id: '1',
      name: 'Marina Lofts',
      listing_count: 18,
    });
    expect((await load('?building=1&size=50', sessions.owner)).body.total).toBe(18);
  });
});

describe('GET /listing/load: filters', () => {
  const ids = (page: ListingPage) => page.items.map((listing) => listing.id);
  const dbIds = async (where: string, params: unknown[] = []) =>
    (
      await api.db.query<{ id: string }>(
        `select l.id::text as id from listings l where ${where} order by lower(l.nickname), l.id`,
        params,
      )
    ).map((row) => row.id);

  it('filters by a list of statuses', async () => {
    const page = (await load('?status=inactive,archived&size=100')).body;
    expect(ids(page)).toEqual(
      await dbIds(`l.account_id = 1 and l.status in ('inactive', 'archived')`),
    );
    expect(page.total).toBeGreaterThan(0);
    expect((await load('?status=active&size=1')).body.total).toBe(120 - page.total);
  });

  it('filters by a list of PMS names (spaces and case forgiven)', async () => {
    const page = (await load(`?pms=${encodeURIComponent('Guesty, hostaway')}&size=100`)).body;
    expect(ids(page)).toEqual(await dbIds(`l.account_id = 1 and l.pms in ('guesty', 'hostaway')`));
    expect(new Set(page.items.map((listing) => listing.pms))).toEqual(
      new Set(['guesty', 'hostaway']),
    );
  });

  it('refuses a status or PMS it does not know, naming the allowed values', async () => {
    expect(await load('?status=active,closed')).toMatchObject({
      status: 400,
      body: {
        error: 'invalid_request',
        message:
          '"status" must be a comma-separated list of: active, inactive, archived ("closed" is not one).',
      },
    });
    expect(await load('?pms=airbnb')).toMatchObject({
      status: 400,
      body: { error: 'invalid_request', message: expect.stringContaining('"pms" must be') },
    });
    expect((await load('?status=,')).status).toBe(400);
  });

  it('filters by building id or by building slug (within an account)', async () => {
    const byId = (await load('?building=8&size=50')).body;
    const bySlug = (await load('?building_slug=wynwood-studios&size=50')).body;
    const bySlugAndAccount = (await load('?building_slug=wynwood-studios&account_id=1&size=50'))
      .body;
    expect(byId.total).toBe(12);
    expect(ids(bySlug)).toEqual(ids(byId));
    expect(ids(bySlugAndAccount)).toEqual(ids(byId));
    expect(byId.items.every((listing) => listing.building_id === '8')).toBe(true);
    // An admin names the account: their own has no such building.
    expect((await load('?building_slug=wynwood-studios', sessions.admin)).body.total).toBe(0);
    expect(
      (await load('?building_slug=wynwood-studios&account_id=1', sessions.admin)).body.total,
    ).toBe(12);
    expect((await load('?building_slug=no-such-building')).body.total).toBe(0);
    expect((await load('?building=abc')).status).toBe(400);
  });

  it('combines filters, search and sort', async () => {
    const page = (await load('?status=active&building=1&search=bay&sort=created_at:desc&size=50'))
      .body;
    expect(page.total).toBe(page.items.length);
    expect(page.items.length).toBeGreaterThan(0);
    for (const listing of page.items) {
      expect(listing).toMatchObject({ status: 'active', building_id: '1' });
      expect(typeof listing._score).toBe('number');
    }
    const times = page.items.map((listing) => Date.parse(listing.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});

describe('GET /listing/load: more sorting and ranking', () => {
  it('sorts by status descending, then nickname ascending', async () => {
    const { items } = (await load('?size=100&sort=status:desc,nickname:asc')).body;
    const expected = await api.db.query<{ id: string }>(
      'select id::text as id from listings where account_id = 1 order by status desc, lower(nickname), id limit 100',
    );
    expect(items.map((listing) => listing.id)).toEqual(expected.map((row) => row.id));
  });

  it('puts the listing with a distinctive address part first', async () => {
    const monserrate = (await load('?search=Monserrate')).body;
    expect(monserrate.items[0]?.nickname).toBe('Sintra Hillside Villa');
    const harbor = (await load('?search=harbor%20dr')).body;
    expect(harbor.items[0]).toMatchObject({ nickname: 'Key Biscayne Cottage' });
    expect(harbor.items[0]?._score).toEqual(expect.any(Number));
  });
});

const stats = (query: string, session = sessions.owner) =>
  api.get<ListingStats>(`/listing/stats${query}`, session);

/** The stats' reservation numbers, counted here from the rows (not with the route's SQL). */
async function expectedScreening(listingIds: string[]) {
  const rows = await api.db.query<{ listing_id: string; verification_status: string }>(
    `select listing_id::text as listing_id, verification_status from reservations
     where status = 'CONFIRMED' and check_in_date between current_date - 30 and current_date + 90`,
  );
  const wanted = new Set(listingIds);
  const mine = rows.filter((row) => wanted.has(row.listing_id));
  const screened = mine.filter((row) =>
    ['verified', 'declined', 'review'].includes(row.verification_status),
  ).length;
  return {
    total: mine.length,
    screened,
    screened_share: mine.length ? Math.round((screened / mine.length) * 1000) / 1000 : 0,
  };
}

describe('GET /listing/stats', () => {
  it('counts the owner’s listings by status, PMS and building, and the screening share', async () => {
    const response = await stats('');
    expect(response.status).toBe(200);
    const body = response.body;
    expect(Object.keys(body).sort()).toEqual(
      ['by_building', 'by_pms', 'by_status', 'reservations', 'total'].sort(),
    );
    expect(body.total).toBe(120);
    const all = (await load('?size=100')).body.items.concat(
      (await load('?size=100&from=100')).body.items,
    );
    const count = (predicate: (listing: Listing) => boolean) => all.filter(predicate).length;
    expect(body.by_status).toEqual({
      active: count((l) => l.status === 'active'),
      inactive: count((l) => l.status === 'inactive'),
      archived: count((l) => l.status === 'archived'),
    });
    const pmsCounts = body.by_pms.map((entry) => entry.count);
    expect(pmsCounts).toEqual([...pmsCounts].sort((a, b) => b - a));
    for (const entry of body.by_pms) expect(entry.count).toBe(count((l) => l.pms === entry.pms));
    expect(pmsCounts.reduce((sum, n) => sum + n, 0)).toBe(120);
    expect(body.by_building).toHaveLength(9);
    expect(body.by_building).toContainEqual({
      building_id: '1',
      name: 'Marina Lofts',
      slug: 'marina-lofts',
      count: 18,
    });
    expect(body.by_building).toContainEqual({
      building_id: null,
      name: null,
      slug: null,
      count: 8,
    });
    expect(body.reservations).toEqual(await expectedScreening(all.map((listing) => listing.id)));
    expect(body.reservations.total).toBeGreaterThan(100);
    expect(body.reservations.screened_share).toBeGreaterThan(0);
    expect(body.reservations.screened_share).toBeLessThan(1);
  });

  it('takes the same filters as the list, and agrees with it', async () => {
    for (const query of [
      '?status=active&pms=guesty',
      '?search=Garrett',
      '?building=1',
      '?building_slug=marina-lofts&status=inactive,archived',
    ]) {
      const body = (await stats(query)).body;
      const page = (await load(`${query}&size=100`)).body;
      expect(body.total).toBe(page.total);
      expect(body.by_status.active + body.by_status.inactive + body.by_status.archived).toBe(
        page.total,
      );
      expect(body.reservations).toEqual(
        await expectedScreening(page.items.map((listing) => listing.id)),
      );
    }
    expect((await stats('?search=Garrett')).body.total).toBe(14);
  });

  it('takes any search text without failing', async () => {
    for (const odd of [`'%_"&|!:*`, '((( ', '\\', "' or 1=1 --", ':*', '日本']) {
      const response = await stats(`?search=${encodeURIComponent(odd)}`);
      expect(response.status).toBe(200);
      expect(typeof response.body.total).toBe('number');
    }
  });

  it('answers zeros, not nulls, when nothing matches', async () => {
    expect((await stats('?status=archived&pms=booking')).body).toEqual({
      total: 0,
      by_status: { active: 0, inactive: 0, archived: 0 },
      by_pms: [],
      by_building: [],
      reservations: { total: 0, screened: 0, screened_share: 0 },
    });
  });

  it('keeps to the caller’s scope', async () => {
    const vendor = (await stats('', sessions.vendor)).body;
    expect(vendor.total).toBe(30);
    expect(vendor.by_building.map((entry) => entry.slug)).toEqual([
      'marina-lofts',
      'wynwood-studios',
    ]);
    expect((await stats('', sessions.manager)).body.total).toBe(120);
    expect((await stats('', sessions.newhost)).body).toMatchObject({
      total: 3,
      by_building: [{ building_id: null, count: 3 }],
    });
    const [{ total } = { total: 0 }] = await api.db.query<{ total: number }>(
      'select count(*)::int as total from listings',
    );
    expect((await stats('', sessions.admin)).body.total).toBe(total);
    expect((await stats('?status=nope')).status).toBe(400);
    expect((await api.get('/listing/stats')).status).toBe(401);
  });
});

describe('GET /listing/load: compression', () => {
  const raw = (headers: Record<string, string>) =>
    api.app.inject({
      url: '/listing/load?size=50',
      headers: { authorization: sessions.owner, ...headers },
    });

  it('compresses a large answer for a caller that accepts it, and only then', async () => {
    const plain = await raw({});
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await raw({ 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await raw({ 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends a small answer as it is', async () => {
    const small = await api.app.inject({ url: '/health', headers: { 'accept-encoding': 'br' } });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
