// Which payment provider the API uses, from its configuration (read once at start).
import type { ApiConfig } from '../config';
import type { Sql } from '../db/database';
import { withTimeout, type PaymentProvider } from './provider';
import { StripePaymentProvider } from './stripeProvider';
import { TestPaymentProvider } from './testProvider';

/** The provider the configuration selects: test mode unless STRIPE_SECRET_KEY is set. */
export function paymentProviderFor(config: ApiConfig, sql: Sql): PaymentProvider {
  const provider = config.stripeSecretKey
    ? new StripePaymentProvider({
        secretKey: config.stripeSecretKey,
        apiUrl: config.stripeApiUrl,
        timeoutMs: config.billingProviderTimeoutMs,
      })
    : new TestPaymentProvider(sql);
  return withTimeout(provider, config.billingProviderTimeoutMs);
}
