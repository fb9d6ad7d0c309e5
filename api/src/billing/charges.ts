// Charging an invoice (issue 13, issue 32): closing a month — its invoice written once and charged
// once — and a new card paying the months whose charge failed. The outcome of every charge is
// written by dunning.ts, which plans the retries and tells the owners.
import type { ApiConfig } from '../config';
import type { Database } from '../db/database';
import type { Invoice } from './billingSchemas';
import {
  chargeFailureOf,
  chargeInvoice,
  mailInvoiceIssued,
  recordChargeFailed,
  recordChargeSucceeded,
  type ChargeFailure,
} from './dunning';
import { findInvoice, NO_PAYMENT_METHOD_MESSAGE, writeInvoice } from './invoices';
import { refusedChargeId, type PaymentProvider, type ProviderFailure } from './provider';

type Settings = Pick<ApiConfig, 'shellOrigin' | 'billingRetryDays'>;

export interface CloseOutcome {
  invoice: Invoice;
  alreadyClosed: boolean;
  /** Why the charge failed (the invoice is `failed`, or still `open` when unreachable). */
  failure: ProviderFailure | { ok: false; code: 'no_payment_method'; message: string } | null;
}

interface AccountCard {
  customer: string | null;
  method: string | null;
}

const accountCard = async (db: Database, accountId: string): Promise<AccountCard> => {
  const [card] = await db.query<AccountCard>(
    'select stripe_customer_id as customer, payment_method_id as method from accounts where id = $1::bigint',
    [accountId],
  );
  return card ?? { customer: null, method: null };
};

/**
 * Closes a month: writes its invoice once and charges it once. An invoice already paid or failed
 * is answered as it is (nothing charged); an open one (never charged, or the provider was
 * unreachable) is charged now, with the invoice as the idempotency key, so two closes running at
 * once still make one charge. A paid month is mailed to the owners as their invoice; a refusal,
 * or no card on file, is the first failed try of dunning.ts.
 */
export async function closePeriod(
  db: Database,
  payments: PaymentProvider,
  config: Settings,
  accountId: string,
  period: string,
): Promise<CloseOutcome> {
  const { invoice, existed } = await writeInvoice(db, accountId, period);
  if (invoice.status !== 'open') return { invoice, alreadyClosed: true, failure: null };
  const reread = async () => (await findInvoice(db, invoice.id)) ?? invoice;
  const paid = async (chargeId: string | null): Promise<CloseOutcome> => {
    await db.transaction(async (tx) => {
      if (await recordChargeSucceeded(tx, config, { invoiceId: invoice.id, chargeId }))
        await mailInvoiceIssued(tx, config, invoice.id);
    });
    return { invoice: await reread(), alreadyClosed: existed, failure: null };
  };
  const failed = async (
    failure: ChargeFailure,
    outcome: CloseOutcome['failure'],
    chargeId: string | null = null,
  ): Promise<CloseOutcome> => {
    // With the refused charge's id, its payment_failed event is known as this same try.
    await db.transaction((tx) =>
      recordChargeFailed(tx, config, { invoiceId: invoice.id, chargeId, failure }),
    );
    return { invoice: await reread(), alreadyClosed: existed, failure: outcome };
  };
  if (invoice.total_cents === 0) return paid(null);
  const card = await accountCard(db, accountId);
  if (!card.customer || !card.method) {
    const failure = { code: 'no_payment_method', message: NO_PAYMENT_METHOD_MESSAGE } as const;
    return failed(failure, { ok: false, ...failure });
  }
  const result = await chargeInvoice(
    payments,
    { customer: card.customer, method: card.method },
    invoice,
    accountId,
    `invoice_${invoice.id}`,
  );
  if (result.ok) return paid(result.value.chargeId);
  if (result.code === 'provider_unavailable')
    return { invoice, alreadyClosed: existed, failure: result };
  return failed(chargeFailureOf(result), result, refusedChargeId(result));
}

/**
 * After a new card is saved: every invoice of the account whose charge failed is charged again,
 * on the new card, at once. The idempotency key names the invoice and the card, so the same card
 * is never charged twice for an invoice, and an invoice already paid is never touched. A new
 * refusal keeps the invoice failed with the new reason and its planned tries as they were; an
 * unreachable provider leaves it as it was (the planned tries go on). Answers the invoices that are
 * now paid.
 */
export async function chargeFailedInvoices(
  db: Database,
  payments: PaymentProvider,
  config: Settings,
  accountId: string,
): Promise<Invoice[]> {
  const card = await accountCard(db, accountId);
  if (!card.customer || !card.method) return [];
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
      { customer: card.customer, method: card.method },
      invoice,
      accountId,
      `invoice_${invoice.id}_${card.method}`,
    );
    if (result.ok) {
      await db.transaction((tx) =>
        recordChargeSucceeded(tx, config, {
          invoiceId: invoice.id,
          chargeId: result.value.chargeId,
        }),
      );
      const updated = await findInvoice(db, invoice.id);
      if (updated) paid.push(updated);
    } else if (result.code !== 'provider_unavailable') {
      const failure = chargeFailureOf(result);
      // The refused charge is kept as the invoice's latest, so its payment_failed event changes
      // nothing more (paymentEvents.ts): a new card's refusal is not a planned try.
      await db.query(
        `update invoices set attempted_at = now(), failure_code = $2, failure_message = $3,
           provider_charge_id = coalesce($4, provider_charge_id)
         where id = $1::bigint and status = 'failed'`,
        [invoice.id, failure.code, failure.message, refusedChargeId(result)],
      );
    }
  }
  return paid;
}
