// The filters, free-text search and sorts of GET /reservation/search (and the window of
// /reservation/stats). Every value from the request travels as a parameter; the ORDER BY comes
// from a whitelist.
import type { Caller } from '../auth/caller';
import { badRequest } from '../http/errors';
import type { Sql } from '../db/database';
import { pageWindow, sourceValues, type ListFilter, type PageRead } from '../http/pageQuery';
import { assertCalendarDate } from '../http/schemas';
import { parseSort, type SortableField, type SortKey } from '../http/sort';
import { SqlParams } from '../http/sqlParams';
import { isVendor, parseList } from '../listings/listingQueries';
import { SUBSTRING_BONUS, type ListingSearch } from '../listings/listingSearch';
import { RISK_COLOURS } from '../protect/risk';
import {
  accountScope,
  COLOUR_SQL,
  RESERVATION_STATUSES,
  reservationScope,
  VERIFICATION_STATUSES,
  type ReservationStatus,
} from './reservationQueries';
import type { ReservationFilterQuery } from './reservationSchemas';

/** What an exact reservation id adds to the rank, so that it comes first. */
const ID_BONUS = 10;

/**
 * Attention order: red, then orange, then a verification waiting for review, then yellow, then
 * green (ties by check-in date, then id).
 */
export const ATTENTION_RANK_SQL = `(case ${COLOUR_SQL} when 'red' then 0 when 'orange' then 1
  else case when r.verification_status = 'review' then 2 when ${COLOUR_SQL} = 'yellow' then 3 else 4 end end)`;

export const RESERVATION_SORT: Record<string, SortableField> = {
  check_in_date: { sql: 'r.check_in_date' },
  check_out_date: { sql: 'r.check_out_date' },
  created_at: { sql: 'r.created_at' },
  guest_name: { sql: 'lower(r.guest_name)' },
  risk_score: { sql: 'r.risk_score' },
  attention: { sql: ATTENTION_RANK_SQL },
  // Relevance; only meaningful with `search` (ignored without it). Descending unless told.
  _score: { sql: '_score', defaultDirection: 'desc' },
};

export const DEFAULT_SORT = 'check_in_date:asc';
export const DEFAULT_SEARCH_SORT = '_score:desc,check_in_date:desc';

/** Parses `sort`; `attention` is followed by the check-in date (unless sorted by it already). */
export function reservationSort(raw: string | undefined, searching: boolean): SortKey[] {
  const keys = parseSort(raw, RESERVATION_SORT, searching ? DEFAULT_SEARCH_SORT : DEFAULT_SORT);
  const attention = keys.findIndex((key) => key.field === 'attention');
  if (attention >= 0 && !keys.some((key) => key.field === 'check_in_date'))
    keys.splice(attention + 1, 0, { field: 'check_in_date', direction: 'asc' });
  return keys;
}

export type { ReservationFilterQuery };

/** `CONFIRMED,inquiry` → ['CONFIRMED', 'INQUIRY']; `all` → null (no filter). */
export function parseStatuses(raw: string | undefined, fallback: string): string[] | null {
  const text = (raw ?? fallback).trim();
  if (text.toLowerCase() === 'all') return null;
  const values = [
    ...new Set(
      text
        .split(',')
        .map((value) => value.trim().toUpperCase())
        .filter(Boolean),
    ),
  ];
  const unknown = values.find(
    (value) => !(RESERVATION_STATUSES as readonly string[]).includes(value),
  );
  if (unknown !== undefined || values.length === 0) {
    throw badRequest(
      'invalid_request',
      `"status" must be all or a comma-separated list of: ${RESERVATION_STATUSES.join(', ')}${unknown === undefined ? '' : ` ("${unknown.slice(0, 40)}" is not one)`}.`,
    );
  }
  return values;
}

/** A date bound from the query: undefined → the default, '' → none, else checked. */
function dateBound(value: string | undefined, field: string): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === '') return null;
  assertCalendarDate(value, field);
  return value;
}

/**
 * The check-in window as SQL conditions over `r`: from `startDate` (default today, unless
 * `openStart`; empty: no bound) through `endDate`. A date that does not exist, or an end before
 * the start, is a 400.
 */
export function checkInWindow(
  query: Pick<ReservationFilterQuery, 'startDate' | 'endDate'>,
  params: SqlParams,
  openStart = false,
): string[] {
  const startDate = dateBound(query.startDate, 'startDate');
  const endDate = dateBound(query.endDate, 'endDate');
  if (startDate && endDate && endDate < startDate)
    throw badRequest('invalid_request', '"endDate" must not be before "startDate".');
  const conditions: string[] = [];
  if (startDate) conditions.push(`r.check_in_date >= ${params.add(startDate)}::date`);
  else if (startDate === undefined && !openStart)
    conditions.push('r.check_in_date >= current_date');
  if (endDate) conditions.push(`r.check_in_date <= ${params.add(endDate)}::date`);
  return conditions;
}

/** The kept day counts' column of each status (migration 0005). */
const STATUS_COLUMN: Record<ReservationStatus, string> = {
  CONFIRMED: 'confirmed',
  CANCELLED: 'cancelled',
  INQUIRY: 'inquiry',
};

/**
 * The day-count columns whose sum is the number of stays a filter selects, or null when the counts
 * cannot tell: they keep statuses, and for CONFIRMED stays verifications and colours (each column
 * named as its value), but not verification and colour together.
 */
function countedColumns(
  statuses: string[] | null,
  colours: string[] | null,
  verifications: string[] | null,
): string[] | null {
  if (!colours && !verifications)
    return (statuses ?? RESERVATION_STATUSES).map(
      (status) => STATUS_COLUMN[status as ReservationStatus],
    );
  const confirmedOnly = statuses?.length === 1 && statuses[0] === 'CONFIRMED';
  if (!confirmedOnly || (colours && verifications)) return null;
  return colours ?? verifications;
}

/** The day counts of a filter's scope and check-in window (alias r), when they can answer it. */
export interface CountedFilter {
  where: string;
  params: SqlParams;
  /** Only CONFIRMED stays, by no colour or verification: the attention classes can be counted. */
  confirmedOnly: boolean;
}

export interface ReservationFilter extends ListFilter {
  /** The WHERE conditions, joined. */
  where: string;
  counted?: CountedFilter;
}

/** What building staff search in: the guest's name and the listing's own words (no email). */
const VENDOR_DOCUMENT = `(setweight(to_tsvector('simple', r.guest_name), 'A') || ts_filter(l.search_vector, '{a,b}'))`;

/**
 * The halves of the reservations' search indexes (migration 0005): CONFIRMED stays and the others.
 * Each arm of a search condition names its half, so that the planner reads only the halves the
 * statuses asked for (the reservations page asks for CONFIRMED stays).
 */
const SEARCH_HALVES = [
  { status: `r.status = 'CONFIRMED'`, holds: (status: string) => status === 'CONFIRMED' },
  { status: `r.status <> 'CONFIRMED'`, holds: (status: string) => status !== 'CONFIRMED' },
];

/**
 * The search condition and the relevance column. The stored search fields carry the listing's
 * words (migration 0005); building staff search names and listings only (a guest's email is not
 * theirs to match against), from the joined listing. For one word, the substring condition alone
 * selects what prefix or substring would: the tsquery then serves only the rank, and its
 * parameter comes after those of the condition (`sourceParams`).
 */
function searchTerms(
  search: ListingSearch,
  raw: string,
  params: SqlParams,
  vendor: boolean,
  statuses: string[] | null,
): { condition: string; scoreColumn: string; sourceParams: number } {
  const document = vendor ? VENDOR_DOCUMENT : 'r.search_vector';
  const pattern = params.add(search.likePattern);
  const substringHit = vendor
    ? `concat_ws(' ', r.guest_name, l.nickname) ilike ${pattern} escape '\\'`
    : `r.search_text like lower(${pattern}) escape '\\'`;
  const digits = /^#?\s*([0-9]{1,18})$/.exec(raw.trim())?.[1];
  const idHit = digits ? `r.id = ${params.add(digits)}::bigint` : null;
  const substringOnly = search.singleWord && !vendor;
  let tsquery =
    search.tsquery && !substringOnly ? `to_tsquery('simple', ${params.add(search.tsquery)})` : null;
  const textHit = tsquery ? `(${document} @@ ${tsquery} or ${substringHit})` : substringHit;
  const arms = vendor
    ? [textHit]
    : SEARCH_HALVES.filter((half) => !statuses || statuses.some(half.holds)).map(
        (half) => `(${half.status} and ${textHit})`,
      );
  const condition = `(${[...arms, ...(idHit ? [idHit] : [])].join(' or ')})`;
  const sourceParams = params.values.length;
  if (search.tsquery && !tsquery) tsquery = `to_tsquery('simple', ${params.add(search.tsquery)})`;
  const bonus = [
    `case when ${substringHit} then ${SUBSTRING_BONUS} else 0 end`,
    ...(idHit ? [`case when ${idHit} then ${ID_BONUS} else 0 end`] : []),
  ].join(' + ');
  const rank = tsquery ? `ts_rank(${document}, ${tsquery}) + ` : '';
  return { condition, scoreColumn: `, (${rank}${bonus})::float8 as _score`, sourceParams };
}

/**
 * FROM and WHERE (scope, filters, search) and the relevance column when searching. The source
 * joins a stay's account only when its colour is read (a colour filter, the attention order) and
 * its listing only for building staff, whose scope and search read it; the counts come from the
 * kept day counts when they can answer the filter.
 */
export function reservationFilter(
  caller: Caller,
  query: ReservationFilterQuery,
  search: ListingSearch | null,
  sortKeys: readonly SortKey[] = [],
): ReservationFilter {
  const statuses = parseStatuses(query.status, search ? 'all' : 'CONFIRMED');
  const colours = parseList(query.colour, RISK_COLOURS, 'colour');
  const verifications = parseList(query.verification, VERIFICATION_STATUSES, 'verification');
  const vendor = isVendor(caller);

  const params = new SqlParams();
  const conditions = [reservationScope(caller, params)];
  // One status as an equality: the planner then matches the CONFIRMED-only search indexes to it.
  if (statuses?.length === 1) conditions.push(`r.status = ${params.add(statuses[0])}`);
  else if (statuses) conditions.push(`r.status = any(${params.add(statuses)}::text[])`);
  // A search looks through every date unless told otherwise.
  const window = checkInWindow(query, params, search !== null);
  conditions.push(...window);
  if (colours) conditions.push(`${COLOUR_SQL} = any(${params.add(colours)}::text[])`);
  if (verifications)
    conditions.push(`r.verification_status = any(${params.add(verifications)}::text[])`);
  if (query.listing_id) conditions.push(`r.listing_id = ${params.add(query.listing_id)}::bigint`);

  const terms = search ? searchTerms(search, query.search ?? '', params, vendor, statuses) : null;
  if (terms) conditions.push(terms.condition);

  const readsColour = colours !== null || sortKeys.some((key) => key.field === 'attention');
  const where = conditions.join(' and ');
  const filter: ReservationFilter = {
    source: `from reservations r${readsColour ? ' join accounts a on a.id = r.account_id' : ''}${vendor ? ' join listings l on l.id = r.listing_id' : ''}
       where ${where}`,
    where,
    params,
    scoreColumn: terms?.scoreColumn ?? '',
    sourceParams: terms?.sourceParams,
  };

  const columns = countedColumns(statuses, colours, verifications);
  const countedParams = new SqlParams();
  const accounts = accountScope(caller, countedParams, 'r');
  if (columns && accounts && !search && !query.listing_id) {
    const countedWhere = [accounts, ...checkInWindow(query, countedParams)].join(' and ');
    filter.counted = {
      where: countedWhere,
      params: countedParams,
      confirmedOnly:
        !colours && !verifications && columns.length === 1 && columns[0] === 'confirmed',
    };
    filter.countedTotal = {
      text: `select coalesce(sum(${columns.map((column) => `r.${column}`).join(' + ')}), 0)::int as total
             from reservation_day_counts r where ${countedWhere}`,
      params: countedParams,
    };
  }
  return filter;
}

/**
 * The attention order's classes, first to last, with the day-count sum that sizes each: the
 * order ATTENTION_RANK_SQL gives (red, orange, in review, yellow, green), in check-in order within.
 */
const ATTENTION_CLASSES = [
  { where: `${COLOUR_SQL} = 'red'`, counted: 'r.red' },
  { where: `${COLOUR_SQL} = 'orange'`, counted: 'r.orange' },
  {
    where: `r.verification_status = 'review' and ${COLOUR_SQL} in ('yellow', 'green')`,
    counted: 'r.review_green + r.review_yellow',
  },
  {
    where: `r.verification_status <> 'review' and ${COLOUR_SQL} = 'yellow'`,
    counted: 'r.yellow - r.review_yellow',
  },
  {
    where: `r.verification_status <> 'review' and ${COLOUR_SQL} = 'green'`,
    counted: 'r.green - r.review_green',
  },
] as const;

/** The default attention order (the risks page): attention, then check-in date. */
export function isAttentionOrder(keys: readonly SortKey[]): boolean {
  return (
    keys.length === 2 &&
    keys[0]?.field === 'attention' &&
    keys[0].direction === 'asc' &&
    keys[1]?.field === 'check_in_date' &&
    keys[1].direction === 'asc'
  );
}

/**
 * A page in the attention order read class by class: the day counts size each class, so each
 * part of the page is read in check-in order from the class it falls in (from the class's nearer
 * end), instead of ranking every coming stay. Null when the counts cannot size the classes.
 */
export async function readAttentionPage<Row extends object>(
  sql: Sql,
  filter: ReservationFilter,
  page: Pick<PageRead, 'columns' | 'rowsFrom' | 'from' | 'size' | 'order'>,
): Promise<Row[] | null> {
  const counted = filter.counted;
  if (!counted?.confirmedOnly) return null;
  const [sizes] = await sql.query<{ sizes: number[] }>(
    `select array[${ATTENTION_CLASSES.map((group) => `coalesce(sum(${group.counted}), 0)::int`).join(', ')}] as sizes
     from reservation_day_counts r where ${counted.where}`,
    counted.params.values,
  );
  const params = new SqlParams();
  params.values.push(...sourceValues(filter));
  const parts: string[] = [];
  let start = 0;
  ATTENTION_CLASSES.forEach((group, index) => {
    const size = sizes?.sizes[index] ?? 0;
    const first = Math.max(page.from, start) - start;
    const end = Math.min(page.from + page.size, start + size) - start;
    start += size;
    if (end <= first) return;
    const { backwards, offset, limit } = pageWindow(first, end - first, size);
    const direction = backwards ? 'desc' : 'asc';
    parts.push(`(select r.id as page_key ${filter.source} and ${group.where}
                 order by r.check_in_date ${direction}, r.id ${direction}
                 limit ${params.add(limit)} offset ${params.add(offset)})`);
  });
  if (parts.length === 0) return [];
  return sql.query<Row>(
    `with page as (${parts.join(' union all ')})
     select ${page.columns}
     from page, ${page.rowsFrom}
     where r.id = page.page_key
     order by ${page.order.forward}`,
    params.values,
  );
}
