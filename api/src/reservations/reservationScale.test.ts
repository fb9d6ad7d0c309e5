// A host with many reservations (100,000 in `npm run bench:scale`, 6,000 in `npm test`:
// src/testing/scale.ts), inserted with one generate_series and screened set-based by the same
// statement as everything else: the list (default, a deep page, the attention sort, a colour
// filter, a search) and the stats answer the right page in the right shape (asserted on the
// answers, never on time).
import { createSession } from '../auth/sessions';
import { createScaleAccount, seedAvenueListings, seedScaleReservations } from '../db/scaleSeed';
import { fullScale } from '../testing/scale';
import { startTestApi, type TestApi } from '../testing/testApi';
import type { ReservationItem } from './reservationQueries';

// A multiple of LISTINGS: every listing has as many stays, so a quarter of them are a Harbour's.
const RESERVATIONS = fullScale() ? 100_000 : 6_000;
// Zebedee Quillfeather's stay: in either size an inquiry checking in 184 days from now.
const QUILLFEATHER = fullScale() ? 77_777 : 785;
const LISTINGS = 400;

let api: TestApi;
let session = '';
let accountId = '';

interface Page {
  items: ReservationItem[];
  total: number;
  size: number;
  from: number;
}

beforeAll(async () => {
  api = await startTestApi();
  const atlas = await createScaleAccount(api.db);
  accountId = atlas.accountId;
  await seedAvenueListings(api.db, accountId, LISTINGS);
  expect(
    await seedScaleReservations(api.db, accountId, RESERVATIONS, {
      quillfeatherAt: QUILLFEATHER,
    }),
  ).toBe(RESERVATIONS);
  session = (await createSession(api.db, atlas.ownerId, 60_000)).sessionId;
}, 120_000);
afterAll(() => api.close());

const search = (query: string) => api.get<Page>(`/reservation/search${query}`, session);

async function count(where: string): Promise<number> {
  const [row] = await api.db.query<{ n: number }>(
    `select count(*)::int as n from reservations r where r.account_id = $1::bigint and ${where}`,
    [accountId],
  );
  return row?.n ?? 0;
}

async function expectedIds(where: string, orderBy: string, offset: number, limit: number) {
  const rows = await api.db.query<{ id: string }>(
    `select r.id::text as id from reservations r where r.account_id = $1::bigint and ${where}
     order by ${orderBy} offset $2 limit $3`,
    [accountId, offset, limit],
  );
  return rows.map((row) => row.id);
}

const COMING = `r.status = 'CONFIRMED' and r.check_in_date >= current_date`;

describe(`a host with ${RESERVATIONS.toLocaleString('en')} reservations`, () => {
  it('screened every one of them, with factors', async () => {
    expect(await count('r.screened_at is null')).toBe(0);
    expect(await count(`r.risk_factors @> '[{"code": "party_words"}]'`)).toBe(
      Math.floor(RESERVATIONS / 17),
    );
    expect(await count('r.risk_score > 0')).toBeGreaterThan(RESERVATIONS / 2);
  });

  it('lists the coming confirmed stays by check-in date, and a deep page', async () => {
    const total = await count(COMING);
    const first = (await search('')).body;
    expect(first).toMatchObject({ total, size: 10, from: 0 });
    expect(first.items.map((item) => item.id)).toEqual(
      await expectedIds(COMING, 'r.check_in_date, r.id', 0, 10),
    );
    const deep = (await search(`?from=${total - 105}&size=100`)).body;
    expect(deep).toMatchObject({ total, size: 100, from: total - 105 });
    expect(deep.items.map((item) => item.id)).toEqual(
      await expectedIds(COMING, 'r.check_in_date, r.id', total - 105, 100),
    );
    const last = (await search(`?from=${total - 3}&size=10`)).body;
    expect(last.items).toHaveLength(3);
    for (const item of [...first.items, ...deep.items]) {
      expect(item.account_id).toBe(accountId);
      expect(item.status).toBe('CONFIRMED');
      expect(typeof item.risk.score).toBe('number');
    }
  });

  it('sorts by attention on a deep page', async () => {
    const rank = (item: ReservationItem): number =>
      ({ red: 0, orange: 1 })[item.risk.colour as 'red' | 'orange'] ??
      (item.verification_status === 'review' ? 2 : item.risk.colour === 'yellow' ? 3 : 4);
    const total = await count(COMING);
    // 0, 5,000 and 20,000 of 100,000.
    const pages = [0, RESERVATIONS / 20, RESERVATIONS / 5].filter((from) => from < total);
    for (const from of pages) {
      const page = (await search(`?sort=attention&size=100&from=${from}`)).body;
      expect(page).toMatchObject({ total, size: 100, from });
      expect(page.items).toHaveLength(100);
      const keys = page.items.map((item) => [rank(item), item.check_in_date, Number(item.id)]);
      const sorted = [...keys].sort(
        (a, b) =>
          (a[0] as number) - (b[0] as number) ||
          String(a[1]).localeCompare(String(b[1])) ||
          (a[2] as number) - (b[2] as number),
      );
      expect(keys).toEqual(sorted);
    }
    expect((await search('?sort=attention')).body.items[0]?.risk.colour).toBe('red');
  });

  it('filters by colour with the thresholds of the tolerance', async () => {
    const reds = await count(`${COMING} and r.risk_score >= 65`);
    expect(reds).toBeGreaterThan(3);
    // A whole page past the first: 50 from the 100th at full size.
    const from = Math.min(100, Math.floor(reds / 3));
    const size = Math.min(50, reds - from);
    const red = (await search(`?colour=red&size=${size}&from=${from}`)).body;
    expect(red.total).toBe(reds);
    expect(red.items).toHaveLength(size);
    expect(red.items.every((item) => item.risk.colour === 'red' && item.risk.score >= 65)).toBe(
      true,
    );
    await api.db.query(`update accounts set risk_tolerance = 'low' where id = $1::bigint`, [
      accountId,
    ]);
    expect((await search('?colour=red&size=1')).body.total).toBe(
      await count(`${COMING} and r.risk_score >= 50`),
    );
    await api.db.query(`update accounts set risk_tolerance = 'balanced' where id = $1::bigint`, [
      accountId,
    ]);
  });

  it('searches: a distinctive name comes first; a common word pages with scores', async () => {
    const zebedee = (await search('?search=quillfeather&size=10&sort=check_in_date:desc,_score'))
      .body;
    expect(zebedee.total).toBe(1);
    expect(zebedee.items[0]).toMatchObject({ guest_name: 'Zebedee Quillfeather' });
    const harbour = (await search('?search=harbour&size=100&from=200')).body;
    expect(harbour.total).toBe(RESERVATIONS / 4);
    expect(harbour.items).toHaveLength(100);
    const scores = harbour.items.map((item) => item._score as number);
    expect(scores.every((score) => score > 0)).toBe(true);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('counts the stats over the whole account', async () => {
    const stats = await api.get<{
      total: number;
      by_status: Record<string, number>;
      by_colour: Record<string, number>;
      by_verification: Record<string, number>;
      arrivals_today: number;
      arrivals_next_7_days: number;
      needs_attention: number;
    }>('/reservation/stats', session);
    expect(stats.status).toBe(200);
    const coming = await count('r.check_in_date >= current_date');
    const confirmed = await count(COMING);
    expect(stats.body.total).toBe(coming);
    expect(Object.values(stats.body.by_status).reduce((a, b) => a + b, 0)).toBe(coming);
    expect(stats.body.by_status.CONFIRMED).toBe(confirmed);
    expect(Object.values(stats.body.by_colour).reduce((a, b) => a + b, 0)).toBe(confirmed);
    expect(Object.values(stats.body.by_verification).reduce((a, b) => a + b, 0)).toBe(confirmed);
    expect(stats.body.arrivals_today).toBe(
      await count(`r.status <> 'CANCELLED' and r.check_in_date = current_date`),
    );
    expect(stats.body.needs_attention).toBe(
      await count(`${COMING} and (r.risk_score >= 45 or r.verification_status = 'review')`),
    );
  });
});
