// TOTP secrets at rest (migration 0035, docs/adr/0028-secrets-at-rest.md): sealed by the vault as
// `{ secret }` in `users.totp_secret` and `users.totp_pending_secret`. A secret an earlier version
// kept in clear is a JSON string until the next start seals it; it is read as it is meanwhile.
import type { SecretFields, SecretVault } from '../secrets/vault';
import { SealedSecretError } from '../secrets/vault';

const BASE32_SECRET = /^[A-Z2-7]{16,128}$/;

/** The sealed secret as a `$n::jsonb` parameter. */
export const sealTotpSecret = (vault: SecretVault, secret: string): string =>
  JSON.stringify(vault.seal({ secret }));

/** What a stored TOTP secret holds, as fields to seal (a secret kept in clear: itself). */
export function totpSecretFields(vault: SecretVault, stored: unknown): SecretFields {
  return typeof stored === 'string' ? { secret: stored } : vault.open(stored);
}

/** The base32 secret a column holds; SealedSecretError when it does not open to one. */
export function openTotpSecret(vault: SecretVault, stored: unknown): string {
  const { secret } = totpSecretFields(vault, stored);
  if (secret === undefined || !BASE32_SECRET.test(secret))
    throw new SealedSecretError('The stored second-step secret is not a TOTP secret');
  return secret;
}
