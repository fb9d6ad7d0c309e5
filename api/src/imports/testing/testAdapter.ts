// A PMS adapter for the import tests, speaking only api/src/pms/pms.ts: a generated portfolio in
// pages, with switches to refuse the credentials, throw on a given page, or hold a page until the
// test lets it go. Not the sandbox (api/src/pms/): the tests must not depend on it.
import {
  PmsAuthError,
  PmsUnavailableError,
  type PmsAdapter,
  type PmsListing,
  type PmsPage,
  type PmsReservation,
} from '../../pms/pms';

export interface TestPortfolio {
  listings: PmsListing[];
  reservations: PmsReservation[];
}

/** `count` listings (`L1`…) in Lisbon, two per building, and `perListing` reservations each. */
export function generatePortfolio(
  count: number,
  perListing: number,
  firstCheckIn = '2026-12-01',
): TestPortfolio {
  const listings: PmsListing[] = [];
  const reservations: PmsReservation[] = [];
  const start = Date.parse(`${firstCheckIn}T00:00:00Z`);
  const day = (offset: number) => new Date(start + offset * 86_400_000).toISOString().slice(0, 10);
  for (let i = 1; i <= count; i += 1) {
    listings.push({
      externalId: `L${i}`,
      nickname: `Imported flat ${i}`,
      address: `Rua das Flores ${i}`,
      city: 'Lisbon',
      country: 'PT',
      timezone: 'Europe/Lisbon',
      bedrooms: 1 + (i % 3),
      building: `Flores Block ${Math.ceil(i / 2)}`,
      status: 'active',
      checkInTime: '16:00',
      checkOutTime: null,
    });
    for (let j = 0; j < perListing; j += 1) {
      reservations.push({
        externalId: `R${i}-${j}`,
        listingExternalId: `L${i}`,
        guestName: `Guest ${i}-${j}`,
        guestEmail: `guest${i}x${j}@example.test`,
        guestPhone: null,
        guestsCount: 2,
        checkIn: day(j * 7),
        checkOut: day(j * 7 + 3),
        status: 'CONFIRMED',
        source: 'airbnb',
      });
    }
  }
  return { listings, reservations };
}

export interface TestAdapterControls {
  portfolio: TestPortfolio;
  pageSize: number;
  /** validate() refuses the credentials. */
  refuse?: boolean;
  /** Throws this on the listings page with this 1-based number (every time it is asked). */
  failListingsPage?: { page: number; error: () => Error };
  failReservationsPage?: { page: number; error: () => Error };
  /** Awaited before answering a page (a slow system). */
  beforePage?: (kind: 'listings' | 'reservations', page: number) => Promise<void>;
  /** Every call, as the system would see it: kind and cursor. */
  calls: {
    kind: 'validate' | 'listings' | 'reservations';
    cursor: string | null;
    since?: string;
  }[];
}

export const unavailable = () => new PmsUnavailableError('503 from the test system');
export const revoked = () => new PmsAuthError('401 from the test system');

/** Pages of `pageSize`; the cursor is the offset of the next page, as text. */
function paged<Item>(items: Item[], cursor: string | null, pageSize: number): PmsPage<Item> {
  const offset = cursor === null ? 0 : Number(cursor);
  const next = offset + pageSize < items.length ? String(offset + pageSize) : null;
  return { items: items.slice(offset, offset + pageSize), next, total: items.length };
}

export function testAdapter(
  controls: Omit<TestAdapterControls, 'calls'>,
): PmsAdapter & { controls: TestAdapterControls } {
  const all: TestAdapterControls = { ...controls, calls: [] };
  const pageNumber = (cursor: string | null) =>
    cursor === null ? 1 : Number(cursor) / all.pageSize + 1;
  return {
    controls: all,
    descriptor: {
      name: 'hostaway',
      label: 'Hostaway',
      auth: 'api_key_secret',
      fields: [
        { name: 'accountId', label: 'Account ID', secret: false, help: 'Settings' },
        { name: 'apiKey', label: 'API key', secret: true, help: 'Settings' },
      ],
      docsUrl: 'https://api.hostaway.com/documentation',
      adapter: 'real',
    },
    connect() {
      return {
        async validate() {
          all.calls.push({ kind: 'validate', cursor: null });
          return all.refuse
            ? { ok: false, field: 'apiKey', message: 'This API key is not valid.' }
            : { ok: true, accountLabel: 'Test portfolio' };
        },
        async listings(cursor) {
          all.calls.push({ kind: 'listings', cursor });
          const page = pageNumber(cursor);
          await all.beforePage?.('listings', page);
          if (all.failListingsPage?.page === page) throw all.failListingsPage.error();
          return paged(all.portfolio.listings, cursor, all.pageSize);
        },
        async reservations(cursor, since) {
          all.calls.push({ kind: 'reservations', cursor, since });
          const page = pageNumber(cursor);
          await all.beforePage?.('reservations', page);
          if (all.failReservationsPage?.page === page) throw all.failReservationsPage.error();
          const from = all.portfolio.reservations.filter((r) => r.checkOut >= since);
          return paged(from, cursor, all.pageSize);
        },
      };
    },
  };
}
