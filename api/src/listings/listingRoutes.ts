// GET /listing/load (searched, filtered, sorted and paged in SQL, with the building aggregation on
// request), GET /listing/stats and GET /listing/get/{id}.
import { requireUser, type Caller } from '../auth/caller';
import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import { forbidden, notFound } from '../http/errors';
import { errors, IdParams, ref, SESSION, type Api } from '../http/schemas';
import { countRows, readPage, sourceValues } from '../http/pageQuery';
import { ordering, parseSort, type SortableField } from '../http/sort';
import { SqlParams } from '../http/sqlParams';
import { accountScope } from '../reservations/reservationQueries';
import { buildingAggregation } from './buildingRoutes';
import {
  findListing,
  isVendor,
  LISTING_COLUMNS,
  LISTING_FROM,
  LISTING_NOT_FOUND_MESSAGE,
  listingFilter,
  type ListingFilter,
} from './listingQueries';
import {
  ListingDetailSchema,
  ListingFilterQuery,
  ListingLoadQuery,
  ListingPageSchema,
  ListingStatsSchema,
  type Listing,
  type ListingStats,
  type UpcomingReservation,
} from './listingSchemas';
import { prepareSearch } from './listingSearch';

export const LISTING_SORT: Record<string, SortableField> = {
  nickname: { sql: 'lower(l.nickname)' },
  created_at: { sql: 'l.created_at' },
  updated_at: { sql: 'l.updated_at' },
  status: { sql: 'l.status' },
  city: { sql: 'lower(l.city)' },
  building: { sql: 'lower(b.name)', nullable: true },
  pms: { sql: 'l.pms' },
  // Relevance; only meaningful with `search` (ignored without it). Descending unless told.
  _score: { sql: '_score', defaultDirection: 'desc' },
};

const DEFAULT_SORT = 'nickname:asc';
const DEFAULT_SEARCH_SORT = '_score:desc,nickname:asc';
/** Reservations counted by /listing/stats: checking in from this many days ago … */
const STATS_DAYS_BEFORE = 30;
/** … through this many days ahead. */
const STATS_DAYS_AFTER = 90;
const UPCOMING_RESERVATIONS = 10;

/**
 * Everything in one statement: the filtered listings once (a CTE: from the kept counts when the
 * filter allows, else the rows), then each aggregate over them. The reservations part reads the
 * kept day counts when the listings are a whole account's (or every account's).
 */
async function listingStats(
  sql: Sql,
  caller: Caller,
  filter: ListingFilter,
): Promise<ListingStats> {
  const params = new SqlParams();
  params.values.push(...sourceValues(filter));
  const listings = filter.countedTotal
    ? `select l.building_id, l.status, l.pms, l.listings as n from listing_counts l where ${filter.where}`
    : `select l.building_id, l.status, l.pms, 1 as n ${filter.source}`;
  const window = `r.check_in_date between current_date - ${params.add(STATS_DAYS_BEFORE)}::int
                                      and current_date + ${params.add(STATS_DAYS_AFTER)}::int`;
  const accounts = filter.narrowed ? null : accountScope(caller, params, 'r');
  const screening = accounts
    ? `select coalesce(sum(r.confirmed), 0)::int as total,
              coalesce(sum(r.verified + r.declined + r.review), 0)::int as screened
       from reservation_day_counts r
       where ${accounts} and ${window}`
    : `select count(*)::int as total,
              count(*) filter (where r.verification_status in ('verified', 'declined', 'review'))::int as screened
       from reservations r
       where r.listing_id in (select l.id ${filter.source}) and r.status = 'CONFIRMED' and ${window}`;
  const [row] = await sql.query<ListingStats>(
    `with f as (${listings}),
     screening as (${screening})
     select
       (select coalesce(sum(n), 0)::int from f) as total,
       (select json_build_object(
                 'active', coalesce(sum(n) filter (where status = 'active'), 0),
                 'inactive', coalesce(sum(n) filter (where status = 'inactive'), 0),
                 'archived', coalesce(sum(n) filter (where status = 'archived'), 0))
        from f) as by_status,
       (select coalesce(json_agg(json_build_object('pms', p.pms, 'count', p.n) order by p.n desc, p.pms), '[]'::json)
        from (select pms, sum(n)::int as n from f group by pms having sum(n) > 0) p) as by_pms,
       (select coalesce(json_agg(json_build_object('building_id', g.building_id::text, 'name', bb.name, 'slug', bb.slug, 'count', g.n)
                                  order by g.n desc, lower(bb.name) nulls last, g.building_id nulls last), '[]'::json)
        from (select building_id, sum(n)::int as n from f group by building_id having sum(n) > 0) g
        left join buildings bb on bb.id = g.building_id) as by_building,
       (select json_build_object(
                 'total', s.total,
                 'screened', s.screened,
                 'screened_share', case when s.total = 0 then 0 else round(s.screened::numeric / s.total, 3) end)
        from screening s) as reservations`,
    params.values,
  );
  if (!row) throw new Error('listing stats: no row');
  return row;
}

async function upcomingReservations(sql: Sql, listingId: string): Promise<UpcomingReservation[]> {
  return sql.query<UpcomingReservation>(
    `select r.id::text as id, r.guest_name, r.guests_count as guests, r.check_in_date, r.check_out_date,
            r.status, r.source, r.verification_status
     from reservations r
     where r.listing_id = $1::bigint and r.status <> 'CANCELLED' and r.check_out_date >= current_date
     order by r.check_in_date, r.id
     limit $2`,
    [listingId, UPCOMING_RESERVATIONS],
  );
}

export function registerListingRoutes(app: Api, { db }: AppContext): void {
  app.get(
    '/listing/load',
    {
      schema: {
        summary: 'Search, filter, sort and page the listings in scope',
        description:
          'Owners and their team see their account’s listings, vendors those of their granted buildings, staff all. Sort by nickname, created_at, updated_at, status, city, building, pms or `_score` (relevance, with `search`).',
        tags: ['listings'],
        security: SESSION,
        querystring: ListingLoadQuery,
        response: { 200: ref(ListingPageSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const caller = await requireUser(db, request);
      const { from, size } = request.query;
      const search = prepareSearch(request.query.search);
      const sortKeys = parseSort(
        request.query.sort,
        LISTING_SORT,
        search ? DEFAULT_SEARCH_SORT : DEFAULT_SORT,
      );
      const filter = listingFilter(caller, request.query, search);

      const total = await countRows(db, filter);
      const items =
        request.query.noitems !== 1 && from < total
          ? await readPage<Listing>(
              db,
              filter,
              {
                key: 'l.id',
                order: ordering(sortKeys, LISTING_SORT, 'l.id', search ? [] : ['_score']),
                columns: LISTING_COLUMNS,
                rowsFrom: LISTING_FROM,
                from,
                size,
              },
              total,
            )
          : [];

      const page = { items, total, size, from };
      return request.query.buildings === 1
        ? { ...page, buildings: await buildingAggregation(db, caller) }
        : page;
    },
  );

  app.get(
    '/listing/stats',
    {
      schema: {
        summary: 'Counts over the listings the filters select',
        tags: ['listings'],
        security: SESSION,
        querystring: ListingFilterQuery,
        response: { 200: ref(ListingStatsSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const caller = await requireUser(db, request);
      const filter = listingFilter(caller, request.query, prepareSearch(request.query.search));
      return listingStats(db, caller, filter);
    },
  );

  app.get(
    '/listing/get/:id',
    {
      schema: {
        summary: 'A listing with its coming stays',
        description: 'Not for vendors: building staff see listings through the building view.',
        tags: ['listings'],
        security: SESSION,
        params: IdParams,
        response: { 200: ref(ListingDetailSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = await requireUser(db, request);
      if (isVendor(caller))
        throw forbidden('Building staff see listings through the building view.');
      const listing = await findListing(db, caller, request.params.id);
      if (!listing) throw notFound(LISTING_NOT_FOUND_MESSAGE);
      return {
        ...listing,
        upcoming_reservations: await upcomingReservations(db, listing.id),
      };
    },
  );
}
