// Sealing again (docs/adr/0028-secrets-at-rest.md), column by column in batches of rows: each batch
// is read without a lock, opened and sealed in the process, and written back by one statement that
// changes a row only if it still holds what was read (compare-and-set). Running APIs keep reading
// and writing meanwhile; a row one of them changed is left as they wrote it (counted, and taken by
// the next pass if it still needs it). No lock is held longer than one batch's update.
import type { Database } from '../db/database';
import { LEGACY_KEY_ID } from './keyRing';
import { SEALED_COLUMNS, type SealedColumn } from './sealedColumns';
import { SealedSecretError, type SecretVault } from './vault';

/** The key id a column's value is sealed with (`legacy` before key ids), null when in clear. */
const keyIdSql = (column: string) => `case
  when jsonb_typeof(${column}) = 'object' and ${column}->>'v' = '2' then ${column}->>'kid'
  when jsonb_typeof(${column}) = 'object' and ${column}->>'v' = '1' then '${LEGACY_KEY_ID}'
end`;

/** Which values a pass seals again: those in clear, or every one not under the active key. */
export type ResealScope = 'in-clear' | 'not-active';

export interface ResealCount {
  table: string;
  column: string;
  /** Values sealed again under the active key. */
  resealed: number;
  /** Values an API changed between the read and the write (left as it wrote them). */
  changedMeanwhile: number;
  /** Values that do not open (tampered with, or their key is gone): left, never shown. */
  unreadable: number;
}

export interface ResealOptions {
  batchSize?: number;
  /** Hears each batch's counts so far (a CLI's progress). */
  onBatch?: (count: ResealCount) => void;
}

export async function resealColumn(
  db: Database,
  vault: SecretVault,
  sealed: SealedColumn,
  scope: ResealScope,
  { batchSize = 200, onBatch }: ResealOptions = {},
): Promise<ResealCount> {
  const { table, column, idColumn } = sealed;
  const count: ResealCount = { table, column, resealed: 0, changedMeanwhile: 0, unreadable: 0 };
  const rowKeyId = keyIdSql(`t.${column}`);
  let after = '0';
  for (;;) {
    // The active key as the vault knows it now (it follows the key file before sealing).
    const active = vault.activeKeyId();
    // Ordered by the bigint key (`t.`: not the text alias), as the next batch starts after it.
    const rows = await db.query<{ id: string; stored: unknown }>(
      `select t.${idColumn}::text as id, t.${column} as stored from ${table} as t
       where t.${idColumn} > $1::bigint and t.${column} is not null
         and ${scope === 'in-clear' ? `${rowKeyId} is null` : `${rowKeyId} is distinct from $3`}
       order by t.${idColumn} limit $2`,
      scope === 'in-clear' ? [after, batchSize] : [after, batchSize, active],
    );
    if (rows.length === 0) break;
    after = rows.at(-1)!.id;
    const writes: Array<{ id: string; stored: unknown; sealed: unknown }> = [];
    for (const row of rows) {
      try {
        writes.push({ ...row, sealed: vault.seal(sealed.fields(vault, row.stored)) });
      } catch (error) {
        if (!(error instanceof SealedSecretError)) throw error;
        count.unreadable += 1;
      }
    }
    if (writes.length > 0) {
      const written = await db.query(
        `update ${table} as t set ${column} = w.value->'sealed'
         from jsonb_array_elements($1::jsonb) as w(value)
         where t.${idColumn} = (w.value->>'id')::bigint and t.${column} = w.value->'stored'
         returning 1`,
        [JSON.stringify(writes)],
      );
      count.resealed += written.length;
      count.changedMeanwhile += writes.length - written.length;
    }
    onBatch?.({ ...count });
  }
  return count;
}

/** Every sealed column in turn (in clear: only those an earlier version kept in clear). */
export async function resealAll(
  db: Database,
  vault: SecretVault,
  scope: ResealScope,
  options: ResealOptions = {},
): Promise<ResealCount[]> {
  const counts: ResealCount[] = [];
  for (const sealed of SEALED_COLUMNS)
    if (scope === 'not-active' || sealed.mayBeInClear)
      counts.push(await resealColumn(db, vault, sealed, scope, options));
  return counts;
}

/**
 * Seals what an earlier version kept in clear (TOTP secrets before migration 0035, credentials
 * before sealing) and what the demo seed writes; run by every start after its migrations. Returns
 * how many values it sealed.
 */
export async function sealSecretsInClear(db: Database, vault: SecretVault): Promise<number> {
  const counts = await resealAll(db, vault, 'in-clear');
  return counts.reduce((sum, count) => sum + count.resealed, 0);
}

export interface KeyUsage {
  table: string;
  column: string;
  /** The key id, `legacy` before key ids, null for values in clear. */
  keyId: string | null;
  rows: number;
}

/** How many values each key seals, per column (what `retire` and `status` look at). */
export async function keyUsage(db: Database): Promise<KeyUsage[]> {
  const usage: KeyUsage[] = [];
  for (const { table, column } of SEALED_COLUMNS) {
    const rows = await db.query<{ key_id: string | null; rows: number }>(
      `select ${keyIdSql(column)} as key_id, count(*)::int as rows from ${table}
       where ${column} is not null group by 1 order by 1`,
    );
    for (const row of rows) usage.push({ table, column, keyId: row.key_id, rows: row.rows });
  }
  return usage;
}
