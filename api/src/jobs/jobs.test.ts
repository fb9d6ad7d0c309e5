// The job system on the real database (PGlite here, PostgreSQL in CI's second leg): a job runs
// once however many workers look; a worker that died loses its job to another once its lease
// expires; a failed try waits its back-off and the last failure is kept; a schedule fires once per
// period across instances. No clock is waited on: leases and due times are moved in the database.
import { testJobServices } from '../testing/jobServices';
import { startTestApi, type TestApi } from '../testing/testApi';
import {
  enqueueJob,
  PermanentJobError,
  RetryJobLater,
  defaultRetryDelayMs,
  type JobDefinition,
  type JobServices,
} from './jobs';
import { claimJobs, recoverJobs, runClaimed, runDueJobs, startJobWorker } from './jobWorker';
import { everyMinutesCron, nextRunOf, queueDueSchedules, registerSchedules } from './schedules';
import { deleteExpiredRows } from '../db/maintenance';

let api: TestApi;
let services: JobServices;

beforeAll(async () => {
  api = await startTestApi();
  services = testJobServices(api);
});
afterAll(() => api.close());

// Each test has its own queue names: jobs of earlier tests are never in the way.
let queue: string;
let counter = 0;
beforeEach(() => {
  counter += 1;
  queue = `test.q${counter}`;
});

interface JobRow {
  state: string;
  attempts: number;
  last_error: string | null;
  locked_by: string | null;
  due_in_ms: number;
}

async function jobRow(id: string): Promise<JobRow> {
  const [row] = await api.db.query<JobRow>(
    `select state, attempts, last_error, locked_by,
            (extract(epoch from run_after - now()) * 1000)::float8 as due_in_ms
     from jobs where id = $1::bigint`,
    [id],
  );
  return row!;
}

/** A definition that counts its runs per job id. */
function counting(run?: JobDefinition['run']) {
  const runs = new Map<string, number>();
  const definition: JobDefinition = {
    queue,
    async run(payload, context) {
      runs.set(context.job.id, (runs.get(context.job.id) ?? 0) + 1);
      await run?.(payload, context);
    },
  };
  return { definition, runs };
}

test('a key is queued once while its job waits or runs, and again once it is done', async () => {
  const first = await enqueueJob(api.db, { queue, key: 'mail-1', payload: { mailId: '1' } });
  expect(first).not.toBeNull();
  expect(await enqueueJob(api.db, { queue, key: 'mail-1' })).toBeNull();
  const { definition, runs } = counting();
  await runDueJobs(services, [definition]);
  expect(runs.get(first!)).toBe(1);
  expect((await jobRow(first!)).state).toBe('succeeded');
  expect(await enqueueJob(api.db, { queue, key: 'mail-1' })).not.toBeNull();
});

test('a job queued in a transaction that rolls back never exists', async () => {
  await expect(
    api.db.transaction(async (tx) => {
      await enqueueJob(tx, { queue, key: 'rolled-back' });
      throw new Error('the change fails');
    }),
  ).rejects.toThrow('the change fails');
  const rows = await api.db.query('select id from jobs where queue = $1', [queue]);
  expect(rows).toHaveLength(0);
});

test('two workers share 30 jobs and run each exactly once', async () => {
  const ids: string[] = [];
  for (let i = 0; i < 30; i += 1) ids.push((await enqueueJob(api.db, { queue, key: `k${i}` }))!);
  const { definition, runs } = counting(() => new Promise((resolve) => setImmediate(resolve)));
  const done = async () => {
    const [row] = await api.db.query<{ left: number }>(
      `select count(*)::int as left from jobs where queue = $1 and state <> 'succeeded'`,
      [queue],
    );
    return row!.left === 0;
  };
  const workers = [1, 2].map(() =>
    startJobWorker({ services, definitions: [definition], concurrency: 3, intervalMs: 20 }),
  );
  while (!(await done())) await new Promise((resolve) => setTimeout(resolve, 20));
  await Promise.all(workers.map((worker) => worker.stop()));
  expect([...runs.keys()].sort()).toEqual([...ids].sort());
  expect([...runs.values()].every((count) => count === 1)).toBe(true);
});

test("a dead worker's job is taken by another once its lease expires, and the dead try writes nothing", async () => {
  const id = (await enqueueJob(api.db, { queue, key: 'long' }))!;
  const { definition, runs } = counting();
  // Worker A claims it, then "dies": it never settles.
  const [claimed] = await claimJobs(api.db, [definition], 'worker-a', 1);
  expect(claimed?.id).toBe(id);
  expect(await runDueJobs(services, [definition], { runId: 'worker-b' })).toEqual([]);
  // The lease runs out.
  await api.db.query(
    `update jobs set locked_until = now() - interval '1 second' where id = $1::bigint`,
    [id],
  );
  const results = await runDueJobs(services, [definition], { runId: 'worker-b' });
  expect(results).toEqual([{ id, queue, outcome: 'succeeded' }]);
  expect(runs.get(id)).toBe(1);
  expect(await jobRow(id)).toMatchObject({ state: 'succeeded', attempts: 2, locked_by: null });
  // Had A only paused, its end would write nothing: the job is B's (and done).
  const late = await runClaimed(services, definition, claimed!, 'worker-a', () => false);
  expect(late.outcome).toBe('lost');
  expect(await jobRow(id)).toMatchObject({ state: 'succeeded', attempts: 2 });
});

test('a job whose process dies on every try fails once its tries are used up', async () => {
  const id = (await enqueueJob(api.db, { queue, key: 'crashes', maxAttempts: 2 }))!;
  const { definition, runs } = counting();
  for (const worker of ['a', 'b']) {
    await claimJobs(api.db, [definition], worker, 1);
    await api.db.query(
      `update jobs set locked_until = now() - interval '1 second' where id = $1::bigint`,
      [id],
    );
  }
  expect(await runDueJobs(services, [definition])).toEqual([]);
  expect(runs.size).toBe(0);
  const row = await jobRow(id);
  expect(row.state).toBe('failed');
  expect(row.last_error).toContain('stopped on every try');
});

test('a failed try waits its back-off, and the last failure is kept with its error', async () => {
  const id = (await enqueueJob(api.db, { queue, key: 'flaky', maxAttempts: 3 }))!;
  const definition: JobDefinition = {
    queue,
    run: () => Promise.reject(new Error('the system answered 503')),
  };
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const [result] = await runDueJobs(services, [definition]);
    const row = await jobRow(id);
    expect(row.attempts).toBe(attempt);
    expect(row.last_error).toBe('the system answered 503');
    if (attempt < 3) {
      expect(result?.outcome).toBe('retrying');
      expect(row.state).toBe('queued');
      // Due after its back-off (30 s, then 60 s), give or take the test's own time.
      expect(row.due_in_ms).toBeGreaterThan(defaultRetryDelayMs(attempt) - 5_000);
      expect(row.due_in_ms).toBeLessThanOrEqual(defaultRetryDelayMs(attempt));
      // Not due yet: nothing runs.
      expect(await runDueJobs(services, [definition])).toEqual([]);
      await api.db.query(`update jobs set run_after = now() where id = $1::bigint`, [id]);
    } else {
      expect(result?.outcome).toBe('failed');
      expect(row.state).toBe('failed');
    }
  }
  expect(defaultRetryDelayMs(1)).toBe(30_000);
  expect(defaultRetryDelayMs(2)).toBe(60_000);
  expect(defaultRetryDelayMs(20)).toBe(3_600_000);
});

test('a permanent error fails at once; "later" gives the try back', async () => {
  const permanent = (await enqueueJob(api.db, { queue, key: 'bad' }))!;
  await runDueJobs(services, [
    { queue, run: () => Promise.reject(new PermanentJobError('550 mailbox unknown')) },
  ]);
  expect(await jobRow(permanent)).toMatchObject({ state: 'failed', attempts: 1 });

  const later = (await enqueueJob(api.db, { queue, key: 'later' }))!;
  const runAt = new Date(Date.now() + 60_000);
  const [result] = await runDueJobs(services, [
    { queue, run: () => Promise.reject(new RetryJobLater(runAt)) },
  ]);
  expect(result?.outcome).toBe('postponed');
  const row = await jobRow(later);
  expect(row).toMatchObject({ state: 'queued', attempts: 0 });
  expect(row.due_in_ms).toBeGreaterThan(50_000);
});

test('a worker runs only the queues it knows', async () => {
  const id = (await enqueueJob(api.db, { queue, key: 'theirs' }))!;
  expect(await runDueJobs(services, [{ queue: `${queue}.other`, run: async () => {} }])).toEqual(
    [],
  );
  expect((await jobRow(id)).state).toBe('queued');
});

test('a schedule fires once per period across two instances', async () => {
  const schedule = { name: `${queue}.every5`, cron: everyMinutesCron(5), queue };
  await registerSchedules(api.db, [schedule]);
  const [registered] = await api.db.query<{ next_run_at: string }>(
    'select next_run_at from job_schedules where name = $1',
    [schedule.name],
  );
  expect(new Date(registered!.next_run_at).getUTCMinutes() % 5).toBe(0);
  // Registering again (another instance starting) keeps its next run.
  await registerSchedules(api.db, [schedule], new Date(Date.now() + 3_600_000));
  const [again] = await api.db.query<{ next_run_at: string }>(
    'select next_run_at from job_schedules where name = $1',
    [schedule.name],
  );
  expect(again!.next_run_at).toBe(registered!.next_run_at);

  for (let period = 0; period < 2; period += 1) {
    await api.db.query(
      `update job_schedules set next_run_at = now() - interval '1 second' where name = $1`,
      [schedule.name],
    );
    const won = await Promise.all([
      queueDueSchedules(api.db, [schedule]),
      queueDueSchedules(api.db, [schedule]),
      queueDueSchedules(api.db, [schedule]),
    ]);
    expect(won.flat()).toEqual([schedule.name]);
    // The period moved on: nobody queues it again.
    expect(await queueDueSchedules(api.db, [schedule])).toEqual([]);
  }
  const jobs = await api.db.query<{ schedule: string }>(
    'select schedule from jobs where queue = $1',
    [queue],
  );
  expect(jobs).toEqual([{ schedule: schedule.name }, { schedule: schedule.name }]);
});

test('cron expressions: the next run, and intervals as schedules', () => {
  const from = new Date('2026-11-27T10:07:30Z');
  expect(nextRunOf('*/15 * * * *', from).toISOString()).toBe('2026-11-27T10:15:00.000Z');
  expect(nextRunOf('7 * * * *', from).toISOString()).toBe('2026-11-27T11:07:00.000Z');
  expect(everyMinutesCron(1)).toBe('* * * * *');
  expect(everyMinutesCron(15)).toBe('*/15 * * * *');
  expect(everyMinutesCron(60)).toBe('0 * * * *');
  expect(everyMinutesCron(180)).toBe('0 */3 * * *');
  expect(() => nextRunOf('not a cron', from)).toThrow();
});

test('on start-up with the embedded database, running jobs are taken back at once', async () => {
  const id = (await enqueueJob(api.db, { queue, key: 'left-running' }))!;
  await claimJobs(api.db, [{ queue, run: async () => {} }], 'dead-process', 1);
  expect(await recoverJobs(api.db, { embedded: false })).toEqual({ resumed: 0, failed: 0 });
  const recovered = await recoverJobs(api.db, { embedded: true });
  expect(recovered.resumed).toBeGreaterThanOrEqual(1);
  expect(await jobRow(id)).toMatchObject({ state: 'queued', locked_by: null });
});

/**
 * The test database, but a worker's claim (the `skip locked` query) waits at a gate while it is
 * closed: the claim is then under way while the test stops the worker. `waiting` resolves when a
 * claim first waits there.
 */
function gatedClaims() {
  let gate: Promise<void> | null = null;
  let openGate = () => undefined as void;
  let claimWaits!: () => void;
  const waiting = new Promise<void>((resolve) => (claimWaits = resolve));
  const db: JobServices['db'] = Object.create(api.db, {
    query: {
      value: async (text: string, params?: readonly unknown[]) => {
        if (gate && /skip locked/i.test(text)) {
          claimWaits();
          await gate;
        }
        return api.db.query(text, params);
      },
    },
  });
  return {
    db,
    waiting,
    close() {
      gate = new Promise((resolve) => (openGate = resolve));
    },
    open: () => openGate(),
  };
}

test('a stopped worker hands back what it holds, and a look under way cannot take it again', async () => {
  const id = (await enqueueJob(api.db, { queue, key: 'held' }))!;
  let release!: () => void;
  const started = new Promise<void>((resolve) => {
    release = resolve;
  });
  // A claim can be held at a gate: it is then under way while the worker is told to hand back.
  const claims = gatedClaims();
  const worker = startJobWorker({
    services: { ...services, db: claims.db },
    definitions: [{ queue, run: () => new Promise(() => release()) }],
    intervalMs: 60_000,
  });
  await started;
  expect((await jobRow(id)).state).toBe('running');
  claims.close();
  // Asked to look until a look is under way (a nudge while the first look ends only marks it).
  const nudging = setInterval(() => worker.nudge(), 10);
  await claims.waiting;
  clearInterval(nudging);
  // As a shutdown out of time does: stop claiming (the try under way never ends), then hand back.
  void worker.stop();
  const handedBack = worker.release();
  setTimeout(() => claims.open(), 50);
  expect(await handedBack).toBe(1);
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(await jobRow(id)).toMatchObject({ state: 'queued', attempts: 0, locked_by: null });
});

test('a worker stopped while a claim is under way hands back what it took, and runs none of it', async () => {
  const id = (await enqueueJob(api.db, { queue, key: 'claimed-at-stop' }))!;
  const { definition, runs } = counting();
  const claims = gatedClaims();
  claims.close();
  const worker = startJobWorker({
    services: { ...services, db: claims.db },
    definitions: [definition],
    intervalMs: 60_000,
  });
  await claims.waiting;
  // The shutdown begins while the first look's claim waits; the claim then takes the job.
  const stopping = worker.stop();
  claims.open();
  await stopping;
  expect(runs.get(id)).toBeUndefined();
  expect(await jobRow(id)).toMatchObject({ state: 'queued', attempts: 0, locked_by: null });
});

test('the maintenance forgets finished jobs after their time, never a waiting one', async () => {
  const ids = await Promise.all(
    ['old-success', 'old-failure', 'new-failure', 'old-waiting'].map(
      async (key) => (await enqueueJob(api.db, { queue, key }))!,
    ),
  );
  const [oldSuccess, oldFailure, newFailure, oldWaiting] = ids as [string, string, string, string];
  await api.db.query(
    `update jobs set state = 'succeeded', finished_at = now() - interval '8 days' where id = $1::bigint`,
    [oldSuccess],
  );
  await api.db.query(
    `update jobs set state = 'failed', finished_at = now() - interval '31 days' where id = $1::bigint`,
    [oldFailure],
  );
  await api.db.query(
    `update jobs set state = 'failed', finished_at = now() - interval '8 days' where id = $1::bigint`,
    [newFailure],
  );
  await api.db.query(
    `update jobs set created_at = now() - interval '90 days' where id = $1::bigint`,
    [oldWaiting],
  );
  await deleteExpiredRows(api.db);
  const left = await api.db.query<{ id: string }>(
    'select id::text as id from jobs where queue = $1 order by id',
    [queue],
  );
  expect(left.map((row) => row.id).sort()).toEqual([newFailure, oldWaiting].sort());
});
