// The admin audit log (migration 0011): every change staff make to a user, an account, a flag or a
// remote, and every change an owner makes to their team, written in the transaction of the change
// itself, so that a change without its entry cannot happen. `detail` says what changed; it never
// holds a secret, token or link. Entries are kept (the table refuses updates and deletes).
import type { Sql } from '../db/database';
import { SqlParams } from '../http/sqlParams';

export interface AuditWrite {
  /** Who did it (a user id). */
  actorUserId: string;
  /** What was done: `area.verb`, e.g. `user.deactivate`, `flag.change`, `remote.promote`. */
  action: string;
  targetUserId?: string | null;
  targetAccountId?: string | null;
  /** What changed, e.g. `{ from: 'manager', to: 'owner' }`. Never a secret, token or link. */
  detail?: Record<string, unknown>;
}

export interface AuditEntry {
  id: string;
  action: string;
  actor: { id: string; name: string; email: string };
  target_user_id: string | null;
  target_account_id: string | null;
  detail: Record<string, unknown>;
  created_at: string;
}

/** Writes one entry; call it with the transaction that makes the change. */
export async function writeAudit(tx: Sql, entry: AuditWrite): Promise<void> {
  await tx.query(
    `insert into admin_audit (actor_user_id, action, target_user_id, target_account_id, detail)
     values ($1::bigint, $2, $3::bigint, $4::bigint, $5::jsonb)`,
    [
      entry.actorUserId,
      entry.action,
      entry.targetUserId ?? null,
      entry.targetAccountId ?? null,
      JSON.stringify(entry.detail ?? {}),
    ],
  );
}

export interface AuditQuery {
  targetUserId?: string;
  targetAccountId?: string;
  actorUserId?: string;
  /** Only actions starting with this, e.g. `flag.`. */
  actionPrefix?: string;
  /** At most this many (default 50, at most 500). */
  limit?: number;
}

export const AUDIT_LIMIT = 50;
const MAX_AUDIT_LIMIT = 500;

/** The newest entries matching every condition given, newest first, with who did each. */
export async function auditFor(sql: Sql, filter: AuditQuery): Promise<AuditEntry[]> {
  const params = new SqlParams();
  const conditions: string[] = [];
  if (filter.targetUserId)
    conditions.push(`l.target_user_id = ${params.add(filter.targetUserId)}::bigint`);
  if (filter.targetAccountId)
    conditions.push(`l.target_account_id = ${params.add(filter.targetAccountId)}::bigint`);
  if (filter.actorUserId)
    conditions.push(`l.actor_user_id = ${params.add(filter.actorUserId)}::bigint`);
  if (filter.actionPrefix)
    conditions.push(`starts_with(l.action, ${params.add(filter.actionPrefix)})`);
  const limit = Math.min(Math.max(1, Math.floor(filter.limit ?? AUDIT_LIMIT)), MAX_AUDIT_LIMIT);
  return sql.query<AuditEntry>(
    `select l.id::text as id, l.action,
            json_build_object('id', u.id::text, 'name', u.name, 'email', u.email) as actor,
            l.target_user_id::text as target_user_id, l.target_account_id::text as target_account_id,
            l.detail, l.created_at
     from admin_audit l join users u on u.id = l.actor_user_id
     ${conditions.length > 0 ? `where ${conditions.join(' and ')}` : ''}
     order by l.created_at desc, l.id desc
     limit ${params.add(limit)}`,
    params.values,
  );
}
