// Hostdash staff list every user and (de)activate them.
import { Type } from '@sinclair/typebox';
import { AdminUserPageSchema, UserSchema } from '../auth/authSchemas';
import { requireAdmin, toUserView, USER_COLUMNS, type UserRow } from '../auth/caller';
import { endEverySession } from '../auth/sessions';
import type { AppContext } from '../context';
import { badRequest, notFound } from '../http/errors';
import { errors, Id, pagingQuery, query, ref, SESSION, type Api } from '../http/schemas';
import { orderBy, parseSort, type SortableField } from '../http/sort';
import { SqlParams } from '../http/sqlParams';

export const USER_SORT: Record<string, SortableField> = {
  email: { sql: 'u.email' },
  name: { sql: 'lower(u.name)' },
  created_at: { sql: 'u.created_at' },
  type: { sql: 'u.type' },
  subtype: { sql: 'u.subtype' },
  is_active: { sql: 'u.is_active' },
};

const DEFAULT_SORT = 'created_at:desc';
const ACTIONS = { activate: true, deactivate: false } as const;

interface AdminUserRow extends UserRow {
  created_at: string;
  total: string;
}

export function registerAdminUserRoutes(app: Api, { db }: AppContext): void {
  app.get(
    '/admin/user/load',
    {
      schema: {
        summary: 'Every user, paged (staff)',
        description:
          'Sort by email, name, created_at (default `created_at:desc`), type, subtype or is_active; `search` looks in names and emails.',
        tags: ['admin'],
        security: SESSION,
        querystring: query({
          ...pagingQuery,
          search: Type.Optional(Type.String({ maxLength: 200 })),
        }),
        response: { 200: ref(AdminUserPageSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      await requireAdmin(db, request);
      const { from, size, search } = request.query;
      const sortKeys = parseSort(request.query.sort, USER_SORT, DEFAULT_SORT);
      const params = new SqlParams();
      const where = search?.trim()
        ? `where concat_ws(' ', u.name, u.email) ilike ${params.add(`%${search.trim().replace(/[\\%_]/g, (char) => `\\${char}`)}%`)} escape '\\'`
        : '';
      const whereParams = [...params.values];
      const source = `from users u join accounts a on a.id = u.account_id ${where}`;
      const rows = await db.query<AdminUserRow>(
        `select ${USER_COLUMNS}, u.created_at, count(*) over () as total
         ${source}
         order by ${orderBy(sortKeys, USER_SORT, 'u.id')}
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
      return {
        items: rows.map((row) => ({ ...toUserView(row), created_at: row.created_at })),
        total,
        size,
        from,
      };
    },
  );

  app.post(
    '/admin/user/update/:userId/:action',
    {
      schema: {
        summary: 'Activate or deactivate a user (staff)',
        description:
          '`action` is `activate` or `deactivate`. Deactivating ends all of the user’s sessions, pending sign-ins and reset links at once; activating revives none of them (the user signs in again). Nobody deactivates themselves.',
        tags: ['admin'],
        security: SESSION,
        params: Type.Object({ userId: Id(), action: Type.String({ maxLength: 50 }) }),
        response: { 200: ref(UserSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const admin = await requireAdmin(db, request);
      const { userId, action } = request.params;
      if (!Object.hasOwn(ACTIONS, action)) {
        throw badRequest(
          'unknown_action',
          `Unknown action "${action}". Use one of: ${Object.keys(ACTIONS).join(', ')}.`,
        );
      }
      const active = ACTIONS[action as keyof typeof ACTIONS];
      if (!active && userId === admin.id)
        throw badRequest('cannot_deactivate_self', 'You cannot deactivate your own account.');
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx.query<UserRow>(
          `with updated as (update users set is_active = $2::boolean where id = $1::bigint returning *)
           select ${USER_COLUMNS} from updated u join accounts a on a.id = u.account_id`,
          [userId, active],
        );
        // Deactivating ends everything the user holds, at once: every session, pending second
        // step and reset link. Reactivating revives none of them: they sign in again.
        if (updated && !active) await endEverySession(tx, userId);
        return updated;
      });
      if (!row) throw notFound('There is no user with that id.');
      request.log.info(
        { event: active ? 'user_activated' : 'user_deactivated', userId, by: admin.id },
        'User updated by an admin',
      );
      return toUserView(row);
    },
  );
}
