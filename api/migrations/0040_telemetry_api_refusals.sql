-- Version 40: refusals apart from failures (issue 35, docs/adr/0038-truthful-health.md). A page's
-- API call that the API refused as the page expects (a declined card, a field's rule, a conflict,
-- a wrong password at sign-in) is an `api_refusal` event, no longer an `api_failure`: the browser
-- tells them apart (shared-auth's apiOutcome). Both keep their call: method, the API's route
-- template and status. They are counted apart in the per-minute rollups and per vouched user, so
-- the admin's front-end health shows both and a rollout verdict rates failures only.
-- Events stored before this version stay as they were counted (refusals among the failures); they
-- are pruned after TELEMETRY_RETENTION_DAYS like any.

alter table telemetry_events drop constraint telemetry_events_type_check;
alter table telemetry_events add constraint telemetry_events_type_check check (type in ('error',
  'rejection', 'boundary_error', 'remote_load_failed', 'contract_refused', 'api_failure',
  'api_refusal', 'api_calls', 'route_change', 'vital'));

alter table telemetry_minutes add column api_refusals integer not null default 0;
alter table telemetry_minute_users add column api_refusals integer not null default 0;
