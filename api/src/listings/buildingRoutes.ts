// Buildings: the aggregation of GET /listing/load?buildings=1 and the building view
// GET /listing/building/{accountId}/{slug}, the whole world of a vendor (building staff).
// The building view never carries a guest's email, phone or identity data, whoever asks.
import { requireUser, type Caller } from '../auth/caller';
import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import { ApiError } from '../http/errors';
import { errors, ref, SESSION, type Api } from '../http/schemas';
import { SqlParams } from '../http/sqlParams';
import { reservationScope } from '../reservations/reservationQueries';
import { buildingScope } from './listingQueries';
import {
  BuildingParams,
  BuildingViewSchema,
  type BuildingSummary,
  type BuildingView,
} from './listingSchemas';

/** Arrivals are reservations checking in from today through today + this many days. */
export const ARRIVALS_DAYS_AHEAD = 7;

export type { BuildingSummary, BuildingView };

const buildingNotFound = (): ApiError =>
  new ApiError(
    404,
    'building_not_found',
    'This building does not exist or has not been shared with you.',
  );

/**
 * Every building in the caller's scope (empty ones too), by name, with its listings counted (the
 * kept counts) and the arrivals at its listings (non-cancelled reservations) today and from today
 * through today + 7: the window's few reservations grouped by building, rather than each building's
 * listings probed one by one. Not narrowed by the listing filters: it is the caller's map of buildings.
 */
export function buildingAggregation(sql: Sql, caller: Caller): Promise<BuildingSummary[]> {
  const params = new SqlParams();
  return sql.query<BuildingSummary>(
    `select b.id::text as id, b.account_id::text as account_id, b.name, b.slug, b.address, b.city, b.country,
            lc.listing_count, lc.active_count,
            coalesce(ar.arrivals_today, 0) as arrivals_today, coalesce(ar.arrivals_next_7_days, 0) as arrivals_next_7_days
     from buildings b
     cross join lateral (
       select coalesce(sum(c.listings), 0)::int as listing_count,
              coalesce(sum(c.listings) filter (where c.status = 'active'), 0)::int as active_count
       from listing_counts c
       where c.account_id = b.account_id and c.building_id = b.id
     ) lc
     left join (
       select l.building_id, count(*) filter (where r.check_in_date = current_date)::int as arrivals_today,
              count(*)::int as arrivals_next_7_days
       from reservations r join listings l on l.id = r.listing_id
       where ${reservationScope(caller, params)} and r.status <> 'CANCELLED'
         and r.check_in_date between current_date and current_date + ${params.add(ARRIVALS_DAYS_AHEAD)}::int
       group by l.building_id
     ) ar on ar.building_id = b.id
     where ${buildingScope(caller, params)}
     order by lower(b.name), b.id`,
    params.values,
  );
}

async function buildingView(
  sql: Sql,
  caller: Caller,
  accountId: string,
  slug: string,
): Promise<BuildingView | null> {
  const params = new SqlParams();
  const [building] = await sql.query<BuildingView['building']>(
    `select b.id::text as id, b.account_id::text as account_id, b.name, b.slug, b.address, b.city, b.country,
            (select count(*)::int from listings l where l.building_id = b.id) as listing_count
     from buildings b
     where b.account_id = ${params.add(accountId)}::bigint and b.slug = ${params.add(slug)}
       and ${buildingScope(caller, params)}`,
    params.values,
  );
  if (!building) return null;
  const listings = await sql.query<BuildingView['listings'][number]>(
    `select l.id::text as id, l.nickname, l.status, l.bedrooms,
            to_char(l.check_in_time, 'HH24:MI') as check_in_time, to_char(l.check_out_time, 'HH24:MI') as check_out_time
     from listings l
     where l.building_id = $1::bigint
     order by lower(l.nickname), l.id`,
    [building.id],
  );
  // Named columns only: guest_email, guest_phone and identity data never leave through here.
  const arrivals = await sql.query<BuildingView['arrivals'][number]>(
    `select r.id::text as id, l.id::text as listing_id, l.nickname as listing_nickname, r.guest_name,
            r.guests_count as guests, r.check_in_date, r.check_out_date, r.status, r.verification_status
     from reservations r join listings l on l.id = r.listing_id
     where l.building_id = $1::bigint and r.status <> 'CANCELLED'
       and r.check_in_date between current_date and current_date + $2::int
     order by r.check_in_date, lower(r.guest_name), r.id`,
    [building.id, ARRIVALS_DAYS_AHEAD],
  );
  return { building, listings, arrivals };
}

export function registerBuildingRoutes(app: Api, { db }: AppContext): void {
  app.get(
    '/listing/building/:accountId/:slug',
    {
      schema: {
        summary: 'A building as its staff see it: arrivals and listings',
        description:
          'The vendor’s whole world. Never carries a guest’s email, phone or identity data, whoever asks. 404 `building_not_found` for a building that does not exist or is not shared with the caller.',
        tags: ['buildings'],
        security: SESSION,
        params: BuildingParams,
        response: { 200: ref(BuildingViewSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = await requireUser(db, request);
      const view = await buildingView(db, caller, request.params.accountId, request.params.slug);
      if (!view) throw buildingNotFound();
      return view;
    },
  );
}
