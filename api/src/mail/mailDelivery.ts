// The outbox's delivery (docs/adr/0013-mail-delivery.md): routes write a mail into `mail_outbox`
// in the transaction of what it is about; this worker hands waiting mails to the transport and
// marks them delivered. Several APIs over one PostgreSQL share the work: each claims its rows with
// SKIP LOCKED. A mail the transport refuses waits longer each time and is tried again. Logs name a
// mail by its id only: never its address, subject or body (a body holds a one-time link). Once
// handed over, a mail's body is dropped: the outbox keeps no working link (migration 0029).
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import type { MailTransport, OutboxMail } from './fileTransport';
import { startPolling, type PollingWorker } from '../workers/polling';

/** Mails handed over per round: a burst of invites goes out over a few rounds. */
export const MAIL_BATCH_SIZE = 20;
/** How often the worker looks for waiting mails. */
export const MAIL_POLL_MS = 2_000;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60 * 1000;

/** The wait before the next try after `attempts` failed ones: 30 s, doubling, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

export interface DeliveryRound {
  delivered: number;
  failed: number;
}

/**
 * One round: the waiting mails that are due (oldest first, up to `limit`), each handed over. When
 * `shouldStop` says so (the API is shutting down) the round ends after the mail under way: those
 * handed over are marked, the rest are let go for the next round or another API.
 */
export async function deliverWaitingMail(
  db: Database,
  transport: MailTransport,
  limit = MAIL_BATCH_SIZE,
  shouldStop: () => boolean = () => false,
): Promise<DeliveryRound> {
  return db.transaction(async (tx) => {
    const mails = await tx.query<OutboxMail & { attempts: number }>(
      `select id::text as id, to_address as "to", subject, body, created_at as "createdAt", attempts
       from mail_outbox
       where delivered_at is null and next_attempt_at <= now()
       order by next_attempt_at, id
       limit $1
       for update skip locked`,
      [limit],
    );
    const round: DeliveryRound = { delivered: 0, failed: 0 };
    for (const mail of mails) {
      if (shouldStop()) break;
      try {
        await transport.deliver(mail);
        // The body goes with the hand-over: its link must not outlive the mail in a backup.
        await tx.query(
          `update mail_outbox set delivered_at = now(), body = null, html_body = null,
             attempts = attempts + 1, last_error = null
           where id = $1::bigint`,
          [mail.id],
        );
        round.delivered += 1;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await tx.query(
          `update mail_outbox set attempts = attempts + 1, last_error = $2,
             next_attempt_at = now() + $3::float8 * interval '1 millisecond'
           where id = $1::bigint`,
          [mail.id, reason.slice(0, 500), retryDelayMs(mail.attempts + 1)],
        );
        round.failed += 1;
      }
    }
    return round;
  });
}

export type MailWorker = PollingWorker;

/** Runs a delivery round every `intervalMs`, one at a time, until stopped. */
export function startMailDelivery({
  db,
  transport,
  log,
  intervalMs = MAIL_POLL_MS,
}: {
  db: Database;
  transport: MailTransport;
  log: FastifyBaseLogger;
  intervalMs?: number;
}): MailWorker {
  const round = async (stopped: () => boolean) => {
    try {
      const { delivered, failed } = await deliverWaitingMail(
        db,
        transport,
        MAIL_BATCH_SIZE,
        stopped,
      );
      if (delivered > 0)
        log.info(
          { event: 'mail_delivered', delivered, transport: transport.name },
          'Mail delivered',
        );
      if (failed > 0)
        log.warn(
          { event: 'mail_delivery_failed', failed, transport: transport.name },
          'Mail could not be delivered; it will be tried again',
        );
    } catch (error) {
      log.warn({ err: error }, 'The mail outbox could not be read; will retry');
    }
  };
  return startPolling(round, intervalMs);
}
