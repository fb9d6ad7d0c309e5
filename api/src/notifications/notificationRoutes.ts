// The caller's own notifications: newest first, removable one by one.
import { Type } from '@sinclair/typebox';
import { NotificationListSchema } from '../auth/authSchemas';
import { requireUser } from '../auth/caller';
import type { AppContext } from '../context';
import { notFound } from '../http/errors';
import { errors, IdParams, Ok, query, ref, SESSION, type Api } from '../http/schemas';

interface NotificationRow {
  id: string;
  title: string;
  body: string;
  created_at: string;
  total: string;
}

export function registerNotificationRoutes(app: Api, { db }: AppContext): void {
  app.get(
    '/user/notifications/load',
    {
      schema: {
        summary: 'The caller’s notifications, newest first',
        tags: ['notifications'],
        security: SESSION,
        querystring: query({ limit: Type.Integer({ minimum: 1, maximum: 50, default: 10 }) }),
        response: { 200: ref(NotificationListSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const caller = await requireUser(db, request);
      const rows = await db.query<NotificationRow>(
        `select id::text as id, title, body, created_at, count(*) over () as total
         from notifications
         where user_id = $1::bigint and removed_at is null
         order by created_at desc, id desc
         limit $2`,
        [caller.id, request.query.limit],
      );
      return {
        items: rows.map(({ total: _total, ...notification }) => notification),
        total: rows[0] ? Number(rows[0].total) : 0,
      };
    },
  );

  app.post(
    '/user/notifications/remove/:id',
    {
      schema: {
        summary: 'Remove one of the caller’s notifications',
        tags: ['notifications'],
        security: SESSION,
        params: IdParams,
        response: { 200: ref(Ok), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = await requireUser(db, request);
      const removed = await db.query(
        `update notifications set removed_at = now()
         where id = $1::bigint and user_id = $2::bigint and removed_at is null
         returning id`,
        [request.params.id, caller.id],
      );
      // Someone else's notification is "not found" too: its existence is not the caller's business.
      if (removed.length === 0) throw notFound('That notification does not exist.');
      return { ok: true } as const;
    },
  );
}
