// Durable import tasks (docs/adr/0014-durable-import-tasks.md): what the onboarding routes call.
// A task is a row of `import_tasks`; the worker (importWorker.ts) runs it in the background. At most
// one task per account is queued or running (a partial unique index); a failed task is resumed from
// where it stopped ("Try again"). Credentials live in `pms_connections` and never leave this module
// and the worker: nothing here returns or logs them.
import type { Sql } from '../db/database';
import { enqueueJob } from '../jobs/jobs';
import type { Credentials, PmsName } from '../pms/pms';
import type { SecretVault } from '../secrets/vault';

export type ImportState = 'queued' | 'running' | 'succeeded' | 'failed';
export type ImportStep = 'connecting' | 'listings' | 'reservations' | 'screening';
export const IMPORT_STEPS: readonly ImportStep[] = [
  'connecting',
  'listings',
  'reservations',
  'screening',
];

export interface StepProgress {
  done: number;
  /** Null while the system has not said how many there are. */
  total: number | null;
}

/** A task as the status route answers it: no credentials, no lease details. */
export interface ImportTask {
  id: string;
  accountId: string;
  pms: PmsName;
  state: ImportState;
  step: ImportStep;
  progress: Record<Exclude<ImportStep, 'connecting'>, StepProgress>;
  /** A sentence for the host when it failed (or, while waiting to retry, why it waits). */
  errorMessage: string | null;
  errorCode: ImportErrorCode | null;
  attempts: number;
  createdBy: string | null;
  createdAt: string;
  startedAt: string | null;
  heartbeatAt: string | null;
  finishedAt: string | null;
}

/** Why a task failed (or waits): stable words the UI may branch on. */
export type ImportErrorCode =
  | 'pms_auth'
  | 'pms_unavailable'
  | 'pms_not_supported'
  | 'connection_missing'
  | 'import_abandoned'
  | 'import_error';

/** What a caller did that cannot be done; `code` is the API's error code. */
export class ImportTaskError extends Error {
  constructor(
    readonly code: 'import_in_progress' | 'import_not_found' | 'import_not_failed',
    message: string,
  ) {
    super(message);
    this.name = 'ImportTaskError';
  }
}

interface TaskRow {
  id: string;
  account_id: string;
  pms: PmsName;
  state: ImportState;
  step: ImportStep;
  listings_done: number;
  listings_total: number | null;
  reservations_done: number;
  reservations_total: number | null;
  screening_done: number;
  screening_total: number | null;
  error_message: string | null;
  error_code: ImportErrorCode | null;
  attempts: number;
  created_by: string | null;
  created_at: string;
  started_at: string | null;
  heartbeat_at: string | null;
  finished_at: string | null;
}

/** The columns of `import_tasks` that `toTask` reads (every id as text). */
export const TASK_COLUMNS = `id::text as id, account_id::text as account_id, pms, state, step,
  listings_done, listings_total, reservations_done, reservations_total, screening_done,
  screening_total, error_message, error_code, attempts, created_by::text as created_by, created_at,
  started_at, heartbeat_at, finished_at`;

export function toTask(row: TaskRow): ImportTask {
  return {
    id: row.id,
    accountId: row.account_id,
    pms: row.pms,
    state: row.state,
    step: row.step,
    progress: {
      listings: { done: row.listings_done, total: row.listings_total },
      reservations: { done: row.reservations_done, total: row.reservations_total },
      screening: { done: row.screening_done, total: row.screening_total },
    },
    errorMessage: row.error_message,
    errorCode: row.error_code,
    attempts: row.attempts,
    createdBy: row.created_by,
    createdAt: row.created_at,
    startedAt: row.started_at,
    heartbeatAt: row.heartbeat_at,
    finishedAt: row.finished_at,
  };
}

const inProgress = () =>
  new ImportTaskError(
    'import_in_progress',
    'An import is already under way for this account. Wait for it to finish.',
  );

/**
 * Saves (or replaces) the account's credentials for a system, checked by the caller first
 * (`PmsConnection.validate`). The connection is `pending` until an import succeeds.
 */
export async function saveConnection(
  sql: Sql,
  input: { accountId: string; pms: PmsName; credentials: Credentials },
  vault: SecretVault,
): Promise<void> {
  await sql.query(
    `insert into pms_connections (account_id, pms, credentials)
     values ($1::bigint, $2, $3::jsonb)
     on conflict (account_id, pms) do update
       set credentials = excluded.credentials, status = 'pending', updated_at = now()`,
    [input.accountId, input.pms, JSON.stringify(vault.seal(input.credentials))],
  );
}

/** The queue of the job that runs an import task (./importJob.ts). */
export const IMPORT_QUEUE = 'import';
/** Runs of one task (claims) before it fails: the system unavailable, or the API dying under it. */
export const IMPORT_MAX_ATTEMPTS = 5;

/** Queues the job that runs task `taskId` (a no-op while one is queued or running). */
async function enqueueImportJob(sql: Sql, taskId: string): Promise<void> {
  await enqueueJob(sql, {
    queue: IMPORT_QUEUE,
    key: taskId,
    payload: { taskId },
    // The task counts its own runs and fails itself; one try more here, so the job outlives it.
    maxAttempts: IMPORT_MAX_ATTEMPTS + 1,
  });
}

/**
 * Queues an import of the account's connected system. Refused with `import_in_progress` when one
 * is already queued or running for the account (whichever system).
 */
export async function enqueueImport(
  sql: Sql,
  input: { accountId: string; pms: PmsName; createdBy: string | null },
): Promise<ImportTask> {
  // `on conflict … do nothing`: a second task is refused without aborting the caller's transaction.
  const [row] = await sql.query<TaskRow>(
    `insert into import_tasks (account_id, pms, created_by)
     values ($1::bigint, $2, $3::bigint)
     on conflict (account_id) where state in ('queued', 'running') do nothing
     returning ${TASK_COLUMNS}`,
    [input.accountId, input.pms, input.createdBy],
  );
  if (!row) throw inProgress();
  await enqueueImportJob(sql, row.id);
  return toTask(row);
}

/** A task of the account (null if there is none by that id in that account). */
export async function readImportTask(
  sql: Sql,
  accountId: string,
  taskId: string,
): Promise<ImportTask | null> {
  if (!/^[1-9][0-9]{0,18}$/.test(taskId)) return null;
  const [row] = await sql.query<TaskRow>(
    `select ${TASK_COLUMNS} from import_tasks where id = $1::bigint and account_id = $2::bigint`,
    [taskId, accountId],
  );
  return row ? toTask(row) : null;
}

/** The account's newest task (for the settings page and a returning connect page). */
export async function latestImportTask(sql: Sql, accountId: string): Promise<ImportTask | null> {
  const [row] = await sql.query<TaskRow>(
    `select ${TASK_COLUMNS} from import_tasks where account_id = $1::bigint
     order by created_at desc, id desc limit 1`,
    [accountId],
  );
  return row ? toTask(row) : null;
}

/** The account's newest task importing from `pms` (a returning connect page). */
export async function latestImportTaskOf(
  sql: Sql,
  accountId: string,
  pms: PmsName,
): Promise<ImportTask | null> {
  const [row] = await sql.query<TaskRow>(
    `select ${TASK_COLUMNS} from import_tasks where account_id = $1::bigint and pms = $2
     order by created_at desc, id desc limit 1`,
    [accountId, pms],
  );
  return row ? toTask(row) : null;
}

/**
 * "Try again": a failed task is queued again and resumes from its step and cursor, with its
 * attempts reset. Refused when it did not fail, or when another import of the account is active.
 */
export async function retryImport(
  sql: Sql,
  accountId: string,
  taskId: string,
): Promise<ImportTask> {
  const task = await readImportTask(sql, accountId, taskId);
  if (!task) throw new ImportTaskError('import_not_found', 'There is no such import.');
  if (task.state !== 'failed')
    throw new ImportTaskError(
      'import_not_failed',
      'Only an import that failed can be tried again.',
    );
  const [active] = await sql.query(
    `select 1 from import_tasks where account_id = $1::bigint and state in ('queued', 'running')`,
    [accountId],
  );
  if (active) throw inProgress();
  const [row] = await sql.query<TaskRow>(
    `update import_tasks
     set state = 'queued', attempts = 0, error_message = null, error_code = null, run_after = now(),
         finished_at = null, locked_by = null, locked_until = null, updated_at = now()
     where id = $1::bigint and state = 'failed'
     returning ${TASK_COLUMNS}`,
    [taskId],
  );
  if (!row) throw inProgress();
  await enqueueImportJob(sql, row.id);
  return toTask(row);
}
