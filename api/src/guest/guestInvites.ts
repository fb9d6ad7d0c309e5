// Guests are invited automatically (issue 31, docs/adr/0026-durable-jobs.md for the jobs). Every
// minute a scan (`guest.invites.scan`) finds the confirmed stays whose invite is due — the
// account's days before check-in (GUEST_INVITE_DAYS by default), at once for a later booking — and
// queues one `guest.invite` job per stay, keyed by the reservation; it queues a `guest.reminder`
// the same way 24 hours before check-in when the guest's portal is not finished. Whatever made the
// stay (the dashboard, an import, a webhook or a sync) the scan finds it; the dashboard's own
// create and update queue it at once too. Only stays booked since the account's invites were
// switched on are invited automatically; the host sends the others by hand (one, or several from
// the list). A cancelled stay gets nothing. The mails go through the outbox (the mail log), which
// is what the reservation page shows. Neither the guest's address nor their link is ever logged.
import type { FastifyBaseLogger } from 'fastify';
import type { ApiConfig } from '../config';
import type { Database, Sql } from '../db/database';
import type { JobDefinition, JobServices } from '../jobs/jobs';
import { enqueueJob } from '../jobs/jobs';
import type { JobSchedule } from '../jobs/schedules';
import { queueMail } from '../mail/outbox';
import type { GuestLanguage } from '../i18n/guestLanguages';
import { guestInviteMail, guestReminderMail } from '../mail/templates/guestInvite';
import type { SecretVault } from '../secrets/vault';
import { isoSql } from '../reservations/reservationQueries';
import { hostLink } from './guestLinks';
import type {
  GuestMail,
  GuestMailKind,
  GuestMailLog,
  NotSendableReason,
} from './guestInviteSchemas';

export const GUEST_INVITE_QUEUE = 'guest.invite';
export const GUEST_REMINDER_QUEUE = 'guest.reminder';
export const GUEST_INVITE_SCAN_QUEUE = 'guest.invites.scan';
/** Stays one scan queues at most (the next minute takes the rest). */
const SCAN_LIMIT = 500;
/** The reminder goes this long before check-in. */
const REMINDER_HOURS = 24;

/** The listing's check-in moment (reservation r, listing l). */
const CHECK_IN_AT = `((r.check_in_date::timestamp + l.check_in_time) at time zone l.timezone)`;
/** The end of the check-out day where the listing is: the guest link stops there. */
const LINK_ENDS_AT = `((r.check_out_date + 1)::timestamp at time zone l.timezone)`;
/** The account's days before check-in ($1: the server's default). */
const DAYS_SQL = `coalesce(a.guest_invite_days, $1::int)`;
const INVITE_DUE_AT = `(${CHECK_IN_AT} - ${DAYS_SQL} * interval '1 day')`;
const HAS_EMAIL = `nullif(btrim(r.guest_email), '') is not null`;
/** Stays the automatic invites cover (reservation r, account a). */
const COVERED = `r.status = 'CONFIRMED' and ${HAS_EMAIL} and a.guest_invites_on
  and r.created_at >= a.guest_invites_since`;
const STAY_FROM = `reservations r
  join listings l on l.id = r.listing_id
  join accounts a on a.id = r.account_id
  left join guest_invites gi on gi.reservation_id = r.id`;
/** The bounds the scan's index serves (no account has more than 30 days). */
const SCAN_WINDOW = `r.status = 'CONFIRMED' and r.guest_email is not null
  and r.check_in_date <= current_date + 32 and r.check_out_date >= current_date - 1`;

/** Whether a guest_invite mail to the stay is in the log (not failed for good). */
const INVITED = `exists (select 1 from mail_outbox m where m.reservation_id = r.id
  and m.kind = 'guest_invite' and m.failed_at is null)`;

/**
 * Queues the `guest.invite` job of each covered stay whose invite is due and was never queued (all
 * stays, or those of `ids`), in `sql`'s transaction. Returns the stays queued.
 */
export async function queueDueInvites(
  sql: Sql,
  config: Pick<ApiConfig, 'guestInviteDays'>,
  ids: readonly string[] | null = null,
): Promise<string[]> {
  const rows = await sql.query<{ id: string }>(
    `with due as (
       select r.id from ${STAY_FROM}
       where ${SCAN_WINDOW} and ${COVERED}
         and gi.invite_queued_at is null and not ${INVITED}
         and now() >= ${INVITE_DUE_AT} and now() < ${LINK_ENDS_AT}
         and ($2::bigint[] is null or r.id = any($2::bigint[]))
       order by r.check_in_date, r.id
       limit ${SCAN_LIMIT}
     )
     insert into guest_invites (reservation_id, invite_queued_at)
     select id, now() from due
     on conflict (reservation_id) do update set invite_queued_at = excluded.invite_queued_at
       where guest_invites.invite_queued_at is null
     returning reservation_id::text as id`,
    [config.guestInviteDays, ids],
  );
  for (const { id } of rows)
    await enqueueJob(sql, { queue: GUEST_INVITE_QUEUE, key: id, payload: { reservationId: id } });
  return rows.map((row) => row.id);
}

/**
 * Queues the `guest.reminder` job of each stay whose check-in is within 24 hours, that was invited
 * before then (a booking made later has just had its invite), and whose guest has not finished the
 * portal. Once per stay.
 */
export async function queueDueReminders(sql: Sql): Promise<string[]> {
  const rows = await sql.query<{ id: string }>(
    `with due as (
       select r.id from ${STAY_FROM}
       left join guest_links g on g.reservation_id = r.id
       where ${SCAN_WINDOW} and r.status = 'CONFIRMED' and ${HAS_EMAIL} and a.guest_invites_on
         and gi.reminder_queued_at is null and g.completed_at is null
         and now() >= ${CHECK_IN_AT} - interval '${REMINDER_HOURS} hours' and now() < ${CHECK_IN_AT}
         and exists (select 1 from mail_outbox m where m.reservation_id = r.id
                       and m.kind = 'guest_invite' and m.failed_at is null
                       and m.created_at <= ${CHECK_IN_AT} - interval '${REMINDER_HOURS} hours')
       order by r.check_in_date, r.id
       limit ${SCAN_LIMIT}
     )
     insert into guest_invites (reservation_id, reminder_queued_at)
     select id, now() from due
     on conflict (reservation_id) do update set reminder_queued_at = excluded.reminder_queued_at
       where guest_invites.reminder_queued_at is null
     returning reservation_id::text as id`,
  );
  for (const { id } of rows)
    await enqueueJob(sql, {
      queue: GUEST_REMINDER_QUEUE,
      key: id,
      payload: { reservationId: id },
    });
  return rows.map((row) => row.id);
}

/** A stay as its guest's mail needs it. */
interface MailStay {
  id: string;
  account_id: string;
  status: string;
  guest_email: string | null;
  guest_first_name: string | null;
  listing_name: string;
  city: string | null;
  check_in: string;
  check_out: string;
  check_in_time: string;
  check_out_time: string;
  host_name: string;
  ended: boolean;
  covered: boolean;
  invites_on: boolean;
  portal_done: boolean;
  /** The guest's language: the one they chose on their page, else their listing's. */
  language: GuestLanguage;
}

async function mailStay(sql: Sql, id: string, lock = false): Promise<MailStay | null> {
  const [row] = await sql.query<MailStay>(
    `select r.id::text as id, r.account_id::text as account_id, r.status,
            nullif(btrim(r.guest_email), '') as guest_email,
            nullif(split_part(btrim(r.guest_name), ' ', 1), '') as guest_first_name,
            l.nickname as listing_name, nullif(btrim(l.city), '') as city,
            r.check_in_date::text as check_in, r.check_out_date::text as check_out,
            to_char(l.check_in_time, 'HH24:MI') as check_in_time,
            to_char(l.check_out_time, 'HH24:MI') as check_out_time, a.name as host_name,
            now() >= ${LINK_ENDS_AT} as ended, (${COVERED}) as covered,
            a.guest_invites_on as invites_on,
            coalesce((select g.language from guest_links g where g.reservation_id = r.id),
                     l.guest_language) as language,
            coalesce((select g.completed_at is not null from guest_links g
                      where g.reservation_id = r.id), false) as portal_done
     from reservations r join listings l on l.id = r.listing_id join accounts a on a.id = r.account_id
     where r.id = $1::bigint ${lock ? 'for update of r' : ''}`,
    [id],
  );
  return row ?? null;
}

/** Why a stay's guest cannot be mailed now, or null. */
export function notSendableReason(stay: {
  status: string;
  guest_email: string | null;
  ended: boolean;
}): NotSendableReason | null {
  if (stay.status === 'CANCELLED') return 'cancelled';
  if (!stay.guest_email) return 'no_email';
  if (stay.ended) return 'ended';
  return null;
}

interface MailServices {
  vault: SecretVault;
  config: Pick<ApiConfig, 'guestPortalUrl'>;
}

/**
 * Writes the guest's mail (its link made on first need) to the outbox in `sql`'s transaction.
 * `userId`: the person who sent it (null: the automatic invites). Returns the mail's id.
 */
async function writeGuestMail(
  sql: Sql,
  { vault, config }: MailServices,
  stay: MailStay & { guest_email: string },
  kind: GuestMailKind,
  userId: string | null,
): Promise<string> {
  const link = await hostLink(sql, vault, stay.id, userId);
  const words = {
    guestFirstName: stay.guest_first_name,
    listingName: stay.listing_name,
    city: stay.city,
    checkIn: stay.check_in,
    checkOut: stay.check_out,
    checkInTime: stay.check_in_time,
    checkOutTime: stay.check_out_time,
    hostName: stay.host_name,
    url: `${config.guestPortalUrl}${link.token}`,
    language: stay.language,
  };
  const content = kind === 'guest_invite' ? guestInviteMail(words) : guestReminderMail(words);
  return queueMail(sql, {
    to: stay.guest_email,
    kind,
    ...content,
    accountId: stay.account_id,
    reservationId: stay.id,
  });
}

export type SendOutcome =
  { sent: true; mailId: string } | { sent: false; reason: NotSendableReason | 'not_found' };

/**
 * The host's "Send check-in link" / "Send again": a new invite mail now, in `sql`'s transaction (the
 * caller checked the stay is theirs). Counts as the stay's invite: the automatic one does not
 * follow it.
 */
export async function sendInviteNow(
  sql: Sql,
  services: MailServices,
  reservationId: string,
  userId: string,
): Promise<SendOutcome> {
  const stay = await mailStay(sql, reservationId, true);
  if (!stay) return { sent: false, reason: 'not_found' };
  const reason = notSendableReason(stay);
  if (reason || !stay.guest_email) return { sent: false, reason: reason ?? 'no_email' };
  const mailId = await writeGuestMail(
    sql,
    services,
    { ...stay, guest_email: stay.guest_email },
    'guest_invite',
    userId,
  );
  await sql.query(
    `insert into guest_invites (reservation_id, invite_queued_at) values ($1::bigint, now())
     on conflict (reservation_id) do update
       set invite_queued_at = coalesce(guest_invites.invite_queued_at, excluded.invite_queued_at)`,
    [reservationId],
  );
  return { sent: true, mailId };
}

/** What the reservation page shows: the guest's mails and whether the link can be sent. */
export async function guestMailLog(
  sql: Sql,
  config: Pick<ApiConfig, 'guestInviteDays'>,
  reservationId: string,
): Promise<GuestMailLog> {
  const [stay] = await sql.query<{
    status: string;
    guest_email: string | null;
    ended: boolean;
    invites_on: boolean;
    days_before: number;
    covered: boolean;
    due_at: string;
  }>(
    `select r.status, nullif(btrim(r.guest_email), '') as guest_email, now() >= ${LINK_ENDS_AT} as ended,
            a.guest_invites_on as invites_on,
            coalesce((select g.language from guest_links g where g.reservation_id = r.id),
                     l.guest_language) as language, ${DAYS_SQL} as days_before, (${COVERED}) as covered,
            ${isoSql(`greatest(${INVITE_DUE_AT}, r.created_at)`)} as due_at
     from ${STAY_FROM} where r.id = $2::bigint`,
    [config.guestInviteDays, reservationId],
  );
  if (!stay) throw new Error(`reservation ${reservationId}: not found`);
  const mails = await sql.query<GuestMail>(
    `select id::text as id, kind, to_address as to, subject, ${isoSql('created_at')} as created_at,
            case when failed_at is not null then 'failed' when delivered_at is not null then 'delivered'
                 else 'queued' end as state,
            ${isoSql('delivered_at')} as delivered_at, ${isoSql('failed_at')} as failed_at,
            last_error as error
     from mail_outbox
     where reservation_id = $1::bigint and kind in ('guest_invite', 'guest_reminder')
     order by created_at desc, id desc`,
    [reservationId],
  );
  const reason = notSendableReason(stay);
  return {
    reservation_id: reservationId,
    guest_email: stay.guest_email,
    sendable: reason === null,
    not_sendable_reason: reason,
    automatic: {
      on: stay.invites_on,
      days_before: stay.days_before,
      covered: stay.covered,
      due_at: stay.covered ? stay.due_at : null,
    },
    mails,
  };
}

type StayPayload = { reservationId?: unknown };

const reservationOf = (payload: StayPayload): string => {
  const id = payload.reservationId;
  if (typeof id !== 'string' || !/^[0-9]{1,18}$/.test(id))
    throw new Error('The job names no reservation.');
  return id;
};

/** Runs one automatic mail to a stay's guest, if it is still wanted when the job runs. */
async function runGuestMail(
  kind: GuestMailKind,
  payload: StayPayload,
  { db, vault, config, log, jobsQueued }: JobServices,
): Promise<void> {
  const reservationId = reservationOf(payload);
  const outcome = await db.transaction(async (tx) => {
    const stay = await mailStay(tx, reservationId, true);
    if (!stay) return 'gone';
    if (notSendableReason(stay) || !stay.guest_email) return 'not sendable';
    if (!stay.invites_on) return 'invites off';
    if (kind === 'guest_invite') {
      if (!stay.covered) return 'not covered';
      const [sent] = await tx.query(
        `select 1 from mail_outbox where reservation_id = $1::bigint and kind = 'guest_invite'`,
        [reservationId],
      );
      if (sent) return 'already invited';
    } else if (stay.portal_done) return 'portal finished';
    const mailId = await writeGuestMail(
      tx,
      { vault, config },
      { ...stay, guest_email: stay.guest_email },
      kind,
      null,
    );
    return `mail ${mailId}`;
  });
  if (outcome.startsWith('mail ')) jobsQueued();
  log.info(
    { event: kind === 'guest_invite' ? 'guest_invite' : 'guest_reminder', reservationId, outcome },
    kind === 'guest_invite' ? 'Guest invite' : 'Guest reminder',
  );
}

export const guestInviteJob: JobDefinition = {
  queue: GUEST_INVITE_QUEUE,
  run: (payload, context) => runGuestMail('guest_invite', payload, context),
};

export const guestReminderJob: JobDefinition = {
  queue: GUEST_REMINDER_QUEUE,
  run: (payload, context) => runGuestMail('guest_reminder', payload, context),
};

/** One scan: the invites and reminders now due, each queued as its own job. */
export async function scanGuestInvites(
  db: Database,
  config: Pick<ApiConfig, 'guestInviteDays'>,
  log?: FastifyBaseLogger,
): Promise<{ invites: string[]; reminders: string[] }> {
  const queued = await db.transaction(async (tx) => ({
    invites: await queueDueInvites(tx, config),
    reminders: await queueDueReminders(tx),
  }));
  if (log && queued.invites.length + queued.reminders.length > 0)
    log.info(
      {
        event: 'guest_invites_scan',
        invites: queued.invites.length,
        reminders: queued.reminders.length,
      },
      'Guest invites queued',
    );
  return queued;
}

export const guestInviteScanJob: JobDefinition = {
  queue: GUEST_INVITE_SCAN_QUEUE,
  run: async (_payload, { db, config, log, jobsQueued }) => {
    const queued = await scanGuestInvites(db, config, log);
    if (queued.invites.length + queued.reminders.length > 0) jobsQueued();
  },
};

/** Every minute, once across every API. */
export const guestInviteSchedule: JobSchedule = {
  name: 'guest-invites',
  cron: '* * * * *',
  queue: GUEST_INVITE_SCAN_QUEUE,
};

export const GUEST_INVITE_JOBS: JobDefinition[] = [
  guestInviteScanJob,
  guestInviteJob,
  guestReminderJob,
];
