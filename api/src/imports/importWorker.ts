// An import's run (docs/adr/0014-durable-import-tasks.md), started by its `import` job (./importJob.ts,
// docs/adr/0026-durable-jobs.md) on whichever API's job worker claims it. A run claims its task with SKIP LOCKED and a lease (`locked_by`,
// `locked_until`), then goes step by step — connecting (validate), listings, reservations (each page
// upserted, and the progress and the cursor of the next page committed with it), screening — and
// finishes the task and the connection's counts. Every write of a run is guarded by its lease: a run
// that lost its task (it stopped heartbeating and another took over) writes nothing more. A task
// whose run died is claimed again once its lease expires (at once on start-up with the embedded
// database, which only one process opens) and resumes from its cursor; after too many runs it
// fails with a message. Logs name a task by its id and codes only: never credentials.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Sql } from '../db/database';
import { SealedSecretError, type SecretVault } from '../secrets/vault';
import {
  PmsAuthError,
  PmsUnavailableError,
  type Credentials,
  type PmsAdapter,
  type PmsConnection,
  type PmsName,
  type PmsPage,
} from '../pms/pms';
import {
  IMPORT_MAX_ATTEMPTS,
  TASK_COLUMNS,
  toTask,
  type ImportErrorCode,
  type ImportStep,
  type ImportTask,
} from './importTasks';
import {
  countUnscreened,
  importedCounts,
  screenImported,
  upsertListings,
  upsertReservations,
} from './importWrites';
import { mailImportFinished } from '../settings/preferences';

/** How long a claim holds without a heartbeat. */
export const IMPORT_LEASE_MS = 60_000;
/** How often a run renews its lease while a page is under way. */
export const IMPORT_HEARTBEAT_MS = 15_000;
/** Reservations screened per committed batch of the screening step. */
export const SCREENING_BATCH = 500;
/** Reservations are imported from this many days before today. */
export const RESERVATIONS_SINCE_DAYS = 60;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 10 * 60_000;

/** The wait before the next run after `attempts` runs found the system unavailable. */
export function importRetryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

/** The adapter of a system, or null/undefined when Hostdash cannot connect to it (pms/registry). */
export type AdapterLookup = (pms: PmsName) => PmsAdapter | null | undefined;

export interface ImportWorkerOptions {
  db: Database;
  adapters: AdapterLookup;
  log: FastifyBaseLogger;
  /** Opens the connection's sealed credentials. */
  vault: SecretVault;
  leaseMs?: number;
  heartbeatMs?: number;
  maxAttempts?: number;
  /** Today as `YYYY-MM-DD` (injected by tests). */
  today?: () => string;
  /** The dashboard's origin, for the link in the "import finished" mail (SHELL_ORIGIN). */
  shellOrigin?: string;
}

export type RunOutcome = 'succeeded' | 'failed' | 'retrying' | 'stopped' | 'lost';

/** A run no longer holds its task: another run took it over. */
class LeaseLost extends Error {}

const labelOf = (pms: PmsName, adapter: PmsAdapter | null | undefined) =>
  adapter?.descriptor.label ?? pms;

export const authFailedMessage = (label: string) =>
  `The credentials no longer work. Reconnect ${label} with new credentials, then try again.`;

/** Removes every credential value from a text (an adapter's error message may quote a URL). */
function redact(text: string, credentials: Credentials): string {
  return Object.values(credentials)
    .filter((value) => value.length >= 4)
    .reduce((out, value) => out.split(value).join('[redacted]'), text);
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return isoDay(date);
}

/**
 * On start-up: fails the tasks a dead process left running too many times, and makes the others
 * claimable now — with `embedded`, every running task (no other process opens the database); on a
 * server, those whose lease expired (another API may be running the rest). Returns the counts.
 */
export async function recoverImports(
  db: Sql,
  { embedded, maxAttempts = IMPORT_MAX_ATTEMPTS }: { embedded: boolean; maxAttempts?: number },
): Promise<{ resumed: number; failed: number }> {
  const abandoned = embedded ? `state = 'running'` : `state = 'running' and locked_until < now()`;
  const failed = await failExhausted(db, abandoned, maxAttempts);
  const resumed = await db.query(
    `update import_tasks
     set state = 'queued', locked_by = null, locked_until = null, run_after = now(), updated_at = now()
     where ${abandoned}
     returning id`,
  );
  return { resumed: resumed.length, failed };
}

async function failExhausted(db: Sql, abandoned: string, maxAttempts: number): Promise<number> {
  const rows = await db.query(
    `update import_tasks
     set state = 'failed', finished_at = now(), locked_by = null, locked_until = null,
         error_code = 'import_abandoned', updated_at = now(),
         error_message = 'The import stopped unexpectedly several times. Try again: it resumes where it stopped.'
     where ${abandoned} and attempts >= $1
     returning id`,
    [maxAttempts],
  );
  return rows.length;
}

/**
 * Claims a due task (queued and due, or running with an expired lease) for `runId`: `taskId`, or
 * else the next one.
 */
async function claim(
  db: Database,
  runId: string,
  leaseMs: number,
  maxAttempts: number,
  taskId: string | null,
): Promise<ImportTask | null> {
  await failExhausted(db, `state = 'running' and locked_until < now()`, maxAttempts);
  return db.transaction(async (tx) => {
    const [row] = await tx.query<Parameters<typeof toTask>[0] & { cursor: string | null }>(
      `update import_tasks t
       set state = 'running', attempts = t.attempts + 1, locked_by = $1,
           locked_until = now() + $2::float8 * interval '1 millisecond', heartbeat_at = now(),
           started_at = coalesce(t.started_at, now()), error_message = null, error_code = null,
           updated_at = now()
       where t.id = (
         select id from import_tasks
         where ((state = 'queued' and run_after <= now()) or (state = 'running' and locked_until < now()))
           and ($3::bigint is null or id = $3::bigint)
         order by run_after, id
         limit 1
         for update skip locked
       )
       returning ${TASK_COLUMNS}`,
      [runId, leaseMs, taskId],
    );
    return row ? toTask(row) : null;
  });
}

interface Run {
  db: Database;
  task: ImportTask;
  runId: string;
  leaseMs: number;
  shellOrigin: string | null;
}

/**
 * Writes `work` and the task's new progress in one transaction, only while this run holds the
 * task; the lease is renewed with it. Throws LeaseLost (rolling back `work`) otherwise.
 */
async function commit(
  run: Run,
  set: Record<string, unknown>,
  work?: (tx: Sql) => Promise<void>,
): Promise<void> {
  await run.db.transaction(async (tx) => {
    if (work) await work(tx);
    const columns = Object.keys(set);
    const params: unknown[] = [run.task.id, run.runId, ...columns.map((column) => set[column])];
    const assignments = columns.map((column, i) => `${column} = $${i + 3}`);
    // Renewed with every commit, unless this one gives the task up.
    if (!('locked_until' in set)) {
      params.push(run.leaseMs);
      assignments.push(
        `locked_until = now() + $${params.length}::float8 * interval '1 millisecond'`,
      );
    }
    const rows = await tx.query(
      `update import_tasks
       set ${[...assignments, 'heartbeat_at = now()', 'updated_at = now()'].join(', ')}
       where id = $1::bigint and locked_by = $2 and state = 'running'
       returning id`,
      params,
    );
    if (rows.length === 0) throw new LeaseLost();
  });
}

async function finish(
  run: Run,
  outcome: { state: 'failed'; code: ImportErrorCode; message: string } | { state: 'succeeded' },
  connectionStatus: 'connected' | 'reconnect' | 'failed' | null,
): Promise<void> {
  const { accountId, pms } = run.task;
  const set =
    outcome.state === 'succeeded'
      ? { state: 'succeeded', finished_at: new Date().toISOString(), cursor: null }
      : {
          state: 'failed',
          finished_at: new Date().toISOString(),
          error_code: outcome.code,
          error_message: outcome.message,
        };
  await commit(run, { ...set, locked_by: null, locked_until: null }, async (tx) => {
    if (connectionStatus === 'connected') {
      const counts = await importedCounts(tx, accountId, pms);
      await tx.query(
        `update pms_connections
         set status = 'connected', last_sync_at = now(), listings_count = $3,
             reservations_count = $4, updated_at = now()
         where account_id = $1::bigint and pms = $2`,
        [accountId, pms, counts.listings, counts.reservations],
      );
      if (outcome.state === 'succeeded')
        await mailImportFinished(tx, { accountId, pms, counts, shellOrigin: run.shellOrigin });
    } else if (connectionStatus) {
      await tx.query(
        `update pms_connections set status = $3, updated_at = now()
         where account_id = $1::bigint and pms = $2`,
        [accountId, pms, connectionStatus],
      );
    }
  });
}

/**
 * Pages through one step from `cursor`: each page's rows written with the step's progress and the
 * next page's cursor in one commit; the last page moves the task to the `next` step.
 */
async function pageThrough<Item>(
  run: Run,
  where: { step: 'listings' | 'reservations'; next: ImportStep; cursor: string | null },
  fetchPage: (cursor: string | null) => Promise<PmsPage<Item>>,
  write: (tx: Sql, items: Item[]) => Promise<unknown>,
  shouldStop: () => boolean,
): Promise<'done' | 'stopped'> {
  const progress = run.task.progress;
  let cursor = where.cursor;
  for (;;) {
    const page = await fetchPage(cursor);
    const done = progress[where.step].done + page.items.length;
    const last = page.next === null;
    await commit(
      run,
      {
        [`${where.step}_done`]: done,
        [`${where.step}_total`]: page.total,
        cursor: page.next,
        step: last ? where.next : where.step,
      },
      async (tx) => {
        await write(tx, page.items);
      },
    );
    progress[where.step] = { done, total: page.total };
    cursor = page.next;
    if (shouldStop()) return 'stopped';
    if (last) return 'done';
  }
}

/** The steps from where the task stands, each page committed; resolves when done or stopped. */
async function importSteps(
  run: Run,
  connection: PmsConnection,
  cursorAtStart: string | null,
  today: string,
  shouldStop: () => boolean,
): Promise<'done' | 'stopped' | 'auth'> {
  const { accountId, pms } = run.task;
  let step = run.task.step;
  let cursor = cursorAtStart;
  const progress = run.task.progress;

  if (step === 'connecting') {
    const check = await connection.validate();
    if (!check.ok) return 'auth';
    await commit(run, { step: 'listings', cursor: null });
    step = 'listings';
    cursor = null;
    if (shouldStop()) return 'stopped';
  }

  if (step === 'listings') {
    const result = await pageThrough(
      run,
      { step: 'listings', next: 'reservations', cursor },
      (at) => connection.listings(at),
      (tx, items) => upsertListings(tx, accountId, pms, items),
      shouldStop,
    );
    if (result === 'stopped') return 'stopped';
    step = 'reservations';
    cursor = null;
  }

  if (step === 'reservations') {
    const since = daysBefore(today, RESERVATIONS_SINCE_DAYS);
    const result = await pageThrough(
      run,
      { step: 'reservations', next: 'screening', cursor },
      (at) => connection.reservations(at, since),
      (tx, items) => upsertReservations(tx, accountId, pms, items),
      shouldStop,
    );
    if (result === 'stopped') return 'stopped';
  }

  // Screening: the batches are committed as they go; a resumed run screens what is left.
  const left = await countUnscreened(run.db, accountId, pms);
  let screened = progress.screening.done;
  const total = screened + left;
  await commit(run, { screening_total: total });
  for (;;) {
    let count = 0;
    await commit(run, {}, async (tx) => {
      count = await screenImported(tx, accountId, pms, SCREENING_BATCH);
      screened += count;
      await tx.query('update import_tasks set screening_done = $2 where id = $1::bigint', [
        run.task.id,
        screened,
      ]);
    });
    if (count < SCREENING_BATCH) break;
    if (shouldStop()) return 'stopped';
  }
  return 'done';
}

/**
 * Claims and runs one task if it is due — `taskId` (the import job's), or else the next due one.
 * `shouldStop` is asked after every committed page: when it says so the run returns `stopped`,
 * leaving the task running under its lease (as a process that died would) for the caller to hand
 * back (`handBackImport`).
 */
export async function runNextImport(
  options: ImportWorkerOptions,
  shouldStop: () => boolean = () => false,
  runId: string = randomUUID(),
  taskId: string | null = null,
): Promise<{ task: ImportTask; outcome: RunOutcome; runId: string } | null> {
  const { db, adapters, log } = options;
  const leaseMs = options.leaseMs ?? IMPORT_LEASE_MS;
  const maxAttempts = options.maxAttempts ?? IMPORT_MAX_ATTEMPTS;
  const task = await claim(db, runId, leaseMs, maxAttempts, taskId);
  if (!task) return null;
  const run: Run = { db, task, runId, leaseMs, shellOrigin: options.shellOrigin ?? null };
  const [state] = await db.query<{ cursor: string | null; credentials: unknown }>(
    `select t.cursor, c.credentials
     from import_tasks t
     left join pms_connections c on c.account_id = t.account_id and c.pms = t.pms
     where t.id = $1::bigint`,
    [task.id],
  );
  const adapter = adapters(task.pms);
  const label = labelOf(task.pms, adapter);
  // Unreadable (another key): as good as none; the host connects again.
  let credentials: Credentials | null = null;
  try {
    credentials = state?.credentials ? options.vault.open(state.credentials) : null;
  } catch (error) {
    if (!(error instanceof SealedSecretError)) throw error;
    options.log.error({ event: 'import', taskId: task.id, pms: task.pms }, error.message);
  }
  const logged = { event: 'import', taskId: task.id, pms: task.pms, attempt: task.attempts };

  const heartbeat = setInterval(() => {
    void db
      .query(
        `update import_tasks set heartbeat_at = now(),
           locked_until = now() + $3::float8 * interval '1 millisecond'
         where id = $1::bigint and locked_by = $2 and state = 'running'`,
        [task.id, runId, leaseMs],
      )
      .catch(() => undefined);
  }, options.heartbeatMs ?? IMPORT_HEARTBEAT_MS);
  heartbeat.unref();

  const outcome = async (): Promise<RunOutcome> => {
    if (!credentials) {
      await finish(
        run,
        {
          state: 'failed',
          code: 'connection_missing',
          message: `Hostdash has no credentials for ${label} any more. Connect ${label} again.`,
        },
        null,
      );
      return 'failed';
    }
    if (!adapter) {
      await finish(
        run,
        {
          state: 'failed',
          code: 'pms_not_supported',
          message: `Hostdash cannot connect to ${label} yet, so nothing was imported.`,
        },
        'failed',
      );
      return 'failed';
    }
    try {
      const today = options.today?.() ?? isoDay(new Date());
      const result = await importSteps(
        run,
        adapter.connect(credentials),
        state?.cursor ?? null,
        today,
        shouldStop,
      );
      if (result === 'stopped') return 'stopped';
      if (result === 'auth') throw new PmsAuthError('credentials refused at validation');
      await finish(run, { state: 'succeeded' }, 'connected');
      return 'succeeded';
    } catch (error) {
      if (error instanceof LeaseLost) return 'lost';
      if (error instanceof PmsAuthError) {
        await finish(
          run,
          { state: 'failed', code: 'pms_auth', message: authFailedMessage(label) },
          'reconnect',
        );
        return 'failed';
      }
      if (error instanceof PmsUnavailableError) {
        if (task.attempts >= maxAttempts) {
          await finish(
            run,
            {
              state: 'failed',
              code: 'pms_unavailable',
              message: `${label} could not be reached after ${task.attempts} tries. Try again later: the import resumes where it stopped.`,
            },
            'failed',
          );
          return 'failed';
        }
        // Back in the queue after a wait; the host sees why it waits.
        await commit(run, {
          state: 'queued',
          locked_by: null,
          locked_until: null,
          error_code: 'pms_unavailable',
          error_message: `${label} did not answer. Hostdash tries again in a moment.`,
          run_after: new Date(Date.now() + importRetryDelayMs(task.attempts)).toISOString(),
        });
        return 'retrying';
      }
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : 'unknown';
      log.error(
        { ...logged, reason: redact(reason, credentials).slice(0, 300) },
        'An import failed on an unexpected error',
      );
      await finish(
        run,
        {
          state: 'failed',
          code: 'import_error',
          message:
            'The import stopped because of an error on our side. Try again: it resumes where it stopped.',
        },
        'failed',
      );
      return 'failed';
    }
  };

  try {
    const result = await outcome();
    log.info({ ...logged, outcome: result }, 'Import run ended');
    const [row] = await db.query<Parameters<typeof toTask>[0]>(
      `select ${TASK_COLUMNS} from import_tasks where id = $1::bigint`,
      [task.id],
    );
    return { task: row ? toTask(row) : task, outcome: result, runId };
  } catch (error) {
    if (error instanceof LeaseLost) return { task, outcome: 'lost', runId };
    throw error;
  } finally {
    clearInterval(heartbeat);
  }
}

/** Hands a run's task back to the queue (no-op unless that run still holds it): due at once. */
export async function handBackImport(db: Sql, runId: string): Promise<number> {
  const rows = await db.query(
    `update import_tasks set state = 'queued', locked_by = null, locked_until = null,
       run_after = now(), updated_at = now()
     where locked_by = $1 and state = 'running'
     returning id`,
    [runId],
  );
  return rows.length;
}
