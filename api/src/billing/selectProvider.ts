// Which payment provider the API uses, from its configuration (read once at start).
import type { ApiConfig } from '../config';
import type { Sql } from '../db/database';
import { STRIPE_NOT_BUILT_MESSAGE, withTimeout, type PaymentProvider } from './provider';
import { TestPaymentProvider } from './testProvider';

/** The provider the configuration selects: test mode unless STRIPE_SECRET_KEY is set. */
export function paymentProviderFor(config: ApiConfig, sql: Sql): PaymentProvider {
  if (config.stripeSecretKey) throw new Error(STRIPE_NOT_BUILT_MESSAGE);
  return withTimeout(new TestPaymentProvider(sql), config.billingProviderTimeoutMs);
}
