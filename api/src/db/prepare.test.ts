// A database as production starts it (DEMO_DATA off): migrated, its reference rows and no account,
// then the first admin from the settings, made once, who signs in through the real app; and the
// first admin's settings read and checked without ever repeating the password.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FolderStorage } from '@hostdash/storage';
import { ensureFirstAdmin, FirstAdminError, readFirstAdmin } from '../admin/firstAdmin';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openVault, type SecretVault } from '../secrets/vault';
import { testSecrets } from '../testing/secrets';
import {
  databaseUrlOf,
  dropDatabase,
  onServer,
  openTestDatabase,
  testEngine,
  testServerUrl,
  uniqueDatabaseName,
} from '../testing/testDatabase';
import { openPglite, openPostgres, type Database } from './database';
import { listMigrations } from './migrate';
import { prepareDatabase } from './prepare';
import { OUTAGE_FLAG } from './referenceData';

let dir: string;
let vault: SecretVault;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'hostdash-prepare-'));
  vault = openVault(testSecrets(dir)).vault;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A database with nothing in it, on the run's engine. */
async function openEmptyDatabase(): Promise<{
  db: Database;
  databaseUrl: string | null;
  drop(): Promise<void>;
}> {
  if (testEngine() === 'pglite') {
    const db = await openPglite(mkdtempSync(path.join(dir, 'db-')));
    return { db, databaseUrl: null, drop: () => db.close() };
  }
  const serverUrl = testServerUrl();
  const name = uniqueDatabaseName('hd_test_prepare');
  await onServer(serverUrl, `create database ${name}`);
  const databaseUrl = databaseUrlOf(serverUrl, name);
  const db = openPostgres(databaseUrl);
  return {
    db,
    databaseUrl,
    async drop() {
      await db.close();
      await dropDatabase(serverUrl, name);
    },
  };
}

const ADMIN = { email: 'ops@example.com', name: 'Sam Okoro', password: 'correct horse battery' };

describe('a production start (DEMO_DATA off) on an empty database', () => {
  let empty: Awaited<ReturnType<typeof openEmptyDatabase>>;
  const storage = () => new FolderStorage(path.join(dir, 'files'));
  beforeAll(async () => {
    empty = await openEmptyDatabase();
  });
  afterAll(() => empty.drop());

  const count = async (table: string): Promise<number> => {
    const [row] = await empty.db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
    return row?.n ?? -1;
  };

  it('migrates and writes the reference rows, but no account and no demo', async () => {
    const prepared = await prepareDatabase(empty.db, {
      storage: storage(),
      demoData: false,
      firstAdmin: null,
      vault,
    });
    expect(prepared.migrationsApplied).toEqual(listMigrations().map((file) => file.name));
    expect(prepared).toMatchObject({ seeded: null, firstAdmin: null, adminCanSignIn: false });
    expect(await count('users')).toBe(0);
    expect(await count('accounts')).toBe(0);
    expect(await count('listings')).toBe(0);
    expect(await empty.db.query('select name, enabled from flags order by name')).toEqual([
      { name: OUTAGE_FLAG.name, enabled: false },
    ]);
  });

  it('makes the first admin from the settings once, who signs in and reaches the admin area', async () => {
    // Two APIs starting at once with the same settings: one admin.
    const outcomes = await Promise.all([
      ensureFirstAdmin(empty.db, ADMIN),
      ensureFirstAdmin(empty.db, ADMIN),
    ]);
    expect(outcomes.filter((outcome) => outcome.created)).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.created)).toEqual([
      { created: false, reason: 'admin_exists' },
    ]);
    // Started again with another password in the file: nobody's password changes.
    const again = await prepareDatabase(empty.db, {
      storage: storage(),
      demoData: false,
      firstAdmin: { ...ADMIN, password: 'a different password' },
      vault,
    });
    expect(again).toMatchObject({
      migrationsApplied: [],
      seeded: null,
      firstAdmin: { created: false, reason: 'admin_exists' },
      adminCanSignIn: true,
    });
    expect(
      await empty.db.query(
        `select u.name, u.email, u.type, u.subtype, a.name as account from users u join accounts a on a.id = u.account_id`,
      ),
    ).toEqual([
      {
        name: 'Sam Okoro',
        email: 'ops@example.com',
        type: 'admin',
        subtype: 'admin',
        account: 'Hostdash',
      },
    ]);
    expect(await empty.db.query(`select action, detail from admin_audit`)).toEqual([
      { action: 'user.first_admin', detail: { from: 'ADMIN_EMAIL' } },
    ]);

    // Production needs its key file (SECRETS_KEY_FILE), as an operator's container secret.
    const { keyFile } = testSecrets(dir);
    const app = buildApp({
      db: empty.db,
      storage: storage(),
      config: {
        ...loadConfig({ NODE_ENV: 'production', SECRETS_KEY_FILE: keyFile }),
        databaseUrl: empty.databaseUrl,
      },
      logger: false,
    });
    try {
      const refused = await app.inject({
        method: 'POST',
        url: '/login',
        payload: { email: ADMIN.email, password: 'a different password' },
      });
      expect(refused.statusCode).toBe(401);
      const login = await app.inject({
        method: 'POST',
        url: '/login',
        payload: { email: 'OPS@example.com', password: ADMIN.password },
      });
      expect(login.statusCode).toBe(200);
      const { sessionId } = login.json<{ sessionId: string }>();
      const users = await app.inject({
        method: 'GET',
        url: '/admin/user/load',
        headers: { authorization: sessionId },
      });
      expect(users.statusCode).toBe(200);
      expect(users.json()).toMatchObject({ total: 1 });
    } finally {
      await app.close();
    }
  });
});

describe('the first admin on a database that has users', () => {
  it('refuses an email somebody already signs in with, and makes nobody', async () => {
    const seeded = await openTestDatabase();
    try {
      // The demo's admins deactivated: nobody can reach the admin area, so one would be made.
      await seeded.db.query(`update users set is_active = false where type = 'admin'`);
      const before = await seeded.db.query('select count(*)::int as n from users');
      const attempt = ensureFirstAdmin(seeded.db, { ...ADMIN, email: 'owner@hostdash.test' });
      await expect(attempt).rejects.toThrow(FirstAdminError);
      await expect(attempt).rejects.toThrow(
        'ADMIN_EMAIL owner@hostdash.test already signs in to Hostdash (not as an active admin)',
      );
      expect(await seeded.db.query('select count(*)::int as n from users')).toEqual(before);
      expect(await ensureFirstAdmin(seeded.db, ADMIN)).toMatchObject({ created: true });
    } finally {
      await seeded.dispose();
    }
  });
});

describe('readFirstAdmin', () => {
  const withPassword = (content: string): string => {
    const file = path.join(dir, `password-${randomBytes(4).toString('hex')}`);
    writeFileSync(file, content);
    return file;
  };

  it('takes the first line of the file as the password, and the email in lower case', async () => {
    const passwordFile = withPassword('correct horse battery\n');
    expect(
      await readFirstAdmin({ email: ' Ops@Example.com ', name: ' Sam Okoro ', passwordFile }),
    ).toEqual(ADMIN);
  });

  it('says what is wrong in the settings’ names, never with the password', async () => {
    const short = withPassword('hunter2\n');
    const problem = readFirstAdmin({ email: 'not-an-email', name: 'Sam', passwordFile: short });
    await expect(problem).rejects.toThrow(FirstAdminError);
    await expect(problem).rejects.toThrow(
      'ADMIN_EMAIL is not an email address; The password in ADMIN_PASSWORD_FILE must be 8 to 1024 characters long',
    );
    await expect(problem).rejects.not.toThrow('hunter2');
    await expect(problem).rejects.not.toThrow('too common');
    // Long enough, but one of the most common (issue 30, finding 7); the demo's password is not.
    await expect(
      readFirstAdmin({
        email: 'ops@example.com',
        name: 'Sam',
        passwordFile: withPassword('Password1\n'),
      }),
    ).rejects.toThrow(
      new FirstAdminError(
        'The password in ADMIN_PASSWORD_FILE is too common: choose one that others are unlikely to use',
      ),
    );
    await expect(
      readFirstAdmin({
        email: 'ops@example.com',
        name: 'Sam',
        passwordFile: withPassword('hostdash-demo\n'),
      }),
    ).resolves.toMatchObject({ password: 'hostdash-demo' });
    await expect(
      readFirstAdmin({
        email: 'ops@example.com',
        name: 'Sam',
        passwordFile: path.join(dir, 'none'),
      }),
    ).rejects.toThrow(`ADMIN_PASSWORD_FILE (${path.join(dir, 'none')}) cannot be read: ENOENT`);
  });
});
