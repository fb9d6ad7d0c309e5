-- One durable job system for all background work (issue 31, docs/adr/0026-durable-jobs.md): mails,
-- imports, scheduled syncs, webhooks, guest invites, retention, billing. A job is a row; a worker
-- claims due rows with FOR UPDATE SKIP LOCKED and a lease (`locked_by`, `locked_until`), so several
-- APIs over one PostgreSQL share the work and a job whose process died is taken by another once its
-- lease expires. A failed try waits longer each time (`run_after`); the last failure is kept, with
-- its error, until an admin retries or discards it (/admin/jobs).
create table jobs (
  id bigint generated always as identity primary key,
  -- What kind of work (`mail`, `import`, `pms.sync` …): the worker runs the queues it knows.
  queue text not null check (queue ~ '^[a-z][a-z0-9_.-]{0,62}$'),
  -- At most one queued or running job per queue and key (e.g. one delivery per mail, one sync per
  -- connection): enqueueing it again while it waits is a no-op.
  key text,
  payload jsonb not null default '{}'::jsonb check (jsonb_typeof(payload) = 'object'),
  -- queued: waiting for run_after; running: claimed (see the lease); succeeded; failed: the tries
  -- ran out, or the work can never succeed; discarded: an admin gave it up.
  state text not null default 'queued'
    check (state in ('queued', 'running', 'succeeded', 'failed', 'discarded')),
  run_after timestamptz not null default now(),
  -- Tries started (claims); the job fails once a try fails and this reached max_attempts.
  attempts integer not null default 0 check (attempts >= 0),
  max_attempts integer not null default 5 check (max_attempts >= 1),
  locked_by text,
  locked_until timestamptz,
  -- The last try's error: a sentence for the admin, never a secret (the worker redacts nothing:
  -- handlers throw messages written for this column).
  last_error text,
  -- The schedule (job_schedules.name) whose run made it, if any.
  schedule text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  check ((state = 'running') = (locked_by is not null))
);
create unique index jobs_active_key on jobs (queue, key)
  where key is not null and state in ('queued', 'running');
-- What the worker reads every few seconds: the due, and the running whose lease may have expired.
create index jobs_due on jobs (run_after, id) where state = 'queued';
create index jobs_running on jobs (locked_until) where state = 'running';
-- The admin's list of failures, newest first; and the pruning of finished jobs.
create index jobs_finished on jobs (state, finished_at desc) where state in ('succeeded', 'failed', 'discarded');

-- Recurring work, as cron expressions. Each API advances `next_run_at` with a conditional update
-- (`where next_run_at = <the value it read>`): of several instances, one wins each period and queues
-- that period's job; the others see the row moved on.
create table job_schedules (
  name text primary key check (name ~ '^[a-z][a-z0-9_.-]{0,62}$'),
  cron text not null,
  queue text not null,
  next_run_at timestamptz not null,
  last_run_at timestamptz,
  updated_at timestamptz not null default now()
);

-- The outbox becomes the mail log (issue 31): what kind of mail, for which account and stay, its
-- HTML part, and its fate — queued (waiting for its delivery job), delivered (`delivered_at`:
-- accepted by the mail server, whose message id is kept) or failed (`failed_at`: refused for good,
-- the reason in `last_error`). Delivery itself is a `mail` job per mail.
alter table mail_outbox add column kind text not null default 'notice';
alter table mail_outbox add column html_body text;
alter table mail_outbox add column account_id bigint references accounts (id) on delete set null;
alter table mail_outbox add column reservation_id bigint references reservations (id) on delete set null;
alter table mail_outbox add column message_id text;
alter table mail_outbox add column failed_at timestamptz;
alter table mail_outbox add constraint mail_outbox_html_until_delivered
  check (delivered_at is null or html_body is null);
alter table mail_outbox add constraint mail_outbox_delivered_or_failed
  check (delivered_at is null or failed_at is null);
create index mail_outbox_recipient on mail_outbox (lower(to_address), created_at desc);
create index mail_outbox_reservation on mail_outbox (reservation_id, created_at desc)
  where reservation_id is not null;
-- The mails that waited for the old poller: each gets its delivery job.
insert into jobs (queue, key, payload)
select 'mail', id::text, jsonb_build_object('mailId', id::text)
from mail_outbox where delivered_at is null;
-- Imports queued or running under the old import poller: each gets the job that runs it.
insert into jobs (queue, key, payload, max_attempts)
select 'import', id::text, jsonb_build_object('taskId', id::text), 6
from import_tasks where state in ('queued', 'running');
