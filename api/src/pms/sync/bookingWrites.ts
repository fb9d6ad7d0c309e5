// Bookings that arrive by themselves (a webhook's job, the scheduled sync) written into Hostdash:
// upserted by the system's own ids with the import's own statement (src/imports/importWrites.ts),
// screened in the same transaction, and the team alerted about the risky ones (./stayAlerts.ts).
// A booking on a listing Hostdash does not hold yet brings the system's listings in first.
import type { Database, Sql } from '../../db/database';
import { upsertListings, upsertReservations } from '../../imports/importWrites';
import { SCREENING_ACTOR } from '../../protect/protectLog';
import type { RiskColour } from '../../protect/risk';
import { screenReservations } from '../../protect/screening';
import type { PmsConnection, PmsName, PmsReservation } from '../pms';
import { alertRiskyStays } from './stayAlerts';

export interface BookingTarget {
  accountId: string;
  pms: PmsName;
}

export interface WriteOptions {
  shellOrigin: string;
  /** Why (the protect log's `details.trigger`): `webhook` or `sync`. */
  trigger: 'webhook' | 'sync';
}

export interface WriteResult {
  /** Bookings written (new or changed or unchanged), skipped ones not counted. */
  written: number;
  /** Left out: their listing is not in the system either, or their dates are impossible. */
  skipped: number;
  /** Stays the team was alerted about. */
  alerted: string[];
}

/** Upserts every listing of the system (a booking named one Hostdash did not hold). */
async function bringListings(db: Database, target: BookingTarget, connection: PmsConnection) {
  let cursor: string | null = null;
  do {
    const page = await connection.listings(cursor);
    await db.transaction((tx) => upsertListings(tx, target.accountId, target.pms, page.items));
    cursor = page.next;
  } while (cursor !== null);
}

/** What the system says of the guest beyond the import's fields (message, city), when it says. */
async function writeGuestDetails(
  sql: Sql,
  target: BookingTarget,
  items: readonly PmsReservation[],
) {
  for (const item of items) {
    if (item.guestMessage === undefined && item.guestCity === undefined) continue;
    await sql.query(
      `update reservations
       set guest_message = case when $4::boolean then $5 else guest_message end,
           guest_city = case when $6::boolean then $7 else guest_city end,
           version = version + 1, updated_at = now()
       where account_id = $1::bigint and pms = $2 and external_id = $3
         and ((($4::boolean) and guest_message is distinct from $5)
              or (($6::boolean) and guest_city is distinct from $7))`,
      [
        target.accountId,
        target.pms,
        item.externalId,
        item.guestMessage !== undefined,
        item.guestMessage ?? null,
        item.guestCity !== undefined,
        item.guestCity ?? null,
      ],
    );
  }
}

/**
 * Writes one page of bookings, screens them and alerts about the risky ones, in one transaction
 * (a failure writes and tells nothing).
 */
export async function writeBookings(
  db: Database,
  target: BookingTarget,
  connection: PmsConnection,
  items: readonly PmsReservation[],
  options: WriteOptions,
): Promise<WriteResult> {
  if (items.length === 0) return { written: 0, skipped: 0, alerted: [] };
  const externalIds = [...new Set(items.map((item) => item.externalId))];
  const listingIds = [...new Set(items.map((item) => item.listingExternalId))];
  const known = await db.query<{ external_id: string }>(
    `select external_id from listings
     where account_id = $1::bigint and pms = $2 and external_id = any($3::text[])`,
    [target.accountId, target.pms, listingIds],
  );
  if (known.length < listingIds.length) await bringListings(db, target, connection);

  return db.transaction(async (tx) => {
    const before = await tx.query<{ external_id: string; colour: RiskColour }>(
      `select r.external_id, risk_colour(r.risk_score, a.risk_tolerance) as colour
       from reservations r join accounts a on a.id = r.account_id
       where r.account_id = $1::bigint and r.pms = $2 and r.external_id = any($3::text[])`,
      [target.accountId, target.pms, externalIds],
    );
    const colourBefore = new Map(before.map((row) => [row.external_id, row.colour]));
    const { skipped } = await upsertReservations(tx, target.accountId, target.pms, items);
    await writeGuestDetails(tx, target, items);
    const rows = await tx.query<{ id: string; external_id: string; screened: boolean }>(
      `select id::text as id, external_id, screened_at is not null as screened from reservations
       where account_id = $1::bigint and pms = $2 and external_id = any($3::text[])`,
      [target.accountId, target.pms, externalIds],
    );
    const actor = { actor: SCREENING_ACTOR, trigger: options.trigger };
    const fresh = rows.filter((row) => !row.screened).map((row) => row.id);
    const seen = rows.filter((row) => row.screened).map((row) => row.id);
    if (fresh.length > 0) await screenReservations(tx, fresh, { log: 'screened', ...actor });
    if (seen.length > 0)
      await screenReservations(tx, seen, { log: 'recalculated_if_changed', ...actor });
    const alerted = await alertRiskyStays(
      tx,
      target.accountId,
      new Map(rows.map((row) => [row.id, colourBefore.get(row.external_id) ?? null])),
      { shellOrigin: options.shellOrigin },
    );
    return { written: rows.length, skipped, alerted };
  });
}
