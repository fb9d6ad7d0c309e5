// Invoices from real usage: a month's lines computed in SQL from the account's active listings and
// screened stays (prices.ts), the upcoming invoice, the history, and closing a month (written
// once, charged once through the provider).
import type { Database, Sql } from '../db/database';
import { isoSql } from '../reservations/reservationQueries';
import {
  CURRENCY,
  PRICE_LINES,
  SCREENED_RESERVATION_CENTS,
  ACTIVE_LISTING_MONTH_CENTS,
  TAX_RATE_BPS,
} from './prices';
import type { PaymentProvider, ProviderFailure } from './provider';
import type {
  BillingCard,
  BillingWarning,
  Invoice,
  InvoiceLine,
  InvoiceSummary,
  UpcomingInvoice,
} from './billingSchemas';

export const EXPIRY_WARNING_DAYS = 30;

interface UsageRow {
  period: string;
  period_start: string;
  period_end: string;
  charge_date: string;
  active_listings: number;
  screened_reservations: number;
  listing_amount: number;
  screening_amount: number;
  subtotal: number;
  tax: number;
}

/**
 * A month's usage and amounts, counted in SQL: listings of the account with status `active`
 * created before the month ended (listing status history is not kept: a month is billed for the
 * listings active when it is computed), and CONFIRMED stays that were screened, by check-in date
 * (so a stay screened again is never billed twice). `month` is any day of it (YYYY-MM-DD), or null
 * for the current month.
 */
export async function monthUsage(
  sql: Sql,
  accountId: string,
  month: string | null,
): Promise<UpcomingInvoice> {
  const [row] = await sql.query<UsageRow>(
    `with p as (
       select date_trunc('month', coalesce($2::date, current_date))::date as start,
              (date_trunc('month', coalesce($2::date, current_date)) + interval '1 month')::date as next
     ),
     c as (
       select
         (select count(*) from listings l
          where l.account_id = $1::bigint and l.status = 'active' and l.created_at < p.next)::int as active_listings,
         (select count(*) from reservations r
          where r.account_id = $1::bigint and r.status = 'CONFIRMED' and r.screened_at is not null
            and r.check_in_date >= p.start and r.check_in_date < p.next)::int as screened_reservations
       from p
     ),
     a as (
       select c.*, c.active_listings * $3::int as listing_amount,
              c.screened_reservations * $4::int as screening_amount
       from c
     )
     select to_char(p.start, 'YYYY-MM') as period, p.start::text as period_start,
            (p.next - 1)::text as period_end, p.next::text as charge_date,
            a.active_listings, a.screened_reservations, a.listing_amount, a.screening_amount,
            a.listing_amount + a.screening_amount as subtotal,
            round((a.listing_amount + a.screening_amount) * $5::numeric / 10000)::int as tax
     from p, a`,
    [accountId, month, ACTIVE_LISTING_MONTH_CENTS, SCREENED_RESERVATION_CENTS, TAX_RATE_BPS],
  );
  if (!row) throw new Error('billing: no usage row');
  const [listingLine, screeningLine] = PRICE_LINES;
  const lines: InvoiceLine[] = [
    {
      code: listingLine.code,
      description: listingLine.description,
      quantity: row.active_listings,
      unit_price_cents: listingLine.unitPriceCents,
      amount_cents: row.listing_amount,
    },
    {
      code: screeningLine.code,
      description: screeningLine.description,
      quantity: row.screened_reservations,
      unit_price_cents: screeningLine.unitPriceCents,
      amount_cents: row.screening_amount,
    },
  ].filter((line) => line.quantity > 0);
  return {
    period: row.period,
    period_start: row.period_start,
    period_end: row.period_end,
    currency: CURRENCY,
    lines,
    subtotal_cents: row.subtotal,
    tax_rate_bps: TAX_RATE_BPS,
    tax_cents: row.tax,
    total_cents: row.subtotal + row.tax,
    charge_date: row.charge_date,
  };
}

const INVOICE_COLUMNS = `id::text as id, account_id::text as account_id, period, period_start::text as period_start,
  period_end::text as period_end, currency, lines, subtotal_cents, tax_rate_bps, tax_cents, total_cents, status,
  case when charged_at is null then null else ${isoSql('charged_at')} end as charged_at, failure_message`;

export async function findInvoice(sql: Sql, id: string): Promise<Invoice | null> {
  const [row] = await sql.query<Invoice>(
    `select ${INVOICE_COLUMNS} from invoices where id = $1::bigint`,
    [id],
  );
  return row ?? null;
}

export async function accountInvoices(sql: Sql, accountId: string): Promise<InvoiceSummary[]> {
  return sql.query<InvoiceSummary>(
    `select id::text as id, period, period_start::text as period_start, period_end::text as period_end,
            currency, total_cents, status,
            case when charged_at is null then null else ${isoSql('charged_at')} end as charged_at
     from invoices where account_id = $1::bigint
     order by period_start desc, id desc`,
    [accountId],
  );
}

/**
 * Writes the invoice of `period` (YYYY-MM) from its usage, unless it exists; answers it and
 * whether it was there already. The unique (account, period) makes a second writer a no-op.
 */
export async function writeInvoice(
  sql: Sql,
  accountId: string,
  period: string,
): Promise<{ invoice: Invoice; existed: boolean }> {
  const usage = await monthUsage(sql, accountId, `${period}-01`);
  const [written] = await sql.query<{ id: string }>(
    `insert into invoices (account_id, period, period_start, period_end, currency, lines, subtotal_cents,
                           tax_rate_bps, tax_cents, total_cents)
     values ($1::bigint, $2, $3::date, $4::date, $5, $6::jsonb, $7, $8, $9, $10)
     on conflict (account_id, period) do nothing
     returning id::text as id`,
    [
      accountId,
      usage.period,
      usage.period_start,
      usage.period_end,
      usage.currency,
      JSON.stringify(usage.lines),
      usage.subtotal_cents,
      usage.tax_rate_bps,
      usage.tax_cents,
      usage.total_cents,
    ],
  );
  const [existing] = written
    ? [written]
    : await sql.query<{ id: string }>(
        'select id::text as id from invoices where account_id = $1::bigint and period = $2',
        [accountId, period],
      );
  const invoice = existing ? await findInvoice(sql, existing.id) : null;
  if (!invoice) throw new Error('billing: invoice not written');
  return { invoice, existed: !written };
}

export interface CloseOutcome {
  invoice: Invoice;
  alreadyClosed: boolean;
  /** Why the charge failed (the invoice is `failed`, or still `open` when unreachable). */
  failure: ProviderFailure | { ok: false; code: 'no_payment_method'; message: string } | null;
}

export const NO_PAYMENT_METHOD_MESSAGE =
  'This account has no card on file: the invoice stays open until one is added.';

/** Charges an invoice's total to the account's card; the key makes a repeat the same charge. */
const chargeInvoice = (
  payments: PaymentProvider,
  account: { customer: string; method: string },
  invoice: { id: string; period: string; total_cents: number; currency: string },
  idempotencyKey: string,
) =>
  payments.charge({
    customerId: account.customer,
    paymentMethodId: account.method,
    amountCents: invoice.total_cents,
    currency: invoice.currency,
    description: `Hostdash ${invoice.period}`,
    idempotencyKey,
  });

/**
 * Closes a month: writes its invoice once and charges it once. An invoice already paid or failed
 * is answered as it is (nothing charged); an open one (never charged, or the provider was
 * unreachable) is charged now, with the invoice as the idempotency key, so two closes running at
 * once still make one charge.
 */
export async function closePeriod(
  db: Database,
  payments: PaymentProvider,
  accountId: string,
  period: string,
): Promise<CloseOutcome> {
  const { invoice, existed } = await writeInvoice(db, accountId, period);
  if (invoice.status !== 'open') return { invoice, alreadyClosed: true, failure: null };
  const settle = async (
    status: 'paid' | 'failed',
    chargeId: string | null,
    failure: ProviderFailure | null,
  ): Promise<Invoice> => {
    await db.query(
      `update invoices set status = $2, provider_charge_id = $3,
              charged_at = case when $2 = 'paid' then now() end, attempted_at = now(),
              failure_code = $4, failure_message = $5
       where id = $1::bigint and status = 'open'`,
      [
        invoice.id,
        status,
        chargeId,
        failure ? (failure.code === 'card_declined' ? failure.declineCode : failure.code) : null,
        failure?.message ?? null,
      ],
    );
    return (await findInvoice(db, invoice.id)) ?? invoice;
  };
  if (invoice.total_cents === 0)
    return { invoice: await settle('paid', null, null), alreadyClosed: existed, failure: null };
  const [account] = await db.query<{ customer: string | null; method: string | null }>(
    'select stripe_customer_id as customer, payment_method_id as method from accounts where id = $1::bigint',
    [accountId],
  );
  if (!account?.customer || !account.method)
    return {
      invoice,
      alreadyClosed: existed,
      failure: { ok: false, code: 'no_payment_method', message: NO_PAYMENT_METHOD_MESSAGE },
    };
  const result = await chargeInvoice(
    payments,
    { customer: account.customer, method: account.method },
    invoice,
    `invoice_${invoice.id}`,
  );
  if (result.ok)
    return {
      invoice: await settle('paid', result.value.chargeId, null),
      alreadyClosed: existed,
      failure: null,
    };
  if (result.code === 'provider_unavailable')
    return { invoice, alreadyClosed: existed, failure: result };
  return {
    invoice: await settle('failed', null, result),
    alreadyClosed: existed,
    failure: result,
  };
}

/**
 * After a new card is saved: every invoice of the account whose charge failed is charged again,
 * on the new card. The idempotency key names the invoice and the card, so the same card is never
 * charged twice for an invoice, and an invoice already paid is never touched. A new refusal keeps
 * the invoice failed with the new reason; an unreachable provider leaves it failed as it was.
 * Answers the invoices that are now paid.
 */
export async function chargeFailedInvoices(
  db: Database,
  payments: PaymentProvider,
  accountId: string,
): Promise<Invoice[]> {
  const [account] = await db.query<{ customer: string | null; method: string | null }>(
    'select stripe_customer_id as customer, payment_method_id as method from accounts where id = $1::bigint',
    [accountId],
  );
  if (!account?.customer || !account.method) return [];
  const failed = await db.query<{
    id: string;
    period: string;
    total_cents: number;
    currency: string;
  }>(
    `select id::text as id, period, total_cents, currency from invoices
     where account_id = $1::bigint and status = 'failed' order by period`,
    [accountId],
  );
  const paid: Invoice[] = [];
  for (const invoice of failed) {
    const result = await chargeInvoice(
      payments,
      { customer: account.customer, method: account.method },
      invoice,
      `invoice_${invoice.id}_${account.method}`,
    );
    if (result.ok) {
      await db.query(
        `update invoices set status = 'paid', provider_charge_id = $2, charged_at = now(),
                attempted_at = now(), failure_code = null, failure_message = null
         where id = $1::bigint and status = 'failed'`,
        [invoice.id, result.value.chargeId],
      );
      const updated = await findInvoice(db, invoice.id);
      if (updated) paid.push(updated);
    } else if (result.code !== 'provider_unavailable') {
      await db.query(
        `update invoices set attempted_at = now(), failure_code = $2, failure_message = $3
         where id = $1::bigint and status = 'failed'`,
        [
          invoice.id,
          result.code === 'card_declined' ? result.declineCode : result.code,
          result.message,
        ],
      );
    }
  }
  return paid;
}

/** "November 2026", as the banner names a card's last month. */
const monthName = (year: number, month: number): string =>
  new Date(Date.UTC(year, month - 1, 1)).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The banner's reasons: a card expiring within 30 days (or expired), the last charge failed. */
export async function billingWarnings(
  sql: Sql,
  accountId: string,
  card: BillingCard | null,
): Promise<BillingWarning[]> {
  const warnings: BillingWarning[] = [];
  if (card) {
    const [row] = await sql.query<{ days_left: number }>(
      `select (make_date($1::int, $2::int, 1) + interval '1 month' - interval '1 day')::date - current_date as days_left`,
      [card.exp_year, card.exp_month],
    );
    const daysLeft = row?.days_left ?? 0;
    const name = `Your ${brandName(card.brand)} ending in ${card.last4}`;
    if (daysLeft < 0)
      warnings.push({
        code: 'card_expired',
        message: `${name} has expired. Replace it so your next invoice can be paid.`,
      });
    else if (daysLeft <= EXPIRY_WARNING_DAYS)
      warnings.push({
        code: 'card_expiring',
        message: `${name} expires at the end of ${monthName(card.exp_year, card.exp_month)}. Replace it before your next invoice is charged.`,
      });
  }
  const [last] = await sql.query<{ month: string; status: string }>(
    `select to_char(to_date(period, 'YYYY-MM'), 'FMMonth YYYY') as month, status from invoices
     where account_id = $1::bigint and attempted_at is not null
     order by attempted_at desc, id desc limit 1`,
    [accountId],
  );
  if (last?.status === 'failed')
    warnings.push({
      code: 'last_charge_failed',
      message: `The charge for ${last.month} failed: the card was declined. Replace your card, and we charge it again at once.`,
    });
  return warnings;
}

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
};
export const brandName = (brand: string): string => BRAND_NAMES[brand] ?? 'card';
