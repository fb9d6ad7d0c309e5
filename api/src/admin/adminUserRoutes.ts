// Hostdash staff list every user, search them across accounts, open one user's panel and act on
// them: (de)activate, send a password reset, turn the second step off, change the subtype. Every
// action is written to the audit log (./audit.ts) in the transaction that makes it.
import { Type } from '@sinclair/typebox';
import {
  AdminUserDetailSchema,
  AdminUserPageSchema,
  AdminUserSchema,
  AdminUserSearchSchema,
  AdminUserUpdateBody,
} from '../auth/authSchemas';
import {
  requireAdmin,
  toUserView,
  USER_COLUMNS,
  type UserRow,
  type UserView,
} from '../auth/caller';
import { queuePasswordReset } from '../auth/passwordResetRoutes';
import { endEverySession } from '../auth/sessions';
import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import { badRequest, notFound, refusedField } from '../http/errors';
import { errors, Id, pagingQuery, query, ref, SESSION, type Api } from '../http/schemas';
import { orderBy, parseSort, type SortableField } from '../http/sort';
import { SqlParams } from '../http/sqlParams';
import { prepareSearch, SUBSTRING_BONUS } from '../listings/listingSearch';
import { removeRecoveryCodes } from '../auth/recoveryCodes';
import { AUDIT_LIMIT, auditFor, writeAudit } from './audit';

// Over the select list below, read as a subquery `u`.
export const USER_SORT: Record<string, SortableField> = {
  email: { sql: 'u.email' },
  name: { sql: 'lower(u.name)' },
  created_at: { sql: 'u.created_at' },
  type: { sql: 'u.type' },
  subtype: { sql: 'u.subtype' },
  is_active: { sql: 'u.is_active' },
  account_name: { sql: 'lower(u.account_name)' },
  last_sign_in_at: { sql: 'u.last_sign_in_at', nullable: true },
};

/** The search's order: relevance first (`_score`, descending unless said), then any list field. */
export const USER_SEARCH_SORT: Record<string, SortableField> = {
  _score: { sql: 'u._score', defaultDirection: 'desc' },
  ...USER_SORT,
};

const DEFAULT_SORT = 'created_at:desc';
const DEFAULT_SEARCH_SORT = '_score,created_at:desc';
const ACTIONS = [
  'activate',
  'deactivate',
  'send_password_reset',
  'disable_second_step',
  'set_subtype',
] as const;
type Action = (typeof ACTIONS)[number];
const LOG_EVENTS: Record<Action, string> = {
  activate: 'user_activated',
  deactivate: 'user_deactivated',
  send_password_reset: 'password_reset_sent_by_admin',
  disable_second_step: 'second_step_disabled',
  set_subtype: 'user_subtype_changed',
};

/** Select list of an admin user row, over `users u join accounts a on a.id = u.account_id`. */
const ADMIN_USER_COLUMNS = `${USER_COLUMNS}, u.created_at, a.name as account_name, u.totp_secret is not null as totp_enabled,
  u.last_sign_in_at`;

interface AdminUserRow extends UserRow {
  created_at: string;
  account_name: string;
  totp_enabled: boolean;
  last_sign_in_at: string | null;
}

type AdminUserView = Omit<UserView, 'viewing'> & {
  created_at: string;
  account_name: string;
  totp_enabled: boolean;
  last_sign_in_at: string | null;
};

/** A user as the admin area lists them: what a session has open is not theirs to list. */
function toAdminUserView(row: AdminUserRow): AdminUserView {
  const { viewing: _session, ...user } = toUserView(row);
  return {
    ...user,
    created_at: row.created_at,
    account_name: row.account_name,
    last_sign_in_at: row.last_sign_in_at,
    totp_enabled: row.totp_enabled,
  };
}

async function adminUser(sql: Sql, userId: string): Promise<AdminUserRow | undefined> {
  const [row] = await sql.query<AdminUserRow>(
    `select ${ADMIN_USER_COLUMNS} from users u join accounts a on a.id = u.account_id where u.id = $1::bigint`,
    [userId],
  );
  return row;
}

const USER_NOT_FOUND = 'There is no user with that id.';
const UserIdParams = Type.Object({ userId: Id() });

export function registerAdminUserRoutes(app: Api, { db, config }: AppContext): void {
  app.get(
    '/admin/user/load',
    {
      schema: {
        summary: 'Every user, paged (staff)',
        description:
          'Sort by email, name, created_at (default `created_at:desc`), type, subtype, is_active, account_name or last_sign_in_at (never signed in: last); `search` looks in names and emails; `past_due=true` keeps the users of past-due accounts.',
        tags: ['admin'],
        security: SESSION,
        querystring: query({
          ...pagingQuery,
          search: Type.Optional(Type.String({ maxLength: 200 })),
          past_due: Type.Optional(
            Type.Boolean({
              description:
                "Only the users of accounts that are past due (a month's charge failed on every try).",
            }),
          ),
        }),
        response: { 200: ref(AdminUserPageSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      await requireAdmin(db, request);
      const { from, size, search, past_due: pastDue } = request.query;
      const sortKeys = parseSort(request.query.sort, USER_SORT, DEFAULT_SORT);
      const params = new SqlParams();
      const conditions = [
        ...(search?.trim()
          ? [
              `concat_ws(' ', u.name, u.email) ilike ${params.add(`%${search.trim().replace(/[\\%_]/g, (char) => `\\${char}`)}%`)} escape '\\'`,
            ]
          : []),
        ...(pastDue ? ['a.past_due_since is not null'] : []),
      ];
      const where = conditions.length > 0 ? `where ${conditions.join(' and ')}` : '';
      const whereParams = [...params.values];
      const source = `from users u join accounts a on a.id = u.account_id ${where}`;
      const rows = await db.query<AdminUserRow & { total: string }>(
        `select * from (select ${ADMIN_USER_COLUMNS}, count(*) over () as total ${source}) u
         order by ${orderBy(sortKeys, USER_SORT, 'u.id::bigint')}
         limit ${params.add(size)} offset ${params.add(from)}`,
        params.values,
      );
      let total = rows[0] ? Number(rows[0].total) : 0;
      if (!rows[0] && from > 0) {
        const [count] = await db.query<{ total: number }>(
          `select count(*)::int as total ${source}`,
          whereParams,
        );
        total = count?.total ?? 0;
      }
      return { items: rows.map(toAdminUserView), total, size, from };
    },
  );

  app.get(
    '/user/accounts/search',
    {
      schema: {
        summary: 'Search users across every account (staff)',
        description:
          'Finds users by their name, email or account name: every word (the last as a prefix) or the text as a substring, ranked. Sort by `_score` (default `_score,created_at:desc`) or any field of `/admin/user/load`.',
        tags: ['admin'],
        security: SESSION,
        querystring: query({
          search: Type.Optional(Type.String({ maxLength: 200 })),
          ...pagingQuery,
        }),
        response: { 200: ref(AdminUserSearchSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      await requireAdmin(db, request);
      const { from, size } = request.query;
      const sortKeys = parseSort(request.query.sort, USER_SEARCH_SORT, DEFAULT_SEARCH_SORT);
      const search = prepareSearch(request.query.search);
      const params = new SqlParams();
      let where = '';
      let score = '0::float8';
      if (search) {
        const text = `lower(concat_ws(' ', u.name, u.email, a.name))`;
        const substringHit = `${text} like lower(${params.add(search.likePattern)}) escape '\\'`;
        const bonus = `case when ${substringHit} then ${SUBSTRING_BONUS} else 0 end`;
        if (search.tsquery) {
          const document = `setweight(to_tsvector('simple', u.name), 'A') || setweight(to_tsvector('simple', u.email), 'A') || setweight(to_tsvector('simple', a.name), 'B')`;
          const tsquery = `to_tsquery('simple', ${params.add(search.tsquery)})`;
          where = `where (${document}) @@ ${tsquery} or ${substringHit}`;
          score = `(ts_rank(${document}, ${tsquery}) + ${bonus})::float8`;
        } else {
          where = `where ${substringHit}`;
          score = `${bonus}::float8`;
        }
      }
      const rows = await db.query<AdminUserRow & { total: string; _score: number }>(
        `select * from (
           select ${ADMIN_USER_COLUMNS}, ${score} as _score, count(*) over () as total
           from users u join accounts a on a.id = u.account_id ${where}) u
         order by ${orderBy(sortKeys, USER_SEARCH_SORT, 'u.id::bigint')}
         limit ${params.add(size)} offset ${params.add(from)}`,
        params.values,
      );
      let total = rows[0] ? Number(rows[0].total) : 0;
      if (!rows[0] && from > 0) {
        const [count] = await db.query<{ total: number }>(
          `select count(*)::int as total from users u join accounts a on a.id = u.account_id ${where}`,
          params.values.slice(0, -2),
        );
        total = count?.total ?? 0;
      }
      return {
        items: rows.map((row) => ({ ...toAdminUserView(row), _score: Number(row._score) })),
        total,
      };
    },
  );

  app.get(
    '/admin/user/get/:userId',
    {
      schema: {
        summary: "One user's panel: the user, their account and its owner, the audit (staff)",
        description: 'The audit is the last 50 changes made to the user, newest first.',
        tags: ['admin'],
        security: SESSION,
        params: UserIdParams,
        response: { 200: ref(AdminUserDetailSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await requireAdmin(db, request);
      const { userId } = request.params;
      const row = await adminUser(db, userId);
      if (!row) throw notFound(USER_NOT_FOUND);
      const [owner] = await db.query<{ id: string; name: string; email: string }>(
        `select id::text as id, name, email from users
         where account_id = $1::bigint and type = 'user' and subtype = 'owner'
         order by is_active desc, id limit 1`,
        [row.account_id],
      );
      const audit = await auditFor(db, { targetUserId: userId, limit: AUDIT_LIMIT });
      return {
        user: toAdminUserView(row),
        account: { id: row.account_id, name: row.account_name, owner: owner ?? null },
        audit,
      };
    },
  );

  app.post(
    '/admin/user/update/:userId/:action',
    {
      // Most actions take no body: none is the same as `{}`.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        summary: 'Act on a user: (de)activate, password reset, second step off, subtype (staff)',
        description: [
          '`action` is one of:',
          '- `activate`, `deactivate`: deactivating ends all of the user’s sessions, pending sign-ins and reset links at once; activating revives none of them (the user signs in again). Nobody deactivates themselves.',
          '- `send_password_reset`: writes a one-hour reset link to the user’s mail (the outbox), as the reset page does; the link is never answered or logged. Not for a deactivated user.',
          '- `disable_second_step`: turns the user’s authenticator (TOTP) off, e.g. after a lost phone; pending second steps end.',
          '- `set_subtype` with `{ "subtype": "owner" | "manager" | "vendor" | "admin" }`: for users of a host’s account (not staff); the last owner of an account stays owner.',
          'Every action is written to the audit log. The answer is the user as the admin list shows them.',
        ].join('\n'),
        tags: ['admin'],
        security: SESSION,
        params: Type.Object({ userId: Id(), action: Type.String({ maxLength: 50 }) }),
        body: AdminUserUpdateBody,
        response: { 200: ref(AdminUserSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const admin = await requireAdmin(db, request);
      const { userId } = request.params;
      const action = request.params.action as Action;
      if (!ACTIONS.includes(action)) {
        throw badRequest(
          'unknown_action',
          `Unknown action "${request.params.action}". Use one of: ${ACTIONS.join(', ')}.`,
        );
      }
      const { subtype } = request.body;
      if (action === 'set_subtype' && !subtype)
        throw refusedField('subtype', 'required', 'Say which subtype: "subtype" is required.');
      if (action !== 'set_subtype' && subtype)
        throw refusedField('subtype', 'unexpected', `"subtype" is only for set_subtype.`);
      if (action === 'deactivate' && userId === admin.id)
        throw badRequest('cannot_deactivate_self', 'You cannot deactivate your own account.');

      const { row, logDetail } = await db.transaction(async (tx) => {
        const [target] = await tx.query<{
          id: string;
          name: string;
          email: string;
          type: string;
          subtype: string;
          is_active: boolean;
          account_id: string;
          totp_enabled: boolean;
        }>(
          `select id::text as id, name, email, type, subtype, is_active, account_id::text as account_id,
                  totp_secret is not null as totp_enabled
           from users where id = $1::bigint for update`,
          [userId],
        );
        if (!target) throw notFound(USER_NOT_FOUND);
        let detail: Record<string, unknown> = {};
        let logged: Record<string, unknown> = {};
        switch (action) {
          case 'activate':
          case 'deactivate': {
            const active = action === 'activate';
            await tx.query('update users set is_active = $2::boolean where id = $1::bigint', [
              userId,
              active,
            ]);
            // Deactivating ends everything the user holds, at once: every session, pending second
            // step and reset link. Reactivating revives none of them: they sign in again.
            if (!active) await endEverySession(tx, userId);
            detail = { was_active: target.is_active };
            break;
          }
          case 'send_password_reset': {
            if (!target.is_active)
              throw badRequest(
                'user_deactivated',
                'This user is deactivated: activate them before sending a password reset.',
              );
            const token = await queuePasswordReset(tx, config.shellOrigin, target);
            // The mail is in the outbox; the audit and the log say so, never with the link.
            logged = { token };
            break;
          }
          case 'disable_second_step': {
            await tx.query(
              'update users set totp_secret = null, totp_last_step = null where id = $1::bigint',
              [userId],
            );
            await removeRecoveryCodes(tx, userId);
            await tx.query(
              'update login_challenges set consumed_at = now() where user_id = $1::bigint and consumed_at is null',
              [userId],
            );
            detail = { was_enabled: target.totp_enabled };
            break;
          }
          case 'set_subtype': {
            if (target.type !== 'user')
              throw badRequest(
                'not_a_host_user',
                'Hostdash staff have no subtype to change: only users of a host’s account do.',
              );
            if (target.subtype === 'owner' && subtype !== 'owner') {
              // The account's owners, locked, so two changes at once cannot both remove the last.
              const owners = await tx.query<{ id: string }>(
                `select id::text as id from users
                 where account_id = $1::bigint and type = 'user' and subtype = 'owner' for update`,
                [target.account_id],
              );
              if (owners.every((owner) => owner.id === userId))
                throw badRequest(
                  'last_owner',
                  `${target.name} is the only owner of their account: make someone else owner first.`,
                );
            }
            await tx.query('update users set subtype = $2 where id = $1::bigint', [
              userId,
              subtype,
            ]);
            detail = { from: target.subtype, to: subtype };
            break;
          }
        }
        await writeAudit(tx, {
          actorUserId: admin.id,
          action: `user.${action}`,
          targetUserId: userId,
          targetAccountId: target.account_id,
          detail,
        });
        return { row: await adminUser(tx, userId), logDetail: { ...detail, ...logged } };
      });
      if (!row) throw notFound(USER_NOT_FOUND);
      request.log.info(
        { event: LOG_EVENTS[action], userId, by: admin.id, ...logDetail },
        'User updated by an admin',
      );
      return toAdminUserView(row);
    },
  );
}
