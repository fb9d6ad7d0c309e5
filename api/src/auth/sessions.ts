// Sessions: a random token for the client, its SHA-256 in the database, a fixed lifetime.
import type { Sql } from '../db/database';
import { hashToken, newToken } from './tokens';

export interface NewSession {
  sessionId: string;
  expiresAt: string;
}

export async function createSession(sql: Sql, userId: string, ttlMs: number): Promise<NewSession> {
  const sessionId = newToken();
  const [row] = await sql.query<{ expires_at: string }>(
    `insert into sessions (token_hash, user_id, expires_at)
     values ($1, $2::bigint, now() + $3::float8 * interval '1 millisecond')
     returning expires_at`,
    [hashToken(sessionId), userId, ttlMs],
  );
  if (!row) throw new Error('The session was not created.');
  return { sessionId, expiresAt: row.expires_at };
}

/** Why a session ended (migration 0007): a deactivated user's sessions say so until reactivation. */
export type SessionEnd = 'signed_out' | 'password_changed' | 'deactivated';

export async function revokeSession(sql: Sql, token: string): Promise<void> {
  await sql.query(
    `update sessions set revoked_at = now(), revoked_reason = 'signed_out'
     where token_hash = $1 and revoked_at is null`,
    [hashToken(token)],
  );
}

export async function revokeAllSessions(
  sql: Sql,
  userId: string,
  reason: SessionEnd = 'signed_out',
): Promise<void> {
  await sql.query(
    `update sessions set revoked_at = now(), revoked_reason = $2
     where user_id = $1::bigint and revoked_at is null`,
    [userId, reason],
  );
}

/**
 * Everything that lets the user in without their password, ended: sessions, second steps not yet
 * passed, reset links not yet used (deactivation). Ended, not deleted: nothing revives them.
 */
export async function endEverySession(sql: Sql, userId: string): Promise<void> {
  await revokeAllSessions(sql, userId, 'deactivated');
  await sql.query(
    'update login_challenges set consumed_at = now() where user_id = $1::bigint and consumed_at is null',
    [userId],
  );
  await sql.query(
    'update password_reset_tokens set used_at = now() where user_id = $1::bigint and used_at is null',
    [userId],
  );
}
