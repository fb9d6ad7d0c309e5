// TOTP secrets at rest (migration 0035, docs/adr/0028-secrets-at-rest.md): sealed by the vault as
// `{ secret }` in `users.totp_secret` and `users.totp_pending_secret`. A secret an earlier version
// kept in clear is a JSON string until the next start seals it; it is read as it is meanwhile.
import type { FastifyBaseLogger } from 'fastify';
import type { SecretFields, SecretVault } from '../secrets/vault';
import { SealedSecretError } from '../secrets/vault';
import { totpReused, verifyTotp } from './totp';

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

/**
 * The step a code matches with a user's stored secret, or null. A secret that does not open (its
 * key is gone, or it was changed) matches no code, so a recovery code still signs in; it is
 * logged, by user, without anything of its content.
 */
export function verifyStoredTotp(
  vault: SecretVault,
  stored: unknown,
  code: string,
  options: { lastUsedStep?: number | null; userId: string; log: FastifyBaseLogger },
): number | null {
  let secret: string;
  try {
    secret = openTotpSecret(vault, stored);
  } catch (error) {
    if (!(error instanceof SealedSecretError)) throw error;
    options.log.error(
      { event: 'totp_secret_unreadable', userId: options.userId, reason: error.message },
      'A second-step secret cannot be opened: only a recovery code signs this user in',
    );
    return null;
  }
  return verifyTotp(secret, code, { lastUsedStep: options.lastUsedStep });
}

/**
 * Whether a code the stored secret refused was a right code used already (see `totpReused`). A
 * secret that does not open reuses nothing (verifyStoredTotp has logged it).
 */
export function storedTotpReused(
  vault: SecretVault,
  stored: unknown,
  code: string,
  options: { lastUsedStep?: number | null },
): boolean {
  try {
    return totpReused(openTotpSecret(vault, stored), code, options);
  } catch (error) {
    if (error instanceof SealedSecretError) return false;
    throw error;
  }
}
