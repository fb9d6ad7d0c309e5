// Which payment provider the API uses, from its configuration (read once at start).
import type { ApiConfig } from '../config';
import type { Database } from '../db/database';
import { withTimeout, type PaymentProvider } from './provider';
import { StripePaymentProvider } from './stripeProvider';
import { TestPaymentProvider } from './testProvider';

/**
 * The provider the configuration selects: test mode unless STRIPE_SECRET_KEY is set. `jobsQueued`
 * starts the job of a test-mode event at once (Stripe's events come by webhook).
 */
export function paymentProviderFor(
  config: ApiConfig,
  db: Database,
  { jobsQueued }: { jobsQueued?: () => void } = {},
): PaymentProvider {
  const provider = config.stripeSecretKey
    ? new StripePaymentProvider({
        secretKey: config.stripeSecretKey,
        apiUrl: config.stripeApiUrl,
        timeoutMs: config.billingProviderTimeoutMs,
      })
    : new TestPaymentProvider(db, { jobsQueued });
  return withTimeout(provider, config.billingProviderTimeoutMs);
}
