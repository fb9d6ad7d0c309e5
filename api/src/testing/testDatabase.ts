// The database under a test, on the engine the run asks for. PGlite (the default): globalSetup
// migrates and seeds a data folder once and each test copies it. PostgreSQL
// (HOSTDASH_TEST_ENGINE=postgres, the server in TEST_DATABASE_URL): globalSetup migrates and seeds a
// template database once and each test gets `create database … template …` of its own (a file
// copy on the server, well under a second), dropped when it closes. The same tests, the same SQL.
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FolderStorage } from '@hostdash/storage';
import { Client } from 'pg';
import { openPglite, openPostgres, type Database } from '../db/database';
import { prepareDatabase } from '../db/prepare';
import { openVault, type SecretVault } from '../secrets/vault';
import { testSecrets } from './secrets';
import { TEMPLATE_DB_ENV, TEMPLATE_DIR_ENV, TEMPLATE_FILES } from './templateEnv';

/** Which engine the API's tests run on: `pglite` (default) or `postgres`. */
export const TEST_ENGINE_ENV = 'HOSTDASH_TEST_ENGINE';
/** A PostgreSQL server where the tests may create and drop databases (a superuser's URL). */
export const TEST_DATABASE_URL_ENV = 'TEST_DATABASE_URL';

export type TestEngine = 'pglite' | 'postgres';

export function testEngine(env: NodeJS.ProcessEnv = process.env): TestEngine {
  const raw = env[TEST_ENGINE_ENV]?.trim().toLowerCase() || 'pglite';
  if (raw !== 'pglite' && raw !== 'postgres')
    throw new Error(`${TEST_ENGINE_ENV} must be pglite or postgres (got "${raw}")`);
  return raw;
}

/** The server of TEST_DATABASE_URL, or a clear error when the run asks for it without one. */
export function testServerUrl(env: NodeJS.ProcessEnv = process.env): string {
  const url = env[TEST_DATABASE_URL_ENV]?.trim();
  if (!url)
    throw new Error(
      `${TEST_ENGINE_ENV}=postgres needs ${TEST_DATABASE_URL_ENV}: a PostgreSQL server where the tests may create and drop databases, e.g. postgres://postgres@127.0.0.1:5432/postgres`,
    );
  return url;
}

/** The same server and credentials, another database. */
export function databaseUrlOf(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * A new database name: lower-case letters, digits and `_` only (safe to write into the SQL, which
 * cannot bind an identifier), the process id so a leftover says whose it was.
 */
export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${process.pid}_${randomBytes(5).toString('hex')}`;
}

/** One statement on the server's maintenance connection (CREATE/DROP DATABASE cannot be pooled work). */
export async function onServer(serverUrl: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Drops a database, ending any connection a failed test left open on it. */
export function dropDatabase(serverUrl: string, name: string): Promise<void> {
  return onServer(serverUrl, `drop database if exists ${name} with (force)`);
}

/**
 * globalSetup on PostgreSQL: a migrated and seeded template database, analysed (its copies start
 * with planner statistics, as a server that has run a while has) and closed to connections (so
 * that autovacuum never holds it while a test copies it). Returns its name.
 */
export async function createTemplateDatabase(
  serverUrl: string,
  filesDir: string,
  vault: SecretVault,
): Promise<string> {
  const name = uniqueDatabaseName('hd_test_template');
  await onServer(serverUrl, `create database ${name}`);
  try {
    const db = openPostgres(databaseUrlOf(serverUrl, name));
    try {
      await prepareDatabase(db, {
        storage: new FolderStorage(filesDir),
        demoData: true,
        firstAdmin: null,
        vault,
      });
      await db.exec('vacuum analyze');
    } finally {
      await db.close();
    }
    await onServer(
      serverUrl,
      `alter database ${name} with is_template true allow_connections false`,
    );
  } catch (error) {
    await dropTemplateDatabase(serverUrl, name).catch(() => undefined);
    throw error;
  }
  return name;
}

export async function dropTemplateDatabase(serverUrl: string, name: string): Promise<void> {
  await onServer(serverUrl, `alter database ${name} with is_template false allow_connections true`);
  await dropDatabase(serverUrl, name);
}

/**
 * The run's template: a folder with the seed's files in `files/` and, on PGlite, the migrated and
 * seeded data beside them; on PostgreSQL the template database's name too.
 */
async function createTemplate(): Promise<{ dir: string; database: string | null }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hostdash-api-template-'));
  const files = new FolderStorage(path.join(dir, TEMPLATE_FILES));
  // The key file the seed's secrets are sealed with, copied with the folder: every test's API
  // opens them with it (src/testing/testApi.ts).
  const { vault } = openVault(testSecrets(dir));
  if (testEngine() === 'postgres') {
    const database = await createTemplateDatabase(testServerUrl(), files.location, vault);
    return { dir, database };
  }
  const db = await openPglite(dir);
  try {
    await prepareDatabase(db, { storage: files, demoData: true, firstAdmin: null, vault });
  } finally {
    await db.close();
  }
  return { dir, database: null };
}

/** The run's template: made once (by globalSetup, or here for another runner), then reused. */
export async function runTemplate(): Promise<{ dir: string; database: string | null }> {
  const dir = process.env[TEMPLATE_DIR_ENV];
  if (dir) return { dir, database: process.env[TEMPLATE_DB_ENV] ?? null };
  const template = await createTemplate();
  process.env[TEMPLATE_DIR_ENV] = template.dir;
  if (template.database) process.env[TEMPLATE_DB_ENV] = template.database;
  return template;
}

export interface TestDatabase {
  db: Database;
  /** A temporary folder of the test's own (PGlite's data, mails, files); removed at dispose. */
  dir: string;
  /** The test's own database on the server; null on PGlite. */
  databaseUrl: string | null;
  /** Closes the database and removes it (the folder, or the server's database). */
  dispose(): Promise<void>;
}

/**
 * A copy of the run's template on the run's engine. Without jest's globalSetup (another runner)
 * the template is built here first.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hostdash-api-test-'));
  const template = await runTemplate();
  cpSync(template.dir, dir, { recursive: true });
  if (template.database) {
    const serverUrl = testServerUrl();
    const name = uniqueDatabaseName('hd_test');
    await onServer(serverUrl, `create database ${name} template ${template.database}`);
    const databaseUrl = databaseUrlOf(serverUrl, name);
    const db = openPostgres(databaseUrl);
    return {
      db,
      dir,
      databaseUrl,
      async dispose() {
        await db.close();
        await dropDatabase(serverUrl, name);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const db = await openPglite(dir);
  return {
    db,
    dir,
    databaseUrl: null,
    async dispose() {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
