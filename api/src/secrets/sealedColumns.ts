// Every column that holds a secret Hostdash must read back, sealed by the vault (./vault.ts):
// what a rotation re-seals (./reseal.ts) and what the tests read raw to find no secret in clear.
// Secrets that only need comparing are never here: sessions, sign-in challenges, reset links,
// invite and sign-up links, OAuth states, recovery codes and guest link lookups keep a hash only.
import { totpSecretFields } from '../auth/totpSecrets';
import type { SecretFields, SecretVault } from './vault';

export interface SealedColumn {
  table: string;
  column: string;
  /** The row's key, a bigint. */
  idColumn: string;
  /** An earlier version kept this column's secrets in clear: the start seals what is left. */
  mayBeInClear: boolean;
  /** What a stored value holds, as the fields to seal again. */
  fields(vault: SecretVault, stored: unknown): SecretFields;
}

const opened = (vault: SecretVault, stored: unknown) => vault.open(stored);

export const SEALED_COLUMNS: readonly SealedColumn[] = [
  // What the host typed or the OAuth exchange gave (API keys, client secrets, access and refresh
  // tokens); plain objects before sealing (migration 0014's first version).
  {
    table: 'pms_connections',
    column: 'credentials',
    idColumn: 'id',
    mayBeInClear: true,
    fields: opened,
  },
  // What Hostaway's and Guesty's webhooks prove themselves with (migration 0032).
  {
    table: 'pms_connections',
    column: 'webhook_secret',
    idColumn: 'id',
    mayBeInClear: false,
    fields: opened,
  },
  // Second-step secrets, in clear text before migration 0035.
  {
    table: 'users',
    column: 'totp_secret',
    idColumn: 'id',
    mayBeInClear: true,
    fields: totpSecretFields,
  },
  {
    table: 'users',
    column: 'totp_pending_secret',
    idColumn: 'id',
    mayBeInClear: true,
    fields: totpSecretFields,
  },
  // A guest's check-in link, shown to the host again (migration 0020; looked up by its hash).
  {
    table: 'guest_links',
    column: 'token_sealed',
    idColumn: 'reservation_id',
    mayBeInClear: false,
    fields: opened,
  },
];
