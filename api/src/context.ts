import type { ObjectStorage } from '@hostdash/storage';
import type { PaymentProvider } from './billing/provider';
import type { ApiConfig } from './config';
import type { Database } from './db/database';
import type { Readiness } from './health/readiness';
import type { SecretVault } from './secrets/vault';

/** What every route module is given. */
export interface AppContext {
  db: Database;
  config: ApiConfig;
  /**
   * Where file bytes are kept (identity images, reports, issued invoices); the database keeps
   * what is known of them (docs/adr/0021-object-storage.md).
   */
  storage: ObjectStorage;
  /** The payment provider billing charges through (src/billing/selectProvider.ts). */
  payments: PaymentProvider;
  /** Tells this API's job worker that work was queued, so it starts now rather than at its next round. */
  jobsQueued: () => void;
  /** Seals PMS credentials before they are saved (src/secrets/vault.ts). */
  vault: SecretVault;
  /** Whether this API takes traffic (false once it begins shutting down): /health/ready. */
  readiness: Readiness;
}
