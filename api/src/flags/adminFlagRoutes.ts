// Admins list and change feature flags (the outage banner among them).
import { Type } from '@sinclair/typebox';
import { writeAudit } from '../admin/audit';
import { requireAdmin } from '../auth/caller';
import type { AppContext } from '../context';
import { errors, ref, SESSION, type Api } from '../http/schemas';
import { listFlags, saveFlag } from './flags';
import { FLAG_NAME_PATTERN, FlagChangeBody, FlagListSchema, FlagSchema } from './flagSchemas';

export function registerAdminFlagRoutes(app: Api, { db }: AppContext): void {
  app.get(
    '/admin/flags',
    {
      schema: {
        summary: 'Every feature flag (staff)',
        tags: ['flags', 'admin'],
        security: SESSION,
        response: { 200: ref(FlagListSchema), ...errors(401, 403) },
      },
    },
    async (request) => {
      await requireAdmin(db, request);
      return { items: await listFlags(db) };
    },
  );

  app.post(
    '/admin/flags/:name',
    {
      schema: {
        summary: 'Create or change a feature flag (staff)',
        description:
          'Records who changed it, in the flag and in the admin audit log (`flag.changed`). The outage banner is `outage_banner_dashboard`.',
        tags: ['flags', 'admin'],
        security: SESSION,
        params: Type.Object({ name: Type.String({ pattern: FLAG_NAME_PATTERN }) }),
        body: FlagChangeBody,
        response: { 200: ref(FlagSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const admin = await requireAdmin(db, request);
      // The change and its audit entry are one write: a refused change leaves no entry.
      const flag = await db.transaction(async (tx) => {
        const saved = await saveFlag(tx, request.params.name, request.body, admin.id);
        await writeAudit(tx, {
          actorUserId: admin.id,
          action: 'flag.changed',
          detail: {
            flag: saved.name,
            enabled: saved.enabled,
            ...(request.body.value !== undefined ? { value: saved.value } : {}),
          },
        });
        return saved;
      });
      request.log.info(
        { event: 'flag_changed', flag: flag.name, enabled: flag.enabled, by: admin.id },
        'Feature flag changed',
      );
      return flag;
    },
  );
}
