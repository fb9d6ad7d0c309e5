// The built-in test-mode payment provider: the default with no Stripe keys (npm start, tests,
// e2e). It behaves as Stripe's test mode documents (https://docs.stripe.com/testing): the card
// form tokenises in a separate call (as Stripe.js does with the publishable key) and billing only
// ever receives the token; a card is declined when it is attached to the customer, as a
// SetupIntent would be. Its records live in the test_provider_* tables. The number and the CVC are
// checked here and dropped: only brand, last four, expiry, name and the test outcome are kept.
// Like Stripe, it makes one customer per Idempotency-Key (one per account), and after each charge
// it sends the event Stripe would (payment_intent.succeeded or .payment_failed) — in-process,
// written with the charge and applied by the same job as Stripe's webhooks (paymentEvents.ts).
import { randomBytes } from 'node:crypto';
import { isCardNumber } from '@hostdash/api-contract';
import type { Database, Sql } from '../db/database';
import { refusedField } from '../http/errors';
import { receivePaymentEvent, type ProviderEvent } from './paymentEvents';
import type {
  CardMetadata,
  ChargeRequest,
  PaymentProvider,
  ProviderFailure,
  ProviderResult,
  SavedPaymentMethod,
} from './provider';
import { customerIdempotencyKey, unavailable } from './provider';

export type TestOutcome =
  'succeeds' | 'generic_decline' | 'insufficient_funds' | 'charge_declined' | 'test_mode_live_card';

/** Stripe's documented test cards and what each does here. Any other valid number: declined. */
export const TEST_CARDS: Readonly<Record<string, TestOutcome>> = {
  '4242424242424242': 'succeeds',
  '4000056655665556': 'succeeds', // Visa (debit)
  '5555555555554444': 'succeeds', // Mastercard
  '378282246310005': 'succeeds', // American Express
  '6011111111111117': 'succeeds', // Discover
  '4000000000000002': 'generic_decline',
  '4000000000009995': 'insufficient_funds',
  // Attaches, then every charge is declined (Stripe's "attach succeeds, charge fails" card).
  '4000000000000341': 'charge_declined',
};

const DECLINE_MESSAGES = {
  generic_decline: 'Your card was declined. Try another card, or ask your bank why.',
  insufficient_funds: 'Your card has insufficient funds. Try another card.',
  test_mode_live_card:
    'Your card was declined: in test mode only test cards work (4242 4242 4242 4242 succeeds).',
} as const;

export interface TestCardInput {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
  name?: string | undefined;
}

export interface TokenisedCard {
  id: string;
  card: Omit<CardMetadata, 'name'>;
}

/** The card network from the number's first digits (as Stripe names them). */
export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]|[3-6]|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^3(0[0-5]|[689])/.test(digits)) return 'diners';
  if (/^35/.test(digits)) return 'jcb';
  return 'unknown';
}

const newId = (prefix: string): string => `${prefix}${randomBytes(12).toString('hex')}`;

/**
 * Checks a card as Stripe.js would before tokenising it, then stores the token: 400 naming the
 * field for a number that fails Luhn or has the wrong length, an expiry in the past, or a CVC of
 * the wrong length for the brand (4 digits for American Express, else 3).
 */
export async function tokeniseTestCard(
  sql: Sql,
  input: TestCardInput,
  now: Date = new Date(),
): Promise<TokenisedCard> {
  const digits = input.number.replace(/ /g, '');
  const brand = cardBrand(digits);
  if (!isCardNumber(digits, brand))
    throw refusedField('number', 'luhn', 'This card number is not valid: check it and try again.');
  const thisYear = now.getUTCFullYear();
  const thisMonth = now.getUTCMonth() + 1;
  if (input.exp_year < thisYear)
    throw refusedField('exp_year', 'expired', 'This card has expired: its year is in the past.');
  if (input.exp_year === thisYear && input.exp_month < thisMonth)
    throw refusedField('exp_month', 'expired', 'This card has expired: its month is in the past.');
  if (input.exp_year > thisYear + 50)
    throw refusedField('exp_year', 'maximum', 'This expiry year is too far in the future.');
  const cvcLength = brand === 'amex' ? 4 : 3;
  if (input.cvc.length !== cvcLength)
    throw refusedField(
      'cvc',
      'length',
      brand === 'amex'
        ? 'The security code of an American Express card is the 4 digits on its front.'
        : 'The security code is the 3 digits on the back of the card.',
    );
  const outcome = TEST_CARDS[digits] ?? 'test_mode_live_card';
  const id = newId('pm_test_');
  const card = {
    brand,
    last4: digits.slice(-4),
    exp_month: input.exp_month,
    exp_year: input.exp_year,
  };
  await sql.query(
    `insert into test_provider_payment_methods (id, brand, last4, exp_month, exp_year, name, outcome)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      id,
      card.brand,
      card.last4,
      card.exp_month,
      card.exp_year,
      input.name?.trim() || null,
      outcome,
    ],
  );
  return { id, card };
}

interface StoredMethod extends CardMetadata {
  id: string;
  outcome: TestOutcome;
  customer_id: string | null;
}

const invalidMethod = (): ProviderFailure => ({
  ok: false,
  code: 'invalid_payment_method',
  message: 'This card is not known to the payment provider: enter it again.',
});

function declined(
  outcome: 'generic_decline' | 'test_mode_live_card',
): Extract<ProviderFailure, { code: 'card_declined' }> {
  return {
    ok: false,
    code: 'card_declined',
    declineCode: outcome,
    message: DECLINE_MESSAGES[outcome],
  };
}

/** The event Stripe sends about a PaymentIntent once it is settled, for a test-mode charge. */
function chargeEvent(
  chargeId: string,
  request: ChargeRequest,
  failure: ProviderFailure | null,
): ProviderEvent {
  const metadata: Record<string, string> = {};
  if (request.invoiceId) metadata.hostdash_invoice_id = request.invoiceId;
  if (request.accountId) metadata.hostdash_account_id = request.accountId;
  return {
    id: newId('evt_test_'),
    type: failure ? 'payment_intent.payment_failed' : 'payment_intent.succeeded',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: chargeId,
        object: 'payment_intent',
        amount: request.amountCents,
        amount_received: failure ? 0 : request.amountCents,
        currency: request.currency.toLowerCase(),
        customer: request.customerId,
        payment_method: request.paymentMethodId,
        description: request.description,
        status: failure ? 'requires_payment_method' : 'succeeded',
        metadata,
        last_payment_error:
          failure?.code === 'card_declined'
            ? { code: 'card_declined', decline_code: failure.declineCode, message: failure.message }
            : null,
      },
    },
  };
}

export interface TestProviderOptions {
  /** Tells the API's job worker that an event's job was queued (so it runs now). */
  jobsQueued?: () => void;
}

export class TestPaymentProvider implements PaymentProvider {
  readonly mode = 'test' as const;

  constructor(
    private readonly db: Database,
    private readonly options: TestProviderOptions = {},
  ) {}

  private async method(id: string): Promise<StoredMethod | null> {
    const [row] = await this.db.query<StoredMethod>(
      `select id, brand, last4, exp_month, exp_year, name, outcome, customer_id
       from test_provider_payment_methods where id = $1`,
      [id],
    );
    return row ?? null;
  }

  /** One customer per account, as the Stripe adapter's Idempotency-Key makes it. */
  async createCustomer({
    accountId,
  }: {
    accountId: string;
  }): Promise<ProviderResult<{ customerId: string }>> {
    const key = customerIdempotencyKey(accountId);
    await this.db.query(
      `insert into test_provider_customers (id, idempotency_key, account_id) values ($1, $2, $3::bigint)
       on conflict (idempotency_key) do nothing`,
      [newId('cus_test_'), key, accountId],
    );
    const [customer] = await this.db.query<{ id: string }>(
      'select id from test_provider_customers where idempotency_key = $1',
      [key],
    );
    return customer ? { ok: true, value: { customerId: customer.id } } : unavailable();
  }

  async attachPaymentMethod({
    customerId,
    paymentMethodId,
  }: {
    customerId: string;
    paymentMethodId: string;
  }): Promise<ProviderResult<SavedPaymentMethod>> {
    const method = await this.method(paymentMethodId);
    if (!method || (method.customer_id !== null && method.customer_id !== customerId))
      return invalidMethod();
    if (method.outcome === 'generic_decline' || method.outcome === 'test_mode_live_card')
      return declined(method.outcome);
    if (method.outcome === 'insufficient_funds')
      return {
        ok: false,
        code: 'insufficient_funds',
        message: DECLINE_MESSAGES.insufficient_funds,
      };
    await this.db.query('update test_provider_payment_methods set customer_id = $2 where id = $1', [
      paymentMethodId,
      customerId,
    ]);
    const { id, outcome: _outcome, customer_id: _customer, ...card } = method;
    return { ok: true, value: { id, card } };
  }

  async setDefaultPaymentMethod({
    customerId,
    paymentMethodId,
  }: {
    customerId: string;
    paymentMethodId: string;
  }): Promise<ProviderResult<null>> {
    const method = await this.method(paymentMethodId);
    return method?.customer_id === customerId ? { ok: true, value: null } : invalidMethod();
  }

  async charge(request: ChargeRequest): Promise<ProviderResult<{ chargeId: string }>> {
    const method = await this.method(request.paymentMethodId);
    if (!method || method.customer_id !== request.customerId) return invalidMethod();
    const refusal = method.outcome === 'succeeds' ? null : declined('generic_decline');
    // The same idempotency key is the same charge, whatever its outcome was; a new charge's event
    // is written with it (one event per charge, as Stripe sends).
    const { charge, queued } = await this.db.transaction(async (tx) => {
      const chargeId = newId('ch_test_');
      const [made] = await tx.query(
        `insert into test_provider_charges (id, idempotency_key, customer_id, payment_method_id, amount_cents, currency, status, failure_code)
         values ($1, $2, $3, $4, $5, $6, $7, $8)
         on conflict (idempotency_key) do nothing
         returning id`,
        [
          chargeId,
          request.idempotencyKey,
          request.customerId,
          request.paymentMethodId,
          request.amountCents,
          request.currency,
          refusal ? 'failed' : 'succeeded',
          refusal ? 'card_declined' : null,
        ],
      );
      const receipt = made
        ? await receivePaymentEvent(tx, 'test', chargeEvent(chargeId, request, refusal))
        : null;
      const [stored] = await tx.query<{ id: string; status: string }>(
        'select id, status from test_provider_charges where idempotency_key = $1',
        [request.idempotencyKey],
      );
      return { charge: stored, queued: receipt === 'queued' };
    });
    if (queued) this.options.jobsQueued?.();
    if (!charge) return invalidMethod();
    return charge.status === 'succeeded'
      ? { ok: true, value: { chargeId: charge.id } }
      : { ...declined('generic_decline'), chargeId: charge.id };
  }
}
