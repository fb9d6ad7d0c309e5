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
