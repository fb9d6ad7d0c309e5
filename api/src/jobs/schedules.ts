// Recurring jobs (docs/adr/0026-durable-jobs.md): a schedule is a cron expression (UTC, parsed by
// croner) and the queue its runs go to. Every worker looks at the due schedules each round and
// tries to move each one's `next_run_at` on with a conditional update; the one worker whose update
// matched queues that period's job (in the same transaction), the others find the row moved on. So
// a period runs once however many APIs share the database. A period missed while every API was down
// runs once when one comes back, not once per missed period.
import { Cron } from 'croner';
import type { Database, Sql } from '../db/database';
import { enqueueJob, type JobPayload, type JobQueue } from './jobs';

export interface JobSchedule {
  /** Unique, stable: the row of `job_schedules`. */
  name: string;
  /** Five or six fields (seconds first when six), read in UTC. */
  cron: string;
  queue: JobQueue;
  payload?: JobPayload;
}

/** The first run of `cron` after `from` (UTC). Throws on an expression croner refuses. */
export function nextRunOf(cron: string, from: Date): Date {
  const next = new Cron(cron, { timezone: 'UTC', paused: true }).nextRun(from);
  if (!next) throw new Error(`the schedule "${cron}" never runs again`);
  return next;
}

/**
 * A cron expression that runs every `minutes` minutes (whole divisors of an hour), or every so many
 * hours for a multiple of 60: how an interval setting becomes a schedule.
 */
export function everyMinutesCron(minutes: number): string {
  if (!Number.isInteger(minutes) || minutes < 1) throw new Error(`invalid interval ${minutes}`);
  if (minutes < 60) return minutes === 1 ? '* * * * *' : `*/${minutes} * * * *`;
  const hours = Math.max(1, Math.round(minutes / 60));
  return hours >= 24 ? '0 0 * * *' : hours === 1 ? '0 * * * *' : `0 */${hours} * * *`;
}

/**
 * Writes the schedules this API runs into `job_schedules`: a new one starts at its next run, one
 * whose expression or queue changed starts again from now; rows of other schedules are left alone
 * (an older API may still run them during a rollout).
 */
export async function registerSchedules(
  sql: Sql,
  schedules: readonly JobSchedule[],
  now: Date = new Date(),
): Promise<void> {
  for (const schedule of schedules) {
    const next = nextRunOf(schedule.cron, now).toISOString();
    await sql.query(
      `insert into job_schedules (name, cron, queue, next_run_at) values ($1, $2, $3, $4::timestamptz)
       on conflict (name) do update set cron = excluded.cron, queue = excluded.queue,
         next_run_at = excluded.next_run_at, updated_at = now()
       where job_schedules.cron <> excluded.cron or job_schedules.queue <> excluded.queue`,
      [schedule.name, schedule.cron, schedule.queue, next],
    );
  }
}

/** Queues one job for each due schedule this worker wins. Returns the names it queued. */
export async function queueDueSchedules(
  db: Database,
  schedules: readonly JobSchedule[],
): Promise<string[]> {
  if (schedules.length === 0) return [];
  const byName = new Map(schedules.map((schedule) => [schedule.name, schedule]));
  // `seen` is the exact instant read (to the microsecond), for the conditional update below.
  const due = await db.query<{ name: string; next_run_at: string; seen: string; now: string }>(
    `select name, next_run_at, extract(epoch from next_run_at)::text as seen, now() as now
     from job_schedules
     where name = any($1::text[]) and next_run_at <= now()`,
    [[...byName.keys()]],
  );
  const queued: string[] = [];
  for (const row of due) {
    const schedule = byName.get(row.name)!;
    const next = nextRunOf(schedule.cron, new Date(row.now)).toISOString();
    const won = await db.transaction(async (tx) => {
      const moved = await tx.query(
        `update job_schedules set next_run_at = $3::timestamptz, last_run_at = now(), updated_at = now()
         where name = $1 and extract(epoch from next_run_at) = $2::float8 returning name`,
        [row.name, row.seen, next],
      );
      if (moved.length === 0) return false;
      await enqueueJob(tx, {
        queue: schedule.queue,
        key: `${schedule.name}@${row.next_run_at}`,
        payload: { ...schedule.payload, period: row.next_run_at },
        schedule: schedule.name,
      });
      return true;
    });
    if (won) queued.push(row.name);
  }
  return queued;
}
