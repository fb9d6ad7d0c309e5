// The caller's own notifications: newest first, removable one by one.
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../auth/caller';
import type { AppContext } from '../context';
import { notFound } from '../http/errors';
import { idParam, okResponse } from '../http/schemas';

interface NotificationRow {
  id: string;
  title: string;
  body: string;
  created_at: string;
  total: string;
}

export function registerNotificationRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.get<{ Querystring: { limit: number } }>(
    '/user/notifications/load',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { limit: { type: 'integer', minimum: 1, maximum: 50, default: 10 } },
        },
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

  app.post<{ Params: { id: string } }>(
    '/user/notifications/remove/:id',
    { schema: { params: { type: 'object', required: ['id'], properties: { id: idParam } } } },
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
      return okResponse;
    },
  );
}
