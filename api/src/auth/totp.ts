// RFC 6238 TOTP (HMAC-SHA1, 30-second steps, 6 digits) on RFC 4226 HOTP, with node:crypto.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 (case-insensitive; spaces and padding ignored). */
export function base32Decode(input: string): Buffer {
  const clean = input.replace(/[\s=]/g, '').toUpperCase();
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    const value = BASE32_ALPHABET.indexOf(char);
    if (value < 0) throw new Error(`Not a base32 character: ${char}`);
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >>> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** RFC 4648 base32, unpadded (a secret for an authenticator app). */
export function base32Encode(bytes: Buffer): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += BASE32_ALPHABET[(buffer >>> bits) & 31];
    }
  }
  if (bits > 0) out += BASE32_ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

/** A new 160-bit secret (RFC 4226's recommended length), base32: 32 characters. */
export const newTotpSecret = (): string => base32Encode(randomBytes(20));

/** The URI an authenticator app reads from a QR code (Google Authenticator's key URI format). */
export function otpauthUrl(secret: string, account: string, issuer = 'Hostdash'): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const query = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}

/** RFC 4226 HOTP value of `counter`, as `digits` decimal digits. */
export function hotp(key: Buffer, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const hmac = createHmac('sha1', key).update(message).digest();
  const offset = (hmac[hmac.length - 1] as number) & 0x0f;
  const binary = hmac.readUInt32BE(offset) & 0x7fffffff;
  return (binary % 10 ** digits).toString().padStart(digits, '0');
}

/** The time step a moment falls in. */
export function totpStep(timeMs: number): number {
  return Math.floor(timeMs / 1000 / TOTP_STEP_SECONDS);
}

/** The code of a base32 secret at a moment. */
export function totp(secretBase32: string, timeMs = Date.now(), digits = TOTP_DIGITS): string {
  return hotp(base32Decode(secretBase32), totpStep(timeMs), digits);
}

/**
 * The step a code matches, checking the current step and one on each side (clock drift), or
 * null. Codes of `lastUsedStep` or older never match: a code works once.
 */
export function verifyTotp(
  secretBase32: string,
  code: string,
  options: { timeMs?: number; lastUsedStep?: number | null } = {},
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = base32Decode(secretBase32);
  const current = totpStep(options.timeMs ?? Date.now());
  const given = Buffer.from(code);
  const lastUsed = options.lastUsedStep ?? null;
  let matched: number | null = null;
  // Every candidate is compared (no early exit) so timing does not reveal which step matched.
  for (const step of [current - 1, current, current + 1]) {
    const equal = timingSafeEqual(Buffer.from(hotp(key, step)), given);
    if (equal && (lastUsed === null || step > lastUsed)) matched = step;
  }
  return matched;
}

/**
 * Whether a code that `verifyTotp` refused is one already used: it matches the current step or
 * one on each side, but that step is `lastUsedStep` or older (the same code a second time within
 * its 30 seconds, from a second device or right after turning the second step on). It is still
 * refused; the person is told to wait for the next code rather than that the code is wrong.
 */
export function totpReused(
  secretBase32: string,
  code: string,
  options: { timeMs?: number; lastUsedStep?: number | null } = {},
): boolean {
  const lastUsed = options.lastUsedStep ?? null;
  if (lastUsed === null || !/^\d{6}$/.test(code)) return false;
  const key = base32Decode(secretBase32);
  const current = totpStep(options.timeMs ?? Date.now());
  const given = Buffer.from(code);
  let reused = false;
  for (const step of [current - 1, current, current + 1]) {
    const equal = timingSafeEqual(Buffer.from(hotp(key, step)), given);
    if (equal && step <= lastUsed) reused = true;
  }
  return reused;
}
