// PMS credentials at rest (ADR 14): sealed with AES-256-GCM before they reach `pms_connections`, so
// a copy of the database (a backup, a dump handed to support) holds no usable API key. The key is
// PMS_CREDENTIALS_KEY (32 bytes, base64); with the embedded database and no key set, one is made
// once and kept beside the data (`<PGLITE_DIR>/pms-credentials.key`, mode 0600), so `npm start`
// needs no setting. A PostgreSQL server needs the key set: it is then never beside the data.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ApiConfig } from '../config';
import type { Credentials } from '../pms/pms';

export const KEY_FILE_NAME = 'pms-credentials.key';
const KEY_BYTES = 32;
const IV_BYTES = 12;

/** What `pms_connections.credentials` holds: the sealed credentials, never the values. */
export interface SealedSecret {
  v: 1;
  iv: string;
  tag: string;
  data: string;
}

/** The credentials could not be opened (another key, or tampered with). */
export class SealedSecretError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SealedSecretError';
  }
}

export interface SecretVault {
  seal(credentials: Credentials): SealedSecret;
  /** Opens what a connection row holds (credentials saved before sealing are read as they are). */
  open(stored: unknown): Credentials;
}

const isSealed = (value: unknown): value is SealedSecret =>
  !!value &&
  typeof value === 'object' &&
  (value as { v?: unknown }).v === 1 &&
  typeof (value as { data?: unknown }).data === 'string';

const isPlain = (value: unknown): value is Credentials =>
  !!value &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  Object.values(value).every((field) => typeof field === 'string');

export function createVault(key: Buffer): SecretVault {
  if (key.length !== KEY_BYTES) throw new Error(`The credentials key must be ${KEY_BYTES} bytes`);
  return {
    seal(credentials) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([
        cipher.update(JSON.stringify(credentials), 'utf8'),
        cipher.final(),
      ]);
      return {
        v: 1,
        iv: iv.toString('base64'),
        tag: cipher.getAuthTag().toString('base64'),
        data: data.toString('base64'),
      };
    },
    open(stored) {
      if (!isSealed(stored)) {
        if (isPlain(stored)) return stored;
        throw new SealedSecretError('The saved credentials are not in a known form');
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(stored.iv, 'base64'));
        decipher.setAuthTag(Buffer.from(stored.tag, 'base64'));
        const text = Buffer.concat([
          decipher.update(Buffer.from(stored.data, 'base64')),
          decipher.final(),
        ]).toString('utf8');
        const credentials: unknown = JSON.parse(text);
        if (!isPlain(credentials)) throw new Error('not a set of credentials');
        return credentials;
      } catch {
        // Never the reason's details: they could hold part of the plaintext.
        throw new SealedSecretError(
          'The saved credentials cannot be opened with this key (PMS_CREDENTIALS_KEY changed?)',
        );
      }
    },
  };
}

/** The key file beside the embedded database, made on first use. */
function embeddedKey(pgliteDir: string): Buffer {
  const file = path.join(pgliteDir, KEY_FILE_NAME);
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  mkdirSync(pgliteDir, { recursive: true });
  const key = randomBytes(KEY_BYTES);
  writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return key;
}

/** The vault the configuration selects (see the file's head). */
export function vaultFor(
  config: Pick<ApiConfig, 'pmsCredentialsKey' | 'databaseUrl' | 'pgliteDir'>,
): SecretVault {
  if (config.pmsCredentialsKey) return createVault(config.pmsCredentialsKey);
  if (config.databaseUrl)
    throw new Error(
      'PMS_CREDENTIALS_KEY is required with DATABASE_URL (32 random bytes, base64: `openssl rand -base64 32`)',
    );
  return createVault(embeddedKey(config.pgliteDir));
}
