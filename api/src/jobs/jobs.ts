// The durable job system (docs/adr/0026-durable-jobs.md): background work as rows of `jobs`
// (migration 0030), queued in the transaction of what they are about and run by the job worker
// (./jobWorker.ts) of whichever API claims them first. A module that has background work declares
// a JobDefinition (its queue, how it runs, how often it may be tried) and lists it in
// ./definitions.ts; it queues work with `enqueueJob`.
import type { PaymentProvider } from '../billing/provider';
import type { FastifyBaseLogger } from 'fastify';
import type { ApiConfig } from '../config';
import type { Database, Sql } from '../db/database';
import type { AdapterLookup } from '../imports/importWorker';
import type { MailTransport } from '../mail/transport';
import type { SecretVault } from '../secrets/vault';

export type JobState = 'queued' | 'running' | 'succeeded' | 'failed' | 'discarded';

/** A queue's name: lower case, digits, `.`, `_`, `-` (the table's check). */
export type JobQueue = string;

export type JobPayload = Record<string, unknown>;

export interface JobRequest {
  queue: JobQueue;
  payload?: JobPayload;
  /** At most one queued or running job per queue and key: queueing it again is a no-op. */
  key?: string | null;
  /** Not before this moment (default: now). */
  runAt?: Date | string;
  /** Tries before the job fails for good (default 5). */
  maxAttempts?: number;
  /** The schedule that made it (set by the scheduler). */
  schedule?: string;
}

/** The services a job runs with (the API's own; tests give theirs). */
export interface JobServices {
  db: Database;
  config: ApiConfig;
  log: FastifyBaseLogger;
  /** Opens sealed PMS credentials. */
  vault: SecretVault;
  /** The PMS adapters (the sandbox's with PMS_SANDBOX). */
  adapters: AdapterLookup;
  /** The payment provider (the monthly charges and their retries). */
  payments: PaymentProvider;
  /** Where mails go; null: no transport is configured and mails wait in the outbox. */
  mail: MailTransport | null;
  /** Tells the worker of this API that work was queued (so it runs now, not at its next round). */
  jobsQueued: () => void;
}

export interface RunningJob {
  id: string;
  queue: JobQueue;
  key: string | null;
  /** This try's number, from 1. */
  attempt: number;
  maxAttempts: number;
  schedule: string | null;
}

export interface JobContext extends JobServices {
  job: RunningJob;
  /** The id of this try's claim (`jobs.locked_by`): a write guarded by it is this try's only. */
  runId: string;
  /** Renews this try's lease; false when the job was taken from it (another worker has it now). */
  heartbeat(): Promise<boolean>;
  /** True once the API is shutting down: a long job stops at its next step and is resumed later. */
  isStopped(): boolean;
}

export interface JobDefinition<Payload extends JobPayload = JobPayload> {
  queue: JobQueue;
  /** How long a claim holds without a heartbeat (default 60 s). A longer job heartbeats. */
  leaseMs?: number;
  /** The wait after the `attempt`-th failed try (default: 30 s doubling, at most an hour). */
  retryDelayMs?: (attempt: number) => number;
  /** Resolves: done. Throws: the try failed (see PermanentJobError and RetryJobLater). */
  run(payload: Payload, context: JobContext): Promise<void>;
  /**
   * Hands back what tries of worker `runId` hold beside the job itself (an import task's own
   * lease), when a shutdown runs out of time. Resolves to how many it handed back.
   */
  release?(db: Sql, runId: string): Promise<number>;
}

/** The work can never succeed (bad data, a permanent refusal): failed now, not tried again. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/**
 * Not now, and not a failure: the job goes back to the queue until `runAt` without using up a try
 * (a long job stopped by a shutdown, a system asking to come back later).
 */
export class RetryJobLater extends Error {
  override name = 'RetryJobLater';
  constructor(
    readonly runAt: Date,
    message = 'to be continued',
  ) {
    super(message);
  }
}

export const DEFAULT_MAX_ATTEMPTS = 5;
export const DEFAULT_LEASE_MS = 60_000;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60 * 1000;

/** The default back-off: 30 s after the first failed try, doubling, at most an hour. */
export function defaultRetryDelayMs(attempt: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempt - 1), MAX_RETRY_MS);
}

/**
 * Queues a job in `sql`'s transaction (rolled back with it). Returns its id, or null when a job of
 * that queue and key is queued or running already. Call `jobsQueued()` after the commit to start it
 * at once on this API.
 */
export async function enqueueJob(sql: Sql, request: JobRequest): Promise<string | null> {
  const runAt =
    request.runAt === undefined
      ? null
      : typeof request.runAt === 'string'
        ? request.runAt
        : request.runAt.toISOString();
  const [row] = await sql.query<{ id: string }>(
    `insert into jobs (queue, key, payload, run_after, max_attempts, schedule)
     values ($1, $2, $3::jsonb, coalesce($4::timestamptz, now()), $5::int, $6)
     on conflict (queue, key) where key is not null and state in ('queued', 'running') do nothing
     returning id::text as id`,
    [
      request.queue,
      request.key ?? null,
      JSON.stringify(request.payload ?? {}),
      runAt,
      request.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      request.schedule ?? null,
    ],
  );
  return row?.id ?? null;
}
