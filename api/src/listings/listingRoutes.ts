// GET /listing/load: the caller's listings, searched, sorted and paged in SQL.
import type { FastifyInstance } from 'fastify';
import { isAdmin, requireUser, type Caller } from '../auth/caller';
import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import { idParam, pagingQuery } from '../http/schemas';
import { orderBy, parseSort, type SortableField } from '../http/sort';
import { SqlParams } from '../http/sqlParams';
import {
  LISTING_DOCUMENT,
  LISTING_HAYSTACK,
  prepareSearch,
  SUBSTRING_BONUS,
  type ListingSearch,
} from './listingSearch';

export const LISTING_SORT: Record<string, SortableField> = {
  nickname: { sql: 'lower(l.nickname)' },
  created_at: { sql: 'l.created_at' },
  updated_at: { sql: 'l.updated_at' },
  status: { sql: 'l.status' },
  city: { sql: 'lower(l.city)' },
  building: { sql: 'lower(b.name)' },
  pms: { sql: 'l.pms' },
  // Relevance; only meaningful with `search` (ignored without it). Descending unless told.
  _score: { sql: '_score', defaultDirection: 'desc' },
};

const DEFAULT_SORT = 'nickname:asc';
const DEFAULT_SEARCH_SORT = '_score:desc,nickname:asc';

interface ListingQuery {
  from: number;
  size: number;
  sort?: string;
  search?: string;
  building?: string;
  buildings?: 0 | 1;
  noitems?: 0 | 1;
}

export interface Listing {
  id: string;
  account_id: string;
  nickname: string;
  address: string;
  city: string;
  country: string;
  building: string | null;
  building_slug: string | null;
  status: string;
  pms: string;
  timezone: string;
  bedrooms: number;
  created_at: string;
  updated_at: string;
  _score?: number;
}

/** Which listings a caller may see: staff all, vendors their granted buildings, others their account. */
function scopeCondition(caller: Caller, params: SqlParams): string {
  if (isAdmin(caller)) return 'true';
  if (caller.subtype === 'vendor') {
    return `l.building_id in (select building_id from vendor_grants where user_id = ${params.add(caller.id)}::bigint)`;
  }
  return `l.account_id = ${params.add(caller.account_id)}::bigint`;
}

/** WHERE clause (scope, building, search) and the relevance column when searching. */
function listingFilter(caller: Caller, query: ListingQuery, search: ListingSearch | null) {
  const params = new SqlParams();
  const conditions = [scopeCondition(caller, params)];
  if (query.building) conditions.push(`l.building_id = ${params.add(query.building)}::bigint`);
  let scoreColumn = '';
  if (search) {
    const substringHit = `${LISTING_HAYSTACK} ilike ${params.add(search.likePattern)} escape '\\'`;
    const bonus = `case when ${substringHit} then ${SUBSTRING_BONUS} else 0 end`;
    if (search.tsquery) {
      const tsquery = `to_tsquery('simple', ${params.add(search.tsquery)})`;
      conditions.push(`(${LISTING_DOCUMENT} @@ ${tsquery} or ${substringHit})`);
      scoreColumn = `, (ts_rank(${LISTING_DOCUMENT}, ${tsquery}) + ${bonus})::float8 as _score`;
    } else {
      conditions.push(substringHit);
      scoreColumn = `, (${bonus})::float8 as _score`;
    }
  }
  return {
    source: `from listings l left join buildings b on b.id = l.building_id where ${conditions.join(' and ')}`,
    params,
    scoreColumn,
  };
}

async function countListings(db: Sql, filter: ReturnType<typeof listingFilter>): Promise<number> {
  const [row] = await db.query<{ total: number }>(
    `select count(*)::int as total ${filter.source}`,
    filter.params.values,
  );
  return row?.total ?? 0;
}

/** Buildings holding listings the caller can see, with how many each holds (for grouping). */
function visibleBuildings(db: Sql, caller: Caller) {
  const params = new SqlParams();
  return db.query(
    `select b.id::text as id, b.name, b.slug, b.address, b.city, b.country, count(*)::int as listings
     from listings l join buildings b on b.id = l.building_id
     where ${scopeCondition(caller, params)}
     group by b.id
     order by lower(b.name), b.id`,
    params.values,
  );
}

export function registerListingRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.get<{ Querystring: ListingQuery }>(
    '/listing/load',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            ...pagingQuery,
            search: { type: 'string', maxLength: 200 },
            building: idParam,
            buildings: { type: 'integer', enum: [0, 1] },
            noitems: { type: 'integer', enum: [0, 1] },
          },
        },
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

      let items: Listing[] = [];
      let total: number;
      if (request.query.noitems === 1) {
        total = await countListings(db, filter);
      } else {
        const page = new SqlParams();
        page.values.push(...filter.params.values);
        const rows = await db.query<Listing & { total: string }>(
          `select l.id::text as id, l.account_id::text as account_id, l.nickname, l.address, l.city, l.country,
                  b.name as building, b.slug as building_slug, l.status, l.pms, l.timezone, l.bedrooms,
                  l.created_at, l.updated_at${filter.scoreColumn},
                  count(*) over () as total
           ${filter.source}
           order by ${orderBy(sortKeys, LISTING_SORT, 'l.id', search ? [] : ['_score'])}
           limit ${page.add(size)} offset ${page.add(from)}`,
          page.values,
        );
        items = rows.map(({ total: _total, ...listing }) => listing);
        // Past the last page there is no row to carry the total: count separately.
        total = rows[0] ? Number(rows[0].total) : from === 0 ? 0 : await countListings(db, filter);
      }

      const page = { items, total, size, from };
      return request.query.buildings === 1
        ? { ...page, buildings: await visibleBuildings(db, caller) }
        : page;
    },
  );
}
