// Opaque secrets handed to clients (sessions, challenges, reset links). The database keeps only
// their SHA-256, so reading the tables never yields a usable token.
import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * What a log may say about a token: the first 8 hex digits of its SHA-256 (the start of the
 * `token_hash` the database keeps, so an operator can find its row). Useless to anyone holding it.
 */
export function tokenFingerprint(token: string): string {
  return hashToken(token).slice(0, 8);
}
