// The job worker (docs/adr/0026-durable-jobs.md): every API runs one. Each round it queues the
// schedules that are due (./schedules.ts), then claims due jobs of the queues it knows — with
// FOR UPDATE SKIP LOCKED, so two workers never take the same row — under a lease it renews while the
// job runs. A try that resolves finishes the job; one that throws waits its back-off and is tried
// again until its tries run out, when the job fails with the error kept for the admin. A job whose
// process died stays `running` until its lease expires; then any worker claims it again (the
// embedded database, which one process opens, takes its own back at start: recoverJobs).
import { randomUUID } from 'node:crypto';
import type { Database, Sql } from '../db/database';
import {
  DEFAULT_LEASE_MS,
  PermanentJobError,
  RetryJobLater,
  defaultRetryDelayMs,
  type JobDefinition,
  type JobPayload,
  type JobServices,
  type RunningJob,
} from './jobs';
import { queueDueSchedules, registerSchedules, type JobSchedule } from './schedules';

/** How often a worker looks for due jobs and schedules when nobody nudges it. */
export const JOB_POLL_MS = 1_000;
/** Jobs one worker runs at once (an import is long: mails must not wait behind it). */
export const JOB_CONCURRENCY = 4;
/** The longest error kept for the admin. */
const ERROR_LENGTH = 1_000;

interface ClaimedRow {
  id: string;
  queue: string;
  key: string | null;
  payload: JobPayload;
  attempts: number;
  max_attempts: number;
  schedule: string | null;
}

export type TryOutcome = 'succeeded' | 'retrying' | 'failed' | 'postponed' | 'lost';

export interface TryResult {
  id: string;
  queue: string;
  outcome: TryOutcome;
  error?: string;
}

const messageOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, ERROR_LENGTH);

/**
 * Fails the running jobs whose lease expired after their last try (their process died under them
 * every time), so a job that crashes its process is not claimed forever.
 */
async function failAbandoned(sql: Sql, where: string): Promise<number> {
  const rows = await sql.query(
    `update jobs set state = 'failed', locked_by = null, locked_until = null,
       finished_at = now(), updated_at = now(),
       last_error = coalesce(last_error || ' — ', '') || 'the worker running it stopped on every try'
     where ${where} and attempts >= max_attempts
     returning id`,
  );
  return rows.length;
}

/**
 * At start-up with the embedded database (no other process opens it): every running job was left
 * by a process that died, and is claimable now. On a server, jobs wait for their lease.
 */
export async function recoverJobs(
  db: Sql,
  { embedded }: { embedded: boolean },
): Promise<{ resumed: number; failed: number }> {
  if (!embedded) return { resumed: 0, failed: 0 };
  const failed = await failAbandoned(db, `state = 'running'`);
  const resumed = await db.query(
    `update jobs set state = 'queued', locked_by = null, locked_until = null, run_after = now(),
       updated_at = now()
     where state = 'running' returning id`,
  );
  return { resumed: resumed.length, failed };
}

/** Claims up to `limit` due jobs of `definitions`' queues for `runId`. */
export async function claimJobs(
  db: Database,
  definitions: readonly JobDefinition[],
  runId: string,
  limit: number,
): Promise<ClaimedRow[]> {
  if (limit <= 0 || definitions.length === 0) return [];
  await failAbandoned(db, `state = 'running' and locked_until < now()`);
  const queues = definitions.map((definition) => definition.queue);
  const leases = definitions.map((definition) => definition.leaseMs ?? DEFAULT_LEASE_MS);
  return db.query<ClaimedRow>(
    `update jobs j
     set state = 'running', attempts = j.attempts + 1, locked_by = $1,
         locked_until = now() + (select l.ms from unnest($2::text[], $3::float8[]) as l(queue, ms)
                                 where l.queue = j.queue) * interval '1 millisecond',
         started_at = coalesce(j.started_at, now()), updated_at = now()
     where j.id in (
       select id from jobs
       where queue = any($2::text[])
         and ((state = 'queued' and run_after <= now()) or (state = 'running' and locked_until < now()))
       order by run_after, id
       limit $4
       for update skip locked
     )
     returning j.id::text as id, j.queue, j.key, j.payload, j.attempts, j.max_attempts, j.schedule`,
    [runId, queues, leases, limit],
  );
}

/**
 * Puts the jobs `runId` holds (all, or `only` those) back in the queue, due now, without using up
 * a try.
 */
async function handBack(db: Sql, runId: string, only?: readonly ClaimedRow[]): Promise<number> {
  if (only?.length === 0) return 0;
  const rows = await db.query(
    `update jobs set state = 'queued', locked_by = null, locked_until = null, run_after = now(),
       attempts = greatest(attempts - 1, 0), updated_at = now()
     where locked_by = $1 and state = 'running'
       and ($2::bigint[] is null or id = any($2::bigint[]))
     returning id`,
    [runId, only ? only.map((row) => row.id) : null],
  );
  return rows.length;
}

/** Writes a try's end, only while `runId` still holds the job. */
async function settle(
  db: Sql,
  id: string,
  runId: string,
  set: string,
  params: unknown[] = [],
): Promise<boolean> {
  const rows = await db.query(
    `update jobs set ${set}, locked_by = null, locked_until = null, updated_at = now()
     where id = $1::bigint and locked_by = $2 and state = 'running'
     returning id`,
    [id, runId, ...params],
  );
  return rows.length > 0;
}

/** Runs one claimed job's try to its end and records the outcome. */
export async function runClaimed(
  services: JobServices,
  definition: JobDefinition,
  row: ClaimedRow,
  runId: string,
  isStopped: () => boolean,
): Promise<TryResult> {
  const { db, log } = services;
  const leaseMs = definition.leaseMs ?? DEFAULT_LEASE_MS;
  const job: RunningJob = {
    id: row.id,
    queue: row.queue,
    key: row.key,
    attempt: row.attempts,
    maxAttempts: row.max_attempts,
    schedule: row.schedule,
  };
  let lost = false;
  const heartbeat = async (): Promise<boolean> => {
    const rows = await db.query(
      `update jobs set locked_until = now() + $3::float8 * interval '1 millisecond', updated_at = now()
       where id = $1::bigint and locked_by = $2 and state = 'running' returning id`,
      [row.id, runId, leaseMs],
    );
    lost = rows.length === 0;
    return !lost;
  };
  const timer = setInterval(() => void heartbeat().catch(() => undefined), leaseMs / 4);
  timer.unref();
  const logged = { event: 'job', jobId: row.id, queue: row.queue, attempt: row.attempts };
  const result = (outcome: TryOutcome, error?: string): TryResult => ({
    id: row.id,
    queue: row.queue,
    outcome,
    ...(error === undefined ? {} : { error }),
  });
  try {
    await definition.run(row.payload, { ...services, job, runId, heartbeat, isStopped });
    clearInterval(timer);
    const kept = await settle(
      db,
      row.id,
      runId,
      `state = 'succeeded', finished_at = now(), last_error = null`,
    );
    return result(kept ? 'succeeded' : 'lost');
  } catch (error) {
    clearInterval(timer);
    if (error instanceof RetryJobLater) {
      // Not a failed try: the claim is given back with its try.
      const kept = await settle(
        db,
        row.id,
        runId,
        `state = 'queued', attempts = greatest(attempts - 1, 0), run_after = $3::timestamptz`,
        [error.runAt.toISOString()],
      );
      return result(kept ? 'postponed' : 'lost');
    }
    const message = messageOf(error);
    const final = error instanceof PermanentJobError || row.attempts >= row.max_attempts;
    if (final) {
      const kept = await settle(
        db,
        row.id,
        runId,
        `state = 'failed', finished_at = now(), last_error = $3`,
        [message],
      );
      if (kept) log.warn({ ...logged, error: message }, 'A job failed for good');
      return result(kept ? 'failed' : 'lost', message);
    }
    const delay = (definition.retryDelayMs ?? defaultRetryDelayMs)(row.attempts);
    const kept = await settle(
      db,
      row.id,
      runId,
      `state = 'queued', last_error = $3,
       run_after = now() + $4::float8 * interval '1 millisecond'`,
      [message, delay],
    );
    if (kept)
      log.info({ ...logged, error: message, retryInMs: delay }, 'A job will be tried again');
    return result(kept ? 'retrying' : 'lost', message);
  } finally {
    if (lost)
      log.warn(logged, 'A job was taken over by another worker; this try wrote nothing more');
  }
}

export interface WorkerOptions {
  services: JobServices;
  definitions: readonly JobDefinition[];
  schedules?: readonly JobSchedule[];
  concurrency?: number;
  intervalMs?: number;
}

/**
 * One round, awaited (tests, and the worker's own loop): queues the due schedules, then claims and
 * runs due jobs until none is left or `maxJobs` ran. Returns what each try came to.
 */
export async function runDueJobs(
  services: JobServices,
  definitions: readonly JobDefinition[],
  {
    schedules = [],
    maxJobs = 100,
    runId = randomUUID(),
    isStopped = () => false,
  }: {
    schedules?: readonly JobSchedule[];
    maxJobs?: number;
    runId?: string;
    isStopped?: () => boolean;
  } = {},
): Promise<TryResult[]> {
  await queueDueSchedules(services.db, schedules);
  const byQueue = new Map(definitions.map((definition) => [definition.queue, definition]));
  const results: TryResult[] = [];
  while (results.length < maxJobs && !isStopped()) {
    const [row] = await claimJobs(services.db, definitions, runId, 1);
    if (!row) break;
    results.push(await runClaimed(services, byQueue.get(row.queue)!, row, runId, isStopped));
  }
  return results;
}

export interface JobWorker {
  /** Looks for work now (a route just queued some). */
  nudge(): void;
  /** Stops claiming; resolves when the tries under way have ended (a long one stops early). */
  stop(): Promise<void>;
  /** Hands back the jobs this worker still holds (a shutdown out of time): claimable at once. */
  release(): Promise<number>;
}

/** Starts the worker's loop: up to `concurrency` jobs at once, a look every `intervalMs`. */
export function startJobWorker({
  services,
  definitions,
  schedules = [],
  concurrency = JOB_CONCURRENCY,
  intervalMs = JOB_POLL_MS,
}: WorkerOptions): JobWorker {
  const { db, log } = services;
  const byQueue = new Map(definitions.map((definition) => [definition.queue, definition]));
  const runId = `${process.pid}-${randomUUID()}`;
  const running = new Set<Promise<unknown>>();
  let stopped = false;
  let looking: Promise<void> | null = null;
  let again = false;
  let registered = false;
  const isStopped = () => stopped;

  const look = async (): Promise<void> => {
    try {
      if (!registered) {
        await registerSchedules(db, schedules);
        registered = true;
      }
      await queueDueSchedules(db, schedules);
      while (!stopped) {
        const rows = await claimJobs(db, definitions, runId, concurrency - running.size);
        if (stopped) {
          // Stopped while this claim was under way: what it took goes back untried.
          await handBack(db, runId, rows);
          break;
        }
        for (const row of rows) {
          const definition = byQueue.get(row.queue)!;
          const tried = runClaimed(services, definition, row, runId, isStopped)
            .catch((error: unknown) =>
              log.error({ err: error, event: 'job', jobId: row.id }, 'A job could not be settled'),
            )
            .finally(() => {
              running.delete(tried);
              // A slot is free: take the next due job now, not at the next round.
              if (!stopped) tick();
            });
          running.add(tried);
        }
        if (rows.length === 0 || running.size >= concurrency || stopped) break;
      }
    } catch (error) {
      log.warn({ err: error }, 'The job queue could not be read; will retry');
    }
  };
  const tick = (): void => {
    if (stopped) return;
    if (looking) {
      again = true;
      return;
    }
    looking = look().finally(() => {
      looking = null;
      if (again) {
        again = false;
        tick();
      }
    });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    nudge: tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await looking;
      await Promise.allSettled([...running]);
    },
    async release() {
      // A look under way could claim again what is handed back here: let it end first.
      stopped = true;
      clearInterval(timer);
      await looking;
      for (const definition of definitions) await definition.release?.(db, runId);
      return handBack(db, runId);
    },
  };
}
