import type { PaymentProvider } from './billing/provider';
import type { ApiConfig } from './config';
import type { Database } from './db/database';
import type { CredentialVault } from './pms/vault';

/** What every route module is given. */
export interface AppContext {
  db: Database;
  config: ApiConfig;
  /** The payment provider billing charges through (src/billing/selectProvider.ts). */
  payments: PaymentProvider;
  /** Tells the import worker a task was queued, so it starts now rather than at its next round. */
  importQueued: () => void;
  /** Seals PMS credentials before they are saved (src/pms/vault.ts). */
  vault: CredentialVault;
}
