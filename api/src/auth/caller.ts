// Who is calling: the session in the Authorization header (the raw value; "Bearer " tolerated),
// and the checks each route runs itself (signed in, active, admin).
import type { FastifyRequest } from 'fastify';
import type { Sql } from '../db/database';
import { isoSql } from '../db/isoSql';
import { ApiError, forbidden, unauthorized } from '../http/errors';
import type { UserView } from './authSchemas';
import { createSession, type NewSession } from './sessions';
import { hashToken } from './tokens';

export type UserType = 'user' | 'admin' | 'channel';

export type { UserView };
export type VendorBuilding = UserView['vendor_buildings'][number];

export interface UserRow {
  id: string;
  name: string;
  email: string;
  type: UserType;
  subtype: string;
  is_active: boolean;
  account_id: string;
  account_owner: string | null;
  stripe_customer_id: string | null;
  past_due_since: string | null;
  failed_payment: { period: string; message: string; next_try_at: string | null } | null;
  vendor_buildings: VendorBuilding[];
}

/** Select list for a UserRow, over `users u join accounts a on a.id = u.account_id`. */
export const USER_COLUMNS = `u.id::text as id, u.name, u.email, u.type, u.subtype, u.is_active, u.account_id::text as account_id, a.stripe_customer_id,
  a.past_due_since,
  (select json_build_object('period', i.period, 'message', coalesce(i.failure_message, 'The charge failed.'),
            'next_try_at', case when i.next_try_at is null then null else ${isoSql('i.next_try_at')} end)
   from invoices i where i.account_id = u.account_id and i.status = 'failed'
   order by i.period limit 1) as failed_payment,
  case when u.type = 'user' and u.subtype <> 'owner' then
    (select o.name from users o where o.account_id = u.account_id and o.subtype = 'owner' and o.type = 'user'
     order by o.is_active desc, o.id limit 1) end as account_owner,
  case when u.subtype = 'vendor' then coalesce(
    (select json_agg(json_build_object('account_id', b.account_id::text, 'slug', b.slug, 'name', b.name) order by lower(b.name), b.id)
     from vendor_grants g join buildings b on b.id = g.building_id
     where g.user_id = u.id),
    '[]'::json) else '[]'::json end as vendor_buildings`;

/** The host account a staff session has opened, as the signed-in user carries it. */
export type ViewedAccount = NonNullable<UserView['viewing']>;

export function toUserView(row: UserRow, viewing: ViewedAccount | null = null): UserView {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    type: row.type,
    subtype: row.subtype,
    is_active: row.is_active,
    account_id: row.account_id,
    account_owner: row.account_owner,
    billing: {
      stripe_customer_id: row.stripe_customer_id,
      past_due_since: row.past_due_since,
      failed_payment: row.failed_payment,
    },
    vendor_buildings: row.vendor_buildings,
    viewing,
  };
}

/**
 * Signs a user in who was just made (an accepted invite, a sign-up): a new session and the user as
 * `POST /login` answers them. In the caller's transaction, so a failed write signs in nobody.
 */
export async function signInNewUser(
  sql: Sql,
  userId: string,
  sessionTtlMs: number,
): Promise<{ user: UserView; session: NewSession }> {
  const session = await createSession(sql, userId, sessionTtlMs);
  const [row] = await sql.query<UserRow>(
    `select ${USER_COLUMNS} from users u join accounts a on a.id = u.account_id
     where u.id = $1::bigint`,
    [userId],
  );
  if (!row) throw new Error('The new user was not found.');
  return { user: toUserView(row), session };
}

export interface Caller extends UserView {
  /** The caller's own session token, as sent. */
  sessionId: string;
}

export const isAdmin = (user: Pick<UserView, 'type'>): boolean =>
  user.type === 'admin' || user.type === 'channel';

/**
 * The access table's `owner` level (shared-auth's access.ts): the account's owner or admin
 * (subtype), or Hostdash staff. The owner-only pages' calls (billing, team, protect settings,
 * settings and connections) all ask this.
 */
export const isAccountOwner = (user: Pick<UserView, 'type' | 'subtype'>): boolean =>
  isAdmin(user) || user.subtype === 'owner' || user.subtype === 'admin';

const MAX_TOKEN_LENGTH = 512;

/** The session token from the Authorization header, or null. */
export function sessionToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const token = header.trim().replace(/^Bearer\s+/i, '');
  return token && token.length <= MAX_TOKEN_LENGTH ? token : null;
}

/**
 * The signed-in user behind the request's session, or null (none, unknown, expired, revoked). A
 * session ended by deactivation still names its user while the user stays deactivated (is_active
 * false: /loadAuth answers it, every other call 403), so the dashboard can say why they are signed
 * out; after reactivation it is null like any revoked session. This is the person themselves: a
 * staff member who has opened an account carries it in `viewing` (see `asViewedAccount`).
 */
export async function authenticate(sql: Sql, request: FastifyRequest): Promise<Caller | null> {
  const token = sessionToken(request);
  if (!token) return null;
  const [row] = await sql.query<UserRow & { viewing: ViewedAccount | null }>(
    `select ${USER_COLUMNS},
       case when u.type in ('admin', 'channel') and v.id is not null then json_build_object(
         'account_id', v.id::text, 'name', v.name,
         'owner_name', (select o.name from users o where o.account_id = v.id and o.type = 'user'
                        and o.subtype = 'owner' order by o.is_active desc, o.id limit 1))
       end as viewing
     from sessions s
     join users u on u.id = s.user_id
     join accounts a on a.id = u.account_id
     left join accounts v on v.id = s.viewing_account_id
     where s.token_hash = $1 and s.expires_at > now()
       and (s.revoked_at is null or (s.revoked_reason = 'deactivated' and not u.is_active))`,
    [hashToken(token)],
  );
  return row ? { ...toUserView(row, row.viewing), sessionId: token } : null;
}

/**
 * Who a host call answers: a staff member who has opened an account is, for it, that account's
 * owner (its people, listings, reservations, billing, settings; docs/adr/0031), keeping their own
 * id, name and email, so what they do is recorded as theirs. Everyone else is themselves.
 */
export function asViewedAccount(caller: Caller): Caller {
  if (!caller.viewing || !isAdmin(caller)) return caller;
  return {
    ...caller,
    type: 'user',
    subtype: 'owner',
    account_id: caller.viewing.account_id,
    account_owner: null,
    vendor_buildings: [],
  };
}

export const ACCOUNT_DEACTIVATED_MESSAGE =
  'This account has been deactivated. Ask your account owner or Hostdash support to reactivate it.';

export const accountDeactivated = (): ApiError =>
  new ApiError(403, 'account_deactivated', ACCOUNT_DEACTIVATED_MESSAGE);

/**
 * A signed-in caller, or 401. A deactivated user is refused with 403 unless `allowInactive`
 * (only /loadAuth: the dashboard reads is_active there and signs the user out).
 */
export async function requireUser(
  sql: Sql,
  request: FastifyRequest,
  options: { allowInactive?: boolean; self?: boolean } = {},
): Promise<Caller> {
  const caller = await authenticate(sql, request);
  if (!caller) throw unauthorized();
  if (!caller.is_active && !options.allowInactive) throw accountDeactivated();
  // A host call from a staff member viewing an account answers as that account's owner; `self`
  // (who is signed in, staff calls) answers the person.
  return options.self ? caller : asViewedAccount(caller);
}

/**
 * A signed-in, active Hostdash staff member (type admin or channel), or 401/403: as themselves,
 * whether or not they have an account open.
 */
export async function requireAdmin(sql: Sql, request: FastifyRequest): Promise<Caller> {
  const caller = await requireUser(sql, request, { self: true });
  if (!isAdmin(caller)) throw forbidden('This is for Hostdash staff only.');
  return caller;
}
