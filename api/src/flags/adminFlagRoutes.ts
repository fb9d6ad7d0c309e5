// Admins list and change feature flags (the outage banner among them).
import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../auth/caller';
import type { AppContext } from '../context';
import { FLAG_NAME_PATTERN, listFlags, saveFlag, type FlagChange } from './flags';

export function registerAdminFlagRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.get('/admin/flags', async (request) => {
    await requireAdmin(db, request);
    return { items: await listFlags(db) };
  });

  app.post<{ Params: { name: string }; Body: FlagChange }>(
    '/admin/flags/:name',
    {
      schema: {
        params: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string', pattern: FLAG_NAME_PATTERN } },
        },
        body: {
          type: 'object',
          required: ['enabled'],
          properties: {
            enabled: { type: 'boolean' },
            value: { type: ['string', 'null'], maxLength: 10_000 },
            description: { type: 'string', maxLength: 500 },
          },
        },
      },
    },
    async (request) => {
      const admin = await requireAdmin(db, request);
      const flag = await saveFlag(db, request.params.name, request.body, admin.id);
      request.log.info(
        { event: 'flag_changed', flag: flag.name, enabled: flag.enabled, by: admin.id },
        'Feature flag changed',
      );
      return flag;
    },
  );
}
