// The payment provider behind billing: one interface, an implementation per provider. The
// built-in test mode (testProvider.ts) is the default; the Stripe adapter (stripeProvider.ts: the
// official `stripe` SDK: customers.create, setupIntents.create + paymentMethods.retrieve,
// customers.update for the default method, paymentIntents.create with an Idempotency-Key)
// implements the same interface and is chosen when STRIPE_SECRET_KEY is set. Failures are results,
// not exceptions: a route turns each into its answer (402, 503, 400) and nothing is saved. What
// happens later at the provider (a charge settled, a card removed or renewed) arrives as an event
// (paymentEvents.ts): Stripe's webhooks, or the test-mode provider's own.

/** What a provider shows of a card (never the number or the CVC). */
export interface CardMetadata {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  name: string | null;
}

export interface SavedPaymentMethod {
  id: string;
  card: CardMetadata;
}

export type ProviderFailure =
  /**
   * The issuer refused the card; `declineCode` is the provider's (`generic_decline`, …).
   * `chargeId`: the refused charge's id, when a charge was refused (its event names it too).
   */
  | { ok: false; code: 'card_declined'; declineCode: string; message: string; chargeId?: string }
  | { ok: false; code: 'insufficient_funds'; message: string; chargeId?: string }
  /** Unknown, malformed, or another customer's payment method. */
  | { ok: false; code: 'invalid_payment_method'; message: string }
  /** The provider could not be reached or did not answer in time: nothing happened. */
  | { ok: false; code: 'provider_unavailable'; message: string };

export type ProviderResult<Value> = { ok: true; value: Value } | ProviderFailure;

export interface ChargeRequest {
  customerId: string;
  paymentMethodId: string;
  amountCents: number;
  currency: string;
  description: string;
  /** The same key makes the same charge however often it is sent (one per invoice). */
  idempotencyKey: string;
  /**
   * The Hostdash invoice and account the charge is for, kept with it at the provider
   * (`hostdash_invoice_id`, `hostdash_account_id` in Stripe's metadata): its events name them.
   */
  invoiceId?: string;
  accountId?: string;
}

/**
 * The Idempotency-Key of an account's customer: one per account, whatever its name or email, so
 * a retry or two first card saves at once get the same customer back.
 */
export const customerIdempotencyKey = (accountId: string): string =>
  `customer_account_${accountId}`;

export interface PaymentProvider {
  readonly mode: 'test' | 'stripe';
  createCustomer(input: {
    accountId: string;
    name: string;
    email: string;
  }): Promise<ProviderResult<{ customerId: string }>>;
  /**
   * Attaches a tokenised payment method to the customer, checking the card with its issuer (a
   * SetupIntent in Stripe): this is where a card is declined.
   */
  attachPaymentMethod(input: {
    customerId: string;
    paymentMethodId: string;
  }): Promise<ProviderResult<SavedPaymentMethod>>;
  /** Makes it the one future invoices are charged to. */
  setDefaultPaymentMethod(input: {
    customerId: string;
    paymentMethodId: string;
  }): Promise<ProviderResult<null>>;
  charge(request: ChargeRequest): Promise<ProviderResult<{ chargeId: string }>>;
}

/** The id of the charge a refusal is about (a declined charge), else null. */
export const refusedChargeId = (failure: ProviderFailure): string | null =>
  ('chargeId' in failure && failure.chargeId) || null;

export const PROVIDER_UNAVAILABLE_MESSAGE =
  "We couldn't reach the payment provider. Nothing was charged.";

export const unavailable = (): ProviderFailure => ({
  ok: false,
  code: 'provider_unavailable',
  message: PROVIDER_UNAVAILABLE_MESSAGE,
});

/**
 * Every call of `provider` answers within `timeoutMs`, or as provider_unavailable (a call that
 * answers later is ignored; with an idempotency key a charge cannot happen twice).
 */
export function withTimeout(provider: PaymentProvider, timeoutMs: number): PaymentProvider {
  const bounded =
    <Input, Value>(call: (input: Input) => Promise<ProviderResult<Value>>) =>
    (input: Input): Promise<ProviderResult<Value>> =>
      new Promise((resolve) => {
        const timer = setTimeout(() => resolve(unavailable()), timeoutMs);
        call(input).then(
          (result) => {
            clearTimeout(timer);
            resolve(result);
          },
          () => {
            clearTimeout(timer);
            resolve(unavailable());
          },
        );
      });
  return {
    mode: provider.mode,
    createCustomer: bounded((input) => provider.createCustomer(input)),
    attachPaymentMethod: bounded((input) => provider.attachPaymentMethod(input)),
    setDefaultPaymentMethod: bounded((input) => provider.setDefaultPaymentMethod(input)),
    charge: bounded((input) => provider.charge(input)),
  };
}
