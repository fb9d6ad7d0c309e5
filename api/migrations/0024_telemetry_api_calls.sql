-- Version 24: the API calls a remote's pages make, counted per minute beside their failures, so
-- the rollout health analysis rates failed calls per call, not per session (issue 17). The browser
-- sends one `api_calls` event per page context when it sends a batch, its count in `value`.
alter table telemetry_minutes add column api_calls integer not null default 0;
alter table telemetry_events drop constraint telemetry_events_type_check;
alter table telemetry_events add constraint telemetry_events_type_check check (type in ('error',
  'rejection', 'boundary_error', 'remote_load_failed', 'contract_refused', 'api_failure',
  'api_calls', 'route_change', 'vital'));
