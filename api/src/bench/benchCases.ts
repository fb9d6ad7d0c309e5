// The hot read paths, called with the query strings the remotes send (mfe-listings'
// listingsApi.ts, mfe-reservations' reservationsApi.ts and the sorts of their slices), so that the
// bench measures the requests a host's pages make.
import type { FastifyInstance } from 'fastify';
import { callCase, type BenchCase } from './measure';

const PAGE_SIZE = 10;
/** A deep page of the listings table (the account has 50,000). */
const LISTINGS_DEEP_FROM = 40_000;
/** A word of many addresses (Rua Augusta: 1 listing in 13), so the ranking has work to do. */
const LISTING_ADDRESS_WORD = 'augusta';
/** A word of many listing nicknames and streets, so a reservation search ranks thousands. */
const RESERVATION_SEARCH_WORD = 'harbour';

/** What the cases need to know about the data: found through the API, as a page would. */
export interface CaseContext {
  /** The database's today (YYYY-MM-DD): the pages' default start date. */
  today: string;
  /** Coming confirmed stays: the default reservations list's total. */
  comingConfirmed: number;
  /** The reservation the re-screen case re-screens (the first on the risks page). */
  rescreenId: string;
}

const get = (name: string, path: string, query: Record<string, string | number>): BenchCase => {
  // `:` and `,` left as they are, as axios sends them: the saved URLs stay readable.
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  )
    .toString()
    .replace(/%3A/gi, ':')
    .replace(/%2C/gi, ',');
  return { name, method: 'GET', url: search ? `${path}?${search}` : path };
};

// The reservations page's default list, and the risks page's (same filters, attention first).
const reservationList = (today: string, from: number) => ({
  from,
  size: PAGE_SIZE,
  sort: 'check_in_date:asc',
  status: 'CONFIRMED',
  startDate: today,
});
const risksList = (today: string) => ({ ...reservationList(today, 0), sort: 'attention' });

/** Asks the API what the cases depend on: the default list's total and a reservation to re-screen. */
export async function discoverCaseContext(
  app: FastifyInstance,
  session: string,
  today: string,
): Promise<CaseContext> {
  const list = await callCase(
    app,
    session,
    get('reservations: total', '/reservation/search', reservationList(today, 0)),
  );
  const risks = await callCase(
    app,
    session,
    get('risks: first', '/reservation/search', risksList(today)),
  );
  const { total } = JSON.parse(list.text) as { total: number };
  const { items } = JSON.parse(risks.text) as { items: Array<{ id: string }> };
  const first = items[0];
  if (!first)
    throw new Error('The risks list of the scale account is empty: nothing to re-screen.');
  return { today, comingConfirmed: total, rescreenId: first.id };
}

export function benchCases({ today, comingConfirmed, rescreenId }: CaseContext): BenchCase[] {
  const listings = { from: 0, size: PAGE_SIZE, sort: 'nickname:asc' };
  return [
    get('listings: first page', '/listing/load', listings),
    get('listings: deep page', '/listing/load', { ...listings, from: LISTINGS_DEEP_FROM }),
    get('listings: search address', '/listing/load', {
      from: 0,
      size: PAGE_SIZE,
      sort: 'created_at:desc,_score',
      search: LISTING_ADDRESS_WORD,
    }),
    get('listings: stats', '/listing/stats', {}),
    get('buildings: aggregation', '/listing/load', { buildings: 1, noitems: 1 }),
    get('reservations: default', '/reservation/search', reservationList(today, 0)),
    get(
      'reservations: deep page',
      '/reservation/search',
      reservationList(today, Math.max(0, comingConfirmed - PAGE_SIZE)),
    ),
    // A search looks through every date: the page sends no start date with it.
    get('reservations: search text', '/reservation/search', {
      from: 0,
      size: PAGE_SIZE,
      sort: 'check_in_date:desc,_score',
      status: 'CONFIRMED',
      search: RESERVATION_SEARCH_WORD,
    }),
    get('reservations: stats', '/reservation/stats', { startDate: today }),
    get('risks: list', '/reservation/search', risksList(today)),
    {
      name: 'protect: re-screen',
      method: 'POST',
      url: '/protect/webhook',
      body: { reservation: rescreenId, riskType: 'screening', source: 'dashboard' },
    },
  ];
}
