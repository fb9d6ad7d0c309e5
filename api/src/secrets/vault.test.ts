// PMS credentials at rest: sealed with AES-256-GCM, opened only with the same key, tampering
// refused; the embedded database's key is made once beside the data, a server needs it set.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config';
import { createVault, KEY_FILE_NAME, SealedSecretError, vaultFor } from './vault';

const SECRET = { accountId: '12345', apiKey: 'sk-live-very-secret-key' };

it('seals credentials so the stored value holds none of them, and opens them again', () => {
  const vault = createVault(randomBytes(32));
  const sealed = vault.seal(SECRET);
  expect(JSON.stringify(sealed)).not.toContain('very-secret');
  expect(JSON.stringify(sealed)).not.toContain('12345');
  expect(vault.open(sealed)).toEqual(SECRET);
  // Each seal is its own: the same credentials never look the same twice.
  expect(vault.seal(SECRET).data).not.toBe(sealed.data);
});

it('refuses another key and a tampered value, without saying what was inside', () => {
  const sealed = createVault(randomBytes(32)).seal(SECRET);
  expect(() => createVault(randomBytes(32)).open(sealed)).toThrow(SealedSecretError);
  const vault = createVault(randomBytes(32));
  const mine = vault.seal(SECRET);
  const data = Buffer.from(mine.data, 'base64');
  data[0] = (data[0] ?? 0) ^ 1;
  expect(() => vault.open({ ...mine, data: data.toString('base64') })).toThrow(
    /cannot be opened with this key/,
  );
});

it('reads credentials saved before sealing as they are', () => {
  expect(createVault(randomBytes(32)).open(SECRET)).toEqual(SECRET);
  expect(() => createVault(randomBytes(32)).open([1, 2])).toThrow(SealedSecretError);
});

it('makes the embedded database’s key once, readable by its owner only, and keeps it', () => {
  const pgliteDir = mkdtempSync(path.join(os.tmpdir(), 'hostdash-vault-'));
  const config = { pmsCredentialsKey: null, databaseUrl: null, pgliteDir };
  const sealed = vaultFor(config).seal(SECRET);
  expect(statSync(path.join(pgliteDir, KEY_FILE_NAME)).mode & 0o777).toBe(0o600);
  expect(vaultFor(config).open(sealed)).toEqual(SECRET);
});

it('needs PMS_CREDENTIALS_KEY with a database server, and refuses a malformed one', () => {
  expect(() => loadConfig({ DATABASE_URL: 'postgres://localhost/hostdash' })).toThrow(
    /PMS_CREDENTIALS_KEY is required with DATABASE_URL/,
  );
  expect(() => loadConfig({ PMS_CREDENTIALS_KEY: 'too-short' })).toThrow(
    /PMS_CREDENTIALS_KEY must be 32 bytes in base64/,
  );
  const key = randomBytes(32).toString('base64');
  expect(
    loadConfig({ DATABASE_URL: 'postgres://localhost/hostdash', PMS_CREDENTIALS_KEY: key })
      .pmsCredentialsKey?.length,
  ).toBe(32);
});
