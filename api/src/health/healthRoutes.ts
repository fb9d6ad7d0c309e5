// GET /health: the process answers and the database does too.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

export function registerHealthRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.get('/health', async (request, reply) => {
    try {
      await db.query('select 1');
      return { status: 'ok', database: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'Health check: the database did not answer');
      return reply.code(503).send({ status: 'unavailable', database: 'unavailable' });
    }
  });
}
