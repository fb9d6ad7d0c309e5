import type { ReservationDetail } from './reservationQueries';
import { databaseDay, RESERVATION_NOT_FOUND, signInRoles, type Role } from '../testing/roles';
import { startTestApi, type TestApi } from '../testing/testApi';

let api: TestApi;
let sessions: Record<Role, string>;
let listing = { id: '', city: '', bedrooms: 0 };
let otherListing = '';
let otherAccountListing = '';
let inTen = '';
let inThirteen = '';

beforeAll(async () => {
  api = await startTestApi();
  sessions = await signInRoles(api);
  const [mine, second] = await api.db.query<{ id: string; city: string; bedrooms: number }>(
    `select id::text as id, city, bedrooms from listings where account_id = 1 and bedrooms = 2 order by id limit 2`,
  );
  listing = mine ?? listing;
  otherListing = second?.id ?? '';
  const [theirs] = await api.db.query<{ id: string }>(
    `select l.id::text as id from listings l join users u on u.account_id = l.account_id
     where u.email = 'newhost@hostdash.test' order by l.id limit 1`,
  );
  otherAccountListing = theirs?.id ?? '';
  inTen = await databaseDay(api, 10);
  inThirteen = await databaseDay(api, 13);
});
afterAll(() => api.close());

type Answer = ReservationDetail & {
  error?: string;
  message?: string;
  field?: string;
  in?: string;
  rule?: string;
  current?: ReservationDetail;
};

const valid = () => ({
  listing_id: listing.id,
  guest_name: '  Ada Lovelace ',
  guest_email: 'Ada.Lovelace@Example.com',
  guest_phone: '+44 (20) 7946-0958',
  guest_city: 'London',
  guest_country: 'gb',
  guests: 2,
  check_in_date: inTen,
  check_out_date: inThirteen,
  source: 'direct',
  message: 'Arriving by train around six.',
  card_check: 'passed',
});

const create = (body: unknown, role: Role = 'owner') =>
  api.post<Answer>('/reservation/create', body, sessions[role]);
const update = (id: string, body: unknown, role: Role = 'owner') =>
  api.post<Answer>(`/reservation/update/${id}`, body, sessions[role]);
const logEvents = async (id: string): Promise<Array<Record<string, unknown>>> =>
  (
    await api.get<{ items: Array<Record<string, unknown>> }>(
      `/reservation/protectLog/${id}`,
      sessions.owner,
    )
  ).body.items;

describe('POST /reservation/create', () => {
  it('creates, screens at once and logs it; answers the reservation (201)', async () => {
    const response = await create(valid());
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      account_id: '1',
      listing_id: listing.id,
      guest_name: 'Ada Lovelace',
      guest_email: 'ada.lovelace@example.com',
      guest_phone: '+44 (20) 7946-0958',
      guest_city: 'London',
      guest_country: 'GB',
      guests: 2,
      check_in_date: inTen,
      check_out_date: inThirteen,
      nights: 3,
      status: 'CONFIRMED',
      source: 'direct',
      verification_status: 'pending',
      card_check: 'passed',
      message: 'Arriving by train around six.',
      version: 1,
      images: [],
      reports: [],
    });
    expect(response.body.risk).toMatchObject({
      score: 20,
      colour: 'green',
      factors: [{ code: 'id_not_verified' }],
      screened_at: expect.any(String),
    });
    const events = (await logEvents(response.body.id)).map((entry) => entry.event);
    expect(events).toEqual(['screened', 'reservation_created']);
    // It is in the list straight away.
    const list = await api.get<{ items: Array<{ id: string }> }>(
      `/reservation/search?listing_id=${listing.id}&size=100`,
      sessions.owner,
    );
    expect(list.body.items.map((item) => item.id)).toContain(response.body.id);
  });

  it('screens what it is given: a same-day, one-guest-too-many party booking is red', async () => {
    const today = await databaseDay(api);
    const response = await create({
      ...valid(),
      guest_city: listing.city.toLowerCase(),
      guests: listing.bedrooms * 2 + 2,
      check_in_date: today,
      check_out_date: await databaseDay(api, 2),
      message: 'Throwing a birthday party!',
      card_check: 'failed',
    });
    expect(response.body.risk.factors.map((factor) => factor.code).sort()).toEqual(
      [
        'card_check_failed',
        'id_not_verified',
        'large_party',
        'local_guest',
        'party_words',
        'same_day_booking',
      ].sort(),
    );
    expect(response.body.risk).toMatchObject({ score: 100, colour: 'red' });
  });

  it('checks every field with a sentence naming it', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ check_out_date: inTen }, 'Check-out must be after check-in.'],
      [{ check_out_date: '2020-01-01' }, 'Check-out must be after check-in.'],
      [{ check_out_date: '2099-01-01' }, 'A stay can be at most 365 nights.'],
      [{ check_in_date: '2026-02-30' }, '"check_in_date" must be a real date (got "2026-02-30").'],
      [{ check_in_date: '10/12/2026' }, '"check_in_date" must be a date as YYYY-MM-DD.'],
      [{ guest_email: 'not-an-email' }, '"guest_email" must be an email address.'],
      [{ guests: 0 }, '"guests" must be 1 or more.'],
      [{ guests: 31 }, '"guests" must be 30 or less.'],
      [{ guests: 2.5 }, '"guests" must be a whole number.'],
      [
        { guest_phone: 'call me' },
        '"guest_phone" must be a phone number: digits, spaces, +, - and parentheses, with 6 to 20 digits.',
      ],
      [
        { guest_phone: '+1 555' },
        '"guest_phone" must be a phone number: digits, spaces, +, - and parentheses, with 6 to 20 digits.',
      ],
      [{ guest_name: '   ' }, '"guest_name" must not be empty.'],
      [{ guest_name: 'x'.repeat(121) }, '"guest_name" must be at most 120 characters long.'],
      [
        { guest_country: 'Portugal' },
        '"guest_country" must be a 2-letter country code (ISO 3166-1, e.g. PT).',
      ],
      [{ source: 'expedia' }, '"source" must be one of: airbnb, booking.com, vrbo, direct.'],
      [{ status: 'BOOKED' }, '"status" must be one of: CONFIRMED, CANCELLED, INQUIRY.'],
      [{ card_check: 'ok' }, '"card_check" must be one of: passed, failed, not_run.'],
      [
        { price: 120 },
        '"price" is not a reservation field. Send any of: listing_id, guest_name, guest_email, guest_phone, guest_city, guest_country, guests, check_in_date, check_out_date, source, status, message, card_check.',
      ],
    ];
    for (const [change, message] of cases) {
      const response = await create({ ...valid(), ...change });
      expect({ change, status: response.status, body: response.body }).toMatchObject({
        change,
        status: 400,
        body: { error: 'invalid_request', message },
      });
      // Each names the field it is about, so a form can say it beside that field.
      expect({ change, field: response.body.field, in: response.body.in }).toEqual({
        change,
        field: Object.keys(change)[0],
        in: 'body',
      });
      expect(typeof response.body.rule).toBe('string');
    }
    const { guest_email: _email, ...withoutEmail } = valid();
    expect((await create(withoutEmail)).body.message).toBe('"guest_email" is required.');
    // Optional fields may be left out or empty.
    const { guest_phone: _phone, message: _message, ...minimal } = valid();
    expect((await create({ ...minimal, guest_city: '' })).status).toBe(201);
  });

  it("refuses a listing outside the caller's account", async () => {
    const invalid = {
      error: 'invalid_listing',
      message: 'That listing does not exist in this account. Pick one of your listings.',
    };
    expect((await create({ ...valid(), listing_id: otherAccountListing })).body).toEqual(invalid);
    expect((await create({ ...valid(), listing_id: '999999999' })).body).toEqual(invalid);
    const [before] = await api.db.query<{ n: number }>(
      `select count(*)::int as n from reservations where guest_name = 'Ada Lovelace' and listing_id = $1::bigint`,
      [otherAccountListing],
    );
    expect(before?.n).toBe(0);
  });

  it('is not for vendors; a manager and an admin may', async () => {
    expect((await create(valid(), 'vendor')).status).toBe(403);
    expect((await create(valid(), 'manager')).status).toBe(201);
    const admin = await create({ ...valid(), listing_id: otherAccountListing }, 'admin');
    expect(admin.status).toBe(201);
    expect(admin.body.account_id).not.toBe('1');
  });
});

describe('POST /reservation/update/{id}', () => {
  it('changes only what is sent, on the version read; moves the version; re-screens; logs the diff', async () => {
    const created = (await create(valid())).body;
    const response = await update(created.id, {
      version: 1,
      guests: 7,
      check_out_date: await databaseDay(api, 11),
      guest_phone: '',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: created.id,
      version: 2,
      guests: 7,
      nights: 1,
      guest_phone: null,
      guest_name: 'Ada Lovelace',
    });
    expect(response.body.risk.factors.map((factor) => factor.code)).toContain('large_party');
    const [recalculated, updated] = await logEvents(created.id);
    expect(updated).toMatchObject({
      event: 'reservation_updated',
      actor_name: 'Olivia Hart',
      details: {
        changes: {
          guests: { from: 2, to: 7 },
          check_out_date: { from: inThirteen, to: await databaseDay(api, 11) },
          guest_phone: { from: '+44 (20) 7946-0958', to: null },
        },
      },
    });
    // A one-night stay starting on a Friday or Saturday adds its own 15 points (whatever today is).
    const [weekend] = await api.db.query<{ yes: boolean }>(
      `select extract(isodow from current_date + 10) in (5, 6) as yes`,
    );
    expect(recalculated).toMatchObject({
      event: 'risk_recalculated',
      details: {
        before: { score: 20 },
        after: weekend?.yes ? { score: 50, colour: 'orange' } : { score: 35, colour: 'yellow' },
      },
    });
  });

  it('refuses a stale version with 409 and the reservation as it is now', async () => {
    const created = (await create(valid())).body;
    expect((await update(created.id, { version: 1, guests: 3 })).status).toBe(200);
    const stale = await update(created.id, { version: 1, guests: 4 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      error: 'stale_write',
      message:
        'This reservation was changed by someone else since you opened it. Reload to see the latest version.',
      current: { id: created.id, version: 2, guests: 3 },
    });
    const [row] = await api.db.query<{ guests_count: number; version: number }>(
      'select guests_count, version from reservations where id = $1::bigint',
      [created.id],
    );
    expect(row).toEqual({ guests_count: 3, version: 2 });
  });

  it('checks the stay against what is stored, and every rule of create', async () => {
    const created = (await create(valid())).body;
    expect((await update(created.id, { version: 1, check_out_date: inTen })).body).toMatchObject({
      error: 'invalid_request',
      message: 'Check-out must be after check-in.',
    });
    expect((await update(created.id, { version: 1, check_in_date: inThirteen })).body.message).toBe(
      'Check-out must be after check-in.',
    );
    expect((await update(created.id, { version: 1 })).body).toMatchObject({
      error: 'invalid_request',
      message: 'Nothing to change: send at least one field.',
    });
    expect((await update(created.id, { guests: 3 })).body.message).toBe('"version" is required.');
    expect((await update(created.id, { version: 1, guest_email: 'nope' })).status).toBe(400);
    expect((await update(created.id, { version: 1, guest_name: null })).status).toBe(400);
    expect(
      (await update(created.id, { version: 1, listing_id: otherAccountListing })).body,
    ).toMatchObject({
      error: 'invalid_listing',
    });
    const moved = await update(created.id, { version: 1, listing_id: otherListing });
    expect(moved.body).toMatchObject({ listing_id: otherListing, version: 2 });
  });

  it('is not for vendors, nor for other hosts', async () => {
    const created = (await create(valid())).body;
    expect((await update(created.id, { version: 1, guests: 3 }, 'vendor')).status).toBe(403);
    expect((await update(created.id, { version: 1, guests: 3 }, 'newhost')).body).toEqual(
      RESERVATION_NOT_FOUND,
    );
    expect((await update(created.id, { version: 1, guests: 3 }, 'admin')).status).toBe(200);
  });
});
