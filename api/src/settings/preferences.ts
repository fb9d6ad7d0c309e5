// Notification preferences (migration 0016) and the mails they decide. Every mail is written to the
// outbox in the transaction of what it is about: a change rolled back tells nobody.
import type { Sql } from '../db/database';
import { queueMail } from '../mail/outbox';
import { importFinishedMail, stayTurnedRedMail } from '../mail/templates/hostNotices';
import { pmsDescriptor, type PmsName } from '../pms';
import type { RiskColour } from '../protect/risk';
import {
  PREFERENCE_KINDS,
  type NotificationPreferences,
  type PreferenceKind,
} from './settingsSchemas';

/** The preferences that decide a mail. */
export type MailKind = Extract<PreferenceKind, `mail_${string}`>;

const PREFERENCE_COLUMNS = PREFERENCE_KINDS.join(', ');

/** The person's preferences, the defaults filled in (the view of migration 0016). */
export async function preferencesOf(sql: Sql, userId: string): Promise<NotificationPreferences> {
  const [row] = await sql.query<NotificationPreferences>(
    `select ${PREFERENCE_COLUMNS} from user_notification_preferences where user_id = $1::bigint`,
    [userId],
  );
  if (!row) throw new Error(`user ${userId}: no preferences (the user does not exist)`);
  return row;
}

/** Stores the preferences given; the others keep what they were (chosen or default). */
export async function updatePreferences(
  sql: Sql,
  userId: string,
  changes: Partial<NotificationPreferences>,
): Promise<void> {
  const given = PREFERENCE_KINDS.filter((kind) => changes[kind] !== undefined);
  if (given.length === 0) return;
  // Column names come from the closed list above, the values are parameters.
  await sql.query(
    `insert into notification_preferences (user_id, ${given.join(', ')})
     values ($1::bigint, ${given.map((_, i) => `$${i + 2}::boolean`).join(', ')})
     on conflict (user_id) do update set
       ${given.map((kind) => `${kind} = excluded.${kind}`).join(', ')}, updated_at = now()`,
    [userId, ...given.map((kind) => changes[kind])],
  );
}

/** Whether the person wants this mail (their choice, else the default for their role). */
export async function wantsMail(sql: Sql, userId: string, kind: MailKind): Promise<boolean> {
  const [row] = await sql.query<{ wanted: boolean }>(
    `select ${kind} as wanted from user_notification_preferences where user_id = $1::bigint`,
    [userId],
  );
  return row?.wanted ?? false;
}

/** SQL: whether the user `userColumn` (e.g. `u.id`) has `kind` on. */
export function preferenceOn(kind: PreferenceKind, userColumn: string): string {
  if (!PREFERENCE_KINDS.includes(kind)) throw new Error(`unknown preference ${String(kind)}`);
  return `exists (select 1 from user_notification_preferences np
                  where np.user_id = ${userColumn} and np.${kind})`;
}

/** A screening's outcome for one stay, as screenReservations answers it. */
export interface ColourChange {
  id: string;
  before_colour: RiskColour;
  after_colour: RiskColour;
}

/**
 * Mails the account's owner and managers who want it about each stay these screenings turned red
 * (red before: nothing new). Not to building staff, who see their buildings only, nor to
 * `actorId`, who made the change and sees it already. The mail names the guest by first name only:
 * it leaves Hostdash, and the rest is one click away behind a sign-in.
 */
export async function mailTurnedRed(
  sql: Sql,
  changes: readonly ColourChange[],
  { shellOrigin, actorId }: { shellOrigin: string; actorId: string | null },
): Promise<number> {
  const turned = changes
    .filter((change) => change.after_colour === 'red' && change.before_colour !== 'red')
    .map((change) => change.id);
  if (turned.length === 0) return 0;
  const recipients = await sql.query<{
    reservation_id: string;
    account_id: string;
    email: string;
    name: string;
    guest_first_name: string;
    nickname: string;
  }>(
    `select r.id::text as reservation_id, r.account_id::text as account_id, u.email, u.name,
            split_part(btrim(r.guest_name), ' ', 1) as guest_first_name, l.nickname
     from reservations r
     join listings l on l.id = r.listing_id
     join users u on u.account_id = r.account_id
     where r.id = any($1::bigint[])
       and u.is_active and u.type = 'user' and u.subtype <> 'vendor'
       and ($2::bigint is null or u.id <> $2::bigint)
       and ${preferenceOn('mail_on_red_reservation', 'u.id')}
     order by r.id, u.id`,
    [turned, actorId],
  );
  for (const recipient of recipients) {
    const mail = stayTurnedRedMail({
      name: recipient.name,
      guestFirstName: recipient.guest_first_name,
      listingNickname: recipient.nickname,
      reservationUrl: `${shellOrigin}/reservation/${recipient.reservation_id}`,
    });
    await queueMail(sql, {
      ...mail,
      to: recipient.email,
      kind: 'stay_alert',
      accountId: recipient.account_id,
      reservationId: recipient.reservation_id,
    });
  }
  return recipients.length;
}

/**
 * Mails the account's owner, if they want it, that an import from `pms` finished, with what
 * Hostdash now holds from that system. With `shellOrigin`, the mail has a button to the Risks page.
 */
export async function mailImportFinished(
  sql: Sql,
  {
    accountId,
    pms,
    counts,
    shellOrigin = null,
  }: {
    accountId: string;
    pms: PmsName;
    counts: { listings: number; reservations: number };
    shellOrigin?: string | null;
  },
): Promise<number> {
  const owners = await sql.query<{ id: string; email: string; name: string }>(
    `select id::text as id, email, name from users
     where account_id = $1::bigint and type = 'user' and subtype = 'owner' and is_active
     order by id`,
    [accountId],
  );
  const pmsLabel = pmsDescriptor(pms).label;
  // An import screens many stays at once: one line here instead of a "turned red" mail for each.
  const [red] = await sql.query<{ n: number }>(
    `select count(*)::int as n from reservations r join accounts a on a.id = r.account_id
     where r.account_id = $1::bigint and r.pms = $2 and r.status = 'CONFIRMED'
       and r.check_out_date >= current_date
       and risk_colour(r.risk_score, a.risk_tolerance) = 'red'`,
    [accountId, pms],
  );
  let sent = 0;
  for (const owner of owners) {
    if (!(await wantsMail(sql, owner.id, 'mail_on_import_finished'))) continue;
    const mail = importFinishedMail({
      name: owner.name,
      pmsLabel,
      counts,
      redStays: red?.n ?? 0,
      shellOrigin,
    });
    await queueMail(sql, { ...mail, to: owner.email, kind: 'import_finished', accountId });
    sent += 1;
  }
  return sent;
}
