// Secrets at rest (docs/adr/0028-secrets-at-rest.md): every secret Hostdash must read back (PMS
// credentials and OAuth tokens, webhook secrets, TOTP secrets, guest link tokens) is sealed with
// AES-256-GCM before it reaches the database, so a copy of it (a backup, a dump handed to support)
// holds none of them. A sealed value is `{ v: 2, kid, iv, tag, data }`: `kid` names the key of the
// key ring (./keyRing.ts) that sealed it. The active key seals; opening uses the value's own key,
// and a key id this process does not know makes it read the key file again (another process
// rotated: several APIs share the file). Values from before key ids (`v: 1`) open with the ring's
// `legacy` key; credentials saved before sealing (a plain object) are read as they are.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { SecretsSettings } from '../config';
import {
  createKeyFile,
  decodeKey,
  KEY_BYTES,
  KeyRingError,
  LEGACY_KEY_ID,
  newKeyRing,
  readKeyRing,
  type KeyRing,
} from './keyRing';

const IV_BYTES = 12;
/** How often a vault looks whether its key file changed before it seals (a stat, no read). */
export const KEY_FILE_CHECK_MS = 5_000;

/** What a sealed column holds: the sealed value, never the secret. */
export interface SealedSecret {
  v: 2;
  kid: string;
  iv: string;
  tag: string;
  data: string;
}

/** A secret as its fields (credentials by name, `{ secret }`, `{ token }` …). */
export type SecretFields = Readonly<Record<string, string>>;

/** The value could not be opened (tampered with, or its key is not in the ring). */
export class SealedSecretError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SealedSecretError';
  }
}

export interface SecretVault {
  /** The id of the key that seals now. */
  activeKeyId(): string;
  seal(fields: SecretFields): SealedSecret;
  /** Opens a stored value (sealed now or before key ids, or credentials saved before sealing). */
  open(stored: unknown): SecretFields;
}

export interface VaultOptions {
  /** The ring as its file holds it now (an unknown key id, or `changed()` said so). */
  reload?: () => KeyRing;
  /** Whether the file may have changed since the last read (a cheap look, e.g. a stat). */
  changed?: () => boolean;
  /** How often `changed()` is asked before a seal; KEY_FILE_CHECK_MS by default. */
  checkEveryMs?: number;
  now?: () => number;
}

interface Envelope {
  v: 1 | 2;
  kid?: string;
  iv: string;
  tag: string;
  data: string;
}

const isEnvelope = (value: unknown): value is Envelope => {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const { v, kid, iv, tag, data } = value as Record<string, unknown>;
  const parts = [iv, tag, data].every((part) => typeof part === 'string');
  return parts && (v === 1 || (v === 2 && typeof kid === 'string'));
};

const isFields = (value: unknown): value is SecretFields =>
  !!value &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  Object.values(value).every((field) => typeof field === 'string');

/** The key id a stored value was sealed with: `legacy` before key ids, null when not sealed. */
export function keyIdOf(stored: unknown): string | null {
  if (!isEnvelope(stored)) return null;
  return stored.v === 1 ? LEGACY_KEY_ID : stored.kid!;
}

export function createVault(initial: KeyRing, options: VaultOptions = {}): SecretVault {
  for (const key of initial.keys.values())
    if (key.length !== KEY_BYTES) throw new KeyRingError(`Every key must be ${KEY_BYTES} bytes`);
  const now = options.now ?? Date.now;
  const checkEveryMs = options.checkEveryMs ?? KEY_FILE_CHECK_MS;
  // Keys once known stay known to this process: a value another API sealed just before a key was
  // retired still opens here.
  const keys = new Map(initial.keys);
  let activeId = initial.activeId;
  let checkedAt = now();

  const reload = (): void => {
    if (!options.reload) return;
    try {
      const ring = options.reload();
      for (const [id, key] of ring.keys) keys.set(id, key);
      activeId = ring.activeId;
    } catch (error) {
      // A file being replaced, or edited badly: keep what worked; the open that asked fails.
      if (!(error instanceof KeyRingError)) throw error;
    }
  };

  const keyFor = (id: string): Buffer | undefined => {
    if (!keys.has(id)) reload();
    return keys.get(id);
  };

  return {
    activeKeyId() {
      return activeId;
    },
    seal(fields) {
      if (options.changed && now() - checkedAt >= checkEveryMs) {
        checkedAt = now();
        if (options.changed()) reload();
      }
      const key = keys.get(activeId)!;
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(JSON.stringify(fields), 'utf8'), cipher.final()]);
      return {
        v: 2,
        kid: activeId,
        iv: iv.toString('base64'),
        tag: cipher.getAuthTag().toString('base64'),
        data: data.toString('base64'),
      };
    },
    open(stored) {
      if (!isEnvelope(stored)) {
        if (isFields(stored)) return stored;
        throw new SealedSecretError('The stored secret is not in a known form');
      }
      const id = keyIdOf(stored)!;
      const key = keyFor(id);
      if (!key)
        throw new SealedSecretError(
          id === LEGACY_KEY_ID
            ? 'The stored secret was sealed before key ids, and no legacy key is configured (PMS_CREDENTIALS_KEY, or a "legacy:" line in SECRETS_KEY_FILE)'
            : `The stored secret was sealed with key "${id}", which SECRETS_KEY_FILE does not hold`,
        );
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(stored.iv, 'base64'));
        decipher.setAuthTag(Buffer.from(stored.tag, 'base64'));
        const text = Buffer.concat([
          decipher.update(Buffer.from(stored.data, 'base64')),
          decipher.final(),
        ]).toString('utf8');
        const fields: unknown = JSON.parse(text);
        if (!isFields(fields)) throw new Error('not a set of fields');
        return fields;
      } catch {
        // Never the reason's details: they could hold part of the plaintext.
        throw new SealedSecretError(
          `The stored secret does not open with key "${id}": it was changed, or that key is not the one it was sealed with`,
        );
      }
    },
  };
}

/** The file's identity and size and time: changed when rewritten, replaced or swapped. */
function fileSignature(file: string): string | null {
  try {
    const info = statSync(file);
    return `${info.ino}:${info.size}:${info.mtimeMs}`;
  } catch {
    return null;
  }
}

/** The legacy key of values sealed before key ids, from the settings; null when none is set. */
function legacyKeyOf(settings: SecretsSettings): { key: Buffer; from: string } | null {
  if (settings.legacyKey) return { key: settings.legacyKey, from: 'PMS_CREDENTIALS_KEY' };
  const file = settings.legacyKeyFile;
  if (!file || !existsSync(file)) return null;
  const key = decodeKey(readFileSync(file, 'utf8').trim());
  if (!key) throw new KeyRingError(`${file} does not hold a ${KEY_BYTES}-byte key in base64`);
  return { key, from: file };
}

export interface OpenedVault {
  vault: SecretVault;
  /** The key file was made now (the embedded default's first start). */
  made: boolean;
  /** Where the key of values sealed before key ids comes from, if anywhere but the key file. */
  legacyFrom: string | null;
}

/**
 * The vault of the settings: the key ring read from SECRETS_KEY_FILE (made first when the
 * embedded default allows it), with the legacy key added. Throws a KeyRingError a start reports
 * as a configuration problem.
 */
export function openVault(
  settings: SecretsSettings,
  options: Pick<VaultOptions, 'checkEveryMs' | 'now'> = {},
): OpenedVault {
  const file = settings.keyFile;
  const made = settings.makeIfMissing && !existsSync(file) && createKeyFile(file, newKeyRing());
  const legacy = legacyKeyOf(settings);
  const withLegacy = (ring: KeyRing): KeyRing => {
    const inFile = ring.keys.get(LEGACY_KEY_ID);
    if (!legacy) return ring;
    if (inFile && !inFile.equals(legacy.key))
      throw new KeyRingError(
        `${file} has a "${LEGACY_KEY_ID}" key that is not ${legacy.from}: keep one of them`,
      );
    return { keys: new Map([[LEGACY_KEY_ID, legacy.key], ...ring.keys]), activeId: ring.activeId };
  };
  let signature = fileSignature(file);
  const ring = withLegacy(readKeyRing(file));
  const vault = createVault(ring, {
    reload: () => {
      signature = fileSignature(file);
      return withLegacy(readKeyRing(file));
    },
    changed: () => fileSignature(file) !== signature,
    ...options,
  });
  return { vault, made, legacyFrom: legacy?.from ?? null };
}

/** The vault the configuration selects (see openVault). */
export function vaultFor(config: { secrets: SecretsSettings }): SecretVault {
  return openVault(config.secrets).vault;
}
