// The Stripe payment provider: the official `stripe` SDK, chosen when STRIPE_SECRET_KEY is set.
// The billing remote collects the card with Stripe Elements (the publishable key), so the API
// only ever receives a PaymentMethod id (`pm_…`):
//   createCustomer           customers.create with the account in its metadata and the account's
//                            Idempotency-Key (one customer per account), then customers.update
//                            for its name and email
//   attachPaymentMethod      setupIntents.create (confirm, off_session, cards only): the
//                            issuer checks the card here; then paymentMethods.retrieve for what
//                            the card shows (brand, last four, expiry, name)
//   setDefaultPaymentMethod  customers.update(invoice_settings.default_payment_method)
//   charge                   paymentIntents.create (off_session, confirm) with the invoice's
//                            Idempotency-Key, so a charge cannot happen twice, and the invoice
//                            and account in its metadata (what its webhook events are matched by)
// Stripe's refusals become results (provider.ts): a declined card, insufficient funds, an unknown
// payment method; a connection error, a 5xx, a rate limit or an error we do not expect is
// "unavailable" (nothing happened that we know of). Nothing here logs: not the requests, not
// Stripe's answers.
import Stripe from 'stripe';
import type {
  ChargeRequest,
  PaymentProvider,
  ProviderFailure,
  ProviderResult,
  SavedPaymentMethod,
} from './provider';
import { customerIdempotencyKey, unavailable } from './provider';

export const AUTHENTICATION_REQUIRED_MESSAGE =
  'Your bank asked to confirm this card, which cannot be done here yet. Try another card.';
const INVALID_METHOD_MESSAGE = 'This card is not known to the payment provider: enter it again.';
export const DECLINED_MESSAGE = 'Your card was declined. Try another card, or ask your bank why.';
export const NO_FUNDS_MESSAGE = 'Your card has insufficient funds. Try another card.';

export interface StripeProviderOptions {
  secretKey: string;
  /** Where the API is (STRIPE_API_URL): https://api.stripe.com, or a local fake or stripe-mock. */
  apiUrl: string;
  /** Each request's timeout (the SDK's), in milliseconds. */
  timeoutMs: number;
  /** The SDK retries a connection error, a 409 or a 5xx this many times (same idempotency key). */
  maxNetworkRetries?: number;
}

/** The SDK's host, port and protocol from a URL such as http://127.0.0.1:12111. */
export function stripeEndpoint(apiUrl: string): {
  host: string;
  port: number;
  protocol: 'http' | 'https';
} {
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

const declined = (declineCode: string, message: string | undefined): ProviderFailure => ({
  ok: false,
  code: 'card_declined',
  declineCode,
  message: message?.trim() || DECLINED_MESSAGE,
});

/**
 * A Stripe error as a result: card errors are declines (insufficient funds apart), an unknown or
 * foreign payment method is invalid_payment_method, and anything else (connection, 5xx, rate
 * limit, authentication, a request we got wrong) is unavailable: nothing was charged.
 */
export function stripeFailure(error: unknown): ProviderFailure {
  if (error instanceof Stripe.errors.StripeCardError) {
    const declineCode = error.decline_code || error.code || 'generic_decline';
    if (declineCode === 'insufficient_funds')
      return { ok: false, code: 'insufficient_funds', message: error.message || NO_FUNDS_MESSAGE };
    if (declineCode === 'authentication_required')
      return declined(declineCode, AUTHENTICATION_REQUIRED_MESSAGE);
    return declined(declineCode, error.message);
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    const aboutMethod = (error.param ?? '').includes('payment_method');
    const missing = error.code === 'resource_missing' && error.param !== 'customer';
    if (aboutMethod || missing)
      return { ok: false, code: 'invalid_payment_method', message: INVALID_METHOD_MESSAGE };
  }
  return unavailable();
}

export class StripePaymentProvider implements PaymentProvider {
  readonly mode = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor({ secretKey, apiUrl, timeoutMs, maxNetworkRetries = 1 }: StripeProviderOptions) {
    // apiVersion: the SDK's own (the version its types describe).
    this.stripe = new Stripe(secretKey, {
      maxNetworkRetries,
      timeout: timeoutMs,
      ...stripeEndpoint(apiUrl),
      appInfo: { name: 'Hostdash' },
    });
  }

  /** Runs a call, turning Stripe's errors into results. */
  private async attempt<Value>(call: () => Promise<Value>): Promise<ProviderResult<Value>> {
    try {
      return { ok: true, value: await call() };
    } catch (error) {
      return stripeFailure(error);
    }
  }

  async createCustomer({
    accountId,
    name,
    email,
  }: {
    accountId: string;
    name: string;
    email: string;
  }): Promise<ProviderResult<{ customerId: string }>> {
    // One customer per account: the key names the account only, and so do the parameters sent
    // with it (Stripe refuses a key reused with other parameters), so a retry, a second attempt
    // after a declined first card, or two first saves at once get the same customer back for
    // Stripe's 24 hours of idempotency. The name and email, which may change, follow in an update.
    return this.attempt(async () => {
      const customer = await this.stripe.customers.create(
        { metadata: { account_id: accountId } },
        { idempotencyKey: customerIdempotencyKey(accountId) },
      );
      await this.stripe.customers.update(customer.id, { name, ...(email ? { email } : {}) });
      return { customerId: customer.id };
    });
  }

  async attachPaymentMethod({
    customerId,
    paymentMethodId,
  }: {
    customerId: string;
    paymentMethodId: string;
  }): Promise<ProviderResult<SavedPaymentMethod>> {
    const setup = await this.attempt(() =>
      this.stripe.setupIntents.create({
        customer: customerId,
        payment_method: paymentMethodId,
        confirm: true,
        usage: 'off_session',
        // `payment_method_types` before API version 2026-09 (stripe-node 23).
        allowed_payment_method_types: ['card'],
      }),
    );
    if (!setup.ok) return setup;
    const intent = setup.value;
    if (intent.status === 'requires_action')
      return declined('authentication_required', AUTHENTICATION_REQUIRED_MESSAGE);
    if (intent.status !== 'succeeded')
      return declined(
        intent.last_setup_error?.decline_code ?? intent.last_setup_error?.code ?? intent.status,
        intent.last_setup_error?.message,
      );
    // A test token (pm_card_visa) becomes a new PaymentMethod: keep the one the SetupIntent saved.
    const savedId =
      typeof intent.payment_method === 'string'
        ? intent.payment_method
        : (intent.payment_method?.id ?? paymentMethodId);
    const method = await this.attempt(() => this.stripe.paymentMethods.retrieve(savedId));
    if (!method.ok) return method;
    const { card, billing_details: billing } = method.value;
    if (!card)
      return { ok: false, code: 'invalid_payment_method', message: INVALID_METHOD_MESSAGE };
    return {
      ok: true,
      value: {
        id: method.value.id,
        card: {
          brand: card.brand,
          last4: card.last4,
          exp_month: card.exp_month,
          exp_year: card.exp_year,
          name: billing?.name?.trim() || null,
        },
      },
    };
  }

  async setDefaultPaymentMethod({
    customerId,
    paymentMethodId,
  }: {
    customerId: string;
    paymentMethodId: string;
  }): Promise<ProviderResult<null>> {
    return this.attempt(async () => {
      await this.stripe.customers.update(customerId, {
        invoice_settings: { default_payment_method: paymentMethodId },
      });
      return null;
    });
  }

  async charge(request: ChargeRequest): Promise<ProviderResult<{ chargeId: string }>> {
    const metadata: Record<string, string> = {};
    if (request.invoiceId) metadata.hostdash_invoice_id = request.invoiceId;
    if (request.accountId) metadata.hostdash_account_id = request.accountId;
    let intent: Stripe.PaymentIntent;
    try {
      intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: request.currency.toLowerCase(),
          customer: request.customerId,
          payment_method: request.paymentMethodId,
          off_session: true,
          confirm: true,
          description: request.description,
          ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
        },
        { idempotencyKey: request.idempotencyKey },
      );
    } catch (error) {
      // A refused charge is still a PaymentIntent, which its payment_failed event names.
      return withChargeId(
        stripeFailure(error),
        error instanceof Stripe.errors.StripeError ? error.payment_intent?.id : undefined,
      );
    }
    if (intent.status === 'succeeded') return { ok: true, value: { chargeId: intent.id } };
    if (intent.status === 'requires_action')
      return withChargeId(
        declined('authentication_required', AUTHENTICATION_REQUIRED_MESSAGE),
        intent.id,
      );
    return withChargeId(
      declined(
        intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code ?? intent.status,
        intent.last_payment_error?.message,
      ),
      intent.id,
    );
  }
}

/** A refusal with the id of the charge that was refused (declines only). */
function withChargeId(failure: ProviderFailure, chargeId: string | undefined): ProviderFailure {
  if (!chargeId || (failure.code !== 'card_declined' && failure.code !== 'insufficient_funds'))
    return failure;
  return { ...failure, chargeId };
}
