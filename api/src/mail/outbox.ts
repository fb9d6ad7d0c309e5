// The outbox (docs/adr/0013-mail-delivery.md, and 0026 for its delivery job): every mail the product
// sends is written here, in the transaction of what it is about (a change rolled back mails
// nobody), with a `mail` job that delivers it. The row is also the mail log: support reads it per
// recipient (/admin/jobs), a host per stay (the reservation page). Mails are made by the templates
// (./templates), HTML with a plain-text part.
import type { Sql } from '../db/database';
import { enqueueJob } from '../jobs/jobs';

/** The mail job's queue: one job per mail, keyed by the mail's id. */
export const MAIL_QUEUE = 'mail';

/** Every kind of mail the product sends (the outbox's `kind`; one template each). */
export type MailKind =
  | 'password_reset'
  | 'team_invite'
  | 'signup_link'
  | 'signup_existing'
  | 'email_change'
  | 'password_changed'
  | 'import_finished'
  | 'stay_alert'
  | 'sync_failed'
  | 'guest_invite'
  | 'guest_reminder'
  | 'billing'
  | 'notice';

/** A mail as a template makes it. */
export interface MailContent {
  subject: string;
  /** The plain-text part. */
  text: string;
  /** The HTML part. */
  html: string;
}

export interface OutgoingMail extends MailContent {
  to: string;
  kind: MailKind;
  /** The account it is about, if any (the mail log's filter). */
  accountId?: string | null;
  /** The stay it is about, if any (shown on the reservation page). */
  reservationId?: string | null;
}

/** Writes the mail and its delivery job in `sql`'s transaction. Returns the mail's id. */
export async function queueMail(sql: Sql, mail: OutgoingMail): Promise<string> {
  const [row] = await sql.query<{ id: string }>(
    `insert into mail_outbox (to_address, subject, body, html_body, kind, account_id, reservation_id)
     values ($1, $2, $3, $4, $5, $6::bigint, $7::bigint)
     returning id::text as id`,
    [
      mail.to,
      mail.subject,
      mail.text,
      mail.html,
      mail.kind,
      mail.accountId ?? null,
      mail.reservationId ?? null,
    ],
  );
  const id = row!.id;
  await enqueueJob(sql, { queue: MAIL_QUEUE, key: id, payload: { mailId: id }, maxAttempts: 8 });
  return id;
}
