import type { ReservationDetail, ReservationItem } from './reservationQueries';
import { databaseDay, RESERVATION_NOT_FOUND, signInRoles, type Role } from '../testing/roles';
import { startTestApi, type TestApi } from '../testing/testApi';

let api: TestApi;
let sessions: Record<Role, string>;
let today = '';
beforeAll(async () => {
  api = await startTestApi();
  sessions = await signInRoles(api);
  today = await databaseDay(api);
});
afterAll(() => api.close());

interface Page {
  items: ReservationItem[];
  total: number;
  size: number;
  from: number;
}

const search = (query: string, role: Role = 'owner') =>
  api.get<Page>(`/reservation/search${query}`, sessions[role]);

// The colour rules, written out here independently of the API's SQL.
const THRESHOLDS: Record<string, [number, number, number]> = {
  low: [15, 30, 50],
  balanced: [25, 45, 65],
  high: [35, 55, 75],
};
function colourOf(score: number, tolerance: string): string {
  const [yellow, orange, red] = THRESHOLDS[tolerance] ?? [0, 0, 0];
  return score >= red ? 'red' : score >= orange ? 'orange' : score >= yellow ? 'yellow' : 'green';
}
const attentionRank = (colour: string, verification: string): number =>
  colour === 'red'
    ? 0
    : colour === 'orange'
      ? 1
      : verification === 'review'
        ? 2
        : colour === 'yellow'
          ? 3
          : 4;

interface Raw {
  id: string;
  account_id: string;
  listing_id: string;
  building_slug: string | null;
  status: string;
  check_in_date: string;
  check_in: number;
  risk_score: number;
  verification_status: string;
  source: string;
  tolerance: string;
  guest_name: string;
  guest_email: string | null;
  colour: string;
}

async function raw(where = 'r.account_id = 1'): Promise<Raw[]> {
  const rows = await api.db.query<Omit<Raw, 'colour'>>(
    `select r.id::text as id, r.account_id::text as account_id, r.listing_id::text as listing_id, b.slug as building_slug,
            r.status, r.check_in_date, r.check_in_date - current_date as check_in, r.risk_score,
            r.verification_status, r.source, a.risk_tolerance as tolerance, r.guest_name, r.guest_email
     from reservations r join listings l on l.id = r.listing_id left join buildings b on b.id = l.building_id
     join accounts a on a.id = r.account_id
     where ${where}`,
  );
  return rows.map((row) => ({ ...row, colour: colourOf(row.risk_score, row.tolerance) }));
}

const byCheckIn = (a: Raw, b: Raw): number =>
  a.check_in_date.localeCompare(b.check_in_date) || Number(a.id) - Number(b.id);

const ITEM_KEYS = [
  'id',
  'account_id',
  'listing_id',
  'listing_nickname',
  'building',
  'building_slug',
  'guest_name',
  'guest_email',
  'guest_phone',
  'guests',
  'check_in_date',
  'check_out_date',
  'nights',
  'status',
  'source',
  'verification_status',
  'protect',
  'risk',
  'version',
  'created_at',
].sort();

describe('the protect object (spec section 3: "Reservation: protect object with verification_status")', () => {
  it('a list item carries its verification and risk in `protect`, equal to the deprecated flat fields', async () => {
    for (const role of ['owner', 'manager', 'admin', 'vendor'] as const) {
      const response = await search('?size=20&status=all&startDate=', role);
      expect(response.status).toBe(200);
      expect(response.body.items.length).toBeGreaterThan(0);
      for (const item of response.body.items) {
        expect(item.protect).toEqual({
          verification_status: item.verification_status,
          score: item.risk.score,
          colour: item.risk.colour,
          top_factors: item.risk.top_factors,
        });
        if (role === 'vendor') expect([item.guest_email, item.guest_phone]).toEqual([null, null]);
      }
    }
  });

  it('the detail carries the whole screening in `protect`', async () => {
    const [row] = await api.db.query<{ id: string }>(
      `select id::text as id from reservations where account_id = 1 and risk_score >= 45 order by id limit 1`,
    );
    for (const role of ['owner', 'manager', 'admin'] as const) {
      const detail = (
        await api.get<ReservationDetail>(`/reservation/get/${row?.id}`, sessions[role])
      ).body;
      expect(detail.protect).toEqual({
        verification_status: detail.verification_status,
        score: detail.risk.score,
        colour: detail.risk.colour,
        factors: detail.risk.factors,
        screened_at: detail.risk.screened_at,
        tolerance: detail.risk.tolerance,
        thresholds: detail.risk.thresholds,
        card_check: detail.card_check,
      });
      expect(detail.protect.factors.length).toBeGreaterThan(0);
    }
  });

  it('a verification change answers the reservation with `protect` moved too', async () => {
    const [row] = await api.db.query<{ id: string; verification_status: string }>(
      `select id::text as id, verification_status from reservations
       where account_id = 1 and verification_status = 'pending' order by id limit 1`,
    );
    const changed = await api.post<ReservationDetail>(
      `/reservation/changeVerification/${row?.id}?supervised=1`,
      { status: 'verified', note: 'Checked the passport.' },
      sessions.owner,
    );
    expect(changed.status).toBe(200);
    expect(changed.body.protect.verification_status).toBe('verified');
    expect(changed.body.verification_status).toBe('verified');
    expect(
      (
        await api.post(
          `/reservation/changeVerification/${row?.id}?supervised=1`,
          { status: 'pending' },
          sessions.owner,
        )
      ).status,
    ).toBe(200);
  });
});

describe('GET /reservation/search: the defaults', () => {
  it("answers the owner's confirmed stays from today on, by check-in date, 10 at a time", async () => {
    const response = await search('');
    expect(response.status).toBe(200);
    const coming = (await raw()).filter((r) => r.status === 'CONFIRMED' && r.check_in >= 0);
    expect(response.body).toMatchObject({ total: coming.length, size: 10, from: 0 });
    expect(response.body.items.map((item) => item.id)).toEqual(
      coming
        .sort(byCheckIn)
        .slice(0, 10)
        .map((r) => r.id),
    );
    const [first] = response.body.items;
    expect(Object.keys(first ?? {}).sort()).toEqual(ITEM_KEYS);
    expect(first?.check_in_date).toBe(today);
    for (const item of response.body.items) {
      expect(item.status).toBe('CONFIRMED');
      expect(item.nights).toBe(
        (Date.parse(item.check_out_date) - Date.parse(item.check_in_date)) / 86_400_000,
      );
      expect(item.risk.colour).toBe(colourOf(item.risk.score, 'balanced'));
      expect(item.risk.top_factors.length).toBeLessThanOrEqual(3);
      const points = item.risk.top_factors.map((factor) => factor.points);
      expect(points).toEqual([...points].sort((a, b) => b - a));
    }
  });

  it('pages deep in the same order, and past the end', async () => {
    const coming = (await raw())
      .filter((r) => r.status === 'CONFIRMED' && r.check_in >= 0)
      .sort(byCheckIn);
    const deep = (await search('?from=700&size=25')).body;
    expect(deep.items.map((item) => item.id)).toEqual(coming.slice(700, 725).map((r) => r.id));
    const past = (await search(`?from=${coming.length}`)).body;
    expect(past).toEqual({ items: [], total: coming.length, size: 10, from: coming.length });
  });

  it('needs a session and checks size', async () => {
    expect((await api.get('/reservation/search')).status).toBe(401);
    expect((await search('?size=101')).body).toMatchObject({
      error: 'invalid_request',
      message: '"size" must be 100 or less.',
    });
  });
});

describe('GET /reservation/search: filters', () => {
  it('filters by a list of statuses, or all', async () => {
    const rows = (await raw()).filter((r) => r.check_in >= 0);
    const some = await search('?status=CONFIRMED,inquiry&size=100');
    expect(some.body.total).toBe(rows.filter((r) => r.status !== 'CANCELLED').length);
    expect(new Set(some.body.items.map((item) => item.status))).toEqual(
      new Set(['CONFIRMED', 'INQUIRY']),
    );
    expect((await search('?status=all')).body.total).toBe(rows.length);
    expect((await search('?status=CANCELLED')).body.total).toBe(
      rows.filter((r) => r.status === 'CANCELLED').length,
    );
    expect((await search('?status=BOOKED')).body).toMatchObject({
      error: 'invalid_request',
      message:
        '"status" must be all or a comma-separated list of: CONFIRMED, CANCELLED, INQUIRY ("BOOKED" is not one).',
    });
  });

  it('takes a window of check-in dates; an empty startDate means no lower bound', async () => {
    const rows = (await raw()).filter((r) => r.status === 'CONFIRMED');
    const start = await databaseDay(api, -30);
    const window = await search(`?startDate=${start}&endDate=${today}&size=100`);
    expect(window.body.total).toBe(rows.filter((r) => r.check_in >= -30 && r.check_in <= 0).length);
    for (const item of window.body.items) {
      expect(item.check_in_date >= start && item.check_in_date <= today).toBe(true);
    }
    expect((await search('?startDate=')).body.total).toBe(rows.length);
    expect((await search('?startDate=2024-02-30')).body).toMatchObject({
      error: 'invalid_request',
      message: '"startDate" must be a real date (got "2024-02-30").',
    });
    expect((await search('?startDate=2024-2-3')).body).toMatchObject({
      error: 'invalid_request',
      message: '"startDate" must be a date as YYYY-MM-DD.',
    });
    expect((await search(`?startDate=${today}&endDate=${start}`)).body).toMatchObject({
      error: 'invalid_request',
      message: '"endDate" must not be before "startDate".',
    });
  });

  it("filters by colour with the account's thresholds", async () => {
    const coming = (await raw()).filter((r) => r.status === 'CONFIRMED' && r.check_in >= 0);
    const response = await search('?colour=red,orange&size=100');
    const expected = coming.filter((r) => r.colour === 'red' || r.colour === 'orange');
    expect(expected.length).toBeGreaterThan(0);
    expect(response.body.total).toBe(expected.length);
    expect(response.body.items.map((item) => item.id).sort()).toEqual(
      expected
        .slice()
        .sort(byCheckIn)
        .slice(0, 100)
        .map((r) => r.id)
        .sort(),
    );
    expect((await search('?colour=purple')).status).toBe(400);
  });

  it('filters by verification status and by listing', async () => {
    const coming = (await raw()).filter((r) => r.status === 'CONFIRMED' && r.check_in >= 0);
    const review = await search('?verification=review,declined&size=100');
    expect(review.body.total).toBe(
      coming.filter((r) => ['review', 'declined'].includes(r.verification_status)).length,
    );
    expect(
      review.body.items.every((item) => ['review', 'declined'].includes(item.verification_status)),
    ).toBe(true);
    const listingId = coming[0]?.listing_id ?? '';
    const listing = await search(`?listing_id=${listingId}&status=all&startDate=`);
    expect(listing.body.total).toBe((await raw()).filter((r) => r.listing_id === listingId).length);
    expect(listing.body.items.every((item) => item.listing_id === listingId)).toBe(true);
  });
});

describe('GET /reservation/search: sorts', () => {
  it('sorts by attention: red, orange, in review, yellow, green; then by check-in date', async () => {
    const coming = (await raw()).filter((r) => r.status === 'CONFIRMED' && r.check_in >= 0);
    const expected = coming
      .map((r) => ({ ...r, rank: attentionRank(r.colour, r.verification_status) }))
      .sort((a, b) => a.rank - b.rank || byCheckIn(a, b));
    const page = (await search('?sort=attention&size=100')).body;
    expect(page.items.map((item) => item.id)).toEqual(expected.slice(0, 100).map((r) => r.id));
    expect(page.items[0]?.risk.colour).toBe('red');
    const ranks = expected.map((r) => r.rank);
    expect(new Set(ranks)).toEqual(new Set([0, 1, 2, 3, 4]));
    const later = (await search('?sort=attention&size=100&from=100')).body;
    expect(later.items.map((item) => item.id)).toEqual(expected.slice(100, 200).map((r) => r.id));
  });

  it('sorts by risk score and guest name, each way, with the id last', async () => {
    const scores = (await search('?sort=risk_score:desc&size=100')).body.items.map(
      (item) => item.risk.score,
    );
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const names = (await search('?sort=guest_name&size=100')).body.items.map((item) =>
      item.guest_name.toLowerCase(),
    );
    expect(names).toEqual([...names].sort());
    expect(await search('?sort=price:asc')).toMatchObject({
      status: 400,
      body: { error: 'invalid_sort' },
    });
  });
});

describe('GET /reservation/search?search=', () => {
  it('finds a guest by name across every date and status, ranked, with a numeric _score', async () => {
    const rows = await raw();
    const target = rows.find((r) => r.status === 'CANCELLED' && r.check_in < 0) as Raw;
    const response = await search(
      `?search=${encodeURIComponent(target.guest_name)}&size=10&sort=check_in_date:desc,_score`,
    );
    expect(response.status).toBe(200);
    expect(response.body.items.some((item) => item.id === target.id)).toBe(true);
    const dates = response.body.items.map((item) => item.check_in_date);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const item of response.body.items) {
      expect(typeof item._score).toBe('number');
      expect(item._score).toBeGreaterThan(0);
    }
    // Relevance first by default: the exact name ranks at the top.
    const ranked = (await search(`?search=${encodeURIComponent(target.guest_name)}`)).body;
    expect(ranked.items[0]?.guest_name).toBe(target.guest_name);
    const scores = ranked.items.map((item) => item._score as number);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('finds by reservation id, email and listing nickname', async () => {
    const rows = await raw();
    const target = rows[42] as Raw;
    expect((await search(`?search=${target.id}`)).body.items[0]?.id).toBe(target.id);
    const local = (target.guest_email ?? '').split('@')[0] ?? '';
    const byEmail = (await search(`?search=${encodeURIComponent(local)}&size=100`)).body;
    expect(byEmail.items.some((item) => item.id === target.id)).toBe(true);
    const wynwood = (await search('?search=wynwood&size=100')).body;
    expect(wynwood.total).toBe(rows.filter((r) => r.building_slug === 'wynwood-studios').length);
    expect(wynwood.items.every((item) => item.listing_nickname.includes('Wynwood'))).toBe(true);
  });

  it('takes any input without failing', async () => {
    for (const text of [
      '%',
      '_',
      "'; drop table reservations; --",
      'a & b | !c:* <-> (',
      '(((',
      '🏠 party',
      '\\',
      'x'.repeat(200),
      '#42',
    ]) {
      const response = await search(`?search=${encodeURIComponent(text)}`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ size: 10, from: 0 });
    }
    expect((await search(`?search=${'x'.repeat(201)}`)).status).toBe(400);
    // Only spaces: no search at all.
    expect((await search('?search=%20%20')).body.total).toBe((await search('')).body.total);
  });

  it('finds for one word exactly what its prefix or its substring finds (one condition, one index)', async () => {
    for (const word of ['wynwood', 'marina', 'example', 'guest', 'ood', 'miami', 'lisbon', '1a']) {
      for (const status of ['all', 'CONFIRMED']) {
        const [expected] = await api.db.query<{ n: number }>(
          `select count(*)::int as n from reservations r join listings l on l.id = r.listing_id
           where r.account_id = 1 and ($2 = 'all' or r.status = $2)
             and ((setweight(to_tsvector('simple', r.guest_name), 'A')
                   || setweight(to_tsvector('simple', coalesce(r.guest_email, '')), 'B')
                   || setweight(to_tsvector('simple', l.nickname), 'A')
                   || setweight(to_tsvector('simple', l.address), 'B')
                   || setweight(to_tsvector('simple', l.city), 'B')) @@ to_tsquery('simple', $1 || ':*')
                  or concat_ws(' ', r.guest_name, r.guest_email, l.nickname, l.address, l.city) ilike '%' || $1 || '%')`,
          [word, status],
        );
        const found = await search(`?search=${word}&status=${status}&startDate=`);
        expect({ word, status, total: found.body.total }).toEqual({
          word,
          status,
          total: expected?.n,
        });
      }
    }
  });

  it('does not let building staff match on a guest email', async () => {
    const rows = await raw(`b.slug = 'marina-lofts'`);
    const target = rows.find((r) => r.guest_email) as Raw;
    const email = encodeURIComponent(target.guest_email ?? '');
    const owner = (await search(`?search=${email}&size=100`)).body;
    expect(owner.items.some((item) => item.id === target.id)).toBe(true);
    expect(owner.items.every((item) => item.guest_email === target.guest_email)).toBe(true);
    expect((await search(`?search=${email}`, 'vendor')).body.total).toBe(0);
  });
});

/** The stats the API should answer, worked out here from the rows a filter selects. */
function statsOf(matching: Raw[], inWindow: (row: Raw) => boolean) {
  const window = matching.filter(inWindow);
  const confirmed = window.filter((r) => r.status === 'CONFIRMED');
  const count = <T>(items: T[], test: (item: T) => boolean): number => items.filter(test).length;
  return {
    total: window.length,
    by_status: {
      CONFIRMED: confirmed.length,
      CANCELLED: count(window, (r) => r.status === 'CANCELLED'),
      INQUIRY: count(window, (r) => r.status === 'INQUIRY'),
    },
    by_colour: Object.fromEntries(
      ['green', 'yellow', 'orange', 'red'].map((colour) => [
        colour,
        count(confirmed, (r) => r.colour === colour),
      ]),
    ),
    by_verification: Object.fromEntries(
      ['pending', 'incomplete', 'review', 'verified', 'declined'].map((status) => [
        status,
        count(confirmed, (r) => r.verification_status === status),
      ]),
    ),
    // Arrivals follow the filter, not the window.
    arrivals_today: count(matching, (r) => r.status !== 'CANCELLED' && r.check_in === 0),
    arrivals_next_7_days: count(
      matching,
      (r) => r.status !== 'CANCELLED' && r.check_in >= 0 && r.check_in <= 7,
    ),
    needs_attention: count(
      confirmed,
      (r) =>
        r.check_in >= 0 &&
        (['red', 'orange'].includes(r.colour) || r.verification_status === 'review'),
    ),
  };
}

const coming = (r: Raw): boolean => r.check_in >= 0;

describe('GET /reservation/stats', () => {
  it('counts the coming stays by status, colour and verification, with arrivals and attention', async () => {
    const response = await api.get<Record<string, unknown>>('/reservation/stats', sessions.owner);
    expect(response.body).toEqual(statsOf(await raw(), coming));
    expect(response.body.needs_attention).toBeGreaterThan(0);
  });

  it('takes the list’s status filter: the counts are the confirmed stays the list shows', async () => {
    const response = await api.get<{ total: number; by_status: Record<string, number> }>(
      `/reservation/stats?status=CONFIRMED&startDate=${today}`,
      sessions.owner,
    );
    const confirmed = (await raw()).filter((r) => r.status === 'CONFIRMED');
    expect(response.body).toEqual(statsOf(confirmed, coming));
    expect(response.body.by_status.CANCELLED).toBe(0);
    expect(response.body.total).toBe(
      (await search(`?status=CONFIRMED&startDate=${today}`)).body.total,
    );
    const inquiries = await api.get<{ total: number; needs_attention: number }>(
      '/reservation/stats?status=INQUIRY',
      sessions.owner,
    );
    expect(inquiries.body).toEqual(
      statsOf(
        (await raw()).filter((r) => r.status === 'INQUIRY'),
        coming,
      ),
    );
  });

  it('takes the list’s search, colour and verification filters, and counts what the list holds', async () => {
    const rows = await raw();
    const target = rows.find((r) => r.check_in >= 0 && r.status === 'CONFIRMED');
    if (!target) throw new Error('seed: no coming confirmed stay');
    const name = encodeURIComponent(target.guest_name);
    // A search looks through every date, as the list does.
    const listed = (await search(`?search=${name}&status=all&size=100`)).body;
    expect(listed.total).toBeGreaterThan(0);
    expect(listed.total).toBeLessThan(rows.length);
    const ids = new Set(listed.items.map((item) => item.id));
    const searched = await api.get<{ total: number }>(
      `/reservation/stats?search=${name}&status=all`,
      sessions.owner,
    );
    expect(searched.body).toEqual(
      statsOf(
        rows.filter((r) => ids.has(r.id)),
        () => true,
      ),
    );
    expect(searched.body.total).toBe(listed.total);

    const red = await api.get(
      '/reservation/stats?colour=red,orange&verification=review,pending',
      sessions.owner,
    );
    expect(red.body).toEqual(
      statsOf(
        rows.filter(
          (r) =>
            ['red', 'orange'].includes(r.colour) &&
            ['review', 'pending'].includes(r.verification_status),
        ),
        coming,
      ),
    );
    expect((await api.get('/reservation/stats?status=LOST', sessions.owner)).body).toMatchObject({
      error: 'invalid_request',
    });
  });

  it('filters building staff’s stats within their buildings', async () => {
    const all = await api.get<{ total: number }>('/reservation/stats?startDate=', sessions.vendor);
    const confirmed = await api.get<{ total: number; by_status: Record<string, number> }>(
      '/reservation/stats?startDate=&status=CONFIRMED',
      sessions.vendor,
    );
    expect(confirmed.body.total).toBe(
      (await search('?startDate=&status=CONFIRMED', 'vendor')).body.total,
    );
    expect(confirmed.body.total).toBe(confirmed.body.by_status.CONFIRMED);
    expect(confirmed.body.total).toBeLessThan(all.body.total);
  });

  it('takes a window', async () => {
    const start = await databaseDay(api, -60);
    const end = await databaseDay(api, -1);
    const response = await api.get<{ total: number; needs_attention: number }>(
      `/reservation/stats?startDate=${start}&endDate=${end}`,
      sessions.owner,
    );
    const rows = (await raw()).filter((r) => r.check_in >= -60 && r.check_in <= -1);
    expect(response.body.total).toBe(rows.length);
    expect(response.body.needs_attention).toBe(0); // nothing in the past is "coming"
    const everything = await api.get<{ total: number }>(
      '/reservation/stats?startDate=',
      sessions.owner,
    );
    expect(everything.body.total).toBe((await raw()).length);
    expect(
      (await api.get('/reservation/stats?endDate=2024-13-01', sessions.owner)).body,
    ).toMatchObject({ error: 'invalid_request' });
  });
});

describe('GET /reservation/analytics', () => {
  it('aggregates confirmed stays by check-in month (the last N and the next 3) and overall', async () => {
    const response = await api.get<{
      months: Array<Record<string, number | string>>;
      by_verification: Array<{ status: string; count: number }>;
      by_colour: Array<{ colour: string; count: number }>;
      by_source: Array<{ source: string; count: number }>;
      listings_by_status: Record<string, number>;
    }>('/reservation/analytics?months=6', sessions.owner);
    expect(response.status).toBe(200);
    const { months } = response.body;
    const now = new Date(`${today}T00:00:00Z`);
    const monthKey = (offset: number): string => {
      const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
      return date.toISOString().slice(0, 7);
    };
    expect(months.map((month) => month.month)).toEqual(
      [-5, -4, -3, -2, -1, 0, 1, 2, 3].map(monthKey),
    );
    const period = (await raw()).filter(
      (r) =>
        r.status === 'CONFIRMED' &&
        r.check_in_date.slice(0, 7) >= monthKey(-5) &&
        r.check_in_date.slice(0, 7) <= monthKey(3),
    );
    for (const month of months) {
      const inMonth = period.filter((r) => r.check_in_date.startsWith(String(month.month)));
      expect(month).toEqual({
        month: month.month,
        total: inMonth.length,
        green: inMonth.filter((r) => r.colour === 'green').length,
        yellow: inMonth.filter((r) => r.colour === 'yellow').length,
        orange: inMonth.filter((r) => r.colour === 'orange').length,
        red: inMonth.filter((r) => r.colour === 'red').length,
        verified: inMonth.filter((r) => r.verification_status === 'verified').length,
        declined: inMonth.filter((r) => r.verification_status === 'declined').length,
      });
    }
    expect(response.body.by_verification).toEqual(
      ['pending', 'incomplete', 'review', 'verified', 'declined'].map((status) => ({
        status,
        count: period.filter((r) => r.verification_status === status).length,
      })),
    );
    expect(response.body.by_colour).toEqual(
      ['green', 'yellow', 'orange', 'red'].map((colour) => ({
        colour,
        count: period.filter((r) => r.colour === colour).length,
      })),
    );
    const sources = response.body.by_source;
    expect(sources.map((entry) => entry.count)).toEqual(
      sources.map((entry) => period.filter((r) => r.source === entry.source).length),
    );
    expect(sources.map((entry) => entry.count)).toEqual(
      [...sources.map((entry) => entry.count)].sort((a, b) => b - a),
    );
    const [listings] = await api.db.query<Record<string, number>>(
      `select count(*) filter (where status = 'active')::int as active, count(*) filter (where status = 'inactive')::int as inactive,
              count(*) filter (where status = 'archived')::int as archived from listings where account_id = 1`,
    );
    expect(response.body.listings_by_status).toEqual(listings);
  });

  it('defaults to 12 months and allows 1 to 24', async () => {
    const twelve = await api.get<{ months: unknown[] }>('/reservation/analytics', sessions.owner);
    expect(twelve.body.months).toHaveLength(15);
    expect((await api.get('/reservation/analytics?months=0', sessions.owner)).status).toBe(400);
    expect((await api.get('/reservation/analytics?months=25', sessions.owner)).body).toMatchObject({
      error: 'invalid_request',
      message: '"months" must be 24 or less.',
    });
  });
});

describe('GET /reservation/get/{id}', () => {
  it('answers the reservation in full: risk with its thresholds, listing, images, reports', async () => {
    const [row] = await api.db.query<{ id: string }>(
      `select id::text as id from reservations where account_id = 1 and verification_status = 'verified' order by id limit 1`,
    );
    const response = await api.get<ReservationDetail>(
      `/reservation/get/${row?.id}`,
      sessions.owner,
    );
    expect(response.status).toBe(200);
    const detail = response.body;
    expect(Object.keys(detail).sort()).toEqual(
      [
        ...ITEM_KEYS,
        'message',
        'guest_city',
        'guest_country',
        'card_check',
        'listing',
        'images',
        'reports',
      ].sort(),
    );
    expect(Object.keys(detail.risk).sort()).toEqual(
      ['score', 'colour', 'factors', 'screened_at', 'tolerance', 'thresholds'].sort(),
    );
    expect(detail.risk).toMatchObject({
      tolerance: 'balanced',
      thresholds: { yellow: 25, orange: 45, red: 65 },
    });
    expect(detail.risk.screened_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(detail.risk.score).toBe(
      Math.min(
        100,
        detail.risk.factors.reduce((sum, factor) => sum + factor.points, 0),
      ),
    );
    expect(Object.keys(detail.listing).sort()).toEqual(
      [
        'id',
        'nickname',
        'address',
        'city',
        'country',
        'building',
        'building_slug',
        'timezone',
        'check_in_time',
        'check_out_time',
        'bedrooms',
      ].sort(),
    );
    expect(detail.images.map((image) => image.kind)).toEqual(['id_front', 'id_back', 'selfie']);
    for (const image of detail.images)
      expect(Object.keys(image).sort()).toEqual(
        ['kind', 'rotation', 'width', 'height', 'updated_at'].sort(),
      );
    expect(detail.reports).toEqual([]);
  });

  it('is out of reach for vendors (403), other hosts (404) and bad ids (400)', async () => {
    expect(await api.get('/reservation/get/1', sessions.vendor)).toMatchObject({
      status: 403,
      body: { error: 'forbidden' },
    });
    expect(await api.get('/reservation/get/1', sessions.newhost)).toMatchObject({
      status: 404,
      body: RESERVATION_NOT_FOUND,
    });
    expect((await api.get('/reservation/get/999999999', sessions.owner)).body).toEqual(
      RESERVATION_NOT_FOUND,
    );
    expect((await api.get('/reservation/get/abc', sessions.owner)).status).toBe(400);
    expect((await api.get('/reservation/get/1', sessions.admin)).status).toBe(200);
    expect((await api.get('/reservation/get/1', sessions.manager)).status).toBe(200);
  });
});

describe('who sees which reservations', () => {
  it('a vendor sees only the granted buildings, never an email or phone', async () => {
    const granted = (await raw()).filter(
      (r) =>
        ['marina-lofts', 'wynwood-studios'].includes(r.building_slug ?? '') &&
        r.status === 'CONFIRMED' &&
        r.check_in >= 0,
    );
    const page = await search('?size=100', 'vendor');
    expect(page.body.total).toBe(granted.length);
    for (const item of page.body.items) {
      expect(['marina-lofts', 'wynwood-studios']).toContain(item.building_slug);
      expect(item.guest_email).toBeNull();
      expect(item.guest_phone).toBeNull();
    }
    const stats = await api.get<{ total: number }>('/reservation/stats', sessions.vendor);
    expect(stats.body.total).toBe(
      (await raw()).filter(
        (r) =>
          ['marina-lofts', 'wynwood-studios'].includes(r.building_slug ?? '') && r.check_in >= 0,
      ).length,
    );
  });

  it('a manager sees the account like the owner; an admin every account; another host only theirs', async () => {
    const owner = (await search('?status=all&startDate=')).body.total;
    expect((await search('?status=all&startDate=', 'manager')).body.total).toBe(owner);
    const [all] = await api.db.query<{ n: number }>('select count(*)::int as n from reservations');
    expect((await search('?status=all&startDate=', 'admin')).body.total).toBe(all?.n);
    const newhost = (await search('?status=all&startDate=&size=100', 'newhost')).body;
    expect(newhost.total).toBeGreaterThan(0);
    expect(newhost.items.every((item) => item.account_id !== '1')).toBe(true);
    expect(
      (await search(`?search=${encodeURIComponent('Marina Lofts')}`, 'newhost')).body.total,
    ).toBe(0);
  });
});
