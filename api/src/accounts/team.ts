// The team's reads and the checks every team call shares: who may manage a team, which account a
// call is about, and the account's buildings named by slug.
import { type Caller, isAccountOwner, isAdmin } from '../auth/caller';
import type { Sql } from '../db/database';
import { forbidden, notFound, refusedField } from '../http/errors';
import type { TeamBuilding, TeamInvite, TeamMember } from './teamSchemas';

export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const ACCOUNT_NOT_FOUND = 'This account does not exist or is not yours.';
export const TEAMMATE_NOT_FOUND = 'This teammate does not exist or is not in your account.';
export const INVITE_NOT_FOUND = 'This invite does not exist or is not from your account.';

/** The team's managers: the account's owner or admin (subtype), and Hostdash staff. */
export const mayManageTeam = (caller: Caller): boolean => isAccountOwner(caller);

/** 403 for a manager or vendor, naming whom to ask (as the dashboard's not-allowed page does). */
export function requireTeamManager(caller: Caller): void {
  if (mayManageTeam(caller)) return;
  const owner = caller.account_owner ? `${caller.account_owner}, the account owner` : 'the owner';
  throw forbidden(`The team is managed by the account owner: ask ${owner}.`);
}

/**
 * The account a team call is about: the caller's own, or (staff only) the one asked for. Another
 * account's id from anyone else: 404, as if it did not exist.
 */
export async function teamAccount(
  sql: Sql,
  caller: Caller,
  accountId: string | undefined,
): Promise<{ id: string; name: string }> {
  const id = accountId ?? caller.account_id;
  if (id !== caller.account_id && !isAdmin(caller)) throw notFound(ACCOUNT_NOT_FOUND);
  const [account] = await sql.query<{ id: string; name: string }>(
    'select id::text as id, name from accounts where id = $1::bigint',
    [id],
  );
  if (!account) throw notFound(ACCOUNT_NOT_FOUND);
  return account;
}

/**
 * The ids of the account's buildings named by `slugs` (each once), or 400 on `building_slugs`
 * naming the first that is not one of them.
 */
export async function accountBuildingIds(
  sql: Sql,
  accountId: string,
  slugs: readonly string[],
): Promise<string[]> {
  const wanted = [...new Set(slugs)];
  const rows = await sql.query<{ id: string; slug: string }>(
    'select id::text as id, slug from buildings where account_id = $1::bigint and slug = any($2::text[])',
    [accountId, wanted],
  );
  const found = new Set(rows.map((row) => row.slug));
  const missing = wanted.find((slug) => !found.has(slug));
  if (missing !== undefined)
    throw refusedField(
      'building_slugs',
      'exists',
      `"${missing}" is not a building of this account.`,
    );
  return rows.map((row) => row.id);
}

/** A vendor is given at least one building; nobody else is given any (they see them all). */
export function checkBuildingsFor(subtype: string, slugs: readonly string[] | undefined): void {
  if (subtype === 'vendor' && !slugs?.length)
    throw refusedField(
      'building_slugs',
      'required',
      'Choose at least one building the vendor may see.',
    );
  if (subtype !== 'vendor' && slugs?.length)
    throw refusedField(
      'building_slugs',
      'vendor_only',
      'Only a vendor is given buildings: a manager sees every building of the account.',
    );
}

const MEMBER_COLUMNS = `u.id::text as id, u.name, u.email, u.subtype, u.is_active,
  (u.subtype = 'owner') as is_owner, u.created_at,
  (select max(s.created_at) from sessions s where s.user_id = u.id) as last_sign_in_at,
  case when u.subtype = 'vendor' then coalesce(
    (select json_agg(json_build_object('slug', b.slug, 'name', b.name) order by lower(b.name), b.id)
     from vendor_grants g join buildings b on b.id = g.building_id where g.user_id = u.id),
    '[]'::json) else '[]'::json end as vendor_buildings`;

const INVITE_COLUMNS = `i.id::text as id, i.email, i.name, i.subtype, i.created_at as invited_at,
  i.expires_at, (select w.name from users w where w.id = i.invited_by) as invited_by,
  coalesce(
    (select json_agg(json_build_object('slug', b.slug, 'name', b.name) order by lower(b.name), b.id)
     from team_invite_buildings ib join buildings b on b.id = ib.building_id where ib.invite_id = i.id),
    '[]'::json) as buildings`;

export async function teamMembers(sql: Sql, accountId: string): Promise<TeamMember[]> {
  return sql.query<TeamMember>(
    `select ${MEMBER_COLUMNS} from users u
     where u.account_id = $1::bigint and u.type = 'user'
     order by (u.subtype = 'owner') desc, lower(u.name), u.id`,
    [accountId],
  );
}

/** A user of the account's team (type user), or null. */
export async function teamMember(
  sql: Sql,
  userId: string,
): Promise<(TeamMember & { account_id: string }) | null> {
  const [row] = await sql.query<TeamMember & { account_id: string }>(
    `select ${MEMBER_COLUMNS}, u.account_id::text as account_id from users u
     where u.id = $1::bigint and u.type = 'user'`,
    [userId],
  );
  return row ?? null;
}

export async function openInvites(sql: Sql, accountId: string): Promise<TeamInvite[]> {
  return sql.query<TeamInvite>(
    `select ${INVITE_COLUMNS} from team_invites i
     where i.account_id = $1::bigint and i.used_at is null and i.cancelled_at is null
     order by i.created_at desc, i.id desc`,
    [accountId],
  );
}

export async function inviteById(sql: Sql, inviteId: string): Promise<TeamInvite | null> {
  const [row] = await sql.query<TeamInvite>(
    `select ${INVITE_COLUMNS} from team_invites i where i.id = $1::bigint`,
    [inviteId],
  );
  return row ?? null;
}

export async function accountBuildings(sql: Sql, accountId: string): Promise<TeamBuilding[]> {
  return sql.query<TeamBuilding>(
    'select slug, name from buildings where account_id = $1::bigint order by lower(name), id',
    [accountId],
  );
}
