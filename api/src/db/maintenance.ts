// The API's hourly maintenance: old rows nobody will read again (forgotten throttling streaks,
// spent challenges, reset links and sessions, the record of mails delivered long ago), and the
// embedded database's vacuum.
import type { Database, Sql } from './database';

/** How long the outbox keeps a delivered mail's record (to, subject, when; never its body). */
export const DELIVERED_MAIL_RETENTION_DAYS = 30;

export async function deleteExpiredRows(sql: Sql): Promise<void> {
  await sql.query('delete from throttles where expires_at < now()');
  await sql.query(`delete from login_challenges where expires_at < now() - interval '1 day'`);
  await sql.query(`delete from password_reset_tokens where expires_at < now() - interval '7 days'`);
  await sql.query(`delete from sessions where expires_at < now() - interval '30 days'`);
  // A mail still waiting is kept whatever its age: it has not been sent yet.
  await sql.query(
    `delete from mail_outbox
     where coalesce(delivered_at, failed_at) < now() - $1::int * interval '1 day'`,
    [DELIVERED_MAIL_RETENTION_DAYS],
  );
  // Finished jobs: a success for a week, a failure (the admin's to look at) for a month.
  await sql.query(
    `delete from jobs where (state = 'succeeded' and finished_at < now() - interval '7 days')
       or (state in ('failed', 'discarded') and finished_at < now() - $1::int * interval '1 day')`,
    [DELIVERED_MAIL_RETENTION_DAYS],
  );
}

/**
 * What a PostgreSQL server's autovacuum does on its own, for the embedded database, which has
 * none: a vacuum marks pages all-visible (index-only scans then skip the table) and an analyze
 * gives the planner the current shape of the data (which search terms are common, how many stays
 * a day). About a second at 100,000 reservations; a server database is left to its autovacuum.
 */
export async function vacuumEmbedded(db: Database): Promise<boolean> {
  if (db.kind !== 'pglite') return false;
  await db.exec('vacuum (analyze)');
  return true;
}
