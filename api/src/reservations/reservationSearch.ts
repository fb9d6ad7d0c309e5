// The filters, free-text search and sorts of GET /reservation/search (and the window of
// /reservation/stats). Every value from the request travels as a parameter; the ORDER BY comes
// from a whitelist.
import type { Caller } from '../auth/caller';
import { badRequest } from '../http/errors';
import type { ListFilter } from '../http/pageQuery';
import { assertCalendarDate } from '../http/schemas';
import { parseSort, type SortableField, type SortKey } from '../http/sort';
import { SqlParams } from '../http/sqlParams';
import { isVendor, parseList } from '../listings/listingQueries';
import { SUBSTRING_BONUS, type ListingSearch } from '../listings/listingSearch';
import { RISK_COLOURS } from '../protect/risk';
import {
  COLOUR_SQL,
  RESERVATION_FROM,
  RESERVATION_STATUSES,
  reservationScope,
  VERIFICATION_STATUSES,
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

/** Which reservations a list holds: `source` is `from … where …` over RESERVATION_FROM. */
export type ReservationFilter = ListFilter;

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

export function reservationFilter(
  caller: Caller,
  query: ReservationFilterQuery,
  search: ListingSearch | null,
): ReservationFilter {
  const statuses = parseStatuses(query.status, search ? 'all' : 'CONFIRMED');
  const colours = parseList(query.colour, RISK_COLOURS, 'colour');
  const verifications = parseList(query.verification, VERIFICATION_STATUSES, 'verification');

  const params = new SqlParams();
  const conditions = [reservationScope(caller, params)];
  if (statuses) conditions.push(`r.status = any(${params.add(statuses)}::text[])`);
  // A search looks through every date unless told otherwise.
  conditions.push(...checkInWindow(query, params, search !== null));
  if (colours) conditions.push(`${COLOUR_SQL} = any(${params.add(colours)}::text[])`);
  if (verifications)
    conditions.push(`r.verification_status = any(${params.add(verifications)}::text[])`);
  if (query.listing_id) conditions.push(`r.listing_id = ${params.add(query.listing_id)}::bigint`);

  let scoreColumn = '';
  if (search) {
    // Vendors search names and listings only: a guest's email is not theirs to match against.
    const vendor = isVendor(caller);
    const document = vendor
      ? `(ts_filter(r.search_vector, '{a}') || l.search_vector)`
      : '(r.search_vector || l.search_vector)';
    const haystack = vendor
      ? `concat_ws(' ', r.guest_name, l.nickname)`
      : `concat_ws(' ', r.guest_name, r.guest_email, l.nickname)`;
    const substringHit = `${haystack} ilike ${params.add(search.likePattern)} escape '\\'`;
    const digits = /^#?\s*([0-9]{1,18})$/.exec(query.search?.trim() ?? '')?.[1];
    const idHit = digits ? `r.id = ${params.add(digits)}::bigint` : 'false';
    const bonus = `case when ${substringHit} then ${SUBSTRING_BONUS} else 0 end + case when ${idHit} then ${ID_BONUS} else 0 end`;
    if (search.tsquery) {
      const tsquery = `to_tsquery('simple', ${params.add(search.tsquery)})`;
      conditions.push(`(${document} @@ ${tsquery} or ${substringHit} or ${idHit})`);
      scoreColumn = `, (ts_rank(${document}, ${tsquery}) + ${bonus})::float8 as _score`;
    } else {
      conditions.push(`(${substringHit} or ${idHit})`);
      scoreColumn = `, (${bonus})::float8 as _score`;
    }
  }
  return {
    source: `from ${RESERVATION_FROM} where ${conditions.join(' and ')}`,
    params,
    scoreColumn,
  };
}
