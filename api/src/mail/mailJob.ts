// The delivery of one outbox mail, as a job of the durable job system (docs/adr/0013-mail-delivery.md
// and 0026-durable-jobs.md). `queueMail` (./outbox.ts) queues it with the mail; the job hands the
// mail to the API's transport and records its fate on the outbox row, the mail log:
// - accepted: `delivered_at`, the Message-ID and the server's answer; the bodies are dropped (the
//   link in them must not outlive the mail);
// - refused for now (a 4xx reply, a server out of reach): `attempts` and `last_error`, and the job
//   is tried again with back-off — until its tries run out, when the mail fails like this:
// - refused for good (a 5xx reply such as 550 mailbox unknown): `failed_at` and the reason.
// A mail delivered or failed already is never handed over again. Logs name a mail by its id and
// kind only: never its address, subject or body.
import type { Sql } from '../db/database';
import { PermanentJobError, RetryJobLater, enqueueJob, type JobDefinition } from '../jobs/jobs';
import { MAIL_QUEUE } from './outbox';
import { MailDeliveryError, type OutboxMail } from './transport';

interface OutboxRow extends OutboxMail {
  kind: string;
  delivered: boolean;
  failed: boolean;
  lastError: string | null;
}

/** A transport's failure as the mail log shows it: its own sentence, else nothing of a path. */
function refusalOf(error: unknown): MailDeliveryError {
  if (error instanceof MailDeliveryError) return error;
  // A file transport's error names the file, which names the address: the code only.
  const code = (error as { code?: unknown } | null)?.code;
  return new MailDeliveryError(
    `Not sent: the mail transport failed${typeof code === 'string' ? ` (${code})` : ''}`,
    false,
  );
}

/** The job `queueMail` queues with each mail; its payload is `{ mailId }`. */
export const mailJob: JobDefinition = {
  queue: MAIL_QUEUE,
  async run(payload, context) {
    const { db, log, job } = context;
    const mailId = String(payload.mailId ?? '');
    if (!/^\d+$/.test(mailId)) throw new PermanentJobError('The job names no mail.');
    const transport = context.mail;
    // Only an API with a transport runs this queue (./definitions.ts): another API's is wrong.
    if (!transport) throw new Error('No mail transport is configured on this API.');
    const [mail] = await db.query<OutboxRow>(
      `select id::text as id, to_address as "to", subject, coalesce(body, '') as text,
              html_body as html, created_at as "createdAt", kind,
              delivered_at is not null as delivered, failed_at is not null as failed,
              last_error as "lastError"
       from mail_outbox where id = $1::bigint`,
      [mailId],
    );
    // Gone (pruned after 30 days, or its account deleted it): nothing is left to send.
    if (!mail || mail.delivered) return;
    if (mail.failed) throw new PermanentJobError(mail.lastError ?? 'The mail failed earlier.');
    // Shutting down: the mail goes back to the queue whole, its try not counted.
    if (context.isStopped()) throw new RetryJobLater(new Date(), 'the API is shutting down');
    // A worker paused past its lease (another has the job now) must not hand the mail over too.
    if (!(await context.heartbeat())) return;

    const logged = { event: 'mail', mailId, kind: mail.kind, transport: transport.name };
    let receipt;
    try {
      receipt = await transport.deliver({
        id: mail.id,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        createdAt: mail.createdAt,
      });
    } catch (error) {
      const refusal = refusalOf(error);
      const final = refusal.permanent || job.attempt >= job.maxAttempts;
      await db.query(
        `update mail_outbox set attempts = attempts + 1, last_error = $2,
           failed_at = case when $3::boolean then now() end
         where id = $1::bigint and delivered_at is null`,
        [mailId, refusal.message, final],
      );
      log.warn(
        { ...logged, attempt: job.attempt, permanent: refusal.permanent, final },
        final
          ? 'A mail could not be delivered and will not be tried again'
          : 'A mail will be tried again',
      );
      throw final ? new PermanentJobError(refusal.message) : refusal;
    }
    // At once, in one statement: the shorter the time between the server's acceptance and this
    // record, the smaller the chance that a crash makes another worker send the mail again (and
    // if one does, it goes with the same Message-ID).
    await db.query(
      `update mail_outbox set delivered_at = now(), message_id = $2, server_reply = $3,
         body = null, html_body = null, attempts = attempts + 1, last_error = null
       where id = $1::bigint and delivered_at is null`,
      [mailId, receipt.messageId, receipt.serverReply?.slice(0, 500) ?? null],
    );
    log.info({ ...logged, attempt: job.attempt }, 'Mail delivered');
  },
};

/**
 * Marks failed the waiting mails whose delivery job ended without the job saying so (an admin
 * discarded it, or its worker died on every try), so the mail log never shows a mail as waiting
 * that nothing will send. Run by the hourly maintenance.
 */
export async function failAbandonedMails(sql: Sql): Promise<number> {
  const rows = await sql.query(
    `update mail_outbox m
     set failed_at = now(),
         last_error = coalesce(m.last_error || ' — ', '') ||
           case when j.state = 'discarded' then 'its delivery was discarded by an admin'
                else 'its delivery job stopped' end
     from jobs j
     where j.queue = $1 and j.key = m.id::text and j.state in ('failed', 'discarded')
       and m.delivered_at is null and m.failed_at is null
       and not exists (select 1 from jobs a where a.queue = $1 and a.key = j.key
                       and a.state in ('queued', 'running'))
     returning m.id`,
    [MAIL_QUEUE],
  );
  return rows.length;
}

/**
 * Sends a failed mail again (an admin's Retry on it, or on its job): the mail waits again, with
 * its reason kept until the next try, and a new delivery job is queued. False when the mail is not
 * failed (delivered, waiting, or gone: nothing to do). The job refuses a failed mail, so a retry of
 * the job alone sends nothing.
 */
export async function retryFailedMail(sql: Sql, mailId: string): Promise<boolean> {
  const rows = await sql.query(
    `update mail_outbox set failed_at = null
     where id = $1::bigint and failed_at is not null and delivered_at is null returning id`,
    [mailId],
  );
  if (rows.length === 0) return false;
  await enqueueJob(sql, { queue: MAIL_QUEUE, key: mailId, payload: { mailId }, maxAttempts: 8 });
  return true;
}
