// A small stand-in for the platform part of the admin API (every listing across accounts, one
// listing's detail, the analytics) over real HTTP, so the pages, the sagas and the shared client
// run for real in component tests. Its filtering is deliberately simple; the API's own (search
// ranking, counts, who may call) is tested on its real database in api/src/platform/. Every answer
// here is checked against the API contract (api/openapi.json).
import { keepsContract } from '@hostdash/testing/contract';
import {
  startUpstream,
  type RecordedRequest,
  type Upstream,
  type UpstreamAnswer,
} from '@hostdash/testing/upstream';
import type { FrontendHealth, HealthSeries, PlatformAnalytics } from '../analytics/analyticsApi';
import type { AdminListing, AdminListingDetail } from '../listings/platformListingsApi';
import { STAFF } from './staff';

export const ACCOUNTS = [
  { id: '1', name: 'Harbour Stays' },
  { id: '2', name: 'Alfama Homes' },
  { id: '3', name: 'Mountain Cabins' },
];
const PMS = ['guesty', 'hostaway', 'beds24'];
const STATUSES: AdminListing['status'][] = ['active', 'active', 'inactive', 'archived'];

export function makeListing(index: number, overrides: Partial<AdminListing> = {}): AdminListing {
  const account = ACCOUNTS[index % ACCOUNTS.length]!;
  return {
    id: String(100 + index),
    account_id: account.id,
    account_name: account.name,
    nickname: `Flat ${String(index).padStart(2, '0')}`,
    address: `${index} Rua Nova`,
    city: index % 2 ? 'Lisbon' : 'Porto',
    country: 'PT',
    building_id: null,
    building: null,
    building_slug: null,
    status: STATUSES[index % STATUSES.length]!,
    pms: PMS[(index >> 1) % PMS.length]!,
    timezone: 'Europe/Lisbon',
    bedrooms: 1 + (index % 3),
    check_in_time: '15:00',
    check_out_time: '11:00',
    guest_language: 'en',
    custom_fields: {},
    version: 1,
    created_at: '2026-10-01T09:00:00Z',
    updated_at: '2026-11-20T09:00:00Z',
    ...overrides,
  };
}

export function makeDetail(listing: AdminListing): AdminListingDetail {
  return {
    ...listing,
    owner: {
      name: `Owner of ${listing.account_name}`,
      email: `owner${listing.account_id}@hostdash.test`,
    },
    upcoming_reservations: [
      {
        id: '900',
        guest_name: 'Maria Costa',
        guests: 2,
        check_in_date: '2026-12-01',
        check_out_date: '2026-12-04',
        status: 'CONFIRMED',
        source: 'airbnb',
        verification_status: 'verified',
      },
    ],
  };
}

/** The analytics of a period: day i has i sign-ins (so each period's figures differ and are known). */
export function makeAnalytics(days: 7 | 30 | 90, today = '2026-11-25'): PlatformAnalytics {
  const last = new Date(`${today}T00:00:00Z`);
  const dates = Array.from({ length: days }, (_, index) => {
    const date = new Date(last);
    date.setUTCDate(last.getUTCDate() - (days - 1 - index));
    return date.toISOString().slice(0, 10);
  });
  const sign_ins = dates.map((date, index) => ({ date, count: index + 1 }));
  const active_accounts = dates.map((date, index) => ({ date, count: index % 3 }));
  const screened_by_colour = dates.map((date, index) => ({
    date,
    green: 2,
    yellow: 1,
    orange: index % 2,
    red: index === days - 1 ? 1 : 0,
  }));
  const verification_outcomes = dates.map((date) => ({
    date,
    pending: 0,
    incomplete: 1,
    review: 0,
    verified: 2,
    declined: 0,
  }));
  const imports = dates.map((date, index) => ({ date, succeeded: index % 4, failed: null }));
  const total = <Row>(rows: Row[], key: keyof Row) =>
    rows.reduce((sum, row) => sum + Number(row[key]), 0);
  return {
    days,
    from: dates[0]!,
    to: today,
    series: { sign_ins, active_accounts, screened_by_colour, verification_outcomes, imports },
    totals: {
      sign_ins: total(sign_ins, 'count'),
      active_accounts: 3,
      screened_by_colour: {
        green: total(screened_by_colour, 'green'),
        yellow: total(screened_by_colour, 'yellow'),
        orange: total(screened_by_colour, 'orange'),
        red: total(screened_by_colour, 'red'),
      },
      verification_outcomes: {
        pending: 0,
        incomplete: days,
        review: 0,
        verified: 2 * days,
        declined: 0,
      },
      imports: { succeeded: total(imports, 'succeeded'), failed: null },
    },
  };
}

const MINUTE = 60_000;

/**
 * The front-end's health over the `hours` before `now` (a day: 24 buckets of an hour):
 * listings 0.2.0 (bucket i: i % 3 sessions, an error in every fifth), listings 0.3.0 (one session
 * with an error in the last bucket), the shell (no events in its buckets but the last).
 */
export function makeFrontendHealth(
  hours = 24,
  remote: string | null = null,
  now = Date.now(),
): FrontendHealth {
  // Longer buckets than the API's (about 25 rather than 100 a period): the same shape, less for
  // jsdom to draw.
  const bucketMinutes = hours <= 2 ? 5 : hours <= 24 ? 60 : hours <= 168 ? 360 : 1440;
  const bucketMs = bucketMinutes * MINUTE;
  const to = Math.ceil(now / MINUTE) * MINUTE;
  const from = Math.floor((to - hours * 60 * MINUTE) / bucketMs) * bucketMs;
  const starts: string[] = [];
  for (let at = from; at < to; at += bucketMs) starts.push(new Date(at).toISOString());
  const quiet = {
    sessions: 0,
    sessions_with_error: 0,
    error_rate: null,
    errors: 0,
    load_failures: 0,
    api_failures: 0,
    api_refusals: 0,
    lcp_p75: null,
    inp_p75: null,
  };
  const stable: HealthSeries = {
    remote: 'listings',
    version: '0.2.0',
    totals: {
      sessions: 40,
      sessions_with_error: 3,
      error_rate: 0.075,
      errors: 7,
      load_failures: 2,
      api_failures: 5,
      api_refusals: 11,
      lcp_p75: 1830.4,
      inp_p75: 96,
    },
    buckets: starts.map((at, index) => ({
      at,
      ...quiet,
      sessions: index % 3,
      sessions_with_error: index % 5 === 0 && index % 3 > 0 ? 1 : 0,
      error_rate: index % 3 > 0 ? (index % 5 === 0 ? 1 / (index % 3) : 0) : null,
      errors: index % 5 === 0 ? 1 : 0,
      lcp_p75: index % 3 > 0 ? 1500 + index * 10 : null,
      inp_p75: index % 3 > 0 ? 80 : null,
    })),
  };
  const last = starts.length - 1;
  const candidate: HealthSeries = {
    remote: 'listings',
    version: '0.3.0',
    totals: { ...quiet, sessions: 1, sessions_with_error: 1, error_rate: 1, errors: 2 },
    buckets: starts.map((at, index) =>
      index === last
        ? { at, ...quiet, sessions: 1, sessions_with_error: 1, error_rate: 1, errors: 2 }
        : { at, ...quiet },
    ),
  };
  const shell: HealthSeries = {
    remote: null,
    version: null,
    totals: { ...quiet, sessions: 1, error_rate: 0, lcp_p75: 900, inp_p75: 40 },
    buckets: starts.map((at, index) =>
      index === last
        ? { at, ...quiet, sessions: 1, error_rate: 0, lcp_p75: 900, inp_p75: 40 }
        : { at, ...quiet },
    ),
  };
  const ago = (minutes: number) => new Date(now - minutes * MINUTE).toISOString();
  const all: FrontendHealth = {
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    bucket_minutes: bucketMinutes,
    remotes: ['listings'],
    series: [stable, candidate, shell],
    slowest_routes: [
      { route: '/listing/:id', remote: 'listings', count: 12, p75_ms: 1420.5, p95_ms: 2980 },
      { route: '/listings', remote: 'listings', count: 30, p75_ms: 640, p95_ms: 1210 },
      { route: '/login', remote: null, count: 4, p75_ms: 210, p95_ms: 260 },
    ],
    top_errors: [
      {
        message: 'Cannot read properties of undefined (reading "nickname")',
        remote: 'listings',
        version: '0.3.0',
        type: 'boundary_error',
        call: null,
        count: 5,
        sessions: 2,
        first_seen: ago(180),
        last_seen: ago(5),
      },
      {
        message: 'internal',
        remote: 'listings',
        version: '0.2.0',
        type: 'api_failure',
        call: { method: 'POST', route: '/listing/update/{id}', status: 500 },
        count: 2,
        sessions: 1,
        first_seen: ago(60 * 20),
        last_seen: ago(60 * 20),
      },
      {
        message: 'no_response',
        remote: null,
        version: null,
        type: 'api_failure',
        call: { method: 'GET', route: null, status: 0 },
        count: 1,
        sessions: 1,
        first_seen: ago(120),
        last_seen: ago(120),
      },
    ],
    top_refusals: [
      {
        message: 'stale_write',
        remote: 'listings',
        version: '0.2.0',
        call: { method: 'POST', route: '/listing/update/{id}', status: 409 },
        count: 9,
        sessions: 4,
        first_seen: ago(60 * 6),
        last_seen: ago(30),
      },
      {
        message: 'invalid_credentials',
        remote: null,
        version: null,
        call: { method: 'POST', route: '/login', status: 401 },
        count: 2,
        sessions: 2,
        first_seen: ago(60 * 2),
        last_seen: ago(60),
      },
    ],
  };
  if (remote === null) return all;
  return {
    ...all,
    series: all.series.filter((each) => each.remote === remote),
    slowest_routes: all.slowest_routes.filter((row) => row.remote === remote),
    top_errors: all.top_errors.filter((row) => row.remote === remote),
    top_refusals: all.top_refusals.filter((row) => row.remote === remote),
  };
}

/** A period in which no browser reported anything. */
export const noFrontendEvents = (): FrontendHealth => ({
  ...makeFrontendHealth(24),
  remotes: [],
  series: [],
  slowest_routes: [],
  top_errors: [],
  top_refusals: [],
});

export interface PlatformServer extends Upstream {
  listings: AdminListing[];
  /** Answers GET /admin/analytics/frontend instead of makeFrontendHealth (an empty period). */
  frontendHealth: FrontendHealth | null;
  /** The next answer to this path is the given one instead (once). */
  failNext: { path: string; answer: UpstreamAnswer } | null;
  requestsTo: (pathname: string) => RecordedRequest[];
  /** The query of the last request to `pathname`. */
  lastQuery: (pathname: string) => URLSearchParams;
}

const NOT_FOUND = {
  status: 404,
  json: { error: 'not_found', message: 'This listing does not exist or is not shared with you.' },
};

function byField(field: string): (a: AdminListing, b: AdminListing) => number {
  const value = (listing: AdminListing) =>
    field === 'account' ? listing.account_name : String(listing[field as keyof AdminListing]);
  return (a, b) => value(a).localeCompare(value(b)) || a.id.localeCompare(b.id);
}

export async function startPlatformServer(
  listings: AdminListing[] = Array.from({ length: 24 }, (_, index) => makeListing(index + 1)),
): Promise<PlatformServer> {
  let state: Pick<PlatformServer, 'listings' | 'failNext' | 'frontendHealth'> = {
    listings,
    failNext: null,
    frontendHealth: null,
  };

  function load(params: URLSearchParams): UpstreamAnswer {
    const search = params.get('search')?.toLowerCase();
    const statuses = params.get('status')?.split(',');
    const pms = params.get('pms')?.split(',');
    const account = params.get('account_id');
    const rows = state.listings.filter(
      (listing) =>
        (!search ||
          `${listing.nickname} ${listing.address} ${listing.city}`
            .toLowerCase()
            .includes(search)) &&
        (!statuses || statuses.includes(listing.status)) &&
        (!pms || pms.includes(listing.pms)) &&
        (!account || listing.account_id === account),
    );
    const [field = 'nickname', direction = 'asc'] = (params.get('sort') ?? 'nickname:asc')
      .split(',')[0]!
      .split(':');
    rows.sort(byField(field));
    if (direction === 'desc') rows.reverse();
    const from = Number(params.get('from') ?? 0);
    const size = Number(params.get('size') ?? 10);
    const page = { items: rows.slice(from, from + size), total: rows.length, from, size };
    if (params.get('facets') !== '1') return { json: page };
    const count = (match: (listing: AdminListing) => boolean) =>
      state.listings.filter(match).length;
    return {
      json: {
        ...page,
        accounts: ACCOUNTS.map((each) => ({
          ...each,
          listings: count((listing) => listing.account_id === each.id),
        })).filter((each) => each.listings > 0),
        pms: [...new Set(state.listings.map((listing) => listing.pms))].sort().map((key) => ({
          pms: key,
          listings: count((listing) => listing.pms === key),
        })),
      },
    };
  }

  const upstream = await startUpstream(
    (request) => {
      const url = new URL(request.url, 'http://api');
      const path = url.pathname;
      if (state.failNext && path === state.failNext.path) {
        const { answer } = state.failNext;
        state.failNext = null;
        return answer;
      }
      // Staff open a host's account (issue 33): the signed-in staff member, viewing it.
      const view = /^\/admin\/viewing\/([0-9]+)$/.exec(path);
      if (view && request.method === 'POST') {
        const account = ACCOUNTS.find((each) => each.id === view[1]);
        return account
          ? {
              json: {
                ...STAFF,
                viewing: { account_id: account.id, name: account.name, owner_name: null },
              },
            }
          : {
              status: 404,
              json: { error: 'not_found', message: 'There is no host account with this id.' },
            };
      }
      if (request.method !== 'GET')
        return { status: 404, json: { error: 'not_found', message: path } };
      if (path === '/admin/listing/load') return load(url.searchParams);
      const get = /^\/admin\/listing\/get\/([0-9]+)$/.exec(path);
      if (get) {
        const listing = state.listings.find((each) => each.id === get[1]);
        return listing ? { json: makeDetail(listing) } : NOT_FOUND;
      }
      if (path === '/admin/analytics/frontend') {
        const from = Date.parse(url.searchParams.get('from') ?? '');
        const hours = Number.isNaN(from) ? 24 : Math.round((Date.now() - from) / 3_600_000);
        return {
          json: state.frontendHealth ?? makeFrontendHealth(hours, url.searchParams.get('remote')),
        };
      }
      if (path === '/admin/analytics') {
        const days = Number(url.searchParams.get('days') ?? 30) as 7 | 30 | 90;
        return { json: makeAnalytics(days) };
      }
      return { status: 404, json: { error: 'not_found', message: `No route ${path}` } };
    },
    { check: keepsContract },
  );
  const requests = upstream.requests;
  const requestsTo = (pathname: string) =>
    requests.filter((request) => new URL(request.url, 'http://api').pathname === pathname);
  const server: PlatformServer = Object.assign(upstream, state, {
    requestsTo,
    lastQuery: (pathname: string) =>
      new URL(requestsTo(pathname).at(-1)?.url ?? '/', 'http://api').searchParams,
  });
  state = server;
  return server;
}
