// Billing without staff (issue 32, docs/adr/0029-billing-schedule-and-dunning.md): at 02:00 UTC on
// the first of each month the `billing.close` schedule queues one `billing.close.account` job per
// account for the month that just ended; each closes that account's month (charges.ts closePeriod:
// the invoice written once, charged once). A job per account and month, keyed so, and the
// invoice's own idempotency make it once across instances and retries. The retries of a failed
// charge are `billing.retry` jobs (dunning.ts).
import type { Sql } from '../db/database';
import type { JobDefinition } from '../jobs/jobs';
import { enqueueJob } from '../jobs/jobs';
import type { JobSchedule } from '../jobs/schedules';
import { closePeriod } from './charges';
import { billingRetryJob } from './dunning';
import { monthUsage } from './invoices';

export const BILLING_CLOSE_QUEUE = 'billing.close';
export const BILLING_CLOSE_ACCOUNT_QUEUE = 'billing.close.account';

/** 02:00 UTC on the first: the last day's late bookings and screenings have come in. */
export const billingCloseSchedule: JobSchedule = {
  name: 'billing.close',
  cron: '0 2 1 * *',
  queue: BILLING_CLOSE_QUEUE,
};

/** `2026-10` for any moment of November 2026 (UTC): the month that ended before it. */
export function monthBefore(moment: string | Date): string {
  const date = new Date(moment);
  const previous = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, 1));
  return previous.toISOString().slice(0, 7);
}

/** Queues the close of `period` for every account with an owner. Answers how many were queued. */
export async function queueMonthClose(sql: Sql, period: string): Promise<number> {
  const accounts = await sql.query<{ id: string }>(
    `select a.id::text as id from accounts a
     where a.created_at < (to_date($1, 'YYYY-MM') + interval '1 month')
       and exists (select 1 from users u where u.account_id = a.id and u.type = 'user' and u.subtype = 'owner')
     order by a.id`,
    [period],
  );
  let queued = 0;
  for (const account of accounts) {
    const id = await enqueueJob(sql, {
      queue: BILLING_CLOSE_ACCOUNT_QUEUE,
      key: `${account.id}:${period}`,
      payload: { accountId: account.id, period },
      maxAttempts: 10,
    });
    if (id) queued += 1;
  }
  return queued;
}

/** The monthly sweep: the month before the schedule's time (or now, when run by hand). */
const billingCloseJob: JobDefinition<{ period?: string }> = {
  queue: BILLING_CLOSE_QUEUE,
  async run(payload, { db, log, jobsQueued }) {
    const period = monthBefore(payload.period ?? new Date());
    const queued = await db.transaction((tx) => queueMonthClose(tx, period));
    jobsQueued();
    log.info({ event: 'billing_close', period, accounts: queued }, 'Month close queued');
  },
};

/**
 * One account's month: nothing when it used nothing (no invoice of zero is written or mailed);
 * else closed and charged. An unreachable provider fails the try, so the job system tries again
 * with its back-off (the invoice stays open meanwhile; the charge's key makes it one charge).
 */
const billingCloseAccountJob: JobDefinition<{ accountId: string; period: string }> = {
  queue: BILLING_CLOSE_ACCOUNT_QUEUE,
  async run({ accountId, period }, { db, payments, config, log }) {
    const [invoiced] = await db.query(
      'select 1 from invoices where account_id = $1::bigint and period = $2',
      [accountId, period],
    );
    if (!invoiced && (await monthUsage(db, accountId, `${period}-01`)).total_cents === 0) {
      log.info({ event: 'billing_close', accountId, period }, 'Nothing to bill for the month');
      return;
    }
    const outcome = await closePeriod(db, payments, config, accountId, period);
    log.info(
      {
        event: 'billing_close',
        accountId,
        period,
        invoiceId: outcome.invoice.id,
        status: outcome.invoice.status,
        failure: outcome.failure?.code ?? null,
      },
      'Month closed',
    );
    if (outcome.failure?.code === 'provider_unavailable') throw new Error(outcome.failure.message);
  },
};

export const BILLING_JOBS: JobDefinition[] = [
  billingCloseJob as JobDefinition,
  billingCloseAccountJob as JobDefinition,
  billingRetryJob as JobDefinition,
];
