// Where the bench runs: a throw-away PGlite database in a temporary folder, or, with DATABASE_URL,
// a schema of its own on that server, created here and dropped at the end, so the bench never
// reads or changes anyone else's data there.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite, openPostgres, type Database } from '../db/database';

export interface BenchDatabase {
  db: Database;
  /** Where the data lives, for the progress lines (never a password). */
  where: string;
  /** Closes the database and removes everything the bench created. Safe to call twice. */
  dispose(): Promise<void>;
}

export function openBenchDatabase(databaseUrl: string | null): Promise<BenchDatabase> {
  return databaseUrl ? openBenchSchema(databaseUrl) : openBenchPglite();
}

/** Runs `work` once, however often it is called (a signal can arrive while `finally` runs). */
function once(work: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  return () => (running ??= work());
}

async function openBenchPglite(): Promise<BenchDatabase> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hostdash-bench-'));
  const db = await openPglite(dir);
  return {
    db,
    where: `PGlite in ${dir}`,
    dispose: once(async () => {
      await db.close().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    }),
  };
}

async function openBenchSchema(databaseUrl: string): Promise<BenchDatabase> {
  // Lower-case letters, digits and _: a plain identifier, safe to write into the SQL.
  const schema = `hostdash_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = openPostgres(databaseUrl);
  let extensionSchema: string | undefined;
  try {
    await admin.exec(`create schema ${schema}`);
    // An extension is installed once per database: when pg_trgm is already there (in the app's own
    // schema), the bench's migrations find its operator class through the search path below.
    const [trigrams] = await admin.query<{ schema: string }>(
      `select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
       where e.extname = 'pg_trgm'`,
    );
    extensionSchema = trigrams?.schema;
  } catch (error) {
    await admin.close().catch(() => undefined);
    throw error;
  }
  // Every pooled connection resolves unqualified names (tables, the migrations' functions) in the
  // bench schema first: the app's SQL runs unchanged and creates everything there.
  const searchPath = [
    schema,
    ...(extensionSchema ? [`"${extensionSchema.replace(/"/g, '""')}"`] : []),
  ];
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${searchPath.join(',')}`);
  const db = openPostgres(url.toString());
  return {
    db,
    where: `PostgreSQL ${url.host}${url.pathname}, schema ${schema}`,
    dispose: once(async () => {
      await db.close().catch(() => undefined);
      try {
        await admin.exec(`drop schema ${schema} cascade`);
      } finally {
        await admin.close();
      }
    }),
  };
}
