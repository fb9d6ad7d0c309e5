// The real adapters (Hostaway, Guesty) against local fakes that answer their documented shapes.
import { guestyAdapter } from './adapters/guesty';
import { hostawayAdapter } from './adapters/hostaway';
import type { Credentials, PmsAdapter, PmsConnection, PmsListing, PmsReservation } from './pms';
import { PmsAuthError, PmsUnavailableError } from './pms';
import {
  FAKE_GUESTY_CLIENT_ID,
  FAKE_GUESTY_CLIENT_SECRET,
  guestyPortfolio,
  startFakeGuesty,
} from './testing/fakeGuesty';
import {
  FAKE_HOSTAWAY_ACCOUNT_ID,
  FAKE_HOSTAWAY_API_KEY,
  hostawayPortfolio,
  startFakeHostaway,
} from './testing/fakeHostaway';
import type { FakeTokenApi } from './testing/fakeTokenApi';

interface System {
  name: string;
  start(count: number): Promise<FakeTokenApi>;
  adapter(baseUrl: string): PmsAdapter;
  credentials: Credentials;
  /** The field a refused secret is reported on, and the one holding it. */
  secretField: string;
  offsetParam: string;
}

const SYSTEMS: System[] = [
  {
    name: 'Hostaway',
    start: (count) => startFakeHostaway(hostawayPortfolio(count)),
    adapter: (baseUrl) => hostawayAdapter({ baseUrl }),
    credentials: { accountId: FAKE_HOSTAWAY_ACCOUNT_ID, apiKey: FAKE_HOSTAWAY_API_KEY },
    secretField: 'apiKey',
    offsetParam: 'offset',
  },
  {
    name: 'Guesty',
    start: (count) => startFakeGuesty(guestyPortfolio(count)),
    adapter: (baseUrl) => guestyAdapter({ baseUrl }),
    credentials: { clientId: FAKE_GUESTY_CLIENT_ID, clientSecret: FAKE_GUESTY_CLIENT_SECRET },
    secretField: 'clientSecret',
    offsetParam: 'skip',
  },
];

async function allListings(connection: PmsConnection) {
  const pages: Array<{ items: PmsListing[]; next: string | null; total: number | null }> = [];
  let cursor: string | null = null;
  do {
    const page = await connection.listings(cursor);
    pages.push(page);
    cursor = page.next;
  } while (cursor !== null);
  return pages;
}

async function allReservations(connection: PmsConnection, since: string) {
  const items: PmsReservation[] = [];
  let cursor: string | null = null;
  do {
    const page = await connection.reservations(cursor, since);
    items.push(...page.items);
    cursor = page.next;
  } while (cursor !== null);
  return items;
}

describe.each(SYSTEMS)('the $name adapter', (system) => {
  let fake: FakeTokenApi;
  afterEach(() => fake.close());

  const connect = (credentials = system.credentials) =>
    system.adapter(fake.url).connect(credentials);

  it('accepts good credentials and pages through every listing with the documented paging', async () => {
    fake = await system.start(250);
    const connection = connect();
    expect(await connection.validate()).toMatchObject({ ok: true });
    const pages = await allListings(connection);
    expect(pages.map((page) => page.items.length)).toEqual([100, 100, 50]);
    expect(pages.map((page) => page.total)).toEqual([250, 250, 250]);
    expect(pages.map((page) => page.next)).toEqual(['100', '200', null]);
    const ids = pages.flatMap((page) => page.items.map((listing) => listing.externalId));
    expect(new Set(ids).size).toBe(250);
    const listingCalls = fake.requests.filter((request) => request.startsWith('GET /v1/listings'));
    expect(listingCalls).toHaveLength(3);
    expect(listingCalls[2]).toContain(`${system.offsetParam}=200`);
    expect(listingCalls[2]).toContain('limit=100');
  });

  it('refuses wrong credentials as a field error, before anything is imported', async () => {
    fake = await system.start(3);
    const check = await connect({
      ...system.credentials,
      [system.secretField]: 'not-the-key',
    }).validate();
    expect(check).toEqual({ ok: false, field: system.secretField, message: expect.any(String) });
    expect(fake.requests.filter((request) => request.startsWith('GET'))).toEqual([]);
  });

  it('names an empty field without calling the system', async () => {
    fake = await system.start(3);
    const check = await connect({ ...system.credentials, [system.secretField]: ' ' }).validate();
    expect(check).toMatchObject({ ok: false, field: system.secretField });
    expect(fake.requests).toEqual([]);
  });

  it('gets a new token once when the old one expires, and goes on', async () => {
    fake = await system.start(250);
    fake.tokenLifetimeCalls = 2;
    const pages = await allListings(connect());
    expect(pages.flatMap((page) => page.items)).toHaveLength(250);
    expect(fake.tokensIssued).toBe(2);
  });

  it('reuses the token of the credential check for the import (systems limit token requests)', async () => {
    fake = await system.start(3);
    expect(await connect().validate()).toMatchObject({ ok: true });
    await connect().listings(null);
    await connect().reservations(null, '2026-01-01');
    expect(fake.tokensIssued).toBe(1);
  });

  it('throws PmsAuthError when the credentials are revoked mid-import', async () => {
    fake = await system.start(250);
    const connection = connect();
    const first = await connection.listings(null);
    fake.revoked = true;
    const failure = connection.listings(first.next);
    await expect(failure).rejects.toBeInstanceOf(PmsAuthError);
    await expect(failure).rejects.not.toThrow(String(system.credentials[system.secretField]));
  });

  it('throws PmsUnavailableError when the system answers 503 or cannot be reached', async () => {
    fake = await system.start(3);
    fake.unavailable = true;
    await expect(connect().validate()).rejects.toBeInstanceOf(PmsUnavailableError);
    await expect(connect().listings(null)).rejects.toBeInstanceOf(PmsUnavailableError);
    const closed = fake.url;
    await fake.close();
    fake = await system.start(1);
    const unreachable = system.adapter(closed).connect(system.credentials);
    await expect(unreachable.listings(null)).rejects.toBeInstanceOf(PmsUnavailableError);
  });

  it('maps reservations to Hostdash’s words, from the given day on', async () => {
    fake = await system.start(120);
    const connection = connect();
    const all = await allReservations(connection, '2026-01-01');
    expect(all.length).toBeGreaterThan(100);
    for (const reservation of all) {
      expect(reservation.checkIn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(reservation.checkOut > reservation.checkIn).toBe(true);
      expect(reservation.guestName).not.toBe('');
    }
    expect(new Set(all.map((reservation) => reservation.source))).toEqual(
      new Set(['airbnb', 'booking.com', 'vrbo', 'direct']),
    );
    expect(new Set(all.map((reservation) => reservation.status))).toContain('CANCELLED');
    const later = await allReservations(connection, '2026-12-01');
    expect(later).toEqual([]);
  });
});

describe('mapping', () => {
  let fake: FakeTokenApi;
  afterEach(() => fake.close());

  it('Hostaway: hours as HH:MM, country code, inactive listings', async () => {
    fake = await startFakeHostaway(hostawayPortfolio(2));
    const connection = hostawayAdapter({ baseUrl: fake.url }).connect({
      accountId: FAKE_HOSTAWAY_ACCOUNT_ID,
      apiKey: FAKE_HOSTAWAY_API_KEY,
    });
    const { items } = await connection.listings(null);
    expect(items[0]).toEqual({
      externalId: '70000',
      nickname: 'Alfama 1',
      address: 'Rua de São Miguel 1, 1100-544 Lisboa, Portugal',
      city: 'Lisboa',
      country: 'PT',
      timezone: 'Europe/Lisbon',
      bedrooms: 1,
      building: null,
      status: 'inactive',
      checkInTime: '15:00',
      checkOutTime: '11:00',
    });
    const reservations = await connection.reservations(null, '2026-01-01');
    expect(reservations.items[0]).toEqual({
      externalId: '900000',
      listingExternalId: '70000',
      guestName: 'Guest 1',
      guestEmail: 'guest1@example.com',
      guestPhone: '+351 912 345 678',
      guestsCount: 2,
      checkIn: '2026-03-01',
      checkOut: '2026-03-02',
      status: 'CONFIRMED',
      source: 'airbnb',
    });
  });

  it('Guesty: units of a multi-unit listing carry its building; localized dates', async () => {
    fake = await startFakeGuesty(guestyPortfolio(3));
    const connection = guestyAdapter({ baseUrl: fake.url }).connect({
      clientId: FAKE_GUESTY_CLIENT_ID,
      clientSecret: FAKE_GUESTY_CLIENT_SECRET,
    });
    const { items } = await connection.listings(null);
    expect(items.map((listing) => listing.building)).toEqual([
      null,
      'Mallorca 401',
      'Mallorca 401',
    ]);
    expect(items[1]).toMatchObject({
      city: 'Barcelona',
      country: 'Spain',
      timezone: 'Europe/Madrid',
      checkInTime: '16:00',
      checkOutTime: '10:00',
    });
    const reservations = await connection.reservations(null, '2026-01-01');
    expect(reservations.items[1]).toMatchObject({
      guestName: 'Marta Puig 2',
      checkIn: '2026-04-02',
      checkOut: '2026-04-03',
      source: 'booking.com',
      status: 'CONFIRMED',
      guestsCount: 3,
    });
  });
});
