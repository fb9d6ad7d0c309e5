// What happens to a charge's outcome (issue 32, docs/adr/0029-billing-schedule-and-dunning.md).
// Every outcome — the month's charge when it is closed, a retry, a new card, a provider's webhook —
// is written here, once: a success marks the invoice paid (and the account no longer past due
// when nothing else is unpaid); a failure counts a failed try, plans the next one on the days of
// BILLING_RETRY_DAYS after the first failure (a `billing.retry` job due then), tells the owners by
// mail and in the bell menu, and after the last try marks the account past due.
import type { ApiConfig } from '../config';
import type { Database, Sql } from '../db/database';
import { isoSql } from '../db/isoSql';
import { enqueueJob, RetryJobLater, type JobDefinition } from '../jobs/jobs';
import { queueMail } from '../mail/outbox';
import {
  invoiceIssuedMail,
  mailDate,
  paymentFailedMail,
  paymentRecoveredMail,
} from '../mail/templates/billingMails';
import { brandName, NO_PAYMENT_METHOD_MESSAGE } from './invoices';
import { money } from './invoicePdf';
import { refusedChargeId, type PaymentProvider, type ProviderFailure } from './provider';

export const BILLING_RETRY_QUEUE = 'billing.retry';
/** A retry the provider could not take is tried again this much later (it used no try). */
const UNREACHABLE_RETRY_MS = 15 * 60 * 1000;

/** A failed charge's reason, as the invoice keeps it. */
export interface ChargeFailure {
  /** The provider's decline code (`generic_decline`, `insufficient_funds`, …) or ours. */
  code: string;
  message: string;
}

/** The failure a provider's refusal is written as. */
export const chargeFailureOf = (
  failure: Exclude<ProviderFailure, { code: 'provider_unavailable' }>,
): ChargeFailure => ({
  code: failure.code === 'card_declined' ? failure.declineCode : failure.code,
  message: failure.message,
});

type Origins = Pick<ApiConfig, 'shellOrigin' | 'billingRetryDays'>;

interface ChargedInvoice {
  id: string;
  account_id: string;
  period: string;
  currency: string;
  total_cents: number;
  failed_tries: number;
  next_try_at: string | null;
  failure_message: string | null;
}

interface Owner {
  id: string;
  email: string;
  name: string;
}

const RETURNING = `id::text as id, account_id::text as account_id, period, currency, total_cents, failed_tries,
  case when next_try_at is null then null else ${isoSql('next_try_at')} end as next_try_at, failure_message`;

const owners = (sql: Sql, accountId: string): Promise<Owner[]> =>
  sql.query<Owner>(
    `select id::text as id, email, name from users
     where account_id = $1::bigint and type = 'user' and subtype = 'owner' and is_active
     order by id`,
    [accountId],
  );

/** "November 2026" for `2026-11`. */
export const periodName = (period: string): string =>
  new Date(`${period}-01T00:00:00Z`).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

const links = (config: Origins, invoiceId: string) => ({
  billingUrl: `${config.shellOrigin}/billing`,
  pdfUrl: `${config.shellOrigin}/api/user/billing/invoice/${invoiceId}/pdf`,
});

/**
 * Writes a successful charge: the invoice paid (never twice), the account no longer past due when
 * no failed invoice is left. A month paid after failing is told to the owners. Answers whether the
 * invoice changed.
 */
export async function recordChargeSucceeded(
  sql: Sql,
  config: Origins,
  { invoiceId, chargeId }: { invoiceId: string; chargeId: string | null },
): Promise<boolean> {
  const [invoice] = await sql.query<ChargedInvoice>(
    `update invoices set status = 'paid', provider_charge_id = $2, charged_at = now(), attempted_at = now(),
            failure_code = null, failure_message = null, next_try_at = null
     where id = $1::bigint and status <> 'paid'
     returning ${RETURNING}`,
    [invoiceId, chargeId],
  );
  if (!invoice) return false;
  await sql.query(
    `update accounts set past_due_since = null
     where id = $1::bigint and past_due_since is not null
       and not exists (select 1 from invoices where account_id = $1::bigint and status = 'failed')`,
    [invoice.account_id],
  );
  if (invoice.failed_tries > 0) {
    const month = periodName(invoice.period);
    for (const owner of await owners(sql, invoice.account_id))
      await queueMail(sql, {
        to: owner.email,
        kind: 'billing',
        accountId: invoice.account_id,
        ...paymentRecoveredMail({
          recipientName: owner.name,
          month,
          total: money(invoice.total_cents, invoice.currency),
          pdfUrl: links(config, invoice.id).pdfUrl,
        }),
      });
  }
  return true;
}

/**
 * Writes a failed try of a scheduled charge (`advance`) or a confirmation of one already written
 * (a provider's event about the same charge id: nothing changes). A failed try is counted and the
 * next one planned (a job due then); after the last one the account is past due. The owners are
 * told each time, by mail and in the bell menu. Answers whether the invoice changed.
 */
export async function recordChargeFailed(
  sql: Sql,
  config: Origins,
  {
    invoiceId,
    chargeId,
    failure,
  }: { invoiceId: string; chargeId: string | null; failure: ChargeFailure },
): Promise<boolean> {
  const [invoice] = await sql.query<ChargedInvoice>(
    `update invoices
     set status = 'failed', provider_charge_id = coalesce($2, provider_charge_id), attempted_at = now(),
         failure_code = $3, failure_message = $4, failed_tries = failed_tries + 1,
         first_failed_at = coalesce(first_failed_at, now()),
         next_try_at = case when failed_tries + 1 <= cardinality($5::int[])
                            then coalesce(first_failed_at, now()) + ($5::int[])[failed_tries + 1] * interval '1 day' end
     where id = $1::bigint and status <> 'paid'
       and not (status = 'failed' and $2::text is not null and provider_charge_id = $2::text)
     returning ${RETURNING}`,
    [invoiceId, chargeId, failure.code, failure.message, config.billingRetryDays],
  );
  if (!invoice) return false;
  if (invoice.next_try_at)
    await enqueueJob(sql, {
      queue: BILLING_RETRY_QUEUE,
      key: `${invoice.id}:${invoice.failed_tries}`,
      payload: { invoiceId: invoice.id, failedTries: invoice.failed_tries },
      runAt: invoice.next_try_at,
    });
  else
    await sql.query(
      'update accounts set past_due_since = coalesce(past_due_since, now()) where id = $1::bigint',
      [invoice.account_id],
    );
  const month = periodName(invoice.period);
  const { billingUrl } = links(config, invoice.id);
  for (const owner of await owners(sql, invoice.account_id)) {
    await sql.query(
      `insert into notifications (user_id, title, body, link) values ($1::bigint, $2, $3, '/billing')`,
      [
        owner.id,
        invoice.next_try_at ? `The payment for ${month} failed` : 'Your account is past due',
        invoice.next_try_at
          ? `${failure.message} We try again on ${mailDate(invoice.next_try_at)}: update your card before then.`
          : `The last try for ${month} failed. Screening keeps running: update your card and we charge it at once.`,
      ],
    );
    await queueMail(sql, {
      to: owner.email,
      kind: 'billing',
      accountId: invoice.account_id,
      ...paymentFailedMail({
        recipientName: owner.name,
        month,
        total: money(invoice.total_cents, invoice.currency),
        reason: failure.message,
        nextTryAt: invoice.next_try_at,
        billingUrl,
      }),
    });
  }
  return true;
}

/** The month's invoice, mailed to the owners when it is closed and paid (or nothing was due). */
export async function mailInvoiceIssued(
  sql: Sql,
  config: Origins,
  invoiceId: string,
): Promise<void> {
  const [row] = await sql.query<{
    account_id: string;
    period: string;
    currency: string;
    total_cents: number;
    status: string;
    brand: string | null;
    last4: string | null;
  }>(
    `select i.account_id::text as account_id, i.period, i.currency, i.total_cents, i.status,
            a.card_brand as brand, a.card_last4 as last4
     from invoices i join accounts a on a.id = i.account_id where i.id = $1::bigint`,
    [invoiceId],
  );
  if (!row) return;
  const { billingUrl, pdfUrl } = links(config, invoiceId);
  const chargedTo =
    row.status === 'paid' && row.total_cents > 0 && row.brand && row.last4
      ? `${brandName(row.brand)} ending in ${row.last4}`
      : null;
  for (const owner of await owners(sql, row.account_id))
    await queueMail(sql, {
      to: owner.email,
      kind: 'billing',
      accountId: row.account_id,
      ...invoiceIssuedMail({
        recipientName: owner.name,
        month: periodName(row.period),
        total: money(row.total_cents, row.currency),
        chargedTo,
        pdfUrl,
        billingUrl,
      }),
    });
}

/**
 * Charges an invoice's total to the account's card; the key makes a repeat the same charge. The
 * charge names the invoice and the account, so the provider's events about it find them.
 */
export const chargeInvoice = (
  payments: PaymentProvider,
  card: { customer: string; method: string },
  invoice: { id: string; period: string; total_cents: number; currency: string },
  accountId: string,
  idempotencyKey: string,
) =>
  payments.charge({
    customerId: card.customer,
    paymentMethodId: card.method,
    amountCents: invoice.total_cents,
    currency: invoice.currency,
    description: `Hostdash ${invoice.period}`,
    idempotencyKey,
    invoiceId: invoice.id,
    accountId,
  });

/** The charge's key: one per invoice, try and card, so a repeated job never charges twice. */
export const retryChargeKey = (invoiceId: string, failedTries: number, method: string): string =>
  `invoice_${invoiceId}_try_${failedTries + 1}_${method}`;

/**
 * A planned retry: charges the invoice on the account's card of now, unless it was paid meanwhile
 * or another try came first (the job then does nothing). An unreachable provider is tried again
 * a quarter of an hour later, without using the try.
 */
export async function retryCharge(
  db: Database,
  payments: PaymentProvider,
  config: Origins,
  { invoiceId, failedTries }: { invoiceId: string; failedTries: number },
): Promise<'paid' | 'failed' | 'skipped'> {
  const [invoice] = await db.query<{
    account_id: string;
    status: string;
    failed_tries: number;
    period: string;
    total_cents: number;
    currency: string;
    customer: string | null;
    method: string | null;
  }>(
    `select i.account_id::text as account_id, i.status, i.failed_tries, i.period, i.total_cents, i.currency,
            a.stripe_customer_id as customer, a.payment_method_id as method
     from invoices i join accounts a on a.id = i.account_id where i.id = $1::bigint`,
    [invoiceId],
  );
  if (!invoice || invoice.status !== 'failed' || invoice.failed_tries !== failedTries)
    return 'skipped';
  if (!invoice.customer || !invoice.method) {
    await db.transaction((tx) =>
      recordChargeFailed(tx, config, {
        invoiceId,
        chargeId: null,
        failure: { code: 'no_payment_method', message: NO_PAYMENT_METHOD_MESSAGE },
      }),
    );
    return 'failed';
  }
  const result = await chargeInvoice(
    payments,
    { customer: invoice.customer, method: invoice.method },
    {
      id: invoiceId,
      period: invoice.period,
      total_cents: invoice.total_cents,
      currency: invoice.currency,
    },
    invoice.account_id,
    retryChargeKey(invoiceId, failedTries, invoice.method),
  );
  if (result.ok) {
    await db.transaction((tx) =>
      recordChargeSucceeded(tx, config, { invoiceId, chargeId: result.value.chargeId }),
    );
    return 'paid';
  }
  if (result.code === 'provider_unavailable')
    throw new RetryJobLater(new Date(Date.now() + UNREACHABLE_RETRY_MS), result.message);
  await db.transaction((tx) =>
    recordChargeFailed(tx, config, {
      invoiceId,
      chargeId: refusedChargeId(result),
      failure: chargeFailureOf(result),
    }),
  );
  return 'failed';
}

/** The `billing.retry` queue: one job per planned try, due on its day. */
export const billingRetryJob: JobDefinition<{ invoiceId: string; failedTries: number }> = {
  queue: BILLING_RETRY_QUEUE,
  async run(payload, { db, payments, config, log }) {
    const outcome = await retryCharge(db, payments, config, payload);
    log.info(
      { event: 'billing_retry', invoiceId: payload.invoiceId, outcome },
      outcome === 'skipped' ? 'Retry not needed' : `Retried charge ${outcome}`,
    );
  },
};
