// The outbox's delivery in a test, as the API's job worker runs it: the due `mail` jobs, each to its
// end, with the transport the test gives (a folder, the test's SMTP server, one that refuses).
import Fastify, { type FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import type { JobServices } from '../jobs/jobs';
import { runDueJobs, type TryResult } from '../jobs/jobWorker';
import { mailJob } from '../mail/mailJob';
import { MAIL_QUEUE } from '../mail/outbox';
import type { MailTransport } from '../mail/transport';
import { adaptersFor } from '../pms/registry';
import { testJobServices } from './jobServices';
import type { TestApi } from './testApi';

const quiet = Fastify({ logger: false }).log;

export function mailJobServices(
  api: TestApi,
  transport: MailTransport | null,
  log: FastifyBaseLogger = quiet,
): JobServices {
  return testJobServices(api, { log, adapters: adaptersFor(api.config), mail: transport });
}

/** Runs every due mail job once (a retried one waits for its back-off: see makeMailJobsDue). */
export function deliverQueuedMail(
  api: TestApi,
  transport: MailTransport,
  log?: FastifyBaseLogger,
): Promise<TryResult[]> {
  return runDueJobs(mailJobServices(api, transport, log), [mailJob]);
}

/** The back-off of every waiting mail job is over: the next round tries them. */
export async function makeMailJobsDue(db: Database): Promise<void> {
  await db.query(`update jobs set run_after = now() where queue = $1 and state = 'queued'`, [
    MAIL_QUEUE,
  ]);
}

/**
 * Whatever the seed or an earlier test left waiting is not this test's mail: marked delivered, its
 * job discarded.
 */
export async function settleWaitingMail(db: Database): Promise<void> {
  await db.query(
    `update mail_outbox set delivered_at = now(), body = null, html_body = null
     where delivered_at is null and failed_at is null`,
  );
  await db.query(
    `update jobs set state = 'discarded', locked_by = null, locked_until = null, finished_at = now()
     where queue = $1 and state in ('queued', 'running')`,
    [MAIL_QUEUE],
  );
}
