// The admin's view of the background work (issue 31, /admin/jobs): the job queues, their
// schedules, the jobs themselves, and the mail log. What leaves through these schemas is what the
// tables say about the work, never the work's content: a job's payload is reduced to the ids it
// names (jobAdmin.ts, `payloadRefs`), a mail is shown without its body.
import { Type, type Static } from '@sinclair/typebox';
import {
  DateTime,
  Id,
  named,
  nullable,
  pageProperties,
  pagingQuery,
  query,
  ref,
  stringEnum,
  stringMap,
} from '../http/schemas';

export const JOB_STATES = ['queued', 'running', 'succeeded', 'failed', 'discarded'] as const;
export type JobStateValue = (typeof JOB_STATES)[number];

/** A mail's fate in the log: waiting for its delivery job, accepted by the server, or refused. */
export const MAIL_STATES = ['queued', 'delivered', 'failed'] as const;
export type MailState = (typeof MAIL_STATES)[number];

/** A queue's name, as the jobs table allows it. */
export const QUEUE_PATTERN = '^[a-z][a-z0-9_.-]{0,62}$';

const Count = (description?: string) =>
  Type.Integer({ minimum: 0, ...(description ? { description } : {}) });

export const AdminJobQueueSchema = named(
  'AdminJobQueue',
  {
    queue: Type.String({ description: 'The queue’s name (`mail`, `import`, `maintenance` …).' }),
    queued_due: Count('Queued and due now: waiting for a free worker.'),
    queued_later: Count('Queued for later: a retry waiting its back-off, or work planned ahead.'),
    running: Count('Claimed by a worker now.'),
    failed: Count('Failed for good, kept until retried or discarded.'),
    succeeded_24h: Count('Finished in the last 24 hours.'),
  },
  { description: 'What one queue holds now.' },
);

export const AdminJobScheduleSchema = named(
  'AdminJobSchedule',
  {
    name: Type.String(),
    cron: Type.String({ description: 'Five or six fields, read in UTC.' }),
    queue: Type.String(),
    next_run_at: DateTime(),
    last_run_at: nullable(DateTime('Never, until its first period has run.')),
  },
  { description: 'A recurring schedule: each period queues one job, once across every API.' },
);

export const AdminJobSchema = named(
  'AdminJob',
  {
    id: Id(),
    queue: Type.String(),
    state: stringEnum(JOB_STATES),
    attempts: Count('Tries started (a manual retry starts again from 0).'),
    max_attempts: Type.Integer({ minimum: 1 }),
    run_after: DateTime('Not before this moment (queued); when it was last due (otherwise).'),
    locked_by: nullable(Type.String({ description: 'The worker holding it (running only).' })),
    locked_until: nullable(DateTime('Its lease: another worker may take it after this.')),
    last_error: nullable(Type.String({ description: 'The last failed try’s error.' })),
    schedule: nullable(Type.String({ description: 'The schedule whose period queued it.' })),
    refs: stringMap(Type.String(), {
      description:
        'What the job is about, from its payload: only the keys ending in `Id` (`mailId`, `connectionId` …) and `period`, with short plain values. The payload itself is never answered: it may hold what only the worker should read.',
    }),
    created_at: DateTime(),
    updated_at: DateTime(),
    started_at: nullable(DateTime('Its first try’s start.')),
    finished_at: nullable(DateTime('When it succeeded, failed for good or was discarded.')),
  },
  { description: 'A background job as staff see it.' },
);
export type AdminJob = Static<typeof AdminJobSchema>;

export const AdminJobPageSchema = named('AdminJobPage', pageProperties(ref(AdminJobSchema)), {
  description: 'Jobs of one queue or state, paged.',
});

export const AdminJobOverviewSchema = named(
  'AdminJobOverview',
  {
    queues: Type.Array(ref(AdminJobQueueSchema), {
      description: 'Every queue with work now, in the last 24 hours or on a schedule; by name.',
    }),
    schedules: Type.Array(ref(AdminJobScheduleSchema), { description: 'By next run.' }),
    jobs: ref(AdminJobPageSchema),
  },
  { description: 'The background work at a glance, and one list of its jobs.' },
);

export const AdminJobQuery = query({
  queue: Type.Optional(Type.String({ pattern: QUEUE_PATTERN, maxLength: 63 })),
  state: Type.Optional(
    stringEnum(JOB_STATES, {
      description:
        'Only jobs in this state (default: every state). Running jobs come by start, queued ones by when they are due, finished ones newest first.',
    }),
  ),
  from: pagingQuery.from,
  size: pagingQuery.size,
});

export const AdminMailSchema = named(
  'AdminMail',
  {
    id: Id(),
    to: Type.String(),
    kind: Type.String({ description: 'Which template made it (`password_reset`, …).' }),
    subject: Type.String(),
    state: stringEnum(MAIL_STATES),
    created_at: DateTime(),
    delivered_at: nullable(DateTime('Accepted by the mail server.')),
    failed_at: nullable(DateTime('Refused for good.')),
    attempts: Count(),
    last_error: nullable(Type.String()),
    message_id: nullable(
      Type.String({ description: 'The mail server’s id of the message, once accepted.' }),
    ),
    account_id: nullable(Id()),
    reservation_id: nullable(Id()),
  },
  { description: 'A mail of the log, without its body: what support needs to answer for it.' },
);
export type AdminMail = Static<typeof AdminMailSchema>;

export const AdminMailPageSchema = named('AdminMailPage', pageProperties(ref(AdminMailSchema)), {
  description: 'The mail log, newest first, paged.',
});

export const AdminMailQuery = query({
  recipient: Type.Optional(
    Type.String({
      format: 'email',
      maxLength: 254,
      description: 'Only mails to this address (the whole address, any case).',
    }),
  ),
  kind: Type.Optional(Type.String({ pattern: '^[a-z][a-z0-9_]{0,62}$', maxLength: 63 })),
  state: Type.Optional(stringEnum(MAIL_STATES)),
  from: pagingQuery.from,
  size: pagingQuery.size,
});

export const ADMIN_JOB_SCHEMAS = [
  AdminJobQueueSchema,
  AdminJobScheduleSchema,
  AdminJobSchema,
  AdminJobPageSchema,
  AdminJobOverviewSchema,
  AdminMailSchema,
  AdminMailPageSchema,
];
