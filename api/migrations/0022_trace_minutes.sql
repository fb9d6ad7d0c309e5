-- Version 22: the server's traces summarised (issue 17). Without an OTLP collector
-- (OTEL_EXPORTER_OTLP_ENDPOINT unset) the API's span processor (src/tracing/spanSummary.ts) counts
-- each finished request span and database span in memory and writes one row per minute, service,
-- kind, operation and status class every minute. Operations are route templates ('GET
-- /reservation/:id') or a query's command ('pg.query:SELECT hostdash'), never a URL or a value.
-- Durations are kept as a fixed histogram (src/tracing/histogram.ts's buckets) so that p50/p95 over
-- any window are read from summed counts. Pruned with the telemetry (TELEMETRY_RETENTION_DAYS).

create table trace_minutes (
  minute timestamptz not null check (minute = date_trunc('minute', minute)),
  service text not null,
  kind text not null check (kind in ('server', 'db')),
  operation text not null,
  -- '2xx' … '5xx' for requests, 'ok' or 'error' for queries.
  status_class text not null,
  count integer not null check (count > 0),
  errors integer not null check (errors between 0 and count),
  total_ms double precision not null,
  max_ms double precision not null,
  buckets integer[] not null,
  -- The minute first: a window and the pruning are ranges of the primary key.
  primary key (minute, service, kind, operation, status_class)
);
