// Old rows nobody will read again: spent sign-in attempts, challenges, reset links and sessions.
import type { Sql } from './database';

export async function deleteExpiredRows(sql: Sql): Promise<void> {
  await sql.query(`delete from failed_logins where attempted_at < now() - interval '1 day'`);
  await sql.query(`delete from login_challenges where expires_at < now() - interval '1 day'`);
  await sql.query(`delete from password_reset_tokens where expires_at < now() - interval '7 days'`);
  await sql.query(`delete from sessions where expires_at < now() - interval '30 days'`);
}
