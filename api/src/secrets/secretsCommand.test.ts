// `npm run secrets`: the commands over a copy of the seeded database and its key file, as the API's
// own settings name them. They print key ids and counts, never a key or a secret; on the embedded
// database they refuse to run beside an open one (PGlite serves one process), on PostgreSQL they
// run beside it.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite, type Database } from '../db/database';
import { DEMO_TOTP_SECRET } from '../db/seedData';
import { testSecrets } from '../testing/secrets';
import {
  databaseUrlOf,
  dropDatabase,
  onServer,
  openTestDatabase,
  testEngine,
  testServerUrl,
  uniqueDatabaseName,
  type TestDatabase,
} from '../testing/testDatabase';
import { readKeyRing } from './keyRing';
import { keyUsage } from './reseal';
import { runSecretsCommand, SECRETS_USAGE } from './secretsCommand';

let testDatabase: TestDatabase;
let env: NodeJS.ProcessEnv;
let keyFile: string;

async function run(...args: string[]): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const code = await runSecretsCommand(args, env, (line) => void lines.push(line));
  return { code, output: lines.join('\n') };
}

/** Every key the file has held during the test: none may be printed. */
const keysSeen = new Set<string>();
const noteKeys = () => {
  for (const key of readKeyRing(keyFile).keys.values()) keysSeen.add(key.toString('base64'));
};
const expectNoKeyOrSecret = (output: string) => {
  for (const key of keysSeen) expect(output).not.toContain(key);
  expect(output).not.toContain(DEMO_TOTP_SECRET);
};

/** The database as the command left it (reopened on PGlite, whose copy the command closed). */
async function usageNow() {
  if (testDatabase.databaseUrl) return keyUsage(testDatabase.db);
  const db: Database = await openPglite(testDatabase.dir);
  try {
    return await keyUsage(db);
  } finally {
    await db.close();
  }
}

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  ({ keyFile } = testSecrets(testDatabase.dir));
  env = testDatabase.databaseUrl
    ? { DATABASE_URL: testDatabase.databaseUrl, SECRETS_KEY_FILE: keyFile }
    : { PGLITE_DIR: testDatabase.dir };
  noteKeys();
}, 60_000);
afterAll(async () => {
  if (testDatabase.databaseUrl) await testDatabase.dispose();
  else rmSync(testDatabase.dir, { recursive: true, force: true });
});

it('says how to use it, and refuses what it does not know', async () => {
  expect(await run()).toEqual({ code: 0, output: SECRETS_USAGE });
  expect(await run('help')).toEqual({ code: 0, output: SECRETS_USAGE });
  expect(await run('rotate', '--now')).toEqual({ code: 1, output: SECRETS_USAGE });
  expect(await run('init')).toEqual({ code: 1, output: SECRETS_USAGE });
  expect(await run('forget')).toEqual({ code: 1, output: SECRETS_USAGE });
});

it('init writes a new key file of one key for its owner only, and never overwrites one', async () => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'hostdash-init-')), 'keys');
  const made = await run('init', file);
  expect(made.code).toBe(0);
  const ring = readKeyRing(file);
  expect(made.output).toBe(
    `Wrote ${file} with one key, ${ring.activeId} (mode 0600). Point SECRETS_KEY_FILE at it.`,
  );
  expect(statSync(file).mode & 0o777).toBe(0o600);
  expect(await run('init', file)).toEqual({
    code: 1,
    output: `${file} exists already: it is never overwritten.`,
  });
  expect(readKeyRing(file)).toEqual(ring);
});

const embedded = testEngine() === 'pglite';

(embedded ? it : it.skip)('on the embedded database, refuses to run while it is open', async () => {
  const refused = await run('status');
  expect(refused.code).toBe(1);
  expect(refused.output).toMatch(/^The embedded database in .* is open: stop the API first/);
  await testDatabase.db.close();
});

/** A command's exit code and lines, with other settings than the test's. */
async function runWith(environment: NodeJS.ProcessEnv, ...args: string[]) {
  const lines: string[] = [];
  const code = await runSecretsCommand(args, environment, (line) => void lines.push(line));
  return { code, lines };
}

(embedded ? it : it.skip)('refuses a data folder the API has not made a database in', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hostdash-none-'));
  expect(await runWith({ PGLITE_DIR: dir }, 'status')).toEqual({
    code: 1,
    lines: [`There is no embedded database in ${dir} yet.`],
  });
});

(embedded ? it.skip : it)('refuses a server database the API has not migrated', async () => {
  const serverUrl = testServerUrl();
  const name = uniqueDatabaseName('hd_test_unmigrated');
  await onServer(serverUrl, `create database ${name}`);
  try {
    const environment = { DATABASE_URL: databaseUrlOf(serverUrl, name), SECRETS_KEY_FILE: keyFile };
    expect(await runWith(environment, 'status')).toEqual({
      code: 1,
      lines: [
        'The database is not migrated to this version yet: start the API once (it migrates), then run this again.',
      ],
    });
  } finally {
    await dropDatabase(serverUrl, name);
  }
});

it('status lists the keys and how many values each seals', async () => {
  const { code, output } = await run('status');
  expect(code).toBe(0);
  const { activeId } = readKeyRing(keyFile);
  expect(output).toContain(`Key file ${keyFile}: 1 key(s), active ${activeId}`);
  expect(output).toMatch(new RegExp(`users\\.totp_secret\\s+${activeId}\\s+\\d+`));
  expectNoKeyOrSecret(output);
});

it('rotate adds the active key and seals every value under it, printing counts only; retire drops the old one', async () => {
  const oldKey = readKeyRing(keyFile).activeId;
  const rotated = await run('rotate');
  noteKeys();
  const ring = readKeyRing(keyFile);
  expect(rotated.code).toBe(0);
  expect([...ring.keys.keys()]).toEqual([oldKey, ring.activeId]);
  expect(rotated.output).toContain(`Added key ${ring.activeId} to ${keyFile} as the active one`);
  expect(rotated.output).toMatch(/users\.totp_secret\s+sealed again\s+\d+/);
  expect(rotated.output).toContain(`Every value is sealed with ${ring.activeId}.`);
  expectNoKeyOrSecret(rotated.output);
  const usage = await usageNow();
  expect(usage.length).toBeGreaterThan(0);
  expect(usage.every((row) => row.keyId === ring.activeId)).toBe(true);

  expect(await run('reseal')).toMatchObject({ code: 0 });
  const retired = await run('retire');
  expect(retired.code).toBe(0);
  expect(retired.output).toContain(`Retired ${oldKey}: no value needs it any more.`);
  expect([...readKeyRing(keyFile).keys.keys()]).toEqual([ring.activeId]);
  expect(await run('retire')).toMatchObject({ code: 0, output: expect.stringMatching(/^No key/) });
}, 60_000);
