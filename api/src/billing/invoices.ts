// Invoices from real usage: a month's lines computed in SQL from the account's active listings and
// screened stays (prices.ts), the upcoming invoice, the history, and closing a month (written
// once, charged once through the provider).
import type { Sql } from '../db/database';
import { isoSql } from '../reservations/reservationQueries';
import {
  CURRENCY,
  PRICE_LINES,
  SCREENED_RESERVATION_CENTS,
  ACTIVE_LISTING_MONTH_CENTS,
  TAX_RATE_BPS,
} from './prices';
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
  case when charged_at is null then null else ${isoSql('charged_at')} end as charged_at, failure_message,
  case when next_try_at is null then null else ${isoSql('next_try_at')} end as next_try_at`;

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
            case when charged_at is null then null else ${isoSql('charged_at')} end as charged_at,
            case when next_try_at is null then null else ${isoSql('next_try_at')} end as next_try_at
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

/** The message of a charge that could not be made: the account has no card. */
export const NO_PAYMENT_METHOD_MESSAGE = 'There is no card on file.';

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
  // The oldest month whose charge failed: what failed, and the next try or that none is left.
  const [failed] = await sql.query<{
    month: string;
    message: string | null;
    next_try_at: string | null;
    past_due: boolean;
  }>(
    `select to_char(to_date(i.period, 'YYYY-MM'), 'FMMonth YYYY') as month, i.failure_message as message,
            to_char(i.next_try_at at time zone 'UTC', 'FMDD FMMonth YYYY') as next_try_at,
            a.past_due_since is not null as past_due
     from invoices i join accounts a on a.id = i.account_id
     where i.account_id = $1::bigint and i.status = 'failed'
     order by i.period limit 1`,
    [accountId],
  );
  if (failed) {
    const why = failed.message ? ` ${failed.message}` : '';
    if (failed.past_due)
      warnings.push({
        code: 'past_due',
        message: `Your account is past due: every try to charge ${failed.month} failed.${why} Screening keeps running. Replace your card and we charge it at once.`,
      });
    else
      warnings.push({
        code: 'last_charge_failed',
        message: failed.next_try_at
          ? `The payment for ${failed.month} failed.${why} We try again on ${failed.next_try_at}. Replace your card and we charge it at once.`
          : `The payment for ${failed.month} failed.${why} Replace your card and we charge it at once.`,
      });
  }
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
