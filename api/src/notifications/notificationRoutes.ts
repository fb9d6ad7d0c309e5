// The caller's own notifications: newest first, each leading to the page it is about (link),
// read or not, removable one by one.
import { Type } from '@sinclair/typebox';
import { NotificationListSchema } from '../auth/authSchemas';
import { requireUser } from '../auth/caller';
import type { AppContext } from '../context';
import { notFound } from '../http/errors';
import { errors, Id, IdParams, Ok, query, ref, SESSION, type Api } from '../http/schemas';

interface NotificationRow {
  id: string;
  title: string;
  body: string;
  created_at: string;
  link: string | null;
  read: boolean;
  total: string;
}

/** At most this many in one mark-as-read call (the bell shows at most 50). */
const MAX_MARKED = 50;

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
      const [rows, [unread]] = await Promise.all([
        db.query<NotificationRow>(
          `select id::text as id, title, body, created_at, link, read_at is not null as read,
             count(*) over () as total
           from notifications
           where user_id = $1::bigint and removed_at is null
           order by created_at desc, id desc
           limit $2`,
          [caller.id, request.query.limit],
        ),
        db.query<{ count: number }>(
          `select count(*)::int as count from notifications
           where user_id = $1::bigint and removed_at is null and read_at is null`,
          [caller.id],
        ),
      ]);
      return {
        items: rows.map(({ total: _total, ...notification }) => notification),
        total: rows[0] ? Number(rows[0].total) : 0,
        unread: unread?.count ?? 0,
      };
    },
  );

  app.post(
    '/user/notifications/read',
    {
      schema: {
        summary: 'Mark the caller’s notifications as read',
        description: `The ones named in \`ids\` (at most ${MAX_MARKED}), or every one when \`ids\` is left out. Ids that are not the caller's are passed over.`,
        tags: ['notifications'],
        security: SESSION,
        body: Type.Object(
          { ids: Type.Optional(Type.Array(Id(), { minItems: 1, maxItems: MAX_MARKED })) },
          { additionalProperties: false },
        ),
        response: { 200: ref(Ok), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const caller = await requireUser(db, request);
      const { ids } = request.body;
      await db.query(
        `update notifications set read_at = now()
         where user_id = $1::bigint and removed_at is null and read_at is null
           and ($2::bigint[] is null or id = any($2::bigint[]))`,
        [caller.id, ids ?? null],
      );
      return { ok: true } as const;
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
