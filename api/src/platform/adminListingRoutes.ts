// GET /admin/listing/load and GET /admin/listing/get/{id}: every listing across accounts, for
// Hostdash staff, with the same filters, search ranking and paging as /listing/load.
import { requireAdmin, type Caller } from '../auth/caller';
import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import { notFound } from '../http/errors';
import { countRows, readPage } from '../http/pageQuery';
import { errors, IdParams, ref, SESSION, type Api } from '../http/schemas';
import { ordering, parseSort } from '../http/sort';
import { LISTING_SORT } from '../listings/listingRoutes';
import {
  findListing,
  LISTING_COLUMNS,
  LISTING_FROM,
  LISTING_NOT_FOUND_MESSAGE,
  listingFilter,
} from '../listings/listingQueries';
import type { UpcomingReservation } from '../listings/listingSchemas';
import { prepareSearch } from '../listings/listingSearch';
import {
  AdminListingDetailSchema,
  AdminListingLoadQuery,
  AdminListingPageSchema,
  type AdminListing,
  type ListingAccount,
  type ListingPms,
} from './platformSchemas';

export const ADMIN_LISTING_SORT = {
  ...LISTING_SORT,
  account: { sql: '(select lower(a.name) from accounts a where a.id = l.account_id)' },
};

const DEFAULT_SORT = 'nickname:asc';
const DEFAULT_SEARCH_SORT = '_score:desc,nickname:asc';
const UPCOMING_RESERVATIONS = 10;

/**
 * Whose listings the filter scopes to: every account (staff), or one account as its owner sees
 * it. The listings' scope is the filter's first condition, so the account narrows the kept counts
 * and the search alike, and nothing of the search ranking is written twice.
 */
function scopeOf(admin: Caller, accountId: string | undefined): Caller {
  return accountId ? { ...admin, type: 'user', subtype: 'owner', account_id: accountId } : admin;
}

/** Every account with listings, by name (from the kept counts: a few hundred rows at most). */
function listingAccounts(sql: Sql): Promise<ListingAccount[]> {
  return sql.query<ListingAccount>(
    `select a.id::text as id, a.name, sum(c.listings)::int as listings
     from listing_counts c join accounts a on a.id = c.account_id
     group by a.id, a.name
     having sum(c.listings) > 0
     order by lower(a.name), a.id`,
  );
}

/** Every PMS with listings, by its key (from the kept counts). */
function listingPms(sql: Sql): Promise<ListingPms[]> {
  return sql.query<ListingPms>(
    `select c.pms, sum(c.listings)::int as listings
     from listing_counts c
     group by c.pms
     having sum(c.listings) > 0
     order by c.pms`,
  );
}

/** The next stays at a listing, as /listing/get/{id} lists them. */
function upcomingReservations(sql: Sql, listingId: string): Promise<UpcomingReservation[]> {
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

export function registerAdminListingRoutes(app: Api, { db }: AppContext): void {
  app.get(
    '/admin/listing/load',
    {
      schema: {
        summary: 'Every listing across accounts, searched, filtered and paged (staff)',
        description:
          'Filter by `account_id`, `status` and `pms` (comma lists); `facets=1` adds the accounts and PMSs to filter by; sort by nickname (default), account, created_at, updated_at, status, city, building, pms or `_score` (relevance, with `search`).',
        tags: ['admin'],
        security: SESSION,
        querystring: AdminListingLoadQuery,
        response: { 200: ref(AdminListingPageSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const admin = await requireAdmin(db, request);
      const { from, size } = request.query;
      const search = prepareSearch(request.query.search);
      const sortKeys = parseSort(
        request.query.sort,
        ADMIN_LISTING_SORT,
        search ? DEFAULT_SEARCH_SORT : DEFAULT_SORT,
      );
      const filter = listingFilter(
        scopeOf(admin, request.query.account_id),
        { status: request.query.status, pms: request.query.pms },
        search,
      );
      const total = await countRows(db, filter);
      const items =
        from < total
          ? await readPage<AdminListing>(
              db,
              filter,
              {
                key: 'l.id',
                order: ordering(sortKeys, ADMIN_LISTING_SORT, 'l.id', search ? [] : ['_score']),
                columns: `${LISTING_COLUMNS}, a.name as account_name`,
                rowsFrom: `${LISTING_FROM} join accounts a on a.id = l.account_id`,
                from,
                size,
              },
              total,
            )
          : [];
      const page = { items, total, size, from };
      if (request.query.facets !== 1) return page;
      const [accounts, pms] = await Promise.all([listingAccounts(db), listingPms(db)]);
      return { ...page, accounts, pms };
    },
  );

  app.get(
    '/admin/listing/get/:id',
    {
      schema: {
        summary: 'A listing of any account, with its account, owner and coming stays (staff)',
        tags: ['admin'],
        security: SESSION,
        params: IdParams,
        response: { 200: ref(AdminListingDetailSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const admin = await requireAdmin(db, request);
      const listing = await findListing(db, admin, request.params.id);
      if (!listing) throw notFound(LISTING_NOT_FOUND_MESSAGE);
      const [account] = await db.query<{
        account_name: string;
        owner: { name: string; email: string } | null;
      }>(
        `select a.name as account_name,
                (select json_build_object('name', o.name, 'email', o.email) from users o
                 where o.account_id = a.id and o.subtype = 'owner' and o.type = 'user'
                 order by o.is_active desc, o.id limit 1) as owner
         from accounts a where a.id = $1::bigint`,
        [listing.account_id],
      );
      if (!account) throw new Error(`listing ${listing.id}: no account ${listing.account_id}`);
      return {
        ...listing,
        ...account,
        upcoming_reservations: await upcomingReservations(db, listing.id),
      };
    },
  );
}
