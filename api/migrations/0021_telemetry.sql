-- Version 21: browser telemetry (issue 17). The shell sends batches of events from every page
-- (POST /telemetry); they are kept in two shapes:
-- - the raw events, for what needs the values themselves (Web Vitals percentiles, later the top
--   errors by message), kept TELEMETRY_RETENTION_DAYS days and pruned by the hourly maintenance;
-- - per-minute rollups per remote, version and rollout flag, written by the same insert (upserts),
--   so the health of a version over a window is one index range scan, however many events.
-- Minutes are the server's minute of receipt, not the browser's `at`: a browser's clock can be
-- anything, and a candidate and the live version must be compared over the same minutes.
-- Nothing here is personal: routes and API paths are templates, users are hashes, messages were
-- scrubbed by the browser, and the session is a random id per tab (not the sign-in session).

create table telemetry_events (
  id bigint generated always as identity primary key,
  received_at timestamptz not null default now(),
  -- When it happened, by the browser's clock.
  at timestamptz not null,
  session text not null,
  -- The shell's build.
  shell text not null,
  type text not null check (type in ('error', 'rejection', 'boundary_error', 'remote_load_failed',
    'contract_refused', 'api_failure', 'route_change', 'vital')),
  route text not null,
  -- The remote the event belongs to; null for the shell.
  remote text,
  remote_version text,
  in_rollout boolean not null,
  user_hash text check (user_hash ~ '^[0-9a-f]{64}$'),
  message text,
  api_method text,
  api_path text,
  api_status integer,
  duration_ms double precision,
  vital text,
  value double precision
);
-- Pruning by age.
create index telemetry_events_received_idx on telemetry_events (received_at);
-- A version's vitals over a window (healthWindow's percentiles). The shell's events (no remote, no
-- version) are found by '' as the rollups name them.
create index telemetry_events_vitals_idx
  on telemetry_events ((coalesce(remote, '')), (coalesce(remote_version, '')), received_at)
  where type = 'vital';

-- Events per minute, remote, version and rollout flag, by type. The shell, and an event without a
-- version, are '' (a remote's name and version are never empty), so the key has no nulls and a
-- window is a range of the primary key. Kept after the raw events are pruned: they are small, and
-- the admin's health over time reads them.
create table telemetry_minutes (
  remote text not null,
  remote_version text not null,
  minute timestamptz not null check (minute = date_trunc('minute', minute)),
  in_rollout boolean not null,
  errors integer not null default 0,
  rejections integer not null default 0,
  boundary_errors integer not null default 0,
  load_failures integer not null default 0,
  contract_refusals integer not null default 0,
  api_failures integer not null default 0,
  route_changes integer not null default 0,
  vitals integer not null default 0,
  primary key (remote, remote_version, minute, in_rollout)
);

-- The sessions seen per minute, remote, version and rollout flag, and whether the session had an
-- error there (an uncaught error, an unhandled rejection or a boundary's catch): distinct sessions
-- over a window cannot be summed from per-minute counts (a session spans minutes), so they are
-- counted from these rows. Pruned with the raw events.
create table telemetry_minute_sessions (
  remote text not null,
  remote_version text not null,
  minute timestamptz not null check (minute = date_trunc('minute', minute)),
  in_rollout boolean not null,
  session text not null,
  had_error boolean not null,
  primary key (remote, remote_version, minute, in_rollout, session)
);
create index telemetry_minute_sessions_minute_idx on telemetry_minute_sessions (minute);
