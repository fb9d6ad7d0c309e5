import { LISTING_KEYS } from '../testing/listingKeys';
import { startTestApi, type TestApi } from '../testing/testApi';
import type { Listing, UpcomingReservation } from './listingSchemas';

let api: TestApi;
type Role = 'owner' | 'manager' | 'vendor' | 'admin' | 'newhost';
const sessions: Record<Role, string> = {
  owner: '',
  manager: '',
  vendor: '',
  admin: '',
  newhost: '',
};
let today = '';
beforeAll(async () => {
  api = await startTestApi();
  for (const role of Object.keys(sessions) as Role[])
    sessions[role] = await api.signIn(`${role}@hostdash.test`);
  const [row] = await api.db.query<{ today: string }>('select current_date as today');
  today = row?.today ?? '';
});
afterAll(() => api.close());

type ListingDetail = Listing & { upcoming_reservations: UpcomingReservation[] };

const NOT_FOUND = {
  error: 'not_found',
  message: 'This listing does not exist or is not shared with you.',
};

const get = (id: string, session = sessions.owner) =>
  api.get<ListingDetail>(`/listing/get/${id}`, session);
const update = <Body = Listing>(id: string, body: unknown, session = sessions.owner) =>
  api.post<Body>(`/listing/update/${id}`, body, session);

/** A listing of another account than Olivia's (account 1). */
async function otherAccountListing(): Promise<{ id: string; account_id: string }> {
  const [row] = await api.db.query<{ id: string; account_id: string }>(
    `select l.id::text as id, l.account_id::text as account_id from listings l
     join users u on u.account_id = l.account_id where u.email = 'newhost@hostdash.test' order by l.id limit 1`,
  );
  if (!row) throw new Error('no listing of the newhost account');
  return row;
}

async function versionOf(id: string): Promise<number> {
  const [row] = await api.db.query<{ version: number }>(
    'select version from listings where id = $1::bigint',
    [id],
  );
  return row?.version ?? 0;
}

describe('GET /listing/get/{id}', () => {
  it('answers the listing with its next 10 non-cancelled stays, soonest first', async () => {
    // The Marina Lofts listing with the most stays ahead: more than 10, so the limit shows.
    const [busiest] = await api.db.query<{ id: string; upcoming: number }>(
      `select l.id::text as id, count(*)::int as upcoming from listings l join reservations r on r.listing_id = l.id
       where l.building_id = 1 and r.status <> 'CANCELLED' and r.check_out_date >= current_date
       group by l.id order by count(*) desc, l.id limit 1`,
    );
    expect(busiest?.upcoming).toBeGreaterThan(10);
    const id = busiest?.id ?? '';
    const response = await get(id);
    expect(response.status).toBe(200);
    const { upcoming_reservations: upcoming, ...listing } = response.body;
    expect(Object.keys(listing).sort()).toEqual(LISTING_KEYS);
    expect(listing).toMatchObject({
      id,
      account_id: '1',
      building_id: '1',
      building: 'Marina Lofts',
      building_slug: 'marina-lofts',
      check_in_time: expect.stringMatching(/^\d\d:\d\d$/),
      version: expect.any(Number),
    });
    const expected = await api.db.query<{ id: string }>(
      `select id::text as id from reservations
       where listing_id = $1::bigint and status <> 'CANCELLED' and check_out_date >= current_date
       order by check_in_date, id limit 10`,
      [id],
    );
    expect(upcoming.map((reservation) => reservation.id)).toEqual(expected.map((row) => row.id));
    expect(upcoming).toHaveLength(10);
    for (const reservation of upcoming) {
      expect(Object.keys(reservation).sort()).toEqual(
        [
          'id',
          'guest_name',
          'guests',
          'check_in_date',
          'check_out_date',
          'status',
          'source',
          'verification_status',
        ].sort(),
      );
      expect(reservation.status).not.toBe('CANCELLED');
      expect(reservation.check_out_date >= today).toBe(true);
    }
    const checkIns = upcoming.map((reservation) => reservation.check_in_date);
    expect(checkIns).toEqual([...checkIns].sort());
  });

  it('shows a listing to the account’s sub-users and to admins, whatever the account', async () => {
    expect((await get('1', sessions.manager)).body.id).toBe('1');
    const other = await otherAccountListing();
    expect((await get(other.id, sessions.admin)).body).toMatchObject({
      id: other.id,
      account_id: other.account_id,
    });
  });

  it('answers 404 alike for a listing of another account and one that does not exist', async () => {
    const other = await otherAccountListing();
    expect(await get(other.id)).toMatchObject({ status: 404, body: NOT_FOUND });
    expect(await get('1', sessions.newhost)).toMatchObject({ status: 404, body: NOT_FOUND });
    expect(await get('999999999')).toMatchObject({ status: 404, body: NOT_FOUND });
  });

  it('refuses vendors (they see listings through the building view) and strangers', async () => {
    expect(await get('1', sessions.vendor)).toMatchObject({
      status: 403,
      body: { error: 'forbidden' },
    });
    expect((await api.get('/listing/get/1')).status).toBe(401);
    expect((await get('abc')).status).toBe(400);
  });
});

describe('POST /listing/update/{id}', () => {
  it('changes the fields it is sent, bumps the version and updated_at, keeps the rest', async () => {
    const before = (await get('2')).body;
    const response = await update('2', {
      version: before.version,
      nickname: '  Marina Lofts 1B - Renovated  ',
      check_in_time: '14:30',
      check_out_time: '10:00',
      custom_fields: { wifi_network: 'Marina-1B', 'Door code': 'Sent on arrival day' },
      country: 'us',
      timezone: 'america/new_york',
      bedrooms: 3,
    });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(LISTING_KEYS);
    expect(response.body).toMatchObject({
      id: '2',
      nickname: 'Marina Lofts 1B - Renovated',
      check_in_time: '14:30',
      check_out_time: '10:00',
      custom_fields: { wifi_network: 'Marina-1B', 'Door code': 'Sent on arrival day' },
      country: 'US',
      timezone: 'America/New_York',
      bedrooms: 3,
      version: before.version + 1,
      address: before.address,
      status: before.status,
      building_id: before.building_id,
      created_at: before.created_at,
    });
    expect(Date.parse(response.body.updated_at)).toBeGreaterThan(Date.parse(before.updated_at));
    const { upcoming_reservations: _upcoming, ...after } = (await get('2')).body;
    expect(after).toEqual(response.body);
  });

  it('moves a listing between buildings of its account, or out of any', async () => {
    let version = await versionOf('3');
    const moved = await update('3', { version, building_id: '8' });
    expect(moved.body).toMatchObject({
      building_id: '8',
      building: 'Wynwood Studios',
      building_slug: 'wynwood-studios',
    });
    version = moved.body.version;
    const loose = await update('3', { version, building_id: null, status: 'archived' });
    expect(loose.body).toMatchObject({
      building_id: null,
      building: null,
      building_slug: null,
      status: 'archived',
      version: version + 1,
    });
  });

  it('refuses a building of another account, or one that does not exist (400 invalid_building)', async () => {
    const [foreign] = await api.db.query<{ id: string }>(
      `insert into buildings (account_id, name, slug, address, city, country)
       select account_id, 'Lagos Marina Block', 'lagos-marina-block', 'Rua da Marina 21', 'Lagos', 'PT'
       from users where email = 'newhost@hostdash.test' returning id::text as id`,
    );
    const version = await versionOf('4');
    for (const buildingId of [foreign?.id, '999999']) {
      expect(await update('4', { version, building_id: buildingId })).toMatchObject({
        status: 400,
        body: { error: 'invalid_building', message: expect.any(String) },
      });
    }
    expect(await versionOf('4')).toBe(version);
  });

  it('protects against lost updates: the second write from the same version gets 409 with the current listing', async () => {
    const opened = (await get('5')).body;
    const first = await update('5', { version: opened.version, nickname: 'First editor' });
    expect(first.status).toBe(200);
    const second = await update<{ error: string; message: string; current: Listing }>(
      '5',
      { version: opened.version, city: 'Second editor city' },
      sessions.manager,
    );
    expect(second.status).toBe(409);
    expect(second.body).toEqual({
      error: 'stale_write',
      message:
        'This listing was changed by someone else since you opened it. Reload to see the latest version.',
      current: first.body,
    });
    const saved = (await get('5')).body;
    expect(saved).toMatchObject({
      nickname: 'First editor',
      city: opened.city,
      version: opened.version + 1,
    });
    // Reloaded, the second editor's change goes through.
    const retry = await update('5', { version: saved.version, city: 'Miami' }, sessions.manager);
    expect(retry.body).toMatchObject({
      nickname: 'First editor',
      city: 'Miami',
      version: opened.version + 2,
    });
  });

  it('changes a status sent alone without a version (spec: "posting a new status"): last writer wins', async () => {
    const before = (await get('8')).body;
    const target = before.status === 'inactive' ? 'active' : 'inactive';
    const changed = await update('8', { status: target });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      id: '8',
      status: target,
      nickname: before.nickname,
      version: before.version + 1,
    });
    // A second writer who read the old version still sets the status: no 409 without a version.
    const again = await update('8', { status: before.status }, sessions.manager);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: before.status, version: before.version + 2 });
    // With a version, a status change is guarded like any other field.
    expect(await update('8', { version: before.version, status: target })).toMatchObject({
      status: 409,
      body: { error: 'stale_write', current: { status: before.status } },
    });
    // Vendors and strangers are refused as for any change.
    expect(await update('8', { status: target }, sessions.vendor)).toMatchObject({ status: 403 });
    expect(await update('8', { status: target }, sessions.newhost)).toMatchObject({ status: 404 });
    expect((await get('8')).body.status).toBe(before.status);
  });

  it('lets sub-users and admins (any account) change listings; others get 404, vendors 403', async () => {
    expect(
      (await update('6', { version: await versionOf('6'), status: 'inactive' }, sessions.manager))
        .body,
    ).toMatchObject({ status: 'inactive' });
    const other = await otherAccountListing();
    const version = await versionOf(other.id);
    expect(
      (await update(other.id, { version, check_in_time: '16:00' }, sessions.admin)).body,
    ).toMatchObject({ id: other.id, check_in_time: '16:00', version: version + 1 });
    expect(await update(other.id, { version: version + 1, bedrooms: 1 })).toMatchObject({
      status: 404,
      body: NOT_FOUND,
    });
    expect(await update('7', { version: 1, bedrooms: 1 }, sessions.newhost)).toMatchObject({
      status: 404,
      body: NOT_FOUND,
    });
    expect(await update('999999999', { version: 1, bedrooms: 1 })).toMatchObject({
      status: 404,
      body: NOT_FOUND,
    });
    expect(
      await update('7', { version: await versionOf('7'), bedrooms: 1 }, sessions.vendor),
    ).toMatchObject({ status: 403, body: { error: 'forbidden' } });
    expect((await api.post('/listing/update/7', { version: 1, bedrooms: 1 })).status).toBe(401);
    expect(await versionOf(other.id)).toBe(version + 1);
  });

  const invalid = (message: string, field?: { field: string; rule: string }) => ({
    status: 400,
    body: { error: 'invalid_request', message, ...(field && { ...field, in: 'body' }) },
  });
  const tooManyFields = Object.fromEntries(
    Array.from({ length: 21 }, (_, index) => [`field ${index}`, 'x']),
  );
  const cases: Array<[string, Record<string, unknown>, ReturnType<typeof invalid>]> = [
    [
      'version is required for anything but a status',
      { nickname: 'x' },
      invalid(
        '"version" is required to change anything but the status: send the version you read, so that nobody’s changes are overwritten.',
      ),
    ],
    [
      'version is required for a status sent with other fields',
      { status: 'inactive', bedrooms: 2 },
      invalid(
        '"version" is required to change anything but the status: send the version you read, so that nobody’s changes are overwritten.',
      ),
    ],
    [
      'version is a whole number',
      { version: 'one', nickname: 'x' },
      invalid('"version" must be a whole number.'),
    ],
    ['something to change', { version: 1 }, invalid('Nothing to change: send at least one field.')],
    [
      'nickname not blank',
      { version: 1, nickname: '   ' },
      invalid('"nickname" must not be empty.'),
    ],
    [
      'nickname at most 120',
      { version: 1, nickname: 'n'.repeat(121) },
      invalid('"nickname" must be at most 120 characters long.'),
    ],
    ['address not blank', { version: 1, address: '' }, invalid('"address" must not be empty.')],
    [
      'address at most 200',
      { version: 1, address: 'a'.repeat(201) },
      invalid('"address" must be at most 200 characters long.'),
    ],
    ['city not blank', { version: 1, city: ' ' }, invalid('"city" must not be empty.')],
    [
      'city at most 100',
      { version: 1, city: 'c'.repeat(101) },
      invalid('"city" must be at most 100 characters long.'),
    ],
    [
      'country is 2 letters',
      { version: 1, country: 'PRT' },
      invalid('"country" must be a 2-letter country code (ISO 3166-1, e.g. PT).'),
    ],
    [
      'timezone is a real zone',
      { version: 1, timezone: 'Europe/Atlantis' },
      invalid(
        '"timezone" must be an IANA time zone such as Europe/Lisbon or America/New_York ("Europe/Atlantis" is not one).',
        { field: 'timezone', rule: 'timezone' },
      ),
    ],
    [
      'check-in is HH:MM',
      { version: 1, check_in_time: '3pm' },
      invalid('"check_in_time" must be a time of day as HH:MM, 24-hour (e.g. 15:00).'),
    ],
    [
      'check-out is a real time',
      { version: 1, check_out_time: '24:00' },
      invalid('"check_out_time" must be a time of day as HH:MM, 24-hour (e.g. 15:00).'),
    ],
    ['bedrooms 0 or more', { version: 1, bedrooms: -1 }, invalid('"bedrooms" must be 0 or more.')],
    [
      'bedrooms at most 50',
      { version: 1, bedrooms: 51 },
      invalid('"bedrooms" must be 50 or less.'),
    ],
    [
      'bedrooms whole',
      { version: 1, bedrooms: 1.5 },
      invalid('"bedrooms" must be a whole number.'),
    ],
    [
      'custom fields an object',
      { version: 1, custom_fields: ['wifi'] },
      invalid('"custom_fields" must be an object.'),
    ],
    [
      'at most 20 custom fields',
      { version: 1, custom_fields: tooManyFields },
      invalid('"custom_fields" must have at most 20 entries.'),
    ],
    [
      'custom field names',
      { version: 1, custom_fields: { 'wifi!': 'x' } },
      invalid(
        'Custom field names are 1 to 40 letters, digits, spaces, "_" or "-": "wifi!" is not one.',
        { field: 'custom_fields', rule: 'name' },
      ),
    ],
    [
      'custom field names at most 40',
      { version: 1, custom_fields: { ['k'.repeat(41)]: 'x' } },
      invalid(
        `Custom field names are 1 to 40 letters, digits, spaces, "_" or "-": "${'k'.repeat(41)}" is not one.`,
      ),
    ],
    [
      'custom field names not empty',
      { version: 1, custom_fields: { '': 'x' } },
      invalid('Custom field names are 1 to 40 letters, digits, spaces, "_" or "-": "" is not one.'),
    ],
    [
      'custom field values are text',
      { version: 1, custom_fields: { parking: { level: -1 } } },
      invalid('"custom_fields.parking" must be text.'),
    ],
    [
      'custom field values at most 500',
      { version: 1, custom_fields: { parking: 'p'.repeat(501) } },
      invalid('"custom_fields.parking" must be at most 500 characters long.'),
    ],
    [
      'status is one of three',
      { version: 1, status: 'deleted' },
      invalid('"status" must be one of: active, inactive, archived.'),
    ],
    [
      'building_id is an id or null',
      { version: 1, building_id: 'marina' },
      invalid('"building_id" must be a numeric id.'),
    ],
    [
      'only changeable fields',
      { version: 1, pms: 'guesty' },
      invalid(
        '"pms" cannot be changed here. Send any of: nickname, address, city, country, building_id, timezone, check_in_time, check_out_time, guest_language, bedrooms, custom_fields, status.',
      ),
    ],
  ];

  it.each(cases)('validates: %s', async (_rule, body, expected) => {
    const before = (await get('9')).body;
    const response = await update('9', body);
    expect(response).toMatchObject(expected);
    // Nothing already saved is lost or changed on a refusal.
    expect((await get('9')).body).toEqual(before);
  });

  it('refuses a body that is not an object', async () => {
    expect((await update('9', [1, 2])).body).toMatchObject({
      error: 'invalid_request',
      message: 'The request body must be an object.',
    });
  });

  it('accepts the edges of every rule', async () => {
    const response = await update('9', {
      version: await versionOf('9'),
      nickname: 'n'.repeat(120),
      address: 'a'.repeat(200),
      city: 'c'.repeat(100),
      country: 'pt',
      timezone: 'UTC',
      check_in_time: '00:00',
      check_out_time: '23:59',
      bedrooms: 50,
      custom_fields: {
        ...Object.fromEntries(Array.from({ length: 19 }, (_, index) => [`f-${index}`, ''])),
        ['Código da porta ' + 'k'.repeat(24)]: 'v'.repeat(500),
      },
      status: 'inactive',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      country: 'PT',
      timezone: 'UTC',
      check_in_time: '00:00',
      check_out_time: '23:59',
      bedrooms: 50,
    });
    expect(Object.keys(response.body.custom_fields)).toHaveLength(20);
    const cleared = await update('9', { version: response.body.version, custom_fields: {} });
    expect(cleared.body.custom_fields).toEqual({});
  });
});
