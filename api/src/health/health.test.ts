// Liveness and readiness on the real database (issue 18): what an orchestrator and a load balancer
// are told while the database answers, when it does not, when a migration is missing, and once the
// API is draining. (The drain itself: src/lifecycle/gracefulShutdown.test.ts.)
import { buildApp } from '../app';
import type { Database } from '../db/database';
import { startTestApi, type TestApi } from '../testing/testApi';
import { createReadiness, type Readiness } from './readiness';

let api: TestApi;
let readiness: Readiness;
beforeAll(async () => {
  readiness = createReadiness();
  api = await startTestApi({ readiness });
});
afterAll(() => api.close());

/** The app over a database that refuses every query, counting them. */
function overBrokenDatabase() {
  let queries = 0;
  const broken: Database = {
    ...api.db,
    query: () => {
      queries += 1;
      return Promise.reject(new Error('Connection terminated unexpectedly'));
    },
  };
  const app = buildApp({ db: broken, config: api.config, logger: false });
  return { app, queries: () => queries };
}

describe('GET /health/live', () => {
  it('answers while the process does, without asking the database', async () => {
    expect(await api.get('/health/live')).toMatchObject({
      status: 200,
      body: { status: 'ok' },
      headers: { 'cache-control': 'no-store' },
    });
    const { app, queries } = overBrokenDatabase();
    const live = await app.inject({ method: 'GET', url: '/health/live' });
    expect([live.statusCode, live.json()]).toEqual([200, { status: 'ok' }]);
    expect(queries()).toBe(0);
    await app.close();
  });
});

describe('GET /health/ready', () => {
  it('is ok while the database answers with every migration applied', async () => {
    expect(await api.get('/health/ready')).toMatchObject({
      status: 200,
      body: { status: 'ok' },
      headers: { 'cache-control': 'no-store' },
    });
  });

  it('is 503 database_unavailable while the database does not answer', async () => {
    const { app } = overBrokenDatabase();
    const ready = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      status: 'unavailable',
      reason: 'database_unavailable',
      message: 'The database does not answer.',
    });
    await app.close();
  });

  it('is 503 migrations_pending while a migration this API ships is missing, or none was applied yet', async () => {
    const [last] = await api.db.query<{ version: string; name: string }>(
      'select version, name from schema_migrations order by version desc limit 1',
    );
    await api.db.query('delete from schema_migrations where version = $1', [last!.version]);
    try {
      expect(await api.get('/health/ready')).toMatchObject({
        status: 503,
        body: { status: 'unavailable', reason: 'migrations_pending' },
      });
    } finally {
      await api.db.query('insert into schema_migrations (version, name) values ($1, $2)', [
        last!.version,
        last!.name,
      ]);
    }
    // A database before its first migration has no schema_migrations table at all.
    await api.db.exec('alter table schema_migrations rename to schema_migrations_elsewhere');
    try {
      expect(await api.get('/health/ready')).toMatchObject({
        status: 503,
        body: { status: 'unavailable', reason: 'migrations_pending' },
      });
    } finally {
      await api.db.exec('alter table schema_migrations_elsewhere rename to schema_migrations');
    }
    expect((await api.get('/health/ready')).status).toBe(200);
  });

  it('is 503 draining from the moment the API begins shutting down, while liveness stays ok', async () => {
    readiness.beginDraining();
    expect(await api.get('/health/ready')).toMatchObject({
      status: 503,
      body: { status: 'unavailable', reason: 'draining', message: expect.any(String) },
    });
    expect(await api.get('/health/live')).toMatchObject({ status: 200 });
  });
});
