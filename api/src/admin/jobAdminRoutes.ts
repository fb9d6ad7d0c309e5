// Hostdash staff watch the background work (issue 31, /admin/jobs; docs/adr/0026-durable-jobs.md):
// what each queue holds, the schedules, the running, waiting and failed jobs; they retry a failed
// job or discard one that should not run, each written to the audit log; and they read the mail
// log per recipient, so support can answer "I never got the mail".
//
// These routes only read `jobs`, `job_schedules` and `mail_outbox` (and write the two state
// changes below): they work for any queue, whoever defines it. What they never answer:
// - a job's payload as it is: it may hold what only its worker should read (an address, a webhook's
//   body). `refs` keeps the keys ending in `Id` (not a token's, a session's or a secret's) and
//   `period`, when their value is a short plain word or number;
// - a job's key (a de-duplication key may be built from anything);
// - a mail's body: a waiting one holds one-time links, a delivered one has none any more.
import { Type } from '@sinclair/typebox';
import { requireAdmin } from '../auth/caller';
import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import { ApiError, notFound } from '../http/errors';
import { errors, IdParams, ref, SESSION, type Api } from '../http/schemas';
import { SqlParams } from '../http/sqlParams';
import { MAIL_QUEUE } from '../mail/outbox';
import { writeAudit } from './audit';
import {
  AdminJobOverviewSchema,
  AdminJobQuery,
  AdminJobSchema,
  AdminJobScheduleSchema,
  AdminMailPageSchema,
  AdminMailQuery,
  type AdminJob,
  type AdminMail,
  type JobStateValue,
} from './jobAdminSchemas';

/** A payload key that names what a job is about: `mailId`, `connectionId`, `reservationId` … */
const REF_KEY = /^[a-z][A-Za-z0-9]{0,40}Id$/;
/** …unless its name says it is a credential. */
const SECRET_KEY = /token|secret|session|password|passcode|key|signature|credential/i;
/** A value short and plain enough to be an id or a period, never a sentence or a link. */
const REF_VALUE = /^[A-Za-z0-9_.:-]{1,64}$/;
const MAX_REFS = 10;

/** What a job's payload says it is about, and nothing else (see the file's comment). */
export function payloadRefs(payload: unknown): Record<string, string> {
  const refs: Record<string, string> = {};
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return refs;
  for (const [key, value] of Object.entries(payload as Record<string, unknown>)) {
    if (Object.keys(refs).length >= MAX_REFS) break;
    const named = key === 'period' || (REF_KEY.test(key) && !SECRET_KEY.test(key));
    if (!named) continue;
    const text =
      typeof value === 'string'
        ? value
        : typeof value === 'number' && Number.isSafeInteger(value)
          ? String(value)
          : null;
    if (text !== null && REF_VALUE.test(text)) refs[key] = text;
  }
  return refs;
}

const JOB_COLUMNS = `j.id::text as id, j.queue, j.state, j.attempts, j.max_attempts, j.run_after,
  j.locked_by, j.locked_until, j.last_error, j.schedule, j.payload, j.created_at, j.updated_at,
  j.started_at, j.finished_at`;

type JobRow = Omit<AdminJob, 'refs'> & { payload: unknown; key?: string | null };

const toJobView = ({ payload, key: _key, ...row }: JobRow): AdminJob => ({
  ...row,
  refs: payloadRefs(payload),
});

/** How each state's list is read: the stuck and the overdue first, the finished newest first. */
const JOB_ORDER: Record<JobStateValue | 'any', string> = {
  running: 'j.started_at nulls last, j.id',
  queued: 'j.run_after, j.id',
  failed: 'j.finished_at desc nulls last, j.id desc',
  succeeded: 'j.finished_at desc nulls last, j.id desc',
  discarded: 'j.finished_at desc nulls last, j.id desc',
  any: 'j.updated_at desc, j.id desc',
};

const MAIL_STATE_SQL = `case when m.delivered_at is not null then 'delivered'
  when m.failed_at is not null then 'failed' else 'queued' end`;

const MAIL_STATE_WHERE = {
  delivered: 'm.delivered_at is not null',
  failed: 'm.failed_at is not null',
  queued: 'm.delivered_at is null and m.failed_at is null',
} as const;

/**
 * A page of `select … , count(*) over () as total` rows: the total from the rows, or counted again
 * when the page is past the end (no row to carry it).
 */
async function paged<Row extends { total: string | number }>(
  sql: Sql,
  rows: Row[],
  countSql: string,
  countParams: unknown[],
  from: number,
): Promise<{ items: Omit<Row, 'total'>[]; total: number }> {
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (!rows[0] && from > 0) {
    const [count] = await sql.query<{ total: number }>(countSql, countParams);
    total = count?.total ?? 0;
  }
  return { items: rows.map(({ total: _total, ...row }) => row), total };
}

const JOB_NOT_FOUND = 'There is no job with that id.';

const STATE_WORDS: Record<JobStateValue, string> = {
  queued: 'is waiting to run',
  running: 'is running now',
  succeeded: 'has succeeded',
  failed: 'has failed',
  discarded: 'was discarded',
};

/** The job, locked for the change, or 404. */
/** A schedule as staff see it (AdminJobSchedule). */
interface ScheduleRow {
  name: string;
  cron: string;
  queue: string;
  next_run_at: string;
  last_run_at: string | null;
}
const SCHEDULE_COLUMNS = 'name, cron, queue, next_run_at, last_run_at';

async function lockedJob(tx: Sql, id: string): Promise<JobRow> {
  const [row] = await tx.query<JobRow>(
    `select ${JOB_COLUMNS}, j.key from jobs j where j.id = $1::bigint for update`,
    [id],
  );
  if (!row) throw notFound(JOB_NOT_FOUND);
  return row;
}

export function registerJobAdminRoutes(app: Api, { db, jobsQueued }: AppContext): void {
  app.get(
    '/admin/jobs',
    {
      schema: {
        summary: 'The background work: queues, schedules and one list of jobs (staff)',
        description: [
          'Every queue with its counts, every schedule, and the jobs of `queue` and `state` (both optional), paged: running ones by start (the longest first), queued ones by when they are due, finished ones newest first.',
          'A job’s payload is never answered: `refs` keeps the ids it names (keys ending in `Id`, except a token’s, a session’s or a secret’s) and `period`.',
        ].join('\n'),
        tags: ['admin'],
        security: SESSION,
        querystring: AdminJobQuery,
        response: { 200: ref(AdminJobOverviewSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      await requireAdmin(db, request);
      const { queue, state, from, size } = request.query;
      const queues = await db.query<{
        queue: string;
        queued_due: number;
        queued_later: number;
        running: number;
        failed: number;
        succeeded_24h: number;
      }>(
        `with counts as (
           select queue,
             count(*) filter (where state = 'queued' and run_after <= now())::int as queued_due,
             count(*) filter (where state = 'queued' and run_after > now())::int as queued_later,
             count(*) filter (where state = 'running')::int as running,
             count(*) filter (where state = 'failed')::int as failed,
             count(*) filter (where state = 'succeeded')::int as succeeded_24h
           from jobs
           where state in ('queued', 'running', 'failed')
              or (state = 'succeeded' and finished_at > now() - interval '24 hours')
           group by queue
         )
         select q.queue, coalesce(c.queued_due, 0) as queued_due,
                coalesce(c.queued_later, 0) as queued_later, coalesce(c.running, 0) as running,
                coalesce(c.failed, 0) as failed, coalesce(c.succeeded_24h, 0) as succeeded_24h
         from (select queue from counts union select queue from job_schedules) q
         left join counts c on c.queue = q.queue
         order by q.queue`,
      );
      const schedules = await db.query<ScheduleRow>(
        `select ${SCHEDULE_COLUMNS} from job_schedules order by next_run_at, name`,
      );
      const params = new SqlParams();
      const conditions: string[] = [];
      if (queue) conditions.push(`j.queue = ${params.add(queue)}`);
      if (state) conditions.push(`j.state = ${params.add(state)}`);
      const where = conditions.length > 0 ? `where ${conditions.join(' and ')}` : '';
      const whereParams = [...params.values];
      const rows = await db.query<JobRow & { total: string }>(
        `select ${JOB_COLUMNS}, count(*) over () as total from jobs j ${where}
         order by ${JOB_ORDER[state ?? 'any']}
         limit ${params.add(size)} offset ${params.add(from)}`,
        params.values,
      );
      const page = await paged(
        db,
        rows,
        `select count(*)::int as total from jobs j ${where}`,
        whereParams,
        from,
      );
      return {
        queues,
        schedules,
        jobs: { items: page.items.map(toJobView), total: page.total, size, from },
      };
    },
  );

  app.post(
    '/admin/jobs/:id/retry',
    {
      schema: {
        summary: 'Run a failed or discarded job again, now (staff)',
        description:
          'The job is queued again with its tries counted from 0 and its last error cleared; a `mail` job’s mail is no longer marked failed, so its delivery job sends it. Written to the audit log (`job.retry`). 409 when the job is queued or running (nothing to retry), has succeeded, or another job for the same work is already waiting.',
        tags: ['admin'],
        security: SESSION,
        params: IdParams,
        response: { 200: ref(AdminJobSchema), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const admin = await requireAdmin(db, request);
      const { id } = request.params;
      const job = await db.transaction(async (tx) => {
        const row = await lockedJob(tx, id);
        if (row.state !== 'failed' && row.state !== 'discarded')
          throw new ApiError(
            409,
            'job_not_retryable',
            `Job ${id} ${STATE_WORDS[row.state]}: only a failed or discarded job can be retried.`,
          );
        // At most one queued or running job per queue and key (jobs_active_key).
        if (row.key) {
          const [twin] = await tx.query<{ id: string; state: JobStateValue }>(
            `select id::text as id, state from jobs
             where queue = $1 and key = $2 and state in ('queued', 'running') and id <> $3::bigint`,
            [row.queue, row.key, id],
          );
          if (twin)
            throw new ApiError(
              409,
              'job_already_queued',
              `Job ${twin.id} does the same work and ${STATE_WORDS[twin.state]}: there is nothing to retry.`,
            );
        }
        const [queued] = await tx.query<JobRow>(
          `update jobs j set state = 'queued', attempts = 0, run_after = now(), last_error = null,
             locked_by = null, locked_until = null, started_at = null, finished_at = null,
             updated_at = now()
           where j.id = $1::bigint
           returning ${JOB_COLUMNS}`,
          [id],
        );
        // A mail marked failed is skipped by its delivery job: it is waiting again.
        const mailId = row.queue === MAIL_QUEUE ? mailIdOf(row.payload) : null;
        if (mailId)
          await tx.query(
            `update mail_outbox set failed_at = null
             where id = $1::bigint and delivered_at is null and failed_at is not null`,
            [mailId],
          );
        await writeAudit(tx, {
          actorUserId: admin.id,
          action: 'job.retry',
          detail: {
            job_id: id,
            queue: row.queue,
            from: row.state,
            ...(mailId ? { mail_id: mailId } : {}),
          },
        });
        return queued!;
      });
      jobsQueued();
      request.log.info(
        { event: 'job_retried', jobId: id, queue: job.queue, by: admin.id },
        'A job was retried by an admin',
      );
      return toJobView(job);
    },
  );

  app.post(
    '/admin/jobs/schedules/:name/run',
    {
      schema: {
        summary: 'Run a schedule now (staff)',
        description:
          'The schedule becomes due now: the next look of any API queues its job, as at its time (once across every API), and its next run is then counted from now. The monthly `billing.close` run now closes the month that ended before today. Written to the audit log (`job.schedule_run`). 404 for a schedule no API runs.',
        tags: ['admin'],
        security: SESSION,
        params: Type.Object({ name: Type.String({ maxLength: 100 }) }),
        response: { 200: ref(AdminJobScheduleSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const admin = await requireAdmin(db, request);
      const { name } = request.params;
      const schedule = await db.transaction(async (tx) => {
        const [row] = await tx.query<ScheduleRow>(
          `update job_schedules set next_run_at = now(), updated_at = now() where name = $1
           returning ${SCHEDULE_COLUMNS}`,
          [name],
        );
        if (!row) throw notFound('There is no schedule of that name.');
        await writeAudit(tx, {
          actorUserId: admin.id,
          action: 'job.schedule_run',
          detail: { schedule: name, queue: row.queue },
        });
        return row;
      });
      jobsQueued();
      request.log.info(
        { event: 'job_schedule_run', schedule: name, by: admin.id },
        'A schedule was run now by an admin',
      );
      return schedule;
    },
  );

  app.post(
    '/admin/jobs/:id/discard',
    {
      schema: {
        summary: 'Give up a queued or failed job (staff)',
        description:
          'The job will not run (again); it stays in the list as `discarded` and can be retried later. A `mail` job’s mail that was not sent is marked failed in the mail log. Written to the audit log (`job.discard`). 409 for a running job (its worker holds it), one that succeeded, or one already discarded.',
        tags: ['admin'],
        security: SESSION,
        params: IdParams,
        response: { 200: ref(AdminJobSchema), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const admin = await requireAdmin(db, request);
      const { id } = request.params;
      const job = await db.transaction(async (tx) => {
        const row = await lockedJob(tx, id);
        if (row.state !== 'queued' && row.state !== 'failed')
          throw new ApiError(
            409,
            'job_not_discardable',
            `Job ${id} ${STATE_WORDS[row.state]}: only a queued or failed job can be discarded.`,
          );
        const [discarded] = await tx.query<JobRow>(
          `update jobs j set state = 'discarded', finished_at = now(), updated_at = now()
           where j.id = $1::bigint
           returning ${JOB_COLUMNS}`,
          [id],
        );
        // The mail log must not say "queued" for a mail nobody will send.
        const mailId = row.queue === MAIL_QUEUE ? mailIdOf(row.payload) : null;
        if (mailId)
          await tx.query(
            `update mail_outbox
             set failed_at = now(),
                 last_error = coalesce(last_error, 'Discarded by Hostdash staff before it was sent.')
             where id = $1::bigint and delivered_at is null and failed_at is null`,
            [mailId],
          );
        await writeAudit(tx, {
          actorUserId: admin.id,
          action: 'job.discard',
          detail: {
            job_id: id,
            queue: row.queue,
            from: row.state,
            ...(mailId ? { mail_id: mailId } : {}),
          },
        });
        return discarded!;
      });
      request.log.info(
        { event: 'job_discarded', jobId: id, queue: job.queue, by: admin.id },
        'A job was discarded by an admin',
      );
      return toJobView(job);
    },
  );

  app.get(
    '/admin/mails',
    {
      schema: {
        summary: 'The mail log, per recipient (staff)',
        description:
          'Every mail the product wrote, newest first: to whom, which kind, its subject and its fate (`queued`, `delivered` to the mail server, `failed` with the reason). `recipient` is the whole address, in any case. A mail’s body is never answered.',
        tags: ['admin'],
        security: SESSION,
        querystring: AdminMailQuery,
        response: { 200: ref(AdminMailPageSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      await requireAdmin(db, request);
      const { recipient, kind, state, from, size } = request.query;
      const params = new SqlParams();
      const conditions: string[] = [];
      if (recipient)
        conditions.push(`lower(m.to_address) = lower(${params.add(recipient.trim())})`);
      if (kind) conditions.push(`m.kind = ${params.add(kind)}`);
      if (state) conditions.push(MAIL_STATE_WHERE[state]);
      const where = conditions.length > 0 ? `where ${conditions.join(' and ')}` : '';
      const whereParams = [...params.values];
      // Named column by column: the body and its HTML part are never read here.
      const rows = await db.query<AdminMail & { total: string }>(
        `select m.id::text as id, m.to_address as "to", m.kind, m.subject,
                ${MAIL_STATE_SQL} as state, m.created_at, m.delivered_at, m.failed_at, m.attempts,
                m.last_error, m.message_id, m.account_id::text as account_id,
                m.reservation_id::text as reservation_id, count(*) over () as total
         from mail_outbox m ${where}
         order by m.created_at desc, m.id desc
         limit ${params.add(size)} offset ${params.add(from)}`,
        params.values,
      );
      const page = await paged(
        db,
        rows,
        `select count(*)::int as total from mail_outbox m ${where}`,
        whereParams,
        from,
      );
      return { items: page.items, total: page.total, size, from };
    },
  );
}

/** The mail a `mail` job delivers (its payload's `mailId`), if it names one. */
function mailIdOf(payload: unknown): string | null {
  const mailId = payloadRefs(payload).mailId;
  return mailId && /^[0-9]{1,18}$/.test(mailId) ? mailId : null;
}
