// Billing (issue 13, spec section 7): add or replace the account's card, the `/billing` page's
// overview (card, upcoming invoice, history, warnings), an invoice's PDF, closing a month (staff),
// and the test-mode provider's tokenisation. `{id}` is the account owner's user id (any user of
// the account names it). Only the account's owner (subtype owner or admin) or Hostdash staff may
// use them: managers and vendors 403, another account 404. The card number and CVC only ever
// reach the tokenisation call, which keeps neither; the billing calls receive a token.
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { type Caller, isAccountOwner, isAdmin, requireAdmin, requireUser } from '../auth/caller';
import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import { ApiError, badRequest, forbidden, notFound, refusedField } from '../http/errors';
import { errors, Id, ref, SESSION, type Api } from '../http/schemas';
import type { PaymentProvider, ProviderFailure } from './provider';
import { PROVIDER_UNAVAILABLE_MESSAGE } from './provider';
import {
  BillingOverviewSchema,
  BillingSummarySchema,
  ClosedPeriodSchema,
  ClosePeriodBody,
  PaymentMethodBody,
  TestCardBody,
  TestPaymentMethodSchema,
  type BillingCard,
  type BillingSummary,
} from './billingSchemas';
import { chargeFailedInvoices, closePeriod } from './charges';
import { accountInvoices, billingWarnings, findInvoice, monthUsage } from './invoices';
import { invoiceDocument, invoiceFileName } from './invoicePdf';
import { tokeniseTestCard } from './testProvider';

const ACCOUNT_NOT_FOUND = 'This account does not exist or is not yours.';
const INVOICE_NOT_FOUND = 'This invoice does not exist or is not yours.';
const OWNER_ONLY = 'Billing is for the account owner.';

/** The billing page's people: the account's owner (subtype owner or admin) and staff. */
const mayBill = (caller: Caller): boolean => isAccountOwner(caller);

interface BilledAccount {
  id: string;
  name: string;
  owner_email: string;
  customer_id: string | null;
  card: BillingCard | null;
}

async function billedAccount(sql: Sql, accountId: string): Promise<BilledAccount | null> {
  const [row] = await sql.query<BilledAccount>(
    `select a.id::text as id, a.name, a.stripe_customer_id as customer_id,
       coalesce((select o.email from users o where o.account_id = a.id and o.type = 'user' and o.subtype = 'owner'
                 order by o.is_active desc, o.id limit 1), '') as owner_email,
       case when a.payment_method_id is null then null else
         json_build_object('payment_method_id', a.payment_method_id, 'brand', a.card_brand, 'last4', a.card_last4,
                           'exp_month', a.card_exp_month, 'exp_year', a.card_exp_year, 'name', a.card_name) end as card
     from accounts a where a.id = $1::bigint`,
    [accountId],
  );
  return row ?? null;
}

/**
 * The account `{id}` (a user of it) names, if the caller may bill it: else 403 or 404. A host's own
 * id names their account; so does a staff member's who has opened one (their caller is then that
 * account's owner, docs/adr/0031), since the billing page asks with the signed-in user's id.
 */
async function accountFor(sql: Sql, caller: Caller, userId: string): Promise<BilledAccount> {
  if (!mayBill(caller)) throw forbidden(OWNER_ONLY);
  const [user] =
    userId === caller.id && caller.type === 'user'
      ? [{ account_id: caller.account_id }]
      : await sql.query<{ account_id: string }>(
          `select account_id::text as account_id from users where id = $1::bigint and type = 'user'`,
          [userId],
        );
  if (!user || (!isAdmin(caller) && user.account_id !== caller.account_id))
    throw notFound(ACCOUNT_NOT_FOUND);
  const account = await billedAccount(sql, user.account_id);
  if (!account) throw notFound(ACCOUNT_NOT_FOUND);
  return account;
}

/** A provider's refusal as the answer: 402 declined / insufficient funds, 503, 400 token. */
export function providerError(failure: ProviderFailure): ApiError {
  switch (failure.code) {
    case 'card_declined':
      return new ApiError(402, 'card_declined', failure.message);
    case 'insufficient_funds':
      return new ApiError(402, 'insufficient_funds', failure.message);
    case 'provider_unavailable':
      return new ApiError(503, 'provider_unavailable', PROVIDER_UNAVAILABLE_MESSAGE);
    case 'invalid_payment_method':
      return refusedField('payment_method', 'exists', failure.message);
  }
}

/**
 * Attaches the token to the account's customer (made first when there is none) and saves the
 * card. A refusal saves nothing: not the card, not a new customer id. The provider makes one
 * customer per account (its Idempotency-Key names the account), so two first saves at once get
 * the same one; the write keeps whichever customer the account has, never a second: a save whose
 * customer is not the account's any more (it changed meanwhile) is refused with 409.
 */
async function saveCard(
  sql: Sql,
  payments: PaymentProvider,
  account: BilledAccount,
  paymentMethodId: string,
): Promise<BillingSummary> {
  let customerId = account.customer_id;
  if (!customerId) {
    const customer = await payments.createCustomer({
      accountId: account.id,
      name: account.name,
      email: account.owner_email,
    });
    if (!customer.ok) throw providerError(customer);
    customerId = customer.value.customerId;
  }
  const attached = await payments.attachPaymentMethod({ customerId, paymentMethodId });
  if (!attached.ok) throw providerError(attached);
  // The saved method, which is not always the token sent (Stripe's test tokens such as
  // pm_card_visa each make a new PaymentMethod when attached).
  const madeDefault = await payments.setDefaultPaymentMethod({
    customerId,
    paymentMethodId: attached.value.id,
  });
  if (!madeDefault.ok) throw providerError(madeDefault);
  const { card } = attached.value;
  const saved = await sql.query(
    `update accounts set stripe_customer_id = $2, payment_method_id = $3, card_brand = $4, card_last4 = $5,
       card_exp_month = $6, card_exp_year = $7, card_name = $8, card_updated_at = now()
     where id = $1::bigint and (stripe_customer_id is null or stripe_customer_id = $2)
     returning id`,
    [
      account.id,
      customerId,
      attached.value.id,
      card.brand,
      card.last4,
      card.exp_month,
      card.exp_year,
      card.name,
    ],
  );
  if (saved.length === 0)
    throw new ApiError(
      409,
      'billing_customer_changed',
      'Another card was saved for this account at the same moment. Reload the billing page to see it.',
    );
  return {
    customer_id: customerId,
    card: { payment_method_id: attached.value.id, ...card },
  };
}

export function registerBillingRoutes(
  app: Api,
  { db, config, payments, storage }: AppContext,
): void {
  const UserParams = Type.Object({ id: Id('The account owner’s user id.') });

  /** A month whose charge failed is paid with the card just saved (its page then shows it paid). */
  const chargeFailedOnNewCard = async (request: FastifyRequest, accountId: string) => {
    const paid = await chargeFailedInvoices(db, payments, config, accountId);
    if (paid.length > 0)
      request.log.info(
        {
          event: 'billing_failed_invoices_paid',
          accountId,
          invoices: paid.map((invoice) => invoice.id),
        },
        'Failed invoices paid with the new card',
      );
  };
  const cardSchema = (summary: string, description: string) => ({
    summary,
    description,
    tags: ['billing'],
    security: SESSION,
    params: UserParams,
    body: PaymentMethodBody,
    response: { 200: ref(BillingSummarySchema), ...errors(400, 401, 402, 403, 404, 409, 503) },
  });

  app.post(
    '/user/billing/create/:id',
    {
      schema: cardSchema(
        'Add the account’s card (owners)',
        'Makes the provider customer if the account has none, attaches the tokenised card (where a card is declined: 402 `card_declined` with the provider’s reason, 402 `insufficient_funds`; nothing saved) and makes it the default. `/loadAuth` then has `billing.stripe_customer_id`. 400 `invalid_request` with `field: payment_method` for an unknown token; 503 `provider_unavailable` when the provider cannot be reached (nothing charged or saved). One provider customer per account: two first saves at once share it (409 `billing_customer_changed` should the account’s customer have changed meanwhile).',
      ),
    },
    async (request) => {
      const caller = await requireUser(db, request);
      const account = await accountFor(db, caller, request.params.id);
      const summary = await saveCard(db, payments, account, request.body.payment_method);
      request.log.info(
        { event: 'billing_card_added', accountId: account.id, brand: summary.card?.brand },
        'Card added',
      );
      await chargeFailedOnNewCard(request, account.id);
      return summary;
    },
  );

  app.post(
    '/user/billing/updateCard/:id',
    {
      schema: cardSchema(
        'Replace the account’s card (owners)',
        'As create, for an account that has a provider customer already (400 `no_billing_customer` otherwise). The old card stays until the new one is accepted. Either way, a month whose charge failed is charged again on the new card (once per invoice and card).',
      ),
    },
    async (request) => {
      const caller = await requireUser(db, request);
      const account = await accountFor(db, caller, request.params.id);
      if (!account.customer_id)
        throw badRequest(
          'no_billing_customer',
          'This account has no payment method yet: add a card first.',
        );
      const summary = await saveCard(db, payments, account, request.body.payment_method);
      request.log.info(
        { event: 'billing_card_replaced', accountId: account.id, brand: summary.card?.brand },
        'Card replaced',
      );
      await chargeFailedOnNewCard(request, account.id);
      return summary;
    },
  );

  app.get(
    '/user/billing/load/:id',
    {
      schema: {
        summary: 'The billing page: card, upcoming invoice, past invoices, warnings (owners)',
        description:
          'The upcoming invoice is the current month so far, computed from the account’s active listings and screened stays. Invoices newest first. Warnings: the card expires within 30 days (or has), the last charge failed.',
        tags: ['billing'],
        security: SESSION,
        params: UserParams,
        response: { 200: ref(BillingOverviewSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = await requireUser(db, request);
      const account = await accountFor(db, caller, request.params.id);
      const [upcoming, invoices] = await Promise.all([
        monthUsage(db, account.id, null),
        accountInvoices(db, account.id),
      ]);
      return {
        customer_id: account.customer_id,
        card: account.card,
        upcoming_invoice: upcoming,
        invoices,
        warnings: await billingWarnings(db, account.id, account.card),
        provider_mode: payments.mode,
        publishable_key: payments.mode === 'stripe' ? config.stripePublishableKey : null,
      };
    },
  );

  app.get(
    '/user/billing/invoice/:invoiceId/pdf',
    {
      schema: {
        summary: 'An invoice as a PDF (owners)',
        tags: ['billing'],
        security: SESSION,
        params: Type.Object({ invoiceId: Id() }),
        response: {
          200: {
            description: 'The invoice (application/pdf).',
            content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
          },
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const caller = await requireUser(db, request);
      if (!mayBill(caller)) throw forbidden(OWNER_ONLY);
      const invoice = await findInvoice(db, request.params.invoiceId);
      if (!invoice || (!isAdmin(caller) && invoice.account_id !== caller.account_id))
        throw notFound(INVOICE_NOT_FOUND);
      const account = await billedAccount(db, invoice.account_id);
      const bytes = await invoiceDocument(db, storage, invoice, {
        name: account?.name ?? '',
        customerId: account?.customer_id ?? null,
      });
      return reply
        .headers({
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="${invoiceFileName(invoice)}"`,
          'cache-control': 'private, no-store',
          'x-content-type-options': 'nosniff',
        })
        .send(bytes);
    },
  );

  app.post(
    '/admin/billing/closePeriod',
    {
      schema: {
        summary: 'Close a month of an account: write its invoice and charge it (staff)',
        description:
          'Idempotent: the invoice is written once per account and month, and charged once (a second call answers it with `already_closed: true`). Only a month that has ended (400 `invalid_request`, field `period`). A declined charge answers 402 (the invoice is kept as `failed`); 503 `provider_unavailable` leaves it open to be charged by the next call; 402 `no_payment_method` when the account has no card. A refusal or a missing card is the first failed try: the invoice is tried again on the days of BILLING_RETRY_DAYS and the owners are mailed. The same close runs by itself at 02:00 UTC on the first of each month (the `billing.close` schedule).',
        tags: ['billing', 'admin'],
        security: SESSION,
        body: ClosePeriodBody,
        response: { 200: ref(ClosedPeriodSchema), ...errors(400, 401, 402, 403, 404, 503) },
      },
    },
    async (request) => {
      await requireAdmin(db, request);
      const { account_id: accountId, period } = request.body;
      const [row] = await db.query<{ exists: boolean; ended: boolean }>(
        `select exists (select 1 from accounts where id = $1::bigint) as exists,
                (to_date($2, 'YYYY-MM') + interval '1 month')::date <= current_date as ended`,
        [accountId, period],
      );
      if (!row?.exists) throw notFound('This account does not exist.');
      if (!row.ended)
        throw refusedField('period', 'ended', 'Only a month that has ended can be closed.');
      const outcome = await closePeriod(db, payments, config, accountId, period);
      request.log.info(
        {
          event: 'billing_period_closed',
          accountId,
          period,
          invoiceId: outcome.invoice.id,
          status: outcome.invoice.status,
          alreadyClosed: outcome.alreadyClosed,
        },
        'Period closed',
      );
      if (outcome.failure?.code === 'no_payment_method')
        throw new ApiError(402, 'no_payment_method', outcome.failure.message);
      if (outcome.failure) throw providerError(outcome.failure);
      return { invoice: outcome.invoice, already_closed: outcome.alreadyClosed };
    },
  );

  // The test-mode provider's card form call, standing in for Stripe.js + the publishable key.
  if (config.stripeSecretKey === null) {
    app.post(
      '/billing/test-provider/payment-methods',
      {
        schema: {
          summary: 'Tokenise a test card (test mode only)',
          description:
            'What Stripe.js does in test mode: checks the card (Luhn, expiry, CVC length: 4 digits for American Express, else 3; each refused with 400 `invalid_request` naming the `field`) and answers a token to send to the billing calls. The number and CVC are not kept. Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds, 4000 0000 0000 0341 attaches but its charges are declined; any other number is declined in test mode.',
          tags: ['billing'],
          security: SESSION,
          body: TestCardBody,
          response: { 200: ref(TestPaymentMethodSchema), ...errors(400, 401, 403) },
        },
      },
      async (request) => {
        await requireUser(db, request);
        return tokeniseTestCard(db, request.body);
      },
    );
  }
}
