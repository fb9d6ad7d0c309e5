// GET /health: the process answers and the database does too.
import { HealthSchema } from '../auth/authSchemas';
import type { AppContext } from '../context';
import { ref, type Api } from '../http/schemas';

export function registerHealthRoutes(app: Api, { db }: AppContext): void {
  app.get(
    '/health',
    {
      schema: {
        summary: 'Whether the API and its database answer',
        tags: ['health'],
        response: { 200: ref(HealthSchema), 503: ref(HealthSchema) },
      },
    },
    async (request, reply) => {
      try {
        await db.query('select 1');
        return { status: 'ok', database: 'ok' } as const;
      } catch (error) {
        request.log.error({ err: error }, 'Health check: the database did not answer');
        return reply.code(503).send({ status: 'unavailable', database: 'unavailable' });
      }
    },
  );
}
