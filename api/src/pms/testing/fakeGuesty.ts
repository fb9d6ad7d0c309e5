// A local fake of Guesty's Open API (https://open-api-docs.guesty.com) for the Guesty adapter's
// tests: POST /oauth2/token (form-encoded client_credentials, scope open-api), GET /v1/listings
// and GET /v1/reservations with limit/skip (at most 100), answering `{ results, count, limit,
// skip }`; reservations take `filters` (a JSON array; `checkOut $gte` and `lastUpdatedAt $gte` are
// honoured); GET /v1/reservations/{id}. Wrong
// credentials answer 401 `{ error: 'invalid_client' }`, an expired token 401, as Guesty does.
import type { FakeTokenApi } from './fakeTokenApi';
import { pageOf, startFakeTokenApi } from './fakeTokenApi';

export const FAKE_GUESTY_CLIENT_ID = '0oa5h8gqkbXYZ123abc5d7';
export const FAKE_GUESTY_CLIENT_SECRET = 'Xq3-9fLk2mZpR7vT0bN4cW8yH1jD6sA5eG_uK';

export type GuestyRecord = Record<string, unknown>;

/** One multi-unit building (MTL parent) in Barcelona with `count` units, one reservation each. */
export function guestyPortfolio(count: number) {
  const address = (unit: string) => ({
    full: `Carrer de Mallorca 401${unit}, 08013 Barcelona, Spain`,
    street: `Carrer de Mallorca 401${unit}`,
    city: 'Barcelona',
    country: 'Spain',
  });
  const parent: GuestyRecord = {
    _id: '64a1f0c2e4b0a1b2c3d4e5f0',
    title: 'Sagrada Família Residences',
    nickname: 'Mallorca 401',
    type: 'MTL',
    address: address(''),
    timezone: 'Europe/Madrid',
    bedrooms: 0,
    active: true,
  };
  const units: GuestyRecord[] = Array.from({ length: count - 1 }, (_, index) => ({
    _id: `64a1f0c2e4b0a1b2c3d4${String(index).padStart(4, '0')}`,
    title: `Bright flat ${index + 1} near Sagrada Família`,
    nickname: `Mallorca 401 · ${index + 1}`,
    type: 'MTL_CHILD',
    mtl: { p: parent._id },
    address: address(`, ${index + 1}`),
    timezone: 'Europe/Madrid',
    bedrooms: 2,
    active: true,
    defaultCheckInTime: '16:00',
    defaultCheckOutTime: '10:00',
  }));
  const platforms = ['airbnb2', 'bookingCom', 'homeaway2', 'manual'];
  const statuses = ['confirmed', 'checked_out', 'inquiry', 'canceled'];
  const reservations: GuestyRecord[] = units.map((unit, index) => ({
    _id: `65b2e1d3f5c1b2c3d4e5${String(index).padStart(4, '0')}`,
    listingId: unit._id,
    status: statuses[index % statuses.length],
    checkIn: `2026-04-${String((index % 27) + 1).padStart(2, '0')}T14:00:00.000Z`,
    checkOut: `2026-04-${String((index % 27) + 2).padStart(2, '0')}T08:00:00.000Z`,
    checkInDateLocalized: `2026-04-${String((index % 27) + 1).padStart(2, '0')}`,
    checkOutDateLocalized: `2026-04-${String((index % 27) + 2).padStart(2, '0')}`,
    guestsCount: 3,
    guest: {
      fullName: `Marta Puig ${index + 1}`,
      email: `marta${index + 1}@example.es`,
      phone: '+34 612 345 678',
    },
    source: platforms[index % platforms.length],
    integration: { platform: platforms[index % platforms.length] },
  }));
  return { listings: [parent, ...units], reservations };
}

interface Filter {
  field: string;
  operator: string;
  value: string;
}

export function startFakeGuesty(portfolio: {
  listings: GuestyRecord[];
  reservations: GuestyRecord[];
}): Promise<FakeTokenApi> {
  const list = (items: readonly GuestyRecord[]) => (query: URLSearchParams) => {
    const { page, limit, offset, count } = pageOf(items, query, 'skip', 100);
    return { status: 200, body: { results: page, count, limit, skip: offset } };
  };
  return startFakeTokenApi({
    tokenPath: '/oauth2/token',
    clientId: FAKE_GUESTY_CLIENT_ID,
    clientSecret: FAKE_GUESTY_CLIENT_SECRET,
    refused: {
      status: 401,
      body: { error: 'invalid_client', error_description: 'The client credentials are invalid' },
    },
    expired: { status: 401, body: { message: 'Unauthorized' } },
    routes: {
      '/v1/listings': list(portfolio.listings),
      '/v1/reservations': (query) => {
        const filters = JSON.parse(query.get('filters') ?? '[]') as Filter[];
        const from =
          filters.find((f) => f.field === 'checkOut' && f.operator === '$gte')?.value ?? '';
        const updated =
          filters.find((f) => f.field === 'lastUpdatedAt' && f.operator === '$gte')?.value ?? '';
        return list(
          portfolio.reservations.filter(
            (r) =>
              String(r.checkOut) >= from &&
              String(r.lastUpdatedAt ?? '2000-01-01T00:00:00.000Z') >= updated,
          ),
        )(query);
      },
      '/v1/reservations/:id': (_query, id) => {
        const found = portfolio.reservations.find((r) => r._id === id);
        return found
          ? { status: 200, body: found }
          : { status: 404, body: { message: 'Reservation not found' } };
      },
    },
  });
}
