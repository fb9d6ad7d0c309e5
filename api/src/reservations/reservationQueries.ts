// What a reservation looks like to the API (the list item and the detail), who may see which, and
// the filters /reservation/search shares with nothing else. Scope is the listings' scope: a
// reservation is visible exactly when its listing is (owner and sub-users: their account; vendors:
// their granted buildings; admins: all). Vendors never get a guest's email or phone.
import { isAdmin, type Caller } from '../auth/caller';
import type { Sql } from '../db/database';
import { isoSql } from '../db/isoSql';
import { forbidden } from '../http/errors';
import { SqlParams } from '../http/sqlParams';
import { isVendor, listingScope } from '../listings/listingQueries';
import { thresholdsOf } from '../protect/risk';
import { factorsForVendor } from '../protect/screening';
import type { Reservation, ReservationSummary } from './reservationSchemas';

export const RESERVATION_STATUSES = ['CONFIRMED', 'CANCELLED', 'INQUIRY'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
export const VERIFICATION_STATUSES = [
  'pending',
  'incomplete',
  'review',
  'verified',
  'declined',
] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];
export const RESERVATION_SOURCES = ['airbnb', 'booking.com', 'vrbo', 'direct'] as const;
export type ReservationSource = (typeof RESERVATION_SOURCES)[number];
export const CARD_CHECKS = ['passed', 'failed', 'not_run'] as const;
export type CardCheck = (typeof CARD_CHECKS)[number];
/** A guest's identity images, in the order a reservation lists them. */
export const IMAGE_KINDS = ['id_front', 'id_back', 'selfie'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

export const RESERVATION_NOT_FOUND_MESSAGE =
  'This reservation does not exist or is not shared with you.';

/** The joins every reservation query reads from: r, its listing l, building b, account a. */
export const RESERVATION_FROM = `reservations r
  join listings l on l.id = r.listing_id
  left join buildings b on b.id = l.building_id
  join accounts a on a.id = r.account_id`;

/**
 * The reservation's colour (alias r and a), from its score and its account's tolerance, through
 * the database's risk_colour (written from src/protect/risk.ts's thresholds; inlined by the planner).
 */
export const COLOUR_SQL = 'risk_colour(r.risk_score, a.risk_tolerance)';

/** A timestamp as the API writes them everywhere: ISO 8601 in UTC, milliseconds, `Z`. */
export { isoSql };

/**
 * Which reservations (alias r, with its listing l) a caller may see: the listings' scope. For an
 * account's own people it is written on `r.account_id` (the listing's account, by migration 0004),
 * so the (account_id, check_in_date, id) index serves both the scope and the default order.
 */
export function reservationScope(caller: Caller, params: SqlParams): string {
  return accountScope(caller, params, 'r') ?? listingScope(caller, params);
}

/**
 * The caller's scope as whole accounts, over a table with an account_id (alias `alias`): their own
 * account, every account for staff; null for building staff, whose scope is buildings. The kept
 * counts (migration 0005) are per account, so they answer exactly the callers this is not null for.
 */
export function accountScope(caller: Caller, params: SqlParams, alias: string): string | null {
  if (isVendor(caller)) return null;
  if (isAdmin(caller)) return 'true';
  return `${alias}.account_id = ${params.add(caller.account_id)}::bigint`;
}

/** Building staff see arrivals, never a guest's identity data, reports or the protect history. */
export function refuseVendor(caller: Caller, message: string): void {
  if (isVendor(caller)) throw forbidden(message);
}

/** A list item as the SQL reads it; `toSummary` adds the `protect` object. */
export type ReservationItemRow = Omit<ReservationSummary, 'protect'>;
export type ReservationItem = ReservationSummary;

/** A list item with its screening grouped as spec section 3 names it (`protect`). */
export function toSummary(row: ReservationItemRow): ReservationSummary {
  return {
    ...row,
    protect: {
      verification_status: row.verification_status,
      score: row.risk.score,
      colour: row.risk.colour,
      top_factors: row.risk.top_factors,
    },
  };
}

/** The fields a list item and the detail share (without `risk`). Vendors get no email or phone. */
function sharedColumns(caller: Caller): string {
  const redact = isVendor(caller);
  return `r.id::text as id, r.account_id::text as account_id, r.listing_id::text as listing_id,
    l.nickname as listing_nickname, b.name as building, b.slug as building_slug, r.guest_name,
    ${redact ? 'null::text' : 'r.guest_email'} as guest_email, ${redact ? 'null::text' : 'r.guest_phone'} as guest_phone,
    r.guests_count as guests, r.check_in_date, r.check_out_date, r.check_out_date - r.check_in_date as nights,
    r.status, r.source, r.verification_status`;
}

/** A reservation's factors (SQL) as the caller may read them: building staff never get the guest's words. */
const factorsFor = (caller: Caller, factors: string): string =>
  isVendor(caller) ? factorsForVendor(factors) : factors;

/** Select list of a ReservationItem over RESERVATION_FROM. */
export function itemColumns(caller: Caller): string {
  return `${sharedColumns(caller)},
    json_build_object('score', r.risk_score, 'colour', ${COLOUR_SQL},
                      'top_factors', ${factorsFor(caller, `jsonb_path_query_array(r.risk_factors, '$[0 to 2]')`)}) as risk,
    r.version, r.created_at`;
}

export type ReservationDetail = Reservation;

type DetailRow = Omit<Reservation, 'risk' | 'protect'> & {
  risk: Omit<Reservation['risk'], 'thresholds'>;
};

const DETAIL_COLUMNS = (caller: Caller): string => `${sharedColumns(caller)},
    r.version, r.created_at,
    r.guest_message as message, r.guest_city, r.guest_country, r.card_check,
    json_build_object('score', r.risk_score, 'colour', ${COLOUR_SQL}, 'factors', ${factorsFor(caller, 'r.risk_factors')},
                      'screened_at', ${isoSql('r.screened_at')}, 'tolerance', a.risk_tolerance) as risk,
    json_build_object('id', l.id::text, 'nickname', l.nickname, 'address', l.address, 'city', l.city,
                      'country', l.country, 'building', b.name, 'building_slug', b.slug, 'timezone', l.timezone,
                      'check_in_time', to_char(l.check_in_time, 'HH24:MI'),
                      'check_out_time', to_char(l.check_out_time, 'HH24:MI'), 'bedrooms', l.bedrooms) as listing,
    coalesce((select json_agg(json_build_object('kind', i.kind, 'rotation', i.rotation, 'width', ib.width,
                                                'height', ib.height, 'updated_at', ${isoSql('i.updated_at')})
                              order by array_position(array['id_front', 'id_back', 'selfie'], i.kind))
              from reservation_images i join identity_blobs ib on ib.sha256 = i.blob_sha256
              where i.reservation_id = r.id), '[]'::json) as images,
    coalesce((select json_agg(json_build_object('type', rr.type, 'format', rr.format, 'status', rr.status,
                                                'generated_at', ${isoSql('rr.generated_at')}, 'error', rr.error)
                              order by rr.type, rr.format)
              from reservation_reports rr where rr.reservation_id = r.id), '[]'::json) as reports`;

/** One reservation in the caller's scope, in full, or null (absent and out of scope look the same). */
export async function findReservation(
  sql: Sql,
  caller: Caller,
  id: string,
): Promise<ReservationDetail | null> {
  const params = new SqlParams();
  const [row] = await sql.query<DetailRow>(
    `select ${DETAIL_COLUMNS(caller)}
     from ${RESERVATION_FROM}
     where r.id = ${params.add(id)}::bigint and ${reservationScope(caller, params)}`,
    params.values,
  );
  if (!row) return null;
  const risk = { ...row.risk, thresholds: thresholdsOf(row.risk.tolerance) };
  return {
    ...row,
    risk,
    protect: {
      verification_status: row.verification_status,
      score: risk.score,
      colour: risk.colour,
      factors: risk.factors,
      screened_at: risk.screened_at,
      tolerance: risk.tolerance,
      thresholds: risk.thresholds,
      card_check: row.card_check,
    },
  };
}

/** The id and account of a reservation in scope (for the routes that act on one), or null. */
export async function findReservationRef(
  sql: Sql,
  caller: Caller,
  id: string,
): Promise<{ id: string; account_id: string } | null> {
  const params = new SqlParams();
  const [row] = await sql.query<{ id: string; account_id: string }>(
    `select r.id::text as id, r.account_id::text as account_id
     from reservations r join listings l on l.id = r.listing_id
     where r.id = ${params.add(id)}::bigint and ${reservationScope(caller, params)}`,
    params.values,
  );
  return row ?? null;
}
