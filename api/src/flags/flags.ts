// Feature flags as stored, as admins see them and as the Flagsmith client expects them.
import type { Sql } from '../db/database';

import type { FlagChange, FlagsmithFlag, FlagView } from './flagSchemas';

export { FLAG_NAME_PATTERN } from './flagSchemas';
export type { FlagChange, FlagsmithFlag, FlagView };

interface FlagRow {
  id: string;
  name: string;
  enabled: boolean;
  value: string | null;
  description: string;
  updated_at: string;
  updated_by_id: string | null;
  updated_by_name: string | null;
  updated_by_email: string | null;
}

const FLAG_SELECT = `select f.id::text as id, f.name, f.enabled, f.value, f.description, f.updated_at,
         u.id::text as updated_by_id, u.name as updated_by_name, u.email as updated_by_email
  from flags f left join users u on u.id = f.updated_by`;

function toFlagView(row: FlagRow): FlagView {
  return {
    id: row.id,
    name: row.name,
    enabled: row.enabled,
    value: row.value,
    description: row.description,
    updated_at: row.updated_at,
    updated_by:
      row.updated_by_id && row.updated_by_name && row.updated_by_email
        ? { id: row.updated_by_id, name: row.updated_by_name, email: row.updated_by_email }
        : null,
  };
}

export async function listFlags(sql: Sql): Promise<FlagView[]> {
  return (await sql.query<FlagRow>(`${FLAG_SELECT} order by f.name`)).map(toFlagView);
}

export async function getFlag(sql: Sql, name: string): Promise<FlagView | null> {
  const [row] = await sql.query<FlagRow>(`${FLAG_SELECT} where f.name = $1`, [name]);
  return row ? toFlagView(row) : null;
}

/** Creates or updates a flag, recording who changed it. */
export async function saveFlag(
  sql: Sql,
  name: string,
  change: FlagChange,
  userId: string,
): Promise<FlagView> {
  await sql.query(
    `insert into flags (name, enabled, value, description, updated_at, updated_by)
     values ($1, $2::boolean, $3::text, coalesce($4::text, ''), now(), $5::bigint)
     on conflict (name) do update set
       enabled = excluded.enabled,
       value = case when $6::boolean then excluded.value else flags.value end,
       description = coalesce($4::text, flags.description),
       updated_at = now(),
       updated_by = excluded.updated_by`,
    [
      name,
      change.enabled,
      change.value ?? null,
      change.description ?? null,
      userId,
      change.value !== undefined,
    ],
  );
  const flag = await getFlag(sql, name);
  if (!flag) throw new Error(`Flag ${name} vanished after saving.`);
  return flag;
}

interface FlagsmithRow {
  id: number;
  name: string;
  description: string;
  enabled: boolean;
  value: string | null;
}

const toFlagsmithFlag = (row: FlagsmithRow): FlagsmithFlag => ({
  id: row.id,
  feature: { id: row.id, name: row.name, type: 'STANDARD', description: row.description },
  enabled: row.enabled,
  feature_state_value: row.value,
});

export async function environmentFlags(sql: Sql): Promise<FlagsmithFlag[]> {
  const rows = await sql.query<FlagsmithRow>(
    'select id, name, description, enabled, value from flags order by name',
  );
  return rows.map(toFlagsmithFlag);
}

/** The environment's flags with this identity's overrides applied. */
export async function identityFlags(sql: Sql, identifier: string): Promise<FlagsmithFlag[]> {
  const rows = await sql.query<FlagsmithRow>(
    `select f.id, f.name, f.description,
            coalesce(o.enabled, f.enabled) as enabled,
            case when o.flag_name is null then f.value else o.value end as value
     from flags f
     left join flag_identity_overrides o on o.flag_name = f.name and o.identifier = $1
     order by f.name`,
    [identifier],
  );
  return rows.map(toFlagsmithFlag);
}

export type TraitValue = string | number | boolean | null;

export interface Trait {
  trait_key: string;
  trait_value: TraitValue;
}

export async function identityTraits(sql: Sql, identifier: string): Promise<Trait[]> {
  return sql.query<{ trait_key: string; trait_value: TraitValue }>(
    'select trait_key, trait_value from identity_traits where identifier = $1 order by trait_key',
    [identifier],
  );
}

/** Stores traits (last one wins for a repeated key); a null value deletes the trait, as in Flagsmith. */
export async function saveTraits(sql: Sql, identifier: string, traits: Trait[]): Promise<void> {
  const byKey = new Map(traits.map((trait) => [trait.trait_key, trait.trait_value]));
  const kept = [...byKey]
    .filter(([, value]) => value !== null)
    .map(([trait_key, trait_value]) => ({ trait_key, trait_value }));
  const deleted = [...byKey].filter(([, value]) => value === null).map(([key]) => key);
  if (deleted.length > 0) {
    await sql.query(
      `delete from identity_traits where identifier = $1 and trait_key in (select jsonb_array_elements_text($2::jsonb))`,
      [identifier, JSON.stringify(deleted)],
    );
  }
  if (kept.length > 0) {
    await sql.query(
      `insert into identity_traits (identifier, trait_key, trait_value)
       select $1::text, e->>'trait_key', e->'trait_value' from jsonb_array_elements($2::jsonb) as e
       on conflict (identifier, trait_key) do update set trait_value = excluded.trait_value, updated_at = now()`,
      [identifier, JSON.stringify(kept)],
    );
  }
}
