// GET /reservation/search (filtered, searched, sorted and paged in SQL), /reservation/stats,
// /reservation/analytics and /reservation/get/{id}.
import { Type } from '@sinclair/typebox';
import { requireUser, type Caller } from '../auth/caller';
import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import { notFound } from '../http/errors';
import { errors, IdParams, query, ref, SESSION, type Api } from '../http/schemas';
import { countRows, readPage, sourceValues } from '../http/pageQuery';
import { ordering } from '../http/sort';
import { SqlParams } from '../http/sqlParams';
import { listingScope } from '../listings/listingQueries';
import { prepareSearch } from '../listings/listingSearch';
import { RISK_COLOURS } from '../protect/risk';
import {
  accountScope,
  COLOUR_SQL,
  findReservation,
  itemColumns,
  refuseVendor,
  RESERVATION_FROM,
  RESERVATION_NOT_FOUND_MESSAGE,
  RESERVATION_SOURCES,
  RESERVATION_STATUSES,
  reservationScope,
  toSummary,
  VERIFICATION_STATUSES,
  type ReservationItemRow,
} from './reservationQueries';
import {
  AnalyticsSchema,
  ReservationPageSchema,
  ReservationSchema,
  ReservationSearchQuery,
  ReservationStatsSchema,
  reservationFilterQuery,
  type ReservationFilterQuery,
  type ReservationAnalytics,
  type ReservationStats,
} from './reservationSchemas';
import {
  checkInWindow,
  isAttentionOrder,
  parseStatuses,
  readAttentionPage,
  RESERVATION_SORT,
  reservationFilter,
  reservationSort,
} from './reservationSearch';

/** Arrivals: non-cancelled stays checking in today, and from today through today + this. */
const ARRIVALS_DAYS_AHEAD = 7;
/** Analytics covers the months up to this many after the current one. */
const ANALYTICS_MONTHS_AHEAD = 3;

export type { ReservationAnalytics, ReservationStats };

const countBy = (values: readonly string[], column: string, where = 'true'): string =>
  `json_build_object(${values
    .map((value) => `'${value}', count(*) filter (where ${where} and ${column} = '${value}')`)
    .join(', ')})`;

/** The list's filters besides the check-in window: with any of them, the counts read the rows. */
const ROW_FILTERS = ['colour', 'verification', 'listing_id', 'search'] as const;

/**
 * The counts of the stays checking in within a window that the list's filters select (status,
 * colour, verification, listing, search; by default every status). Colours and verifications count
 * CONFIRMED stays only (the ones that will happen); arrivals follow the filters but not the window.
 * From the kept day counts for whole accounts filtered by status alone, else from the rows the
 * list's own filter selects.
 */
async function reservationStats(
  sql: Sql,
  caller: Caller,
  query: ReservationFilterQuery,
): Promise<ReservationStats> {
  const search = prepareSearch(query.search);
  const filterQuery = { ...query, status: query.status ?? 'all' };
  const counted = search === null && ROW_FILTERS.every((key) => !query[key]);
  const params = new SqlParams();
  const accounts = counted ? accountScope(caller, params, 'r') : null;
  let statement: string;
  if (accounts) {
    const statuses = parseStatuses(filterQuery.status, 'all');
    const inWindow = ['true', ...checkInWindow(query, params)].join(' and ');
    statement = countedStats(accounts, statuses, inWindow, params.add(ARRIVALS_DAYS_AHEAD));
  } else {
    // The list's filter without its window (arrivals do not depend on it); the window on top.
    const matching = reservationFilter(
      caller,
      { ...filterQuery, startDate: '', endDate: '' },
      search,
    );
    params.values.push(...sourceValues(matching));
    const inWindow = ['true', ...checkInWindow(query, params, search !== null)].join(' and ');
    statement = rowStats(
      `select r.id ${matching.source}`,
      inWindow,
      params.add(ARRIVALS_DAYS_AHEAD),
    );
  }
  const [row] = await sql.query<ReservationStats>(statement, params.values);
  if (!row) throw new Error('reservation stats: no row');
  return row;
}

/** Each value's sum over the day counts (a column named as the value, or `column(value)`; null: 0). */
const sumBy = (
  values: readonly string[],
  where: string,
  column = (value: string): string | null => value,
): string =>
  `json_build_object(${values
    .map((value) => {
      const name = column(value);
      return `'${value}', ${name ? `coalesce(sum(r.${name}) filter (where ${where}), 0)` : '0'}`;
    })
    .join(', ')})`;

/** The kept day counts of the statuses selected (null: all): they keep colours and verifications for CONFIRMED stays. */
function countedStats(
  accounts: string,
  statuses: readonly string[] | null,
  inWindow: string,
  ahead: string,
): string {
  const kept = (status: string) => !statuses || statuses.includes(status);
  const column = (status: string) => (kept(status) ? status.toLowerCase() : null);
  const sumOf = (list: readonly string[]) =>
    list
      .filter(kept)
      .map((status) => `r.${status.toLowerCase()}`)
      .join(' + ') || '0';
  const confirmed = kept('CONFIRMED') ? (value: string) => value : () => null;
  const arrivals = sumOf(['CONFIRMED', 'INQUIRY']);
  const attention = kept('CONFIRMED') ? 'r.red + r.orange + r.review_green + r.review_yellow' : '0';
  return `select coalesce(sum(${sumOf(RESERVATION_STATUSES)}) filter (where ${inWindow}), 0)::int as total,
            ${sumBy(RESERVATION_STATUSES, inWindow, column)} as by_status,
            ${sumBy(RISK_COLOURS, inWindow, confirmed)} as by_colour,
            ${sumBy(VERIFICATION_STATUSES, inWindow, confirmed)} as by_verification,
            coalesce(sum(${arrivals}) filter (where r.check_in_date = current_date), 0)::int as arrivals_today,
            coalesce(sum(${arrivals}) filter (where r.check_in_date between current_date and current_date + ${ahead}::int), 0)::int
              as arrivals_next_7_days,
            coalesce(sum(${attention})
                       filter (where ${inWindow} and r.check_in_date >= current_date), 0)::int as needs_attention
     from reservation_day_counts r
     where ${accounts}`;
}

/**
 * One statement over the ids a filter selects (`matching`, over alias r): the window's stays once
 * (a CTE), then each count over them.
 */
function rowStats(matching: string, inWindow: string, ahead: string): string {
  return `with m as (${matching}),
     f as (
       select r.status, r.verification_status, r.check_in_date, ${COLOUR_SQL} as colour
       from m join reservations r on r.id = m.id join accounts a on a.id = r.account_id
       where ${inWindow}
     ),
     arrivals as (
       select count(*) filter (where r.check_in_date = current_date)::int as today, count(*)::int as week
       from m join reservations r on r.id = m.id
       where r.status <> 'CANCELLED'
         and r.check_in_date between current_date and current_date + ${ahead}::int
     )
     select count(*)::int as total,
            ${countBy(RESERVATION_STATUSES, 'status')} as by_status,
            ${countBy(RISK_COLOURS, 'colour', `status = 'CONFIRMED'`)} as by_colour,
            ${countBy(VERIFICATION_STATUSES, 'verification_status', `status = 'CONFIRMED'`)} as by_verification,
            (select today from arrivals) as arrivals_today,
            (select week from arrivals) as arrivals_next_7_days,
            count(*) filter (where status = 'CONFIRMED' and check_in_date >= current_date
                             and (colour in ('red', 'orange') or verification_status = 'review'))::int as needs_attention
     from f`;
}

/**
 * CONFIRMED stays by check-in month, for the last `months` months (the current one included) and
 * the next three; and over the same stays, by verification, colour and source. All in SQL.
 */
async function reservationAnalytics(
  sql: Sql,
  caller: Caller,
  months: number,
): Promise<ReservationAnalytics> {
  const params = new SqlParams();
  const scope = reservationScope(caller, params);
  const listings = listingScope(caller, params);
  const back = params.add(months - 1);
  const ahead = params.add(ANALYTICS_MONTHS_AHEAD);
  const verifications = params.add(VERIFICATION_STATUSES);
  const colours = params.add(RISK_COLOURS);
  const sources = params.add(RESERVATION_SOURCES);
  const [row] = await sql.query<ReservationAnalytics>(
    `with period as (
       select gs::date as month
       from generate_series(date_trunc('month', current_date::timestamp) - ${back}::int * interval '1 month',
                            date_trunc('month', current_date::timestamp) + ${ahead}::int * interval '1 month',
                            interval '1 month') as gs
     ),
     f as (
       select date_trunc('month', r.check_in_date::timestamp)::date as month, r.verification_status, r.source,
              ${COLOUR_SQL} as colour
       from ${RESERVATION_FROM}
       where ${scope} and r.status = 'CONFIRMED'
         and r.check_in_date >= (select min(month) from period)
         and r.check_in_date < (select max(month) from period) + interval '1 month'
     ),
     per_month as (
       select month, count(*)::int as total,
              count(*) filter (where colour = 'green')::int as green,
              count(*) filter (where colour = 'yellow')::int as yellow,
              count(*) filter (where colour = 'orange')::int as orange,
              count(*) filter (where colour = 'red')::int as red,
              count(*) filter (where verification_status = 'verified')::int as verified,
              count(*) filter (where verification_status = 'declined')::int as declined
       from f group by month
     )
     select
       (select json_agg(json_build_object('month', to_char(p.month, 'YYYY-MM'), 'total', coalesce(m.total, 0),
                                          'green', coalesce(m.green, 0), 'yellow', coalesce(m.yellow, 0),
                                          'orange', coalesce(m.orange, 0), 'red', coalesce(m.red, 0),
                                          'verified', coalesce(m.verified, 0), 'declined', coalesce(m.declined, 0))
                        order by p.month)
        from period p left join per_month m on m.month = p.month) as months,
       (select json_agg(json_build_object('status', v.status, 'count', (select count(*)::int from f where f.verification_status = v.status))
                        order by v.n)
        from unnest(${verifications}::text[]) with ordinality as v(status, n)) as by_verification,
       (select json_agg(json_build_object('colour', c.colour, 'count', (select count(*)::int from f where f.colour = c.colour))
                        order by c.n)
        from unnest(${colours}::text[]) with ordinality as c(colour, n)) as by_colour,
       (select json_agg(json_build_object('source', s.source, 'count', s.count) order by s.count desc, s.source)
        from (select src.source, (select count(*)::int from f where f.source = src.source) as count
              from unnest(${sources}::text[]) as src(source)) s) as by_source,
       (select json_build_object('active', count(*) filter (where l.status = 'active'),
                                 'inactive', count(*) filter (where l.status = 'inactive'),
                                 'archived', count(*) filter (where l.status = 'archived'))
        from listings l where ${listings}) as listings_by_status`,
    params.values,
  );
  if (!row) throw new Error('reservation analytics: no row');
  return row;
}

export function registerReservationRoutes(app: Api, { db }: AppContext): void {
  app.get(
    '/reservation/search',
    {
      schema: {
        summary: 'Search, filter, sort and page the reservations in scope',
        description:
          'Defaults: CONFIRMED stays checking in from today, by `check_in_date:asc` (spec section 9). Sort by check_in_date, check_out_date, created_at, guest_name, risk_score, `attention` (red, orange, in review, yellow, green) or `_score` (relevance, with `search`). Vendors get no guest email or phone.',
        tags: ['reservations'],
        security: SESSION,
        querystring: ReservationSearchQuery,
        response: { 200: ref(ReservationPageSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const caller = await requireUser(db, request);
      const { from, size } = request.query;
      const search = prepareSearch(request.query.search);
      const sortKeys = reservationSort(request.query.sort, search !== null);
      const filter = reservationFilter(caller, request.query, search, sortKeys);

      const total = await countRows(db, filter);
      const page = {
        key: 'r.id',
        order: ordering(sortKeys, RESERVATION_SORT, 'r.id', search ? [] : ['_score']),
        columns: itemColumns(caller),
        rowsFrom: RESERVATION_FROM,
        from,
        size,
      };
      const items =
        from >= total
          ? []
          : ((isAttentionOrder(sortKeys)
              ? await readAttentionPage<ReservationItemRow>(db, filter, page)
              : null) ?? (await readPage<ReservationItemRow>(db, filter, page, total)));
      return { items: items.map(toSummary), total, size, from };
    },
  );

  app.get(
    '/reservation/stats',
    {
      schema: {
        summary: 'Counts over the reservations checking in within a window',
        description:
          'Takes the filters of /reservation/search (status, colour, verification, listing_id, search), so the counts describe the list a page shows; without `status` every status counts. Colours and verifications count CONFIRMED stays; arrivals follow the filters but not the window.',
        tags: ['reservations'],
        security: SESSION,
        // The list's filters; only the default status differs (every status, as before filters).
        querystring: query({
          ...reservationFilterQuery,
          status: Type.Optional(
            Type.String({
              maxLength: reservationFilterQuery.status.maxLength,
              description: 'Comma list of statuses, or `all` (the default here).',
            }),
          ),
        }),
        response: { 200: ref(ReservationStatsSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const caller = await requireUser(db, request);
      return reservationStats(db, caller, request.query);
    },
  );

  app.get(
    '/reservation/analytics',
    {
      schema: {
        summary: 'Confirmed stays by month, verification, colour and source',
        description: 'The last `months` months (this one included) and the next three.',
        tags: ['reservations'],
        security: SESSION,
        querystring: query({ months: Type.Integer({ minimum: 1, maximum: 24, default: 12 }) }),
        response: { 200: ref(AnalyticsSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const caller = await requireUser(db, request);
      return reservationAnalytics(db, caller, request.query.months);
    },
  );

  app.get(
    '/reservation/get/:id',
    {
      schema: {
        summary: 'A reservation in full',
        description:
          'The stay, the guest, its screening (`protect`), identity images and reports. Not for vendors: building staff see arrivals through the building view.',
        tags: ['reservations'],
        security: SESSION,
        params: IdParams,
        response: { 200: ref(ReservationSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = await requireUser(db, request);
      refuseVendor(caller, 'Building staff see arrivals through the building view.');
      const reservation = await findReservation(db, caller, request.params.id);
      if (!reservation) throw notFound(RESERVATION_NOT_FOUND_MESSAGE);
      return reservation;
    },
  );
}
