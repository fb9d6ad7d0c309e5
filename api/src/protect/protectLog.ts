// The protect log: an append-only history per reservation (and per account for settings), newest
// first. The database refuses UPDATE, DELETE and TRUNCATE on it (migration 0003's trigger).
import type { Caller } from '../auth/caller';
import { isAdmin } from '../auth/caller';
import type { Sql } from '../db/database';
import { SqlParams } from '../http/sqlParams';
import type {
  AccountLogEntry,
  AccountLogPage,
  ProtectLogEntry,
  ProtectLogPage,
} from '../reservations/reservationSchemas';

export const PROTECT_EVENTS = [
  'screened',
  'risk_recalculated',
  'verification_changed',
  'image_rotated',
  'report_generated',
  'report_failed',
  'reservation_created',
  'reservation_updated',
  'tolerance_changed',
  'message_released',
  // The guest-facing portal (src/guest): a screen completed for the first time, the whole portal.
  'screen_completed',
  'portal_completed',
] as const;
export type ProtectEvent = (typeof PROTECT_EVENTS)[number];

export interface Actor {
  /** null when the system acted. */
  userId: string | null;
  name: string;
}

/** The screening engine, when it acts on its own. */
export const SCREENING_ACTOR: Actor = { userId: null, name: 'Hostdash Protect' };

/** The guest, through their portal link (not signed in: no user). */
export const GUEST_ACTOR: Actor = { userId: null, name: 'Guest (portal)' };

export const actorOf = (caller: Caller): Actor => ({ userId: caller.id, name: caller.name });

export interface LogEntry {
  accountId: string;
  reservationId: string | null;
  event: ProtectEvent;
  actor: Actor;
  supervised?: boolean;
  note?: string | null;
  details?: Record<string, unknown>;
}

export async function appendLog(sql: Sql, entry: LogEntry): Promise<void> {
  await sql.query(
    `insert into protect_log (account_id, reservation_id, event, actor_user_id, actor_name, supervised, note, details)
     values ($1::bigint, $2::bigint, $3, $4::bigint, $5, $6, $7, $8::jsonb)`,
    [
      entry.accountId,
      entry.reservationId,
      entry.event,
      entry.actor.userId,
      entry.actor.name,
      entry.supervised ?? false,
      entry.note ?? null,
      JSON.stringify(entry.details ?? {}),
    ],
  );
}

/** An entry as the API answers it (the contract's ProtectLogEntry and AccountLogEntry). */
export type LogItem = ProtectLogEntry;
export type AccountLogItem = AccountLogEntry;
/** A page of a log (ProtectLogPage, AccountLogPage): `{ items, total, size, from }`. */
export type LogPage<Item extends LogItem> = Omit<ProtectLogPage, 'items'> & { items: Item[] };

/**
 * The held-message relay acted as "Stargate", its internal name, until issue 33; it is "Guest
 * messages" to a person. The log is append-only, so its older entries are named anew as read.
 */
const ACTOR_NAME = `case when p.actor_user_id is null and p.actor_name = 'Stargate' then 'Guest messages'
  else p.actor_name end as actor_name`;
const ITEM_COLUMNS = `p.id::text as id, p.at, p.event, ${ACTOR_NAME}, p.supervised, p.note, p.details`;

/** One reservation's history, newest first (the caller has checked the reservation is in scope). */
export async function reservationLog(
  sql: Sql,
  reservationId: string,
  from: number,
  size: number,
): Promise<ProtectLogPage> {
  const [count] = await sql.query<{ total: number }>(
    'select count(*)::int as total from protect_log where reservation_id = $1::bigint',
    [reservationId],
  );
  const total = count?.total ?? 0;
  const items =
    from < total
      ? await sql.query<LogItem>(
          `select ${ITEM_COLUMNS} from protect_log p
           where p.reservation_id = $1::bigint
           order by p.at desc, p.id desc
           limit $2 offset $3`,
          [reservationId, size, from],
        )
      : [];
  return { items, total, size, from };
}

/**
 * The account-wide history (every reservation and the account's own events), newest first:
 * the caller's account, or for admins every account (or the one they name).
 */
export async function accountLog(
  sql: Sql,
  caller: Caller,
  accountId: string | undefined,
  from: number,
  size: number,
): Promise<AccountLogPage> {
  const params = new SqlParams();
  const scope = isAdmin(caller)
    ? accountId
      ? `p.account_id = ${params.add(accountId)}::bigint`
      : 'true'
    : `p.account_id = ${params.add(caller.account_id)}::bigint`;
  const [count] = await sql.query<{ total: number }>(
    `select count(*)::int as total from protect_log p where ${scope}`,
    params.values,
  );
  const total = count?.total ?? 0;
  if (from >= total) return { items: [], total, size, from };
  const items = await sql.query<AccountLogItem>(
    `select ${ITEM_COLUMNS}, p.account_id::text as account_id, p.reservation_id::text as reservation_id,
            r.guest_name, l.nickname as listing_nickname
     from protect_log p
     left join reservations r on r.id = p.reservation_id
     left join listings l on l.id = r.listing_id
     where ${scope}
     order by p.at desc, p.id desc
     limit ${params.add(size)} offset ${params.add(from)}`,
    params.values,
  );
  return { items, total, size, from };
}
