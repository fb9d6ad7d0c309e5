// A small stand-in for the listings API over real HTTP, so pages, sagas and the shared client run
// for real in component tests. The API's own behaviour is tested against its real database in
// api/; every answer here is checked against the API contract (api/openapi.json), so the stand-in
// cannot promise the remote anything the real API would not answer.
import { keepsContract } from '@hostdash/testing/contract';
import {
  startUpstream,
  type RecordedRequest,
  type Upstream,
  type UpstreamAnswer,
} from '@hostdash/testing/upstream';
import type { BuildingView, Listing, ListingStatus } from '../listings/listingsApi';

export function makeListing(index: number, overrides: Partial<Listing> = {}): Listing {
  const inBuilding = index <= 10;
  return {
    id: String(index),
    account_id: '1',
    nickname: `Loft ${String(index).padStart(2, '0')}`,
    address: `${index} Harbor Street`,
    city: index % 2 ? 'Lisbon' : 'Porto',
    country: 'PT',
    building_id: inBuilding ? '3' : null,
    building: inBuilding ? 'Marina Lofts' : null,
    building_slug: inBuilding ? 'marina-lofts' : null,
    status: index % 5 === 0 ? 'inactive' : 'active',
    pms: 'guesty',
    timezone: 'Europe/Lisbon',
    bedrooms: 2,
    check_in_time: '15:00',
    check_out_time: '11:00',
    guest_language: 'en',
    custom_fields: {},
    version: 1,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

export interface ListingsServer extends Upstream {
  listings: Listing[];
  /** Ids whose next update fails with this answer. */
  failNextUpdate: Map<string, UpstreamAnswer>;
  /** GET paths (`/listing/stats`) that answer this until removed, as an API having trouble would. */
  failing: Map<string, UpstreamAnswer>;
  /** The account's stays in the stats' window (last 30 to next 90 days), and how many were screened. */
  stays: { total: number; screened: number };
  building: BuildingView | null;
  requestsTo: (pathname: string) => URL[];
}

/** What the API answers when something broke on its side (its INTERNAL_ERROR). */
export const INTERNAL_ERROR_ANSWER: UpstreamAnswer = {
  status: 500,
  json: { error: 'internal', message: 'Something went wrong on our side. Try again in a moment.' },
};

const notFound = {
  status: 404,
  json: { error: 'not_found', message: 'This listing does not exist or is not shared with you.' },
};

export async function startListingsServer(count = 23): Promise<ListingsServer> {
  // Tests change these fields on the returned server; the handlers read them from there.
  let state: Pick<
    ListingsServer,
    'listings' | 'failNextUpdate' | 'failing' | 'stays' | 'building'
  > = {
    listings: Array.from({ length: count }, (_, index) => makeListing(index + 1)),
    failNextUpdate: new Map<string, UpstreamAnswer>(),
    failing: new Map<string, UpstreamAnswer>(),
    stays: { total: 200, screened: 150 },
    building: null,
  };
  const urls: URL[] = [];

  function load(url: URL): UpstreamAnswer {
    const search = url.searchParams.get('search')?.toLowerCase();
    const statuses = url.searchParams.get('status')?.split(',');
    const [field, direction] = (url.searchParams.get('sort') ?? 'nickname:asc')
      .split(',')[0]!
      .split(':');
    let rows = state.listings.filter(
      (listing) =>
        (!search || `${listing.nickname} ${listing.address}`.toLowerCase().includes(search)) &&
        (!statuses || statuses.includes(listing.status)),
    );
    if (field === 'nickname')
      rows = [...rows].sort(
        (a, b) => a.nickname.localeCompare(b.nickname) * (direction === 'desc' ? -1 : 1),
      );
    const from = Number(url.searchParams.get('from') ?? 0);
    const size = Number(url.searchParams.get('size') ?? 10);
    return { json: { items: rows.slice(from, from + size), total: rows.length, from, size } };
  }

  /** Listings by PMS, largest first, as the API counts them. */
  function byPms() {
    const counts = new Map<string, number>();
    for (const listing of state.listings)
      counts.set(listing.pms, (counts.get(listing.pms) ?? 0) + 1);
    return [...counts].map(([pms, count]) => ({ pms, count })).sort((a, b) => b.count - a.count);
  }

  function stats(): UpstreamAnswer {
    const count = (status: ListingStatus) =>
      state.listings.filter((listing) => listing.status === status).length;
    return {
      json: {
        total: state.listings.length,
        by_status: {
          active: count('active'),
          inactive: count('inactive'),
          archived: count('archived'),
        },
        by_pms: byPms(),
        by_building: [],
        reservations: {
          ...state.stays,
          screened_share: state.stays.total ? state.stays.screened / state.stays.total : 0,
        },
      },
    };
  }

  function update(id: string, request: RecordedRequest): UpstreamAnswer {
    const index = state.listings.findIndex((listing) => listing.id === id);
    const current = state.listings[index];
    if (!current) return notFound;
    const failure = state.failNextUpdate.get(id);
    if (failure) {
      state.failNextUpdate.delete(id);
      return failure;
    }
    const { version, ...changes } = JSON.parse(request.body) as Partial<Listing> & {
      version: number;
    };
    if (version !== current.version) {
      return {
        status: 409,
        json: {
          error: 'stale_write',
          message: 'This listing was changed by someone else since you opened it.',
          current,
        },
      };
    }
    const updated = {
      ...current,
      ...changes,
      version: current.version + 1,
      updated_at: new Date().toISOString(),
    };
    state.listings[index] = updated;
    return { json: updated };
  }

  const upstream = await startUpstream(
    (request) => {
      const url = new URL(request.url, 'http://api');
      urls.push(url);
      const path = url.pathname.replace(/\/$/, '');
      const failure = request.method === 'GET' ? state.failing.get(path) : undefined;
      if (failure) return failure;
      if (path === '/listing/load' && url.searchParams.get('buildings') === '1') {
        return { json: { items: [], total: 0, size: 10, from: 0, buildings: [] } };
      }
      if (path === '/listing/load') return load(url);
      if (path === '/listing/stats') return stats();
      const get = /^\/listing\/get\/(\w+)$/.exec(path);
      if (get) {
        const listing = state.listings.find((candidate) => candidate.id === get[1]);
        return listing ? { json: { ...listing, upcoming_reservations: [] } } : notFound;
      }
      const change = /^\/listing\/update\/(\w+)$/.exec(path);
      if (change && request.method === 'POST') return update(change[1]!, request);
      if (path.startsWith('/listing/building/')) {
        return state.building &&
          path ===
            `/listing/building/${state.building.building.account_id}/${state.building.building.slug}`
          ? { json: state.building }
          : {
              status: 404,
              json: {
                error: 'building_not_found',
                message: 'This building does not exist or has not been shared with you.',
              },
            };
      }
      return { status: 404, json: { error: 'not_found', message: `No route ${path}` } };
    },
    { check: keepsContract },
  );

  const server: ListingsServer = Object.assign(upstream, state, {
    requestsTo: (pathname: string) =>
      urls.filter((url) => url.pathname.replace(/\/$/, '') === pathname),
  });
  state = server;
  return server;
}
