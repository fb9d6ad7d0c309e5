// The key ring secrets are sealed under (docs/adr/0028-secrets-at-rest.md): a text file, the
// container secret SECRETS_KEY_FILE, one key a line as `<id>:<32 bytes in base64>`. The last line is
// the active key, which seals; every key listed opens what it sealed. Blank lines and lines starting
// with `#` are ignored. The id `legacy` is reserved for the key of values sealed before key ids
// (PMS_CREDENTIALS_KEY, or `pms-credentials.key` beside the embedded database): it opens, never
// seals. Errors name the file and the line, never a key.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const KEY_BYTES = 32;
export const LEGACY_KEY_ID = 'legacy';
const KEY_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export interface KeyRing {
  /** Every key by its id, in the file's order (the active one last). */
  keys: ReadonlyMap<string, Buffer>;
  /** The key that seals. */
  activeId: string;
}

/** The key file is missing, unreadable, malformed, or cannot be written. */
export class KeyRingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeyRingError';
  }
}

/** A key's 32 bytes from its base64, or null when it is not exactly that. */
export function decodeKey(text: string): Buffer | null {
  const key = Buffer.from(text, 'base64');
  return key.length === KEY_BYTES && key.toString('base64') === text ? key : null;
}

/** The ring a key file's text describes; `source` names the file in errors. */
export function parseKeyRing(text: string, source: string): KeyRing {
  const keys = new Map<string, Buffer>();
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const where = `${source}, line ${index + 1}`;
    const colon = line.indexOf(':');
    const id = colon < 0 ? '' : line.slice(0, colon).trim();
    if (!KEY_ID_PATTERN.test(id))
      throw new KeyRingError(
        `${where}: expected <id>:<key>, the id of letters, digits, ".", "_" or "-" (up to 64)`,
      );
    const key = decodeKey(line.slice(colon + 1).trim());
    if (!key)
      throw new KeyRingError(
        `${where}: the key of "${id}" must be ${KEY_BYTES} bytes in base64 (openssl rand -base64 32)`,
      );
    if (keys.has(id)) throw new KeyRingError(`${where}: the id "${id}" is listed twice`);
    keys.set(id, key);
  });
  const activeId = [...keys.keys()].at(-1);
  if (activeId === undefined) throw new KeyRingError(`${source} holds no key`);
  if (activeId === LEGACY_KEY_ID)
    throw new KeyRingError(
      `${source}: "${LEGACY_KEY_ID}" only opens values sealed before key ids; the last line must be another key, the one that seals`,
    );
  return { keys, activeId };
}

/** The key file's text for a ring (the header says what the file is). */
export function formatKeyRing(ring: KeyRing): string {
  const lines = [...ring.keys].filter(([id]) => id !== ring.activeId);
  lines.push([ring.activeId, ring.keys.get(ring.activeId)!]);
  return [
    '# Hostdash secrets key ring (SECRETS_KEY_FILE; docs/adr/0028-secrets-at-rest.md).',
    '# One key a line, <id>:<32 bytes in base64>. The last key seals; every key listed opens what it',
    '# sealed. `npm run secrets -- rotate` adds a key; `npm run secrets -- retire` drops unused ones.',
    ...lines.map(([id, key]) => `${id}:${key.toString('base64')}`),
    '',
  ].join('\n');
}

/** Reads and checks the key file. */
export function readKeyRing(file: string): KeyRing {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new KeyRingError(
      code === 'ENOENT'
        ? `The key file ${file} does not exist: make one with \`npm run secrets -- init\` (README, "Secrets and rotation")`
        : `The key file ${file} cannot be read (${code ?? 'error'})`,
    );
  }
  return parseKeyRing(text, file);
}

/** A new key id: the day and a few random characters, e.g. `20260301-4f9c2a`. */
export function newKeyId(existing: Iterable<string>, now: Date = new Date()): string {
  const taken = new Set(existing);
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  for (;;) {
    const id = `${day}-${randomBytes(3).toString('hex')}`;
    if (!taken.has(id)) return id;
  }
}

/** A ring of one new key. */
export function newKeyRing(): KeyRing {
  const activeId = newKeyId([]);
  return { keys: new Map([[activeId, randomBytes(KEY_BYTES)]]), activeId };
}

/** The ring with a new key added as the active one. */
export function withNewActiveKey(ring: KeyRing): KeyRing {
  const activeId = newKeyId(ring.keys.keys());
  return {
    keys: new Map([...ring.keys, [activeId, randomBytes(KEY_BYTES)]]),
    activeId,
  };
}

const cannotWrite = (file: string, error: unknown) =>
  new KeyRingError(
    `The key file ${file} cannot be written (${(error as NodeJS.ErrnoException).code ?? 'error'}); a mounted secret is read-only: change it where it is kept (README, "Secrets and rotation")`,
  );

/**
 * Makes the key file, readable by its owner only; false when it exists already (another process
 * made it first: read that one).
 */
export function createKeyFile(file: string, ring: KeyRing): boolean {
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    writeFileSync(file, formatKeyRing(ring), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw cannotWrite(file, error);
  }
  chmodSync(file, 0o600);
  return true;
}

/**
 * Replaces the key file with the ring, at once: a process reading it sees the old file or the new
 * one, never half of one. Mode 0600.
 */
export function replaceKeyFile(file: string, ring: KeyRing): void {
  const next = `${file}.${process.pid}.new`;
  try {
    writeFileSync(next, formatKeyRing(ring), { mode: 0o600, flag: 'w' });
    chmodSync(next, 0o600);
    renameSync(next, file);
  } catch (error) {
    rmSync(next, { force: true });
    throw cannotWrite(file, error);
  }
}
