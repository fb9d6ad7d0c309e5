// One page of a system's listings or reservations written into Hostdash, by the system's own ids
// (`external_id`, unique per account and system): a row seen again is updated in place, and only
// when something changed (version + 1), so re-running an import never duplicates. Set-based, one
// statement per page: the kept counts (listing_counts, reservation_day_counts) and the search
// fields follow through their statement-level triggers like for any other write.
import type { Sql } from '../db/database';
import type { PmsListing, PmsName, PmsReservation } from '../pms/pms';
import { SCREENING_ACTOR } from '../protect/protectLog';
import { screenReservations } from '../protect/screening';
import { deliverListingMessages } from '../stargate/relay';

/** A building's slug from its name (`Marina Lofts` → `marina-lofts`), as `buildings.slug` allows. */
const SLUG_SQL = (name: string) =>
  `coalesce(nullif(trim(both '-' from regexp_replace(lower(${name}), '[^a-z0-9]+', '-', 'g')), ''), 'building')`;

const LISTING_RECORD = `"externalId" text, nickname text, address text, city text, country text,
  timezone text, bedrooms int, building text, status text, "checkInTime" text, "checkOutTime" text`;

/** Upserts one page of listings (and the buildings they name); returns how many it read. */
export async function upsertListings(
  sql: Sql,
  accountId: string,
  pms: PmsName,
  items: readonly PmsListing[],
): Promise<number> {
  if (items.length === 0) return 0;
  const page = JSON.stringify(items);
  // A building the system groups listings under: created once per account, found again by slug.
  await sql.query(
    `insert into buildings (account_id, name, slug, address, city, country)
     select distinct on (${SLUG_SQL('x.building')}) $1::bigint, x.building, ${SLUG_SQL('x.building')},
            x.address, x.city, x.country
     from jsonb_to_recordset($2::jsonb) as x(${LISTING_RECORD})
     where x.building is not null and btrim(x.building) <> ''
     order by ${SLUG_SQL('x.building')}
     on conflict (account_id, slug) do nothing`,
    [accountId, page],
  );
  await sql.query(
    `insert into listings as l (account_id, pms, external_id, building_id, nickname, address, city,
                                country, timezone, bedrooms, status, check_in_time, check_out_time)
     select $1::bigint, $3, x."externalId", b.id, x.nickname, x.address, x.city, x.country,
            x.timezone, greatest(x.bedrooms, 0), x.status,
            coalesce(x."checkInTime"::time, '15:00'), coalesce(x."checkOutTime"::time, '11:00')
     from (select distinct on ("externalId") * from jsonb_to_recordset($2::jsonb) as x(${LISTING_RECORD})
           order by "externalId") x
     left join buildings b on b.account_id = $1::bigint and x.building is not null
                          and b.slug = ${SLUG_SQL('x.building')}
     order by x."externalId"
     on conflict (account_id, pms, external_id) do update set
       building_id = excluded.building_id, nickname = excluded.nickname, address = excluded.address,
       city = excluded.city, country = excluded.country, timezone = excluded.timezone,
       bedrooms = excluded.bedrooms,
       -- a listing the host archived in Hostdash stays archived
       status = case when l.status = 'archived' then l.status else excluded.status end,
       check_in_time = excluded.check_in_time, check_out_time = excluded.check_out_time,
       version = l.version + 1, updated_at = now()
     where (l.building_id, l.nickname, l.address, l.city, l.country, l.timezone, l.bedrooms,
            case when l.status = 'archived' then 'archived' else excluded.status end,
            l.check_in_time, l.check_out_time)
           is distinct from
           (excluded.building_id, excluded.nickname, excluded.address, excluded.city,
            excluded.country, excluded.timezone, excluded.bedrooms, l.status,
            excluded.check_in_time, excluded.check_out_time)`,
    [accountId, page, pms],
  );
  return items.length;
}

const RESERVATION_RECORD = `"externalId" text, "listingExternalId" text, "guestName" text,
  "guestEmail" text, "guestPhone" text, "guestsCount" int, "checkIn" date, "checkOut" date,
  status text, source text`;

export interface ReservationPageResult {
  /** Reservations of the page (whether written, unchanged or skipped). */
  read: number;
  /** Left out: their listing is not imported, or their dates are impossible. */
  skipped: number;
}

/**
 * Upserts one page of reservations onto the imported listings. New ones wait for the screening
 * step (`screened_at` null); one that changed is screened again here, in the same transaction,
 * so its risk never shows what it was before the change.
 */
export async function upsertReservations(
  sql: Sql,
  accountId: string,
  pms: PmsName,
  items: readonly PmsReservation[],
): Promise<ReservationPageResult> {
  if (items.length === 0) return { read: 0, skipped: 0 };
  const rows = await sql.query<{ id: string; inserted: boolean }>(
    `insert into reservations as r (account_id, listing_id, pms, external_id, guest_name,
                                    guest_email, guest_phone, guests_count, check_in_date,
                                    check_out_date, status, source)
     select $1::bigint, l.id, $3, x."externalId", x."guestName", x."guestEmail", x."guestPhone",
            greatest(x."guestsCount", 1), x."checkIn", x."checkOut", x.status, x.source
     from (select distinct on ("externalId") * from jsonb_to_recordset($2::jsonb) as x(${RESERVATION_RECORD})
           order by "externalId") x
     join listings l on l.account_id = $1::bigint and l.pms = $3 and l.external_id = x."listingExternalId"
     where x."checkOut" > x."checkIn"
     order by x."externalId"
     on conflict (account_id, pms, external_id) do update set
       listing_id = excluded.listing_id, guest_name = excluded.guest_name,
       guest_email = excluded.guest_email, guest_phone = excluded.guest_phone,
       guests_count = excluded.guests_count, check_in_date = excluded.check_in_date,
       check_out_date = excluded.check_out_date, status = excluded.status, source = excluded.source,
       version = r.version + 1, updated_at = now()
     where (r.listing_id, r.guest_name, r.guest_email, r.guest_phone, r.guests_count,
            r.check_in_date, r.check_out_date, r.status, r.source)
           is distinct from
           (excluded.listing_id, excluded.guest_name, excluded.guest_email, excluded.guest_phone,
            excluded.guests_count, excluded.check_in_date, excluded.check_out_date,
            excluded.status, excluded.source)
     returning r.id::text as id, (r.xmax = 0) as inserted`,
    [accountId, JSON.stringify(items), pms],
  );
  // New stays, and stays moved or un-cancelled, get the messages their listing has for every stay.
  await deliverListingMessages(
    sql,
    rows.map((row) => row.id),
  );
  const changed = rows.filter((row) => !row.inserted).map((row) => row.id);
  if (changed.length > 0)
    await screenReservations(sql, changed, {
      log: 'recalculated_if_changed',
      actor: SCREENING_ACTOR,
      trigger: 'import',
    });
  const [written] = await sql.query<{ n: number }>(
    `select count(*)::int as n from reservations
     where account_id = $1::bigint and pms = $2 and external_id = any($3::text[])`,
    [accountId, pms, items.map((item) => item.externalId)],
  );
  const distinct = new Set(items.map((item) => item.externalId)).size;
  return { read: items.length, skipped: distinct - (written?.n ?? 0) };
}

/** How many of the account's reservations from this system have not been screened yet. */
export async function countUnscreened(sql: Sql, accountId: string, pms: PmsName): Promise<number> {
  const [row] = await sql.query<{ n: number }>(
    `select count(*)::int as n from reservations
     where account_id = $1::bigint and pms = $2 and external_id is not null and screened_at is null`,
    [accountId, pms],
  );
  return row?.n ?? 0;
}

/**
 * Screens up to `limit` of the account's imported reservations never screened, with the statement
 * every other reservation is screened with (src/protect/screening.ts); returns how many.
 */
export async function screenImported(
  sql: Sql,
  accountId: string,
  pms: PmsName,
  limit: number,
): Promise<number> {
  const ids = await sql.query<{ id: string }>(
    `select id::text as id from reservations
     where account_id = $1::bigint and pms = $2 and external_id is not null and screened_at is null
     order by id limit $3`,
    [accountId, pms, limit],
  );
  if (ids.length === 0) return 0;
  const results = await screenReservations(
    sql,
    ids.map((row) => row.id),
    { log: 'screened', actor: SCREENING_ACTOR, trigger: 'import' },
  );
  return results.length;
}

/** The connection's counts after an import: what Hostdash holds from that system now. */
export async function importedCounts(
  sql: Sql,
  accountId: string,
  pms: PmsName,
): Promise<{ listings: number; reservations: number }> {
  const [row] = await sql.query<{ listings: number; reservations: number }>(
    `select (select count(*)::int from listings
             where account_id = $1::bigint and pms = $2 and external_id is not null) as listings,
            (select count(*)::int from reservations
             where account_id = $1::bigint and pms = $2 and external_id is not null) as reservations`,
    [accountId, pms],
  );
  return row ?? { listings: 0, reservations: 0 };
}
