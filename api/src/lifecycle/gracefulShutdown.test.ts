// The API's graceful shutdown on a real listening server and the real database: readiness fails
// first, then no new connection is taken while a slow request under way finishes, the import
// worker stops after its page and hands its task back, and only then the database closes. Out of
// time, the task under way is handed back anyway and its run writes nothing more. Nothing waits on
// a clock except the shutdown's own short delay: the slow parts are held until the test lets go.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database } from '../db/database';
import { createReadiness, type Readiness } from '../health/readiness';
import { enqueueImport, readImportTask, saveConnection } from '../imports/importTasks';
import { importJob } from '../imports/importJob';
import { startJobWorker, type JobWorker } from '../jobs/jobWorker';
import { testJobServices } from '../testing/jobServices';
import { generatePortfolio, testAdapter } from '../imports/testing/testAdapter';
import { recordingLog } from '../testing/logs';
import { startTestApi, type TestApi } from '../testing/testApi';
import { shutDown } from './gracefulShutdown';

/** A promise and the function that settles it. */
function latch(): { promise: Promise<void>; open: () => void } {
  let open = (): void => undefined;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** Holds the app's queries that `matches` says until released; says when the first arrived. */
function heldQueries(matches: (sql: string) => boolean) {
  const arrived = latch();
  const released = latch();
  let armed = false;
  return {
    arrived: arrived.promise,
    arm: () => void (armed = true),
    release: released.open,
    wrap: (db: Database): Database => ({
      ...db,
      async query<T extends object>(text: string, params?: readonly unknown[]) {
        if (armed && matches(text)) {
          arrived.open();
          await released.promise;
        }
        return db.query<T>(text, params);
      },
    }),
  };
}

/** One request on a connection of its own (no keep-alive pool between the test and the server). */
function call(
  origin: string,
  path: string,
  session?: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${origin}${path}`,
      { agent: false, headers: session ? { authorization: session } : {} },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(text || '{}') }),
        );
      },
    );
    request.on('error', reject);
  });
}

let api: TestApi;
let readiness: Readiness;
let slowListings: ReturnType<typeof heldQueries>;
let origin: string;
let accountId: string;

beforeEach(async () => {
  readiness = createReadiness();
  slowListings = heldQueries((sql) => /from listings l/.test(sql));
  api = await startTestApi({ readiness, database: slowListings.wrap });
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
  const [account] = await api.db.query<{ id: string }>(
    `insert into accounts (name) values ('Stopping Stays') returning id::text as id`,
  );
  accountId = account!.id;
  await saveConnection(
    api.db,
    { accountId, pms: 'hostaway', credentials: { accountId: '12345', apiKey: 'sk-test-1234' } },
    api.vault,
  );
});
afterEach(() => api.close());

/** An import worker whose run is under way: page 1 of the listings committed, page 2 held. */
async function importAtPage2(): Promise<{
  worker: JobWorker;
  taskId: string;
  releasePage2: () => void;
}> {
  const atPage2 = latch();
  const page2 = latch();
  const adapter = testAdapter({
    portfolio: generatePortfolio(6, 1),
    pageSize: 2,
    beforePage: async (kind, page) => {
      if (kind === 'listings' && page === 2) {
        atPage2.open();
        await page2.promise;
      }
    },
  });
  const task = await enqueueImport(api.db, { accountId, pms: 'hostaway', createdBy: '1' });
  const worker = startJobWorker({
    services: testJobServices(api, { adapters: () => adapter }),
    definitions: [importJob],
    intervalMs: 5,
  });
  await atPage2.promise;
  return { worker, taskId: task.id, releasePage2: page2.open };
}

async function importedListings(): Promise<number> {
  const [row] = await api.db.query<{ count: number }>(
    'select count(*)::int as count from listings where account_id = $1::bigint',
    [accountId],
  );
  return row!.count;
}

describe('on SIGTERM the API', () => {
  it('fails readiness at once, takes no new connection, and finishes the request and the import page under way', async () => {
    const session = await api.signIn('owner@hostdash.test');
    const { worker, taskId, releasePage2 } = await importAtPage2();
    slowListings.arm();
    const slow = call(origin, '/listing/load?size=5', session);
    await slowListings.arrived;

    let databaseClosed = false;
    let settled = false;
    const outcome = shutDown({
      readiness,
      app: api.app,
      workers: { imports: worker },
      // The test still reads the database afterwards (api.close() closes it).
      db: { ...api.db, close: async () => void (databaseClosed = true) },
      log: recordingLog().log,
      delayMs: 300,
      timeoutMs: 30_000,
    }).finally(() => (settled = true));

    // Readiness fails from the first moment, while the process still answers.
    expect(await call(origin, '/health/ready')).toEqual({
      status: 503,
      body: { status: 'unavailable', reason: 'draining', message: expect.any(String) },
    });
    expect(await call(origin, '/health/live')).toEqual({ status: 200, body: { status: 'ok' } });
    // After the delay the server takes no new connection (refused; or reset, when the call was
    // already in the listening socket's queue as it closed) …
    await expect(
      (async () => {
        for (;;) {
          await call(origin, '/health/live');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })(),
    ).rejects.toMatchObject({ code: expect.stringMatching(/^ECONN(REFUSED|RESET)$/) });
    // … and waits for the request and the page under way.
    expect(settled).toBe(false);
    expect(databaseClosed).toBe(false);

    slowListings.release();
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ size: 5, from: 0 });
    expect(answer.body.items).toHaveLength(5);
    expect(settled).toBe(false);

    releasePage2();
    expect(await outcome).toBe('drained');
    expect(databaseClosed).toBe(true);
    // Page 2 committed, then the task handed back (not left running) to resume from its cursor.
    expect(await readImportTask(api.db, accountId, taskId)).toMatchObject({
      state: 'queued',
      progress: { listings: { done: 4, total: 6 } },
    });
    expect(await importedListings()).toBe(4);
    const [held] = await api.db.query(
      'select locked_by, cursor from import_tasks where id = $1::bigint',
      [taskId],
    );
    expect(held).toEqual({ locked_by: null, cursor: '4' });
  });

  it('closes a keep-alive connection once its answer under way is sent, so a proxy cannot hold the close open', async () => {
    const session = await api.signIn('owner@hostdash.test');
    // A proxy's pool: the connection would stay open after its answer, for the next call.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    slowListings.arm();
    const slow = new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get(
          `${origin}/listing/load?size=1`,
          { agent, headers: { authorization: session } },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response));
          },
        )
        .on('error', reject);
    });
    await slowListings.arrived;
    const outcome = shutDown({
      readiness,
      app: api.app,
      workers: {},
      db: { ...api.db, close: async () => undefined },
      log: recordingLog().log,
      delayMs: 0,
      timeoutMs: 5_000,
    });
    slowListings.release();
    const answer = await slow;
    expect(answer.statusCode).toBe(200);
    expect(answer.headers.connection).toBe('close');
    // Drained well before the 72 s a kept-alive connection would otherwise last.
    expect(await outcome).toBe('drained');
    agent.destroy();
  });

  it('out of time, hands the import task under way back, and that run writes nothing more', async () => {
    const { worker, taskId, releasePage2 } = await importAtPage2();
    const { log, lines } = recordingLog();
    const outcome = await shutDown({
      readiness,
      app: api.app,
      workers: { imports: worker },
      db: { ...api.db, close: async () => undefined },
      log,
      delayMs: 0,
      timeoutMs: 200,
    });
    expect(outcome).toBe('timed_out');
    expect(lines).toContainEqual([
      { worker: 'imports', released: 1 },
      'Work under way handed back',
    ]);
    const handedBack = await readImportTask(api.db, accountId, taskId);
    expect(handedBack).toMatchObject({ state: 'queued', progress: { listings: { done: 2 } } });

    // The held page comes back after all: its run lost the task, so nothing of it is written.
    releasePage2();
    await worker.stop();
    expect(await importedListings()).toBe(2);
    expect(await readImportTask(api.db, accountId, taskId)).toMatchObject({
      state: 'queued',
      progress: { listings: { done: 2 } },
    });
  });
});
