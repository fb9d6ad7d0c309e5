// A host with many listings (50,000 in `npm run bench:scale`, 2,000 in `npm test`:
// src/testing/scale.ts): the list, its deep pages, sorts, search, stats and the building
// aggregation still answer the right page in the right shape (asserted on the answers, not on time).
import { createSession } from '../auth/sessions';
import { createScaleAccount, seedScaleListings, seedScaleReservations } from '../db/scaleSeed';
import { fullScale } from '../testing/scale';
import { startTestApi, type TestApi } from '../testing/testApi';
import type { Listing } from './listingQueries';

const LISTINGS = fullScale() ? 50_000 : 2_000;
// The one listing at 'Travessa do Zanzibar 7': in either size, active and in no building.
const ZANZIBAR = fullScale() ? 31_337 : 1_357;
const BUILDINGS = 5;
const STAYS = 500;

let api: TestApi;
let session = '';
let accountId = '';

interface Page {
  items: Listing[];
  total: number;
  size: number;
  from: number;
}

beforeAll(async () => {
  api = await startTestApi();
  const atlas = await createScaleAccount(api.db);
  accountId = atlas.accountId;
  await seedScaleListings(api.db, accountId, {
    listings: LISTINGS,
    buildings: BUILDINGS,
    zanzibarAt: ZANZIBAR,
  });
  // A few hundred stays, for the screening numbers of the stats.
  await seedScaleReservations(api.db, accountId, STAYS);
  session = (await createSession(api.db, atlas.ownerId, 60_000)).sessionId;
}, 120_000);
afterAll(() => api.close());

const load = (query: string) => api.get<Page>(`/listing/load${query}`, session);

async function expectedIds(orderBy: string, offset: number, limit: number): Promise<string[]> {
  const rows = await api.db.query<{ id: string }>(
    `select l.id::text as id from listings l left join buildings b on b.id = l.building_id
     where l.account_id = $1::bigint order by ${orderBy} offset $2 limit $3`,
    [accountId, offset, limit],
  );
  return rows.map((row) => row.id);
}

describe(`a host with ${LISTINGS.toLocaleString('en')} listings`, () => {
  it('loads the first page, sorted by nickname, with the total', async () => {
    const page = (await load('')).body;
    expect(page).toMatchObject({ total: LISTINGS, size: 10, from: 0 });
    expect(page.items).toHaveLength(10);
    expect(page.items.every((listing) => listing.account_id === accountId)).toBe(true);
    expect(page.items.map((listing) => listing.id)).toEqual(
      await expectedIds('lower(l.nickname), l.id', 0, 10),
    );
  });

  it('loads a deep page and the short last page', async () => {
    const deep = (await load(`?from=${LISTINGS - 10}&size=10`)).body;
    expect(deep).toMatchObject({ total: LISTINGS, size: 10, from: LISTINGS - 10 });
    expect(deep.items.map((listing) => listing.id)).toEqual(
      await expectedIds('lower(l.nickname), l.id', LISTINGS - 10, 10),
    );
    const last = (await load(`?from=${LISTINGS - 5}&size=10`)).body;
    expect(last).toMatchObject({ total: LISTINGS, size: 10, from: LISTINGS - 5 });
    expect(last.items).toHaveLength(5);
    const past = (await load(`?from=${LISTINGS}&size=10`)).body;
    expect(past).toEqual({ items: [], total: LISTINGS, size: 10, from: LISTINGS });
  });

  it('sorts by several keys on a deep page', async () => {
    // Past the middle (60 % in), where the list is read from its other end.
    const from = (LISTINGS * 3) / 5;
    const page = (await load(`?from=${from}&size=100&sort=building:asc,created_at:desc`)).body;
    expect(page).toMatchObject({ total: LISTINGS, size: 100, from });
    expect(page.items).toHaveLength(100);
    expect(page.items.map((listing) => listing.id)).toEqual(
      await expectedIds('lower(b.name) asc nulls last, l.created_at desc, l.id', from, 100),
    );
  });

  it('searches: a distinctive address part comes first; a common word pages with scores', async () => {
    const zanzibar = (await load('?search=zanzibar')).body;
    expect(zanzibar.total).toBe(1);
    expect(zanzibar.items[0]).toMatchObject({ address: 'Travessa do Zanzibar 7' });
    const harbour = (await load('?search=harbour&size=100&from=100')).body;
    const [{ n: matches } = { n: 0 }] = await api.db.query<{ n: number }>(
      `select count(*)::int as n from listings where account_id = $1::bigint
       and (nickname ilike '%harbour%' or address ilike '%harbour%' or city ilike '%harbour%')`,
      [accountId],
    );
    expect(harbour).toMatchObject({ total: matches, size: 100, from: 100 });
    expect(harbour.items).toHaveLength(100);
    const scores = harbour.items.map((listing) => listing._score as number);
    expect(scores.every((score) => typeof score === 'number' && score > 0)).toBe(true);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('filters and counts in stats, over the whole account', async () => {
    const stats = await api.get<{
      total: number;
      by_status: Record<string, number>;
      by_pms: Array<{ pms: string; count: number }>;
      by_building: Array<{ building_id: string | null; count: number }>;
      reservations: { total: number; screened: number; screened_share: number };
    }>('/listing/stats', session);
    expect(stats.status).toBe(200);
    expect(stats.body.total).toBe(LISTINGS);
    // 1 in 20 archived, 1 in 10 inactive (n % 10 = 5): 2,500 and 5,000 of 50,000.
    const archived = Math.floor(LISTINGS / 20);
    const inactive = Math.floor((LISTINGS + 5) / 10);
    expect(stats.body.by_status).toEqual({
      active: LISTINGS - archived - inactive,
      inactive,
      archived,
    });
    expect(stats.body.by_pms).toHaveLength(6);
    expect(stats.body.by_pms.reduce((sum, entry) => sum + entry.count, 0)).toBe(LISTINGS);
    expect(stats.body.by_building).toHaveLength(BUILDINGS + 1);
    expect(stats.body.by_building.reduce((sum, entry) => sum + entry.count, 0)).toBe(LISTINGS);
    const { total, screened, screened_share } = stats.body.reservations;
    expect(total).toBeGreaterThan(0);
    expect(screened_share).toBe(Math.round((screened / total) * 1000) / 1000);

    const filtered = await api.get<{ total: number }>(
      '/listing/stats?status=inactive&building_slug=atlas-tower-a&search=loft',
      session,
    );
    const page = (await load('?status=inactive&building_slug=atlas-tower-a&search=loft')).body;
    expect(filtered.body.total).toBe(page.total);
    expect(page.total).toBeGreaterThan(0);
    expect(page.items).toHaveLength(Math.min(10, page.total));
  });

  it('aggregates the buildings', async () => {
    const response = await load('?buildings=1&noitems=1');
    const body = response.body as Page & { buildings: Array<{ listing_count: number }> };
    expect(body.total).toBe(LISTINGS);
    expect(body.buildings).toHaveLength(BUILDINGS);
    const inBuildings = body.buildings.reduce((sum, building) => sum + building.listing_count, 0);
    expect(inBuildings).toBe(
      Array.from({ length: LISTINGS }, (_, i) => (i + 1) % 7 < 5).filter(Boolean).length,
    );
  });
});
