// The span summary's table (migration 0022): a minute's rows written as one statement (one JSON
// parameter), added to what is there (another API instance on the same database, or a minute
// flushed at shutdown and again after a restart), pruned by age, and read back for the admin.
import type { Sql } from '../db/database';
import { BUCKET_COUNT, percentileMs } from './histogram';
import type { TraceOperation } from './traceSchemas';

export interface TraceMinute {
  /** The minute's start, ISO. */
  minute: string;
  service: string;
  kind: 'server' | 'db';
  operation: string;
  statusClass: string;
  count: number;
  errors: number;
  totalMs: number;
  maxMs: number;
  /** Counts per histogram bucket (BUCKET_COUNT of them). */
  buckets: number[];
}

export async function writeTraceMinutes(sql: Sql, rows: readonly TraceMinute[]): Promise<void> {
  if (rows.length === 0) return;
  await sql.query(
    `insert into trace_minutes as t (minute, service, kind, operation, status_class, count, errors,
       total_ms, max_ms, buckets)
     select r.minute, r.service, r.kind, r.operation, r."statusClass", r.count, r.errors,
       r."totalMs", r."maxMs", r.buckets
     from jsonb_to_recordset($1::jsonb) as r(minute timestamptz, service text, kind text,
       operation text, "statusClass" text, count integer, errors integer,
       "totalMs" double precision, "maxMs" double precision, buckets integer[])
     on conflict (minute, service, kind, operation, status_class) do update set
       count = t.count + excluded.count,
       errors = t.errors + excluded.errors,
       total_ms = t.total_ms + excluded.total_ms,
       max_ms = greatest(t.max_ms, excluded.max_ms),
       buckets = array(select coalesce(a, 0) + coalesce(b, 0)
         from unnest(t.buckets, excluded.buckets) with ordinality as u(a, b, n) order by n)`,
    [JSON.stringify(rows)],
  );
}

/** Deletes the minutes older than `retentionDays`; returns how many rows went. */
export async function pruneTraceMinutes(sql: Sql, retentionDays: number): Promise<number> {
  const [gone] = await sql.query<{ count: number }>(
    `with gone as (delete from trace_minutes
       where minute < date_trunc('minute', now() - $1::int * interval '1 day') returning 1)
     select count(*)::int as count from gone`,
    [retentionDays],
  );
  return gone?.count ?? 0;
}

/**
 * The operations of the minutes in [from, to), slowest p95 first (all status classes together):
 * the histogram buckets are summed per operation in SQL and the percentiles read from the sums.
 */
export async function slowestOperations(
  sql: Sql,
  window: { from: Date; to: Date; limit: number },
): Promise<TraceOperation[]> {
  const rows = await sql.query<{
    service: string;
    kind: 'server' | 'db';
    operation: string;
    count: number;
    errors: number;
    total_ms: number;
    max_ms: number;
    buckets: number[];
  }>(
    `with picked as (
       select * from trace_minutes where minute >= $1::timestamptz and minute < $2::timestamptz),
     sums as (
       select service, kind, operation, sum(count)::int as count, sum(errors)::int as errors,
         sum(total_ms)::float8 as total_ms, max(max_ms)::float8 as max_ms
       from picked group by service, kind, operation),
     bucket_sums as (
       select service, kind, operation,
         array_agg(total order by n) as buckets
       from (select p.service, p.kind, p.operation, u.n, sum(u.c)::int as total
             from picked p, unnest(p.buckets) with ordinality as u(c, n)
             group by p.service, p.kind, p.operation, u.n) per_bucket
       group by service, kind, operation)
     select s.*, b.buckets from sums s join bucket_sums b using (service, kind, operation)`,
    [window.from.toISOString(), window.to.toISOString()],
  );
  return rows
    .map((row) => {
      const buckets = row.buckets.slice(0, BUCKET_COUNT);
      return {
        service: row.service,
        kind: row.kind,
        operation: row.operation,
        count: row.count,
        errors: row.errors,
        meanMs: row.count > 0 ? row.total_ms / row.count : 0,
        p50Ms: percentileMs(buckets, 0.5, row.max_ms),
        p95Ms: percentileMs(buckets, 0.95, row.max_ms),
        maxMs: row.max_ms,
      };
    })
    .sort((a, b) => b.p95Ms - a.p95Ms || b.count - a.count)
    .slice(0, window.limit);
}
