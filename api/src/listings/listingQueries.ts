// What a listing looks like to the API, who may see which listing and building, and the filters
// /listing/load and /listing/stats share. Every value from a request travels as a parameter.
import { isAdmin, type Caller } from '../auth/caller';
import type { Sql } from '../db/database';
import { badRequest } from '../http/errors';
import type { ListFilter } from '../http/pageQuery';
import { SqlParams } from '../http/sqlParams';
import { SUBSTRING_BONUS, type ListingSearch } from './listingSearch';
import type { Listing, ListingFilterQuery } from './listingSchemas';
import { PMS_NAMES } from './pms';

export const LISTING_STATUSES = ['active', 'inactive', 'archived'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export type { Listing };

/** The tables a Listing reads: the listing l and its building b. */
export const LISTING_FROM = 'listings l left join buildings b on b.id = l.building_id';

/** Select list for a Listing, over LISTING_FROM. */
export const LISTING_COLUMNS = `l.id::text as id, l.account_id::text as account_id, l.nickname, l.address, l.city, l.country,
  l.building_id::text as building_id, b.name as building, b.slug as building_slug, l.status, l.pms, l.timezone, l.bedrooms,
  to_char(l.check_in_time, 'HH24:MI') as check_in_time, to_char(l.check_out_time, 'HH24:MI') as check_out_time,
  l.guest_language, l.custom_fields, l.version, l.created_at, l.updated_at`;

export const LISTING_NOT_FOUND_MESSAGE = 'This listing does not exist or is not shared with you.';

export const isVendor = (caller: Pick<Caller, 'subtype' | 'type'>): boolean =>
  !isAdmin(caller) && caller.subtype === 'vendor';

/** Which listings (alias `l`) a caller may see: staff all, vendors their granted buildings, others their account. */
export function listingScope(caller: Caller, params: SqlParams): string {
  if (isAdmin(caller)) return 'true';
  if (isVendor(caller)) {
    return `l.building_id in (select building_id from vendor_grants where user_id = ${params.add(caller.id)}::bigint)`;
  }
  return `l.account_id = ${params.add(caller.account_id)}::bigint`;
}

/** Which buildings (alias `b`) a caller may see, by the same rule. */
export function buildingScope(caller: Caller, params: SqlParams): string {
  if (isAdmin(caller)) return 'true';
  if (isVendor(caller)) {
    return `b.id in (select building_id from vendor_grants where user_id = ${params.add(caller.id)}::bigint)`;
  }
  return `b.account_id = ${params.add(caller.account_id)}::bigint`;
}

/** One listing in the caller's scope, or null (absent and out of scope look the same). */
export async function findListing(sql: Sql, caller: Caller, id: string): Promise<Listing | null> {
  const params = new SqlParams();
  const [row] = await sql.query<Listing>(
    `select ${LISTING_COLUMNS}
     from ${LISTING_FROM}
     where l.id = ${params.add(id)}::bigint and ${listingScope(caller, params)}`,
    params.values,
  );
  return row ?? null;
}

export type { ListingFilterQuery };

/** `active, inactive` → ['active', 'inactive']; an unknown value is a 400 naming the allowed ones. */
export function parseList(
  raw: string | undefined,
  allowed: readonly string[],
  field: string,
): string[] | null {
  if (raw === undefined) return null;
  const values = [
    ...new Set(
      raw
        .split(',')
        .map((value) => value.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  const unknown = values.find((value) => !allowed.includes(value));
  if (unknown !== undefined || values.length === 0) {
    throw badRequest(
      'invalid_request',
      `"${field}" must be a comma-separated list of: ${allowed.join(', ')}${unknown === undefined ? '' : ` ("${unknown.slice(0, 40)}" is not one)`}.`,
    );
  }
  return values;
}

/** Which listings a list holds: `source` is `from … where …` over LISTING_FROM. */
export interface ListingFilter extends ListFilter {
  /** The WHERE conditions over `l`, joined. */
  where: string;
  /** Narrowed by status, PMS, building or a search (not only by who is asking)? */
  narrowed: boolean;
}

/**
 * FROM and WHERE (scope, filters, search) and the relevance column when searching. Without a
 * search, the conditions read only the columns listing_counts keeps (account, building, status,
 * PMS), so the same conditions over `listing_counts l` give the total.
 */
export function listingFilter(
  caller: Caller,
  query: ListingFilterQuery,
  search: ListingSearch | null,
): ListingFilter {
  const statuses = parseList(query.status, LISTING_STATUSES, 'status');
  const pmsNames = parseList(query.pms, PMS_NAMES, 'pms');
  const params = new SqlParams();
  const conditions = [listingScope(caller, params)];
  if (statuses) conditions.push(`l.status = any(${params.add(statuses)}::text[])`);
  if (pmsNames) conditions.push(`l.pms = any(${params.add(pmsNames)}::text[])`);
  if (query.building) conditions.push(`l.building_id = ${params.add(query.building)}::bigint`);
  if (query.building_slug) {
    conditions.push(
      `l.building_id = (select id from buildings where account_id = ${params.add(query.account_id ?? caller.account_id)}::bigint and slug = ${params.add(query.building_slug)})`,
    );
  }
  if (!search) {
    const where = conditions.join(' and ');
    return {
      source: `from ${LISTING_FROM} where ${where}`,
      where,
      params,
      scoreColumn: '',
      countedTotal: {
        text: `select coalesce(sum(l.listings), 0)::int as total from listing_counts l where ${where}`,
        params,
      },
      narrowed: conditions.length > 1,
    };
  }
  // The listing's search fields carry its building's name (migration 0005): one index each.
  const substringHit = `l.search_text like lower(${params.add(search.likePattern)}) escape '\\'`;
  const bonus = `case when ${substringHit} then ${SUBSTRING_BONUS} else 0 end`;
  let scoreColumn: string;
  let sourceParams: number | undefined;
  if (search.tsquery && search.singleWord) {
    // One word: its substring hits include its prefix hits; the rank alone reads the tsquery.
    conditions.push(substringHit);
    sourceParams = params.values.length;
    const tsquery = `to_tsquery('simple', ${params.add(search.tsquery)})`;
    scoreColumn = `, (ts_rank(l.search_vector, ${tsquery}) + ${bonus})::float8 as _score`;
  } else if (search.tsquery) {
    const tsquery = `to_tsquery('simple', ${params.add(search.tsquery)})`;
    conditions.push(`(l.search_vector @@ ${tsquery} or ${substringHit})`);
    scoreColumn = `, (ts_rank(l.search_vector, ${tsquery}) + ${bonus})::float8 as _score`;
  } else {
    conditions.push(substringHit);
    scoreColumn = `, (${bonus})::float8 as _score`;
  }
  const where = conditions.join(' and ');
  return {
    source: `from ${LISTING_FROM} where ${where}`,
    where,
    params,
    scoreColumn,
    sourceParams,
    narrowed: true,
  };
}
