import { startTestApi, type TestApi } from '../testing/testApi';
import type { BuildingSummary, BuildingView } from './buildingRoutes';

let api: TestApi;
type Role = 'owner' | 'manager' | 'vendor' | 'admin' | 'newhost';
const ROLES: Role[] = ['owner', 'manager', 'vendor', 'admin', 'newhost'];
const sessions = {} as Record<Role, string>;
beforeAll(async () => {
  api = await startTestApi();
  for (const role of ROLES) sessions[role] = await api.signIn(`${role}@hostdash.test`);
});
afterAll(() => api.close());

const BUILDING_NOT_FOUND = {
  error: 'building_not_found',
  message: 'This building does not exist or has not been shared with you.',
};

const aggregation = (session: string) =>
  api.get<{ items: unknown[]; total: number; buildings: BuildingSummary[] }>(
    '/listing/load/?buildings=1&noitems=1',
    session,
  );
const view = (accountId: string, slug: string, session: string) =>
  api.get<BuildingView>(`/listing/building/${accountId}/${slug}`, session);

/** Reservations of a building's listings, with what the building view must never show. */
function buildingReservations(buildingId: string) {
  return api.db.query<{
    id: string;
    listing_id: string;
    check_in: number;
    status: string;
    guest_email: string | null;
    guest_phone: string | null;
  }>(
    `select r.id::text as id, r.listing_id::text as listing_id, r.check_in_date - current_date as check_in, r.status,
            r.guest_email, r.guest_phone
     from reservations r join listings l on l.id = r.listing_id where l.building_id = $1::bigint`,
    [buildingId],
  );
}

describe('GET /listing/load?buildings=1&noitems=1 (the building aggregation)', () => {
  it('lists every building of the owner by name, with listing and arrival counts', async () => {
    const response = await aggregation(sessions.owner);
    expect(response.status).toBe(200);
    expect(response.body.items).toEqual([]);
    const { buildings } = response.body;
    expect(buildings).toHaveLength(8);
    const names = buildings.map((building) => building.name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    for (const building of buildings) {
      expect(Object.keys(building).sort()).toEqual(
        [
          'id',
          'account_id',
          'name',
          'slug',
          'address',
          'city',
          'country',
          'listing_count',
          'active_count',
          'arrivals_today',
          'arrivals_next_7_days',
        ].sort(),
      );
      const listings = await api.db.query<{ status: string }>(
        'select status from listings where building_id = $1::bigint',
        [building.id],
      );
      const arrivals = (await buildingReservations(building.id)).filter(
        (reservation) => reservation.status !== 'CANCELLED',
      );
      expect(building).toMatchObject({
        account_id: '1',
        listing_count: listings.length,
        active_count: listings.filter((listing) => listing.status === 'active').length,
        arrivals_today: arrivals.filter((reservation) => reservation.check_in === 0).length,
        arrivals_next_7_days: arrivals.filter(
          (reservation) => reservation.check_in >= 0 && reservation.check_in <= 7,
        ).length,
      });
    }
    expect(buildings.some((building) => building.arrivals_next_7_days > 0)).toBe(true);
    expect(buildings.some((building) => building.arrivals_today > 0)).toBe(true);
  });

  it('keeps to each role’s scope', async () => {
    expect((await aggregation(sessions.manager)).body.buildings).toHaveLength(8);
    expect(
      (await aggregation(sessions.vendor)).body.buildings.map((building) => building.slug),
    ).toEqual(['marina-lofts', 'wynwood-studios']);
    expect((await aggregation(sessions.newhost)).body.buildings).toEqual([]);
    const [{ n } = { n: 0 }] = await api.db.query<{ n: number }>(
      'select count(*)::int as n from buildings',
    );
    expect((await aggregation(sessions.admin)).body.buildings).toHaveLength(n);
  });
});

describe('GET /listing/building/{accountId}/{slug} (the building view)', () => {
  it('shows the building, its listings by nickname and its arrivals of the coming week', async () => {
    const response = await view('1', 'marina-lofts', sessions.owner);
    expect(response.status).toBe(200);
    const { building, listings, arrivals } = response.body;
    expect(building).toEqual({
      id: '1',
      account_id: '1',
      name: 'Marina Lofts',
      slug: 'marina-lofts',
      address: '1800 Bay Road',
      city: 'Miami Beach',
      country: 'US',
      listing_count: 18,
    });
    expect(listings).toHaveLength(18);
    const nicknames = listings.map((listing) => listing.nickname.toLowerCase());
    expect(nicknames).toEqual([...nicknames].sort());
    expect(Object.keys(listings[0] ?? {}).sort()).toEqual(
      ['id', 'nickname', 'status', 'bedrooms', 'check_in_time', 'check_out_time'].sort(),
    );

    const expected = (await buildingReservations('1')).filter(
      (reservation) =>
        reservation.status !== 'CANCELLED' &&
        reservation.check_in >= 0 &&
        reservation.check_in <= 7,
    );
    expect(arrivals.length).toBeGreaterThan(0);
    expect(new Set(arrivals.map((arrival) => arrival.id))).toEqual(
      new Set(expected.map((reservation) => reservation.id)),
    );
    expect(arrivals).toHaveLength(expected.length);
    const order = arrivals.map((arrival) => `${arrival.check_in_date} ${arrival.guest_name}`);
    expect(order).toEqual(
      [...arrivals]
        .sort(
          (a, b) =>
            a.check_in_date.localeCompare(b.check_in_date) ||
            (a.guest_name.toLowerCase() < b.guest_name.toLowerCase() ? -1 : 1),
        )
        .map((arrival) => `${arrival.check_in_date} ${arrival.guest_name}`),
    );
    for (const arrival of arrivals) {
      expect(Object.keys(arrival).sort()).toEqual(
        [
          'id',
          'listing_id',
          'listing_nickname',
          'guest_name',
          'guests',
          'check_in_date',
          'check_out_date',
          'status',
          'verification_status',
        ].sort(),
      );
      expect(listings.find((listing) => listing.id === arrival.listing_id)?.nickname).toBe(
        arrival.listing_nickname,
      );
    }
  });

  it('is the vendor’s world: granted buildings only, the rest answers like a building that does not exist', async () => {
    expect((await view('1', 'marina-lofts', sessions.vendor)).status).toBe(200);
    expect((await view('1', 'wynwood-studios', sessions.vendor)).body.building).toMatchObject({
      slug: 'wynwood-studios',
      listing_count: 12,
    });
    for (const [accountId, slug] of [
      ['1', 'alfama-terraces'],
      ['1', 'no-such-building'],
      ['2', 'marina-lofts'],
      ['999999', 'marina-lofts'],
    ] as const) {
      expect(await view(accountId, slug, sessions.vendor)).toMatchObject({
        status: 404,
        body: BUILDING_NOT_FOUND,
      });
    }
  });

  it('is open to the account’s users and to admins, not to other hosts', async () => {
    expect((await view('1', 'alfama-terraces', sessions.manager)).status).toBe(200);
    expect((await view('1', 'alfama-terraces', sessions.admin)).status).toBe(200);
    expect(await view('1', 'marina-lofts', sessions.newhost)).toMatchObject({
      status: 404,
      body: BUILDING_NOT_FOUND,
    });
    expect((await api.get('/listing/building/1/marina-lofts')).status).toBe(401);
    expect((await view('abc', 'marina-lofts', sessions.owner)).status).toBe(400);
  });

  it('never carries a guest email, phone number or identity data, for any role', async () => {
    for (const slug of ['marina-lofts', 'wynwood-studios']) {
      const reservations = await buildingReservations(slug === 'marina-lofts' ? '1' : '8');
      const secrets = reservations
        .flatMap((reservation) => [reservation.guest_email, reservation.guest_phone])
        .filter((value): value is string => Boolean(value));
      expect(secrets.length).toBeGreaterThan(0);
      for (const role of ['owner', 'manager', 'vendor', 'admin'] as const) {
        const response = await view('1', slug, sessions[role]);
        expect(response.status).toBe(200);
        expect(response.body.arrivals.length).toBeGreaterThan(0);
        expect(response.text).not.toContain('@');
        expect(response.text).not.toMatch(/\+\d|\d{3}[ -]\d{3}[ -]\d{3,4}/); // phone-like
        expect(response.text).not.toMatch(/email|phone|identity|image|selfie|message/i);
        for (const secret of secrets) expect(response.text).not.toContain(secret);
      }
    }
  });
});

describe('vendor buildings on the user', () => {
  it('come with the vendor’s sign-in and loadAuth, Marina Lofts first', async () => {
    const login = await api.post<{ user: { vendor_buildings: unknown } }>('/login', {
      email: 'vendor@hostdash.test',
      password: 'hostdash-demo',
    });
    const expected = [
      { account_id: '1', slug: 'marina-lofts', name: 'Marina Lofts' },
      { account_id: '1', slug: 'wynwood-studios', name: 'Wynwood Studios' },
    ];
    expect(login.body.user.vendor_buildings).toEqual(expected);
    expect((await api.get('/loadAuth', sessions.vendor)).body.vendor_buildings).toEqual(expected);
    const admin = await api.get<{ items: Array<{ email: string; vendor_buildings: unknown }> }>(
      '/admin/user/load?size=50',
      sessions.admin,
    );
    const byEmail = Object.fromEntries(
      admin.body.items.map((user) => [user.email, user.vendor_buildings]),
    );
    expect(byEmail['vendor@hostdash.test']).toEqual(expected);
    expect(byEmail['owner@hostdash.test']).toEqual([]);
  });

  it('every building a vendor is given opens in the building view', async () => {
    const user = await api.get<{ vendor_buildings: Array<{ account_id: string; slug: string }> }>(
      '/loadAuth',
      sessions.vendor,
    );
    for (const building of user.body.vendor_buildings)
      expect((await view(building.account_id, building.slug, sessions.vendor)).status).toBe(200);
  });
});
