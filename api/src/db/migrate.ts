// Versioned migrations: `migrations/NNNN_name.sql`, applied in order, each in its own transaction,
// and recorded in `schema_migrations`. Read at run time from the package folder (same path from
// src/ under jest and from dist/ in production).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from './database';
import { installDerivedSql, recountAfterColourChange } from './derivedSql';

export const MIGRATIONS_DIR = path.join(__dirname, '..', '..', 'migrations');

const MIGRATION_FILE = /^(\d{4})_[a-z0-9_]+\.sql$/;
// Serialises concurrent starts against one server database (any constant shared by all instances).
const MIGRATION_LOCK_KEY = 7_218_004_001;

export interface MigrationFile {
  version: string;
  name: string;
  file: string;
}

export function listMigrations(dir = MIGRATIONS_DIR): MigrationFile[] {
  return readdirSync(dir)
    .flatMap((name) => {
      const match = MIGRATION_FILE.exec(name);
      return match?.[1] ? [{ version: match[1], name, file: path.join(dir, name) }] : [];
    })
    .sort((a, b) => a.version.localeCompare(b.version));
}

/**
 * Installs the SQL derived from the code's constants (src/db/derivedSql.ts: the migrations may use
 * it), then applies the migrations not yet recorded; returns the names of those it applied.
 */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec(`create table if not exists schema_migrations (
    version text primary key,
    name text not null,
    applied_at timestamptz not null default now()
  )`);
  const colourChanged = await installDerivedSql(db, MIGRATION_LOCK_KEY);
  const done = new Set(
    (await db.query<{ version: string }>('select version from schema_migrations')).map(
      (row) => row.version,
    ),
  );
  const applied: string[] = [];
  for (const migration of listMigrations(dir)) {
    if (done.has(migration.version)) continue;
    const sql = readFileSync(migration.file, 'utf8');
    const ran = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
      const already = await tx.query('select 1 from schema_migrations where version = $1', [
        migration.version,
      ]);
      if (already.length > 0) return false; // another instance applied it while we waited
      await tx.exec(sql);
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      return true;
    });
    if (ran) applied.push(migration.name);
  }
  if (colourChanged) await recountAfterColourChange(db);
  return applied;
}
