// Stargate's rules, over the database: which deliveries a message makes, who reads what, and
// releasing (automatically once the guest is verified, or by hand with a note). Every release is a
// `message_released` entry in the reservation's protect log, in the same transaction.
import type { Caller } from '../auth/caller';
import type { Sql } from '../db/database';
import { SqlParams } from '../http/sqlParams';
import { isVendor } from '../listings/listingQueries';
import { actorOf, appendLog, type Actor } from '../protect/protectLog';
import { isoSql, reservationScope } from '../reservations/reservationQueries';
import type {
  DeliveryState,
  ReleasedMessage,
  StargateDelivery,
  StargateDeliveryPage,
} from './stargateSchemas';

/** The relay's name in the protect log when it releases on its own (as the demo history says). */
/** Who releases a message when its guest is verified, as the protect log names it. */
export const RELAY_ACTOR: Actor = { userId: null, name: 'Guest messages' };

/** Why an automatic release happened, in the log's details. */
const VERIFIED_REASON = 'Guest verified';

/**
 * The joins a delivery is read through: d, its message m, its reservation r with listing l (the
 * alias reservationScope expects), and who released it by hand (ru).
 */
const DELIVERY_FROM = `stargate_deliveries d
  join stargate_messages m on m.id = d.message_id
  join reservations r on r.id = d.reservation_id
  join listings l on l.id = r.listing_id
  left join users ru on ru.id = d.released_by`;

/** A delivery as the caller may read it: building staff never get a message's words or note. */
function deliveryColumns(caller: Caller): string {
  const hide = isVendor(caller);
  return `d.id::text as id, m.id::text as message_id, m.kind,
    ${hide ? 'null::text' : 'm.title'} as title, ${hide ? 'null::text' : 'm.body'} as body,
    (m.listing_id is not null) as for_listing, m.created_by_name as author_name, d.state,
    ${isoSql('d.created_at')} as created_at, ${isoSql('d.released_at')} as released_at,
    (d.state = 'released' and d.released_by is null) as released_automatically,
    ru.name as released_by_name, ${hide ? 'null::text' : 'd.note'} as note,
    ${isoSql('d.withdrawn_at')} as withdrawn_at,
    json_build_object('id', r.id::text, 'guest_first_name', split_part(btrim(r.guest_name), ' ', 1),
                      'check_in_date', r.check_in_date, 'listing_id', l.id::text,
                      'listing_nickname', l.nickname, 'verification_status', r.verification_status) as reservation`;
}

const NEWEST_FIRST = 'order by d.created_at desc, d.id desc';

export interface DeliveryFilters {
  state?: DeliveryState;
  listingId?: string;
  reservationId?: string;
  from: number;
  size: number;
}

/** The deliveries the caller may see (their account; vendors their buildings), newest first. */
export async function listDeliveries(
  sql: Sql,
  caller: Caller,
  filters: DeliveryFilters,
): Promise<StargateDeliveryPage> {
  const params = new SqlParams();
  const conditions = [reservationScope(caller, params)];
  if (filters.state) conditions.push(`d.state = ${params.add(filters.state)}`);
  if (filters.listingId) conditions.push(`l.id = ${params.add(filters.listingId)}::bigint`);
  if (filters.reservationId) conditions.push(`r.id = ${params.add(filters.reservationId)}::bigint`);
  const where = conditions.join(' and ');
  const [count] = await sql.query<{ total: number }>(
    `select count(*)::int as total from ${DELIVERY_FROM} where ${where}`,
    params.values,
  );
  const total = count?.total ?? 0;
  const { from, size } = filters;
  if (from >= total) return { items: [], total, size, from };
  const items = await sql.query<StargateDelivery>(
    `select ${deliveryColumns(caller)} from ${DELIVERY_FROM}
     where ${where} ${NEWEST_FIRST}
     limit ${params.add(size)} offset ${params.add(from)}`,
    params.values,
  );
  return { items, total, size, from };
}

/** One reservation's held and released deliveries, newest first (scope checked by the caller). */
export async function reservationDeliveries(
  sql: Sql,
  caller: Caller,
  reservationId: string,
): Promise<StargateDelivery[]> {
  return sql.query<StargateDelivery>(
    `select ${deliveryColumns(caller)} from ${DELIVERY_FROM}
     where d.reservation_id = $1::bigint and d.state in ('held', 'released') ${NEWEST_FIRST}`,
    [reservationId],
  );
}

/** Deliveries by id, as the caller reads them, newest first. */
export async function deliveriesById(
  sql: Sql,
  caller: Caller,
  ids: readonly string[],
): Promise<StargateDelivery[]> {
  return sql.query<StargateDelivery>(
    `select ${deliveryColumns(caller)} from ${DELIVERY_FROM}
     where d.id = any($1::bigint[]) ${NEWEST_FIRST}`,
    [ids],
  );
}

/** A delivery in the caller's scope, locked for a change, or null (absent and out of scope alike). */
export async function lockDelivery(
  tx: Sql,
  caller: Caller,
  id: string,
): Promise<{ id: string; state: DeliveryState } | null> {
  const params = new SqlParams();
  const [row] = await tx.query<{ id: string; state: DeliveryState }>(
    `select d.id::text as id, d.state from ${DELIVERY_FROM}
     where d.id = ${params.add(id)}::bigint and ${reservationScope(caller, params)}
     for update of d`,
    params.values,
  );
  return row ?? null;
}

interface Released {
  id: string;
  account_id: string;
  reservation_id: string;
  message_id: string;
  kind: string;
  title: string;
}

/** The log entry of each release: automatic (the relay, not supervised) or by hand (who, the note). */
async function logReleases(
  tx: Sql,
  released: readonly Released[],
  by: { caller: Caller; note: string } | null,
): Promise<void> {
  for (const delivery of released) {
    await appendLog(tx, {
      accountId: delivery.account_id,
      reservationId: delivery.reservation_id,
      event: 'message_released',
      actor: by ? actorOf(by.caller) : RELAY_ACTOR,
      supervised: by !== null,
      note: by?.note ?? null,
      details: {
        message: delivery.title,
        kind: delivery.kind,
        message_id: delivery.message_id,
        delivery_id: delivery.id,
        automatic: by === null,
        reason: by ? 'Released by hand' : VERIFIED_REASON,
      },
    });
  }
}

const RELEASED_RETURNING = `returning d.id::text as id, d.account_id::text as account_id,
  d.reservation_id::text as reservation_id, d.message_id::text as message_id,
  (select m.kind from stargate_messages m where m.id = d.message_id) as kind,
  (select m.title from stargate_messages m where m.id = d.message_id) as title`;

/**
 * Releases every held delivery of these reservations whose guest is verified, and logs each. The
 * one hook for "the guest is verified": whatever sets a reservation's verification to `verified`
 * calls it in the same transaction (today POST /reservation/changeVerification; a message written
 * for a verified guest goes through it too). Returns the deliveries released.
 */
export async function releaseVerified(
  tx: Sql,
  reservationIds: readonly string[],
): Promise<string[]> {
  if (reservationIds.length === 0) return [];
  const released = await tx.query<Released>(
    `update stargate_deliveries d set state = 'released', released_at = now()
     from reservations r
     where r.id = d.reservation_id and d.reservation_id = any($1::bigint[])
       and d.state = 'held' and r.verification_status = 'verified'
     ${RELEASED_RETURNING}`,
    [reservationIds],
  );
  await logReleases(tx, released, null);
  return released.map((delivery) => delivery.id);
}

/** Which stays a listing's message reaches (alias r): someone is still to arrive or staying. */
export const REACHED_BY_LISTING_MESSAGES = `r.status <> 'CANCELLED' and r.check_out_date >= current_date`;

/**
 * Gives these reservations the deliveries of their listing's messages they do not have yet: a stay
 * booked, imported, moved or un-cancelled after the host wrote "for every stay of this listing" is
 * one of those stays (and a stay moved away loses the old listing's held copies). Idempotent;
 * callers run it in the transaction that wrote the reservations.
 */
export async function deliverListingMessages(
  tx: Sql,
  reservationIds: readonly string[],
): Promise<void> {
  if (reservationIds.length === 0) return;
  // A stay moved to another listing no longer gets the old one's door code: its held copy is
  // withdrawn by the system (withdrawn_by null). One already released stays released.
  await tx.query(
    `update stargate_deliveries d set state = 'withdrawn', withdrawn_at = now()
     from stargate_messages m, reservations r
     where m.id = d.message_id and r.id = d.reservation_id and d.reservation_id = any($1::bigint[])
       and d.state = 'held' and m.listing_id is not null and m.listing_id <> r.listing_id`,
    [reservationIds],
  );
  const delivered = await tx.query<{ reservation_id: string }>(
    `insert into stargate_deliveries (message_id, reservation_id, account_id)
     select m.id, r.id, r.account_id
     from reservations r join stargate_messages m on m.listing_id = r.listing_id
     where r.id = any($1::bigint[]) and ${REACHED_BY_LISTING_MESSAGES}
     on conflict (message_id, reservation_id) do nothing
     returning reservation_id::text as reservation_id`,
    [reservationIds],
  );
  await releaseVerified(tx, [...new Set(delivered.map((row) => row.reservation_id))]);
}

/** Releases one held delivery by hand, with the note (the caller locked it and checked it is held). */
export async function releaseByHand(
  tx: Sql,
  caller: Caller,
  deliveryId: string,
  note: string,
): Promise<void> {
  const released = await tx.query<Released>(
    `update stargate_deliveries d set state = 'released', released_at = now(),
       released_by = $2::bigint, note = $3
     where d.id = $1::bigint and d.state = 'held'
     ${RELEASED_RETURNING}`,
    [deliveryId, caller.id, note],
  );
  await logReleases(tx, released, { caller, note });
}

/** Withdraws one held delivery (the caller locked it and checked it is held). */
export async function withdraw(tx: Sql, caller: Caller, deliveryId: string): Promise<void> {
  await tx.query(
    `update stargate_deliveries set state = 'withdrawn', withdrawn_at = now(), withdrawn_by = $2::bigint
     where id = $1::bigint and state = 'held'`,
    [deliveryId, caller.id],
  );
}

/**
 * A reservation's released messages, in the order they were released: what the guest's portal
 * page shows. Held and withdrawn ones never leave the server this way.
 */
export async function releasedMessages(
  sql: Sql,
  reservationId: string,
): Promise<ReleasedMessage[]> {
  return sql.query<ReleasedMessage>(
    `select d.id::text as id, m.kind, m.title, m.body, m.translations,
            ${isoSql('d.released_at')} as released_at
     from stargate_deliveries d join stargate_messages m on m.id = d.message_id
     where d.reservation_id = $1::bigint and d.state = 'released'
     order by d.released_at, d.id`,
    [reservationId],
  );
}
