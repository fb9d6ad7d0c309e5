// A local fake of Hostaway's public API (https://api.hostaway.com/documentation) for the Hostaway
// adapter's tests: POST /v1/accessTokens (form-encoded client_credentials; the Account ID is the
// client id), GET /v1/listings and GET /v1/reservations with limit/offset, answering
// `{ status: 'success', result, count, limit, offset }`. Wrong credentials and an expired token
// answer 403 `{ status: 'fail', message }`, as Hostaway does.
import type { FakeTokenApi } from './fakeTokenApi';
import { pageOf, startFakeTokenApi } from './fakeTokenApi';

export const FAKE_HOSTAWAY_ACCOUNT_ID = '40160';
export const FAKE_HOSTAWAY_API_KEY =
  'a4f6e9c2b7d1e3f5a8c0b2d4e6f8a1c3e5b7d9f1a3c5e7b9d1f3a5c7e9b1d3f5';

export type HostawayRecord = Record<string, unknown>;

/** `count` listings in Lisbon, each with one reservation from 2026-03-0N. */
export function hostawayPortfolio(count: number) {
  const listings: HostawayRecord[] = Array.from({ length: count }, (_, index) => ({
    id: 70_000 + index,
    name: `Alfama loft ${index + 1} with river view`,
    internalListingName: `Alfama ${index + 1}`,
    address: `Rua de São Miguel ${index + 1}, 1100-544 Lisboa, Portugal`,
    street: `Rua de São Miguel ${index + 1}`,
    city: 'Lisboa',
    country: 'Portugal',
    countryCode: 'PT',
    timeZoneName: 'Europe/Lisbon',
    bedroomsNumber: 1 + (index % 3),
    checkInTimeStart: 15,
    checkOutTime: 11,
    isActive: index === 0 ? 0 : 1,
  }));
  const channels = ['airbnbOfficial', 'bookingcom', 'homeaway', 'direct'];
  const reservations: HostawayRecord[] = listings.map((listing, index) => ({
    id: 900_000 + index,
    listingMapId: listing.id,
    channelId: 2000 + index,
    channelName: channels[index % channels.length],
    guestName: `Guest ${index + 1}`,
    guestFirstName: 'Guest',
    guestLastName: String(index + 1),
    guestEmail: `guest${index + 1}@example.com`,
    phone: '+351 912 345 678',
    numberOfGuests: 2,
    arrivalDate: `2026-03-${String((index % 27) + 1).padStart(2, '0')}`,
    departureDate: `2026-03-${String((index % 27) + 2).padStart(2, '0')}`,
    status: index % 10 === 9 ? 'cancelled' : 'new',
  }));
  return { listings, reservations };
}

export function startFakeHostaway(portfolio: {
  listings: HostawayRecord[];
  reservations: HostawayRecord[];
}): Promise<FakeTokenApi> {
  const refused = { status: 403, body: { status: 'fail', message: 'Unauthorized' } };
  const list = (items: readonly HostawayRecord[]) => (query: URLSearchParams) => {
    const { page, limit, offset, count } = pageOf(items, query, 'offset', 100);
    return { status: 200, body: { status: 'success', result: page, count, limit, offset } };
  };
  return startFakeTokenApi({
    tokenPath: '/v1/accessTokens',
    clientId: FAKE_HOSTAWAY_ACCOUNT_ID,
    clientSecret: FAKE_HOSTAWAY_API_KEY,
    refused,
    expired: refused,
    routes: {
      '/v1/listings': list(portfolio.listings),
      '/v1/reservations': (query) => {
        const from = query.get('departureStartDate') ?? '';
        // `latestActivityOn` ("YYYY-MM-DD HH:MM:SS"), compared by day as Hostaway filters it.
        const active = query.get('latestActivityStart') ?? '';
        return list(
          portfolio.reservations.filter(
            (r) =>
              String(r.departureDate) >= from &&
              String(r.latestActivityOn ?? '2000-01-01').slice(0, 10) >= active,
          ),
        )(query);
      },
      '/v1/reservations/:id': (_query, id) => {
        const found = portfolio.reservations.find((r) => String(r.id) === id);
        return found
          ? { status: 200, body: { status: 'success', result: found } }
          : { status: 404, body: { status: 'fail', message: 'Reservation not found' } };
      },
    },
  });
}
