// SQL derived from the code's constants. The colour thresholds live once, in src/protect/risk.ts;
// the database needs them too (the day counts of migration 0005 count stays by colour), so the
// function risk_colour(score, tolerance) is written from them on every start, before the
// migrations run. When its definition differs from the one the database last had, the counts
// that depend on it are taken again.
import { riskColourSql } from '../protect/risk';
import type { Database } from './database';

const RISK_COLOUR_DEFINITION = `create or replace function risk_colour(score integer, tolerance text)
returns text
language sql immutable parallel safe as $$
  select ${riskColourSql('score', 'tolerance')}
$$`;

/**
 * Installs the derived functions; true when risk_colour's definition changed since the database
 * last had one (not on a new database), so that migrate() recounts what depends on it.
 */
export async function installDerivedSql(db: Database, lockKey: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1::bigint)', [lockKey]);
    await tx.exec(`create table if not exists derived_sql (
      name text primary key,
      definition text not null,
      installed_at timestamptz not null default now()
    )`);
    const [previous] = await tx.query<{ definition: string }>(
      `select definition from derived_sql where name = 'risk_colour'`,
    );
    if (previous?.definition === RISK_COLOUR_DEFINITION) return false;
    await tx.exec(RISK_COLOUR_DEFINITION);
    await tx.query(
      `insert into derived_sql (name, definition) values ('risk_colour', $1)
       on conflict (name) do update set definition = excluded.definition, installed_at = now()`,
      [RISK_COLOUR_DEFINITION],
    );
    return previous !== undefined;
  });
}

/** Counts again what depends on risk_colour, once the migrations that create it have run. */
export async function recountAfterColourChange(db: Database): Promise<void> {
  const [counts] = await db.query<{ exists: boolean }>(
    `select to_regclass('reservation_day_counts') is not null as exists`,
  );
  if (counts?.exists) await db.query('select recount_reservation_days(null)');
}
