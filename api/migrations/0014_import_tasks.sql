-- Onboarding imports (issue 15, docs/adr/0014-durable-import-tasks.md): the account's connection to
-- its property-management system (PMS), the durable import tasks a worker in the API runs, and the
-- system's own ids on listings and reservations so that an import upserts and never duplicates.

-- One connection per account and system. `credentials` holds what the host typed (API key, secret
-- …): read only by the import worker, never selected by a route, never logged.
create table pms_connections (
  id bigint generated always as identity primary key,
  account_id bigint not null references accounts (id) on delete cascade,
  pms text not null check (pms in (
    'guesty', 'rentalsunited', 'hostaway', 'cloudbeds', 'apaleo', 'myvr', 'beds24', 'smartbnb', 'hostfully',
    'impala', 'opera', 'streamline', 'trackhs', 'escapia', 'stayntouch', 'lavanda', 'inforhms', 'booking'
  )),
  credentials jsonb not null check (jsonb_typeof(credentials) = 'object'),
  -- pending: saved, never imported; connected: the last import succeeded; reconnect: the system
  -- refused the credentials; failed: the last import failed for another reason.
  status text not null default 'pending' check (status in ('pending', 'connected', 'reconnect', 'failed')),
  last_sync_at timestamptz,
  listings_count integer not null default 0 check (listings_count >= 0),
  reservations_count integer not null default 0 check (reservations_count >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (account_id, pms)
);

create table import_tasks (
  id bigint generated always as identity primary key,
  account_id bigint not null references accounts (id) on delete cascade,
  pms text not null,
  state text not null default 'queued' check (state in ('queued', 'running', 'succeeded', 'failed')),
  step text not null default 'connecting'
    check (step in ('connecting', 'listings', 'reservations', 'screening')),
  listings_done integer not null default 0 check (listings_done >= 0),
  listings_total integer check (listings_total >= 0),
  reservations_done integer not null default 0 check (reservations_done >= 0),
  reservations_total integer check (reservations_total >= 0),
  screening_done integer not null default 0 check (screening_done >= 0),
  screening_total integer check (screening_total >= 0),
  -- The system's cursor of the next page of the current step (null: its first page).
  cursor text,
  -- For the host (a sentence) and for the code (a stable word).
  error_message text,
  error_code text,
  -- Runs started (claims); a task is failed once it reaches the worker's limit.
  attempts integer not null default 0 check (attempts >= 0),
  -- Not claimed before this (the back-off after the system was unavailable).
  run_after timestamptz not null default now(),
  -- Which run holds it, and until when: a run that stops heartbeating loses it.
  locked_by text,
  locked_until timestamptz,
  heartbeat_at timestamptz,
  started_at timestamptz,
  finished_at timestamptz,
  created_by bigint references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((state in ('succeeded', 'failed')) = (finished_at is not null)),
  check (state <> 'failed' or (error_message is not null and error_code is not null))
);
-- Two imports for one account never run at once (nor wait at once).
create unique index import_tasks_one_active_per_account on import_tasks (account_id)
  where state in ('queued', 'running');
-- What the worker looks at: the waiting and the running ones.
create index import_tasks_active_idx on import_tasks (run_after, id) where state in ('queued', 'running');
create index import_tasks_account_idx on import_tasks (account_id, created_at desc, id desc);

-- The system's own ids: an import upserts by them. Listings and reservations written in Hostdash
-- have none (nulls are distinct: any number of them).
alter table listings add column external_id text check (char_length(external_id) between 1 and 200);
create unique index listings_external_key on listings (account_id, pms, external_id);

alter table reservations
  add column pms text,
  add column external_id text check (char_length(external_id) between 1 and 200),
  add constraint reservations_external_pms check ((pms is null) = (external_id is null));
create unique index reservations_external_key on reservations (account_id, pms, external_id);
