// Password hashing with scrypt (node:crypto): a random salt per hash, parameters stored with it,
// compared in constant time.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const COST = 16_384; // N
const BLOCK_SIZE = 8; // r
const PARALLELISM = 1; // p
const KEY_LENGTH = 32;
const SALT_BYTES = 16;

function deriveKey(
  password: string,
  salt: Buffer,
  cost: number,
  blockSize: number,
  parallelism: number,
  keyLength: number,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFC'),
      salt,
      keyLength,
      { N: cost, r: blockSize, p: parallelism, maxmem: 64 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** `scrypt$N$r$p$salt$key`, salt and key in base64. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await deriveKey(password, salt, COST, BLOCK_SIZE, PARALLELISM, KEY_LENGTH);
  return [
    'scrypt',
    COST,
    BLOCK_SIZE,
    PARALLELISM,
    salt.toString('base64'),
    key.toString('base64'),
  ].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, cost, blockSize, parallelism, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64');
  const actual = await deriveKey(
    password,
    Buffer.from(saltText, 'base64'),
    Number(cost),
    Number(blockSize),
    Number(parallelism),
    expected.length,
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let decoyHash: Promise<string> | undefined;

/** Computes the decoy hash ahead of the first sign-in (otherwise the first unknown email is slower). */
export function prepareDecoy(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return decoyHash;
}

/**
 * Spends the same work as a real check when the email is unknown, so the answer's timing does
 * not tell whether an account exists. Always false.
 */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  await verifyPassword(password, await prepareDecoy());
  return false;
}
