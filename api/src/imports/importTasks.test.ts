// Import tasks on the real database (a copy of the seeded template, PGlite): the lifecycle with
// its progress, re-import without duplicates, one import per account, a restart mid-import, an
// abandoned task on start-up, an unavailable system retried then failed, revoked credentials, and
// the imported reservations screened like every other. No clock is waited on: leases and back-offs
// are moved in the database, and the worker is stopped at a page the test chooses.
import type { PmsAdapter } from '../pms/pms';
import { screenReservations } from '../protect/screening';
import { SCREENING_ACTOR } from '../protect/protectLog';
import { recordingLog } from '../testing/logs';
import { startTestApi, type TestApi } from '../testing/testApi';
import {
  enqueueImport,
  ImportTaskError,
  latestImportTask,
  readImportTask,
  retryImport,
  saveConnection,
  type ImportTask,
} from './importTasks';
import { claimJobs, runDueJobs, startJobWorker } from '../jobs/jobWorker';
import { testJobServices } from '../testing/jobServices';
import { importJob } from './importJob';
import { recoverImports, runNextImport, type ImportWorkerOptions } from './importWorker';
import { generatePortfolio, revoked, testAdapter, unavailable } from './testing/testAdapter';

let api: TestApi;
const { log, lines: logged } = recordingLog();

const SECRET = 'sk-test-credential-9f3a7c';

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

let accountId: string;
beforeEach(async () => {
  // Tasks of earlier tests are finished: a worker round here only sees this test's account.
  await api.db.query(
    `update import_tasks set state = 'failed', finished_at = now(), error_code = 'import_error',
       error_message = 'ended by the test' where state in ('queued', 'running')`,
  );
  // … and so are their jobs.
  await api.db.query(
    `update jobs set state = 'discarded', finished_at = now(), locked_by = null, locked_until = null
     where queue = 'import' and state in ('queued', 'running')`,
  );
  const [account] = await api.db.query<{ id: string }>(
    `insert into accounts (name) values ('Imported Stays') returning id::text as id`,
  );
  accountId = account!.id;
  await saveConnection(
    api.db,
    {
      accountId,
      pms: 'hostaway',
      credentials: { accountId: '12345', apiKey: SECRET },
    },
    api.vault,
  );
});

const TODAY = '2026-11-25';
function worker(
  adapter: PmsAdapter | undefined,
  more: Partial<ImportWorkerOptions> = {},
): ImportWorkerOptions {
  return {
    db: api.db,
    adapters: () => adapter,
    log,
    vault: api.vault,
    today: () => TODAY,
    ...more,
  };
}

const enqueue = () => enqueueImport(api.db, { accountId, pms: 'hostaway', createdBy: '1' });

async function taskRow(id: string) {
  const [row] = await api.db.query<{ cursor: string | null; locked_by: string | null }>(
    'select cursor, locked_by from import_tasks where id = $1::bigint',
    [id],
  );
  return row!;
}

async function counts() {
  const [row] = await api.db.query<{
    listings: number;
    reservations: number;
    buildings: number;
    kept_listings: number;
    kept_confirmed: number;
  }>(
    `select (select count(*)::int from listings where account_id = $1::bigint) as listings,
            (select count(*)::int from reservations where account_id = $1::bigint) as reservations,
            (select count(*)::int from buildings where account_id = $1::bigint) as buildings,
            (select coalesce(sum(listings), 0)::int from listing_counts where account_id = $1::bigint) as kept_listings,
            (select coalesce(sum(confirmed), 0)::int from reservation_day_counts where account_id = $1::bigint) as kept_confirmed`,
    [accountId],
  );
  return row!;
}

async function connection() {
  const [row] = await api.db.query<{
    status: string;
    last_sync_at: string | null;
    listings_count: number;
    reservations_count: number;
  }>(
    `select status, last_sync_at, listings_count, reservations_count from pms_connections
     where account_id = $1::bigint and pms = 'hostaway'`,
    [accountId],
  );
  return row!;
}

describe('an import task', () => {
  it('goes queued → running → succeeded, with its progress readable while it runs', async () => {
    const seen: ImportTask[] = [];
    const adapter = testAdapter({
      portfolio: generatePortfolio(5, 2),
      pageSize: 2,
      beforePage: async (kind, page) => {
        if (kind === 'listings' && page === 2)
          seen.push((await readImportTask(api.db, accountId, task.id))!);
      },
    });
    const task = await enqueue();
    expect(task).toMatchObject({ state: 'queued', step: 'connecting', attempts: 0 });
    expect(task).not.toHaveProperty('credentials');

    const result = await runNextImport(worker(adapter));
    expect(result?.outcome).toBe('succeeded');
    expect(seen[0]).toMatchObject({
      state: 'running',
      step: 'listings',
      progress: { listings: { done: 2, total: 5 } },
    });
    const done = await readImportTask(api.db, accountId, task.id);
    expect(done).toMatchObject({
      state: 'succeeded',
      step: 'screening',
      attempts: 1,
      errorMessage: null,
      progress: {
        listings: { done: 5, total: 5 },
        reservations: { done: 10, total: 10 },
        screening: { done: 10, total: 10 },
      },
    });
    expect(done?.finishedAt).not.toBeNull();
    expect(await latestImportTask(api.db, accountId)).toEqual(done);
    // Reservations were asked from 60 days before today.
    expect(adapter.controls.calls.find((call) => call.kind === 'reservations')?.since).toBe(
      '2026-09-26',
    );
    expect(await counts()).toEqual({
      listings: 5,
      reservations: 10,
      buildings: 3,
      kept_listings: 5,
      kept_confirmed: 10,
    });
    expect(await connection()).toMatchObject({
      status: 'connected',
      listings_count: 5,
      reservations_count: 10,
    });
    expect((await connection()).last_sync_at).not.toBeNull();
    expect(JSON.stringify(logged)).not.toContain(SECRET);
  });

  it('imported again updates the same rows and duplicates none', async () => {
    const portfolio = generatePortfolio(4, 2);
    await enqueue();
    await runNextImport(worker(testAdapter({ portfolio, pageSize: 3 })));
    const before = await counts();

    portfolio.listings[0]!.nickname = 'Renamed in the PMS';
    portfolio.reservations[1]!.guestsCount = 9;
    await enqueue();
    const second = await runNextImport(worker(testAdapter({ portfolio, pageSize: 3 })));
    expect(second?.outcome).toBe('succeeded');
    expect(await counts()).toEqual(before);
    const [listing] = await api.db.query<{ nickname: string; version: number }>(
      `select nickname, version from listings where account_id = $1::bigint and external_id = 'L1'`,
      [accountId],
    );
    expect(listing).toEqual({ nickname: 'Renamed in the PMS', version: 2 });
    const versions = await api.db.query<{ external_id: string; version: number; risk: number }>(
      `select external_id, version, risk_score as risk from reservations
       where account_id = $1::bigint order by external_id`,
      [accountId],
    );
    // Only the changed reservation moved: version + 1, screened again (a large party now).
    expect(versions.filter((row) => row.version > 1).map((row) => row.external_id)).toEqual([
      'R1-1',
    ]);
    expect(versions.find((row) => row.external_id === 'R1-1')!.risk).toBeGreaterThan(
      versions.find((row) => row.external_id === 'R1-0')!.risk,
    );
  });

  it('is refused while another import of the account is queued or running', async () => {
    const first = await enqueue();
    await expect(enqueue()).rejects.toMatchObject({ code: 'import_in_progress' });
    await expect(enqueue()).rejects.toBeInstanceOf(ImportTaskError);
    // Another system of the same account waits its turn too.
    await expect(
      enqueueImport(api.db, { accountId, pms: 'guesty', createdBy: null }),
    ).rejects.toMatchObject({ code: 'import_in_progress' });
    await runNextImport(worker(testAdapter({ portfolio: generatePortfolio(1, 1), pageSize: 5 })));
    expect((await readImportTask(api.db, accountId, first.id))?.state).toBe('succeeded');
    await expect(enqueue()).resolves.toMatchObject({ state: 'queued' });
  });

  it('resumes from its cursor after the API stopped mid-import, duplicating nothing', async () => {
    const portfolio = generatePortfolio(5, 1);
    const first = testAdapter({ portfolio, pageSize: 2 });
    const task = await enqueue();
    // The process "dies" once the second page of listings is committed.
    const listingPages = () => first.controls.calls.filter((c) => c.kind === 'listings').length;
    const stopped = await runNextImport(worker(first), () => listingPages() >= 2);
    expect(stopped?.outcome).toBe('stopped');
    expect(await readImportTask(api.db, accountId, task.id)).toMatchObject({
      state: 'running',
      step: 'listings',
      progress: { listings: { done: 4, total: 5 } },
    });
    expect((await taskRow(task.id)).cursor).toBe('4');

    // A new API starts on the embedded database: the task is taken back and resumed.
    expect(await recoverImports(api.db, { embedded: true })).toEqual({ resumed: 1, failed: 0 });
    const second = testAdapter({ portfolio, pageSize: 2 });
    expect((await runNextImport(worker(second)))?.outcome).toBe('succeeded');
    expect(second.controls.calls[0]).toEqual({ kind: 'listings', cursor: '4' });
    expect(await readImportTask(api.db, accountId, task.id)).toMatchObject({
      state: 'succeeded',
      attempts: 2,
      progress: { listings: { done: 5, total: 5 }, reservations: { done: 5, total: 5 } },
    });
    expect(await counts()).toMatchObject({ listings: 5, reservations: 5, kept_listings: 5 });
  });

  it('hands its task back when the worker is stopped, to be resumed by the next one', async () => {
    let reached!: () => void;
    const atPage2 = new Promise<void>((resolve) => (reached = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const adapter = testAdapter({
      portfolio: generatePortfolio(5, 1),
      pageSize: 2,
      beforePage: async (kind, page) => {
        if (kind === 'listings' && page === 2) {
          reached();
          await held;
        }
      },
    });
    const task = await enqueue();
    const running = startJobWorker({
      services: testJobServices(api, { adapters: () => adapter }),
      definitions: [importJob],
      intervalMs: 5,
    });
    await atPage2;
    const stopping = running.stop();
    release();
    await stopping;
    expect(await readImportTask(api.db, accountId, task.id)).toMatchObject({
      state: 'queued',
      progress: { listings: { done: 4 } },
    });
    expect(await taskRow(task.id)).toEqual({ cursor: '4', locked_by: null });
  });

  it("runs as its job on any worker, and a dead worker's import is finished by another", async () => {
    const task = await enqueue();
    const [job] = await api.db.query<{ id: string; state: string }>(
      `select id::text as id, state from jobs where queue = 'import' and key = $1`,
      [task.id],
    );
    expect(job?.state).toBe('queued');
    // Worker A claims the job and dies after the first page of listings.
    const first = testAdapter({ portfolio: generatePortfolio(5, 1), pageSize: 2 });
    const services = testJobServices(api, { adapters: () => first, log });
    const [claimed] = await claimJobs(api.db, [importJob], 'worker-a', 1);
    expect(claimed?.id).toBe(job!.id);
    const dead = await runNextImport(
      worker(first),
      () => first.controls.calls.filter((call) => call.kind === 'listings').length >= 1,
      'worker-a',
      task.id,
    );
    expect(dead?.outcome).toBe('stopped');
    // Worker B finds nothing to take while A's leases hold …
    const second = testAdapter({ portfolio: generatePortfolio(5, 1), pageSize: 2 });
    const other = { ...services, adapters: () => second };
    expect(await runDueJobs(other, [importJob], { runId: 'worker-b' })).toEqual([]);
    // … and finishes the import once they expired, from the page A committed.
    await api.db.query(
      `update jobs set locked_until = now() - interval '1 second' where id = $1::bigint`,
      [job!.id],
    );
    await api.db.query(
      `update import_tasks set locked_until = now() - interval '1 second' where id = $1::bigint`,
      [task.id],
    );
    const results = await runDueJobs(other, [importJob], { runId: 'worker-b' });
    expect(results.map((result) => result.outcome)).toEqual(['succeeded']);
    expect(second.controls.calls[0]).toEqual({ kind: 'listings', cursor: '2' });
    expect(await readImportTask(api.db, accountId, task.id)).toMatchObject({
      state: 'succeeded',
      progress: { listings: { done: 5, total: 5 } },
    });
  });

  it('left running by a dead process is resumed on start-up once its lease expired, or failed after too many runs', async () => {
    const task = await enqueue();
    await api.db.query(
      `update import_tasks set state = 'running', step = 'listings', cursor = '2', listings_done = 2,
         attempts = 1, locked_by = 'dead-process', started_at = now(),
         locked_until = now() + interval '1 minute' where id = $1::bigint`,
      [task.id],
    );
    // On a server another API may still hold it: a live lease is left alone …
    expect(await recoverImports(api.db, { embedded: false })).toEqual({ resumed: 0, failed: 0 });
    expect(await runNextImport(worker(undefined))).toBeNull();
    // … an expired one is taken back, and the import goes on from its cursor.
    await api.db.query(
      `update import_tasks set locked_until = now() - interval '1 second' where id = $1::bigint`,
      [task.id],
    );
    expect(await recoverImports(api.db, { embedded: false })).toEqual({ resumed: 1, failed: 0 });
    const adapter = testAdapter({ portfolio: generatePortfolio(3, 1), pageSize: 2 });
    expect((await runNextImport(worker(adapter)))?.outcome).toBe('succeeded');
    expect(adapter.controls.calls[0]).toEqual({ kind: 'listings', cursor: '2' });
    expect((await readImportTask(api.db, accountId, task.id))?.progress.listings).toEqual({
      done: 3,
      total: 3,
    });

    // A task whose runs kept dying fails with a message instead of running forever.
    const again = await enqueue();
    await api.db.query(
      `update import_tasks set state = 'running', attempts = 5, locked_by = 'dead-process',
         locked_until = now() - interval '1 second', started_at = now() where id = $1::bigint`,
      [again.id],
    );
    expect(await recoverImports(api.db, { embedded: false })).toEqual({ resumed: 0, failed: 1 });
    expect(await readImportTask(api.db, accountId, again.id)).toMatchObject({
      state: 'failed',
      errorCode: 'import_abandoned',
      errorMessage: expect.stringMatching(/stopped unexpectedly.*resumes where it stopped/),
    });
  });

  it('retries a system that does not answer, then fails with a message, and "Try again" resumes', async () => {
    const portfolio = generatePortfolio(3, 1);
    const adapter = testAdapter({
      portfolio,
      pageSize: 2,
      failListingsPage: { page: 2, error: unavailable },
    });
    const task = await enqueue();
    const options = worker(adapter, { maxAttempts: 3 });
    const due = () =>
      api.db.query(`update import_tasks set run_after = now() where id = $1::bigint`, [task.id]);

    expect((await runNextImport(options))?.outcome).toBe('retrying');
    const waiting = await readImportTask(api.db, accountId, task.id);
    expect(waiting).toMatchObject({
      state: 'queued',
      attempts: 1,
      errorCode: 'pms_unavailable',
      errorMessage: 'Hostaway did not answer. Hostdash tries again in a moment.',
    });
    // Backing off: not due yet.
    expect(await runNextImport(options)).toBeNull();
    await due();
    expect((await runNextImport(options))?.outcome).toBe('retrying');
    await due();
    const last = await runNextImport(options);
    expect(last?.outcome).toBe('failed');
    expect(last?.task).toMatchObject({
      state: 'failed',
      attempts: 3,
      errorCode: 'pms_unavailable',
      errorMessage:
        'Hostaway could not be reached after 3 tries. Try again later: the import resumes where it stopped.',
    });
    // The first page was kept: "Try again" resumes at the second.
    expect((await taskRow(task.id)).cursor).toBe('2');
    await expect(retryImport(api.db, accountId, task.id)).resolves.toMatchObject({
      state: 'queued',
      attempts: 0,
      errorMessage: null,
    });
    await expect(retryImport(api.db, accountId, task.id)).rejects.toMatchObject({
      code: 'import_not_failed',
    });
    delete adapter.controls.failListingsPage;
    adapter.controls.calls.length = 0;
    expect((await runNextImport(options))?.outcome).toBe('succeeded');
    expect(adapter.controls.calls[0]).toEqual({ kind: 'listings', cursor: '2' });
    expect(await counts()).toMatchObject({ listings: 3, reservations: 3 });
  });

  it('fails at once when the credentials stop working, and asks to reconnect', async () => {
    const adapter = testAdapter({
      portfolio: generatePortfolio(2, 2),
      pageSize: 2,
      failReservationsPage: { page: 1, error: revoked },
    });
    const task = await enqueue();
    const result = await runNextImport(worker(adapter));
    expect(result?.task).toMatchObject({
      state: 'failed',
      step: 'reservations',
      attempts: 1,
      errorCode: 'pms_auth',
      errorMessage:
        'The credentials no longer work. Reconnect Hostaway with new credentials, then try again.',
    });
    expect(await connection()).toMatchObject({ status: 'reconnect', last_sync_at: null });
    expect(await readImportTask(api.db, accountId, task.id)).toMatchObject({ state: 'failed' });

    // Refused at the first step the same way.
    const refused = await retryImport(api.db, accountId, task.id);
    await api.db.query(`update import_tasks set step = 'connecting' where id = $1::bigint`, [
      refused.id,
    ]);
    const check = await runNextImport(
      worker(testAdapter({ portfolio: generatePortfolio(1, 1), pageSize: 2, refuse: true })),
    );
    expect(check?.task).toMatchObject({ state: 'failed', errorCode: 'pms_auth' });
    expect(JSON.stringify(logged)).not.toContain(SECRET);
  });

  it('fails with a message when Hostdash has no adapter for the system', async () => {
    await enqueue();
    const result = await runNextImport(worker(undefined));
    expect(result?.task).toMatchObject({
      state: 'failed',
      errorCode: 'pms_not_supported',
      errorMessage: 'Hostdash cannot connect to hostaway yet, so nothing was imported.',
    });
    expect(await counts()).toMatchObject({ listings: 0, reservations: 0 });
  });

  it('screens the imported reservations with the statement every reservation is screened with', async () => {
    const portfolio = generatePortfolio(2, 2);
    // A large party: one factor beyond the unverified ID every new reservation has.
    portfolio.reservations[0]!.guestsCount = 8;
    await enqueue();
    await runNextImport(worker(testAdapter({ portfolio, pageSize: 10 })));
    const rows = await api.db.query<{
      id: string;
      external_id: string;
      risk_score: number;
      factors: string[];
      screened: boolean;
    }>(
      `select id::text as id, external_id, risk_score, screened_at is not null as screened,
              (select coalesce(jsonb_agg(f->>'code'), '[]'::jsonb) from jsonb_array_elements(risk_factors) f) as factors
       from reservations where account_id = $1::bigint order by external_id`,
      [accountId],
    );
    expect(rows).toHaveLength(4);
    expect(rows.every((row) => row.screened)).toBe(true);
    expect(rows.find((row) => row.external_id === 'R1-0')).toMatchObject({
      risk_score: 35,
      factors: ['id_not_verified', 'large_party'],
    });
    expect(rows.find((row) => row.external_id === 'R2-0')).toMatchObject({
      risk_score: 20,
      factors: ['id_not_verified'],
    });
    // Screening them again by hand changes nothing: they hold what screening gives.
    const again = await screenReservations(
      api.db,
      rows.map((row) => row.id),
      { log: 'none', actor: SCREENING_ACTOR, trigger: 'test' },
    );
    expect(again.every((result) => !result.changed)).toBe(true);
    const [logs] = await api.db.query<{ n: number }>(
      `select count(*)::int as n from protect_log
       where account_id = $1::bigint and event = 'screened' and details->>'trigger' = 'import'`,
      [accountId],
    );
    expect(logs?.n).toBe(4);
  });
});
