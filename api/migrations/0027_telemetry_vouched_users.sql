-- Version 27: telemetry a rollout verdict may count (issue 30, finding 2). The collector is public,
-- so a batch's own claims (its user, its remote versions, whether it is on a rollout) are anyone's
-- to invent: 80 anonymous batches once aborted a healthy candidate. The shell server now stamps
-- what it knows about the signed-in user who sent a batch (telemetry/telemetryStamp.ts), and the
-- verdict reads only what such a stamp vouched for, one user at a time:
-- - telemetry_events.vouched_user: the user the shell server vouched for (null: unstamped, or an
--   event of a version the user was not served); the verdicts' Web Vitals are read per user;
-- - telemetry_minute_users: per minute, remote, version, rollout flag and vouched user, what the
--   verdict rates, so a window counts each user once however many tabs or batches they sent.
-- Unstamped batches still feed the analytics (telemetry_minutes, telemetry_minute_sessions).

alter table telemetry_events add column vouched_user text check (vouched_user ~ '^[0-9a-f]{64}$');

create table telemetry_minute_users (
  remote text not null,
  remote_version text not null,
  minute timestamptz not null check (minute = date_trunc('minute', minute)),
  in_rollout boolean not null,
  user_hash text not null check (user_hash ~ '^[0-9a-f]{64}$'),
  -- An uncaught error, an unhandled rejection or a boundary's catch.
  had_error boolean not null,
  -- Remote load failures and contract refusals.
  load_failures integer not null,
  api_calls integer not null,
  api_failures integer not null,
  primary key (remote, remote_version, minute, in_rollout, user_hash)
);
create index telemetry_minute_users_minute_idx on telemetry_minute_users (minute);
