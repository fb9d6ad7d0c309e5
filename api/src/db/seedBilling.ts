// Billing demo data: Olivia's account (hart) has a saved Visa ending 4242 that expires at the end
// of this month (so the expiry banner shows) and its last three months closed and paid, each
// invoice computed from the seeded usage by the code the API closes months with.
import { writeInvoice } from '../billing/invoices';
import type { Sql } from './database';

export const DEMO_CARD = {
  id: 'pm_test_demoOliviaVisa4242',
  brand: 'visa',
  last4: '4242',
  name: 'Olivia Hart',
} as const;
export const DEMO_PAID_MONTHS = 3;

export async function writeBillingData(sql: Sql, hartAccountId: string): Promise<number> {
  const [customer] = await sql.query<{ id: string }>(
    'select stripe_customer_id as id from accounts where id = $1::bigint',
    [hartAccountId],
  );
  if (!customer?.id) throw new Error('seed: the demo owner has no customer id');
  await sql.query(
    `insert into test_provider_payment_methods (id, brand, last4, exp_month, exp_year, name, outcome, customer_id)
     values ($1, $2, $3, extract(month from current_date)::int, extract(year from current_date)::int, $4, 'succeeds', $5)`,
    [DEMO_CARD.id, DEMO_CARD.brand, DEMO_CARD.last4, DEMO_CARD.name, customer.id],
  );
  await sql.query(
    `update accounts set payment_method_id = $2, card_brand = $3, card_last4 = $4,
       card_exp_month = extract(month from current_date)::int, card_exp_year = extract(year from current_date)::int,
       card_name = $5, card_updated_at = now() - interval '300 days'
     where id = $1::bigint`,
    [hartAccountId, DEMO_CARD.id, DEMO_CARD.brand, DEMO_CARD.last4, DEMO_CARD.name],
  );
  const months = await sql.query<{ period: string }>(
    `select to_char(date_trunc('month', current_date) - n * interval '1 month', 'YYYY-MM') as period
     from generate_series($1::int, 1, -1) as n`,
    [DEMO_PAID_MONTHS],
  );
  for (const { period } of months) {
    const { invoice } = await writeInvoice(sql, hartAccountId, period);
    const chargeId = `ch_test_demo${period.replace('-', '')}olivia`;
    await sql.query(
      `insert into test_provider_charges (id, idempotency_key, customer_id, payment_method_id, amount_cents, currency, status)
       values ($1, $2, $3, $4, $5, $6, 'succeeded')`,
      [
        chargeId,
        `invoice_${invoice.id}`,
        customer.id,
        DEMO_CARD.id,
        invoice.total_cents,
        invoice.currency,
      ],
    );
    await sql.query(
      `update invoices set status = 'paid', provider_charge_id = $2,
         charged_at = (period_end + 1)::timestamptz + interval '6 hours',
         attempted_at = (period_end + 1)::timestamptz + interval '6 hours'
       where id = $1::bigint`,
      [invoice.id, chargeId],
    );
  }
  return months.length;
}
