// Secrets at rest: sealed with AES-256-GCM under the active key of the key ring, each value naming
// its key; opened with that key, tampering refused; values from before key ids still open; a key
// id this process does not know makes it read the key file again (another process rotated); the
// embedded default's key file is made once, a server or production needs one named.
import { createCipheriv, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig, type SecretsSettings } from '../config';
import {
  createKeyFile,
  KeyRingError,
  newKeyRing,
  parseKeyRing,
  readKeyRing,
  replaceKeyFile,
  withNewActiveKey,
  type KeyRing,
} from './keyRing';
import { createVault, keyIdOf, openVault, SealedSecretError } from './vault';

const SECRET = { accountId: '12345', apiKey: 'sk-live-very-secret-key' };

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'hostdash-vault-'));
const settingsIn = (dir: string, overrides: Partial<SecretsSettings> = {}): SecretsSettings => ({
  keyFile: path.join(dir, 'secrets.keys'),
  makeIfMissing: false,
  legacyKey: null,
  legacyKeyFile: null,
  ...overrides,
});
const ringOf = (id: string, key = randomBytes(32)): KeyRing => ({
  keys: new Map([[id, key]]),
  activeId: id,
});

/** What `run` throws; a run that throws nothing fails the test. */
function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('It threw nothing');
}

/** A value as the vault sealed it before key ids (v1, one key, no id): kept to prove it opens. */
function sealedBeforeKeyIds(key: Buffer, fields: Record<string, string>) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(fields), 'utf8'), cipher.final()]);
  return {
    v: 1,
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: data.toString('base64'),
  };
}

describe('sealing and opening', () => {
  it('seals under the active key, naming it, so the stored value holds none of the secret', () => {
    const vault = createVault(ringOf('k1'));
    const sealed = vault.seal(SECRET);
    expect(sealed).toMatchObject({ v: 2, kid: 'k1' });
    expect(JSON.stringify(sealed)).not.toContain('very-secret');
    expect(JSON.stringify(sealed)).not.toContain('12345');
    expect(vault.open(sealed)).toEqual(SECRET);
    expect(keyIdOf(sealed)).toBe('k1');
    // Each seal is its own: the same secret never looks the same twice.
    expect(vault.seal(SECRET).data).not.toBe(sealed.data);
  });

  it('opens with the key the value names, not the active one', () => {
    const old = ringOf('old');
    const sealed = createVault(old).seal(SECRET);
    const both: KeyRing = {
      keys: new Map([...old.keys, ['new', randomBytes(32)]]),
      activeId: 'new',
    };
    const vault = createVault(both);
    expect(vault.open(sealed)).toEqual(SECRET);
    expect(vault.seal(SECRET).kid).toBe('new');
  });

  it('refuses a tampered value or another key clearly, without saying what was inside', () => {
    const vault = createVault(ringOf('k1'));
    const sealed = vault.seal(SECRET);
    const data = Buffer.from(sealed.data, 'base64');
    data[0] = (data[0] ?? 0) ^ 1;
    const tampered = () => vault.open({ ...sealed, data: data.toString('base64') });
    expect(tampered).toThrow(SealedSecretError);
    expect(tampered).toThrow('The stored secret does not open with key "k1": it was changed');
    const tag = Buffer.from(sealed.tag, 'base64');
    tag[3] = (tag[3] ?? 0) ^ 0x80;
    expect(() => vault.open({ ...sealed, tag: tag.toString('base64') })).toThrow(SealedSecretError);
    // The same id with other bytes (a key file edited by hand): refused, not garbage.
    expect(() => createVault(ringOf('k1')).open(sealed)).toThrow(/does not open with key "k1"/);
    expect(() => createVault(ringOf('k2')).open(sealed)).toThrow(
      'The stored secret was sealed with key "k1", which SECRETS_KEY_FILE does not hold',
    );
    for (const refused of [tampered, () => createVault(ringOf('k2')).open(sealed)])
      expect(String(thrown(refused))).not.toMatch(/very-secret|12345/);
  });

  it('opens values from before key ids with the legacy key, and plain credentials as they are', () => {
    const legacyKey = randomBytes(32);
    const old = sealedBeforeKeyIds(legacyKey, SECRET);
    const ring: KeyRing = {
      keys: new Map([
        ['legacy', legacyKey],
        ['k1', randomBytes(32)],
      ]),
      activeId: 'k1',
    };
    expect(createVault(ring).open(old)).toEqual(SECRET);
    expect(keyIdOf(old)).toBe('legacy');
    expect(() => createVault(ringOf('k1')).open(old)).toThrow(/sealed before key ids/);
    expect(createVault(ringOf('k1')).open(SECRET)).toEqual(SECRET);
    expect(keyIdOf(SECRET)).toBeNull();
    for (const strange of [[1, 2], 'text', { v: 3, iv: '', tag: '', data: '' }, { a: 1 }])
      expect(() => createVault(ringOf('k1')).open(strange)).toThrow(SealedSecretError);
  });
});

describe('the key file', () => {
  it('reads one key a line, the last one active, and refuses a malformed file by line, never quoting a key', () => {
    const k1 = randomBytes(32).toString('base64');
    const k2 = randomBytes(32).toString('base64');
    const ring = parseKeyRing(`# comment\n\nk1:${k1}\r\n  k2 : ${k2}  \n`, 'keys');
    expect([...ring.keys.keys()]).toEqual(['k1', 'k2']);
    expect(ring.activeId).toBe('k2');
    const short = randomBytes(16).toString('base64');
    const problems: Array<[string, RegExp]> = [
      ['', /keys holds no key/],
      [`k1 ${k1}`, /keys, line 1: expected <id>:<key>/],
      [`bad id:${k1}`, /line 1: expected <id>:<key>/],
      [`k1:${short}`, /line 1: the key of "k1" must be 32 bytes in base64/],
      [`k1:${k1}\nk1:${k2}`, /line 2: the id "k1" is listed twice/],
      [`k1:${k1}\nlegacy:${k2}`, /the last line must be another key/],
    ];
    for (const [text, message] of problems) {
      const error = thrown(() => parseKeyRing(text, 'keys'));
      expect(error).toBeInstanceOf(KeyRingError);
      expect(String(error)).toMatch(message);
      for (const key of [k1, k2, short]) expect(String(error)).not.toContain(key);
    }
  });

  it('makes the embedded default’s key file once, readable by its owner only, and keeps it', () => {
    const dir = tempDir();
    const settings = settingsIn(dir, { makeIfMissing: true });
    const first = openVault(settings);
    expect(first.made).toBe(true);
    expect(statSync(settings.keyFile).mode & 0o777).toBe(0o600);
    const sealed = first.vault.seal(SECRET);
    const again = openVault(settings);
    expect(again.made).toBe(false);
    expect(again.vault.open(sealed)).toEqual(SECRET);
    expect(again.vault.activeKeyId()).toBe(first.vault.activeKeyId());
  });

  it('never makes a key file that was named: a missing one stops the start', () => {
    const settings = settingsIn(tempDir());
    expect(() => openVault(settings)).toThrow(KeyRingError);
    expect(() => openVault(settings)).toThrow(/does not exist: make one with/);
  });

  it('an unknown key id makes a running vault read the file again: another process rotated', () => {
    const dir = tempDir();
    const settings = settingsIn(dir);
    createKeyFile(settings.keyFile, newKeyRing());
    let clock = 0;
    const running = openVault(settings, { now: () => clock }).vault;
    const before = running.seal(SECRET);

    // Another API (or `npm run secrets -- rotate`) adds a key and seals with it.
    replaceKeyFile(settings.keyFile, withNewActiveKey(readKeyRing(settings.keyFile)));
    const other = openVault(settings).vault;
    const after = other.seal(SECRET);
    expect(after.kid).not.toBe(before.kid);
    expect(running.open(after)).toEqual(SECRET);
    expect(running.open(before)).toEqual(SECRET);
    expect(running.activeKeyId()).toBe(after.kid);

    // A rotation it has not met yet: its next seal, once the check is due, uses the new key.
    replaceKeyFile(settings.keyFile, withNewActiveKey(readKeyRing(settings.keyFile)));
    const newest = readKeyRing(settings.keyFile).activeId;
    expect(running.seal(SECRET).kid).toBe(after.kid);
    clock += 5_000;
    expect(running.seal(SECRET).kid).toBe(newest);
  });

  it('keeps working on the keys it has while the file is being replaced or is broken', () => {
    const dir = tempDir();
    const settings = settingsIn(dir);
    createKeyFile(settings.keyFile, newKeyRing());
    const { vault } = openVault(settings, { checkEveryMs: 0 });
    const sealed = vault.seal(SECRET);
    writeFileSync(settings.keyFile, 'half a file');
    expect(vault.seal(SECRET).kid).toBe(sealed.kid);
    expect(vault.open(sealed)).toEqual(SECRET);
    expect(() => vault.open({ ...sealed, kid: 'unknown' })).toThrow(/key "unknown"/);
  });

  it('opens values from before key ids with PMS_CREDENTIALS_KEY, a legacy line, or the old key file', () => {
    const legacyKey = randomBytes(32);
    const old = sealedBeforeKeyIds(legacyKey, SECRET);

    const fromEnv = settingsIn(tempDir(), { makeIfMissing: true, legacyKey });
    const opened = openVault(fromEnv);
    expect(opened.legacyFrom).toBe('PMS_CREDENTIALS_KEY');
    expect(opened.vault.open(old)).toEqual(SECRET);
    // Never the key that seals: a new value names the ring's own key.
    expect(opened.vault.seal(SECRET).kid).not.toBe('legacy');

    const inFile = settingsIn(tempDir());
    const active = newKeyRing();
    writeFileSync(
      inFile.keyFile,
      `legacy:${legacyKey.toString('base64')}\n${active.activeId}:${active.keys.get(active.activeId)!.toString('base64')}\n`,
    );
    expect(openVault(inFile).vault.open(old)).toEqual(SECRET);
    expect(openVault(inFile).legacyFrom).toBeNull();
    expect(() => openVault({ ...inFile, legacyKey: randomBytes(32) })).toThrow(
      /has a "legacy" key that is not PMS_CREDENTIALS_KEY/,
    );

    const dir = tempDir();
    const legacyKeyFile = path.join(dir, 'pms-credentials.key');
    writeFileSync(legacyKeyFile, `${legacyKey.toString('base64')}\n`);
    const embedded = openVault(settingsIn(dir, { makeIfMissing: true, legacyKeyFile }));
    expect(embedded.legacyFrom).toBe(legacyKeyFile);
    expect(embedded.vault.open(old)).toEqual(SECRET);
    // The new key file holds only its own key: the old one stays where it was.
    expect(readFileSync(path.join(dir, 'secrets.keys'), 'utf8')).not.toContain(
      legacyKey.toString('base64'),
    );
  });
});

describe('the settings', () => {
  const problemsOf = (env: NodeJS.ProcessEnv): string[] => {
    try {
      loadConfig(env);
      return [];
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
  };

  it('refuses to start a server database or production without SECRETS_KEY_FILE', () => {
    expect(problemsOf({ DATABASE_URL: 'postgres://localhost/hostdash' })).toEqual([
      expect.stringMatching(/^SECRETS_KEY_FILE is required with DATABASE_URL: a file of keys/),
    ]);
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      expect.stringMatching(/^SECRETS_KEY_FILE is required when NODE_ENV is production/),
    ]);
    // The old key alone is not enough: it only opens what it sealed.
    const legacy = randomBytes(32).toString('base64');
    expect(
      problemsOf({ DATABASE_URL: 'postgres://localhost/hostdash', PMS_CREDENTIALS_KEY: legacy }),
    ).toEqual([expect.stringContaining('PMS_CREDENTIALS_KEY alone no longer does')]);
    expect(problemsOf({ PMS_CREDENTIALS_KEY: 'too-short' })).toEqual([
      expect.stringMatching(/^PMS_CREDENTIALS_KEY \(deprecated\) must be the 32 bytes/),
    ]);
  });

  it('reads SECRETS_KEY_FILE, or makes the embedded default beside the data', () => {
    const legacy = randomBytes(32);
    expect(
      loadConfig({
        DATABASE_URL: 'postgres://localhost/hostdash',
        SECRETS_KEY_FILE: 'run/keys',
        PMS_CREDENTIALS_KEY: legacy.toString('base64'),
      }).secrets,
    ).toEqual({
      keyFile: path.resolve('run/keys'),
      makeIfMissing: false,
      legacyKey: legacy,
      legacyKeyFile: null,
    });
    expect(loadConfig({ PGLITE_DIR: '/srv/hostdash/db' }).secrets).toEqual({
      keyFile: '/srv/hostdash/db/secrets.keys',
      makeIfMissing: true,
      legacyKey: null,
      legacyKeyFile: '/srv/hostdash/db/pms-credentials.key',
    });
  });
});
