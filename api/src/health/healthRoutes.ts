// GET /health: the process answers and the database does too. GET /health/live: the process
// answers (an orchestrator restarts it when not). GET /health/ready: this API should get traffic —
// its database answers with every migration applied, and it is not shutting down (issue 18).
import { HealthSchema } from '../auth/authSchemas';
import type { AppContext } from '../context';
import { listMigrations } from '../db/migrate';
import { ref, type Api } from '../http/schemas';
import { LivenessSchema, ReadinessSchema, type NotReadyReason } from './healthSchemas';

const NOT_READY_MESSAGES: Record<NotReadyReason, string> = {
  draining: 'This API is shutting down: it finishes the requests it has and takes no new ones.',
  database_unavailable: 'The database does not answer.',
  migrations_pending: 'The database lacks migrations this API needs; they may be being applied.',
};

export function registerHealthRoutes(app: Api, { db, readiness }: AppContext): void {
  // The migrations this build ships: read once, the files do not change under a running API.
  const expectedMigrations = listMigrations().map((migration) => migration.version);

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

  app.get(
    '/health/live',
    {
      schema: {
        summary: 'Whether the API process answers (liveness; never asks the database)',
        tags: ['health'],
        response: { 200: ref(LivenessSchema) },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );

  app.get(
    '/health/ready',
    {
      schema: {
        summary: 'Whether the API should get traffic (readiness)',
        description:
          '200 while the database answers with every migration this API needs applied; 503 with a `reason` otherwise, and from the moment the API begins shutting down.',
        tags: ['health'],
        response: { 200: ref(ReadinessSchema), 503: ref(ReadinessSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const notReady = (reason: NotReadyReason) =>
        reply
          .code(503)
          .send({ status: 'unavailable', reason, message: NOT_READY_MESSAGES[reason] });
      if (readiness.draining) return notReady('draining');
      let applied: Set<string>;
      try {
        const rows = await db.query<{ version: string }>('select version from schema_migrations');
        applied = new Set(rows.map((row) => row.version));
      } catch (error) {
        // No table yet is a database before its first migration; anything else, no database.
        const missingTable = (error as { code?: string }).code === '42P01';
        if (missingTable) return notReady('migrations_pending');
        request.log.warn({ err: error }, 'Readiness: the database did not answer');
        return notReady('database_unavailable');
      }
      if (expectedMigrations.some((version) => !applied.has(version)))
        return notReady('migrations_pending');
      return { status: 'ok' } as const;
    },
  );
}
