// Recovery codes: ten one-time codes shown once when the second step is turned on, each of which
// signs in once in place of an authenticator code (a lost phone). Only their SHA-256 is stored.
import { randomBytes } from 'node:crypto';
import type { Sql } from '../db/database';
import { hashToken } from './tokens';

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const RECOVERY_CODE = /^[a-z2-7]{5}-[a-z2-7]{5}$/;

export const isRecoveryCode = (code: string): boolean => RECOVERY_CODE.test(code);

/** `xxxxx-xxxxx` from 50 random bits. */
function newRecoveryCode(): string {
  const letters = [...randomBytes(10)].map((byte) => ALPHABET[byte % 32]).join('');
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
}

/** Replaces the user's recovery codes with ten new ones, in the caller's transaction. */
export async function replaceRecoveryCodes(tx: Sql, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.query('delete from recovery_codes where user_id = $1::bigint', [userId]);
  for (const code of codes)
    await tx.query(
      'insert into recovery_codes (user_id, code_hash) values ($1::bigint, $2) on conflict do nothing',
      [userId, hashToken(code)],
    );
  return codes;
}

/** Spends one unused recovery code of the user; false when it is not one (or was used). */
export async function spendRecoveryCode(tx: Sql, userId: string, code: string): Promise<boolean> {
  if (!isRecoveryCode(code)) return false;
  const spent = await tx.query(
    `update recovery_codes set used_at = now()
     where user_id = $1::bigint and code_hash = $2 and used_at is null
     returning 1`,
    [userId, hashToken(code)],
  );
  return spent.length > 0;
}

export async function removeRecoveryCodes(tx: Sql, userId: string): Promise<void> {
  await tx.query('delete from recovery_codes where user_id = $1::bigint', [userId]);
}
