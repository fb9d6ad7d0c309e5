// The front-end's health over a period (GET /admin/analytics/frontend), from the telemetry store
// (migration 0021). What each part reads:
// - the counts over time: the per-minute rollups (telemetry_minutes), one primary-key range;
// - the sessions: telemetry_minute_sessions (a session spans minutes and buckets, so distinct
//   sessions are counted from its rows, never summed);
// - Web Vitals' p75, the slowest routes, the top errors and the top refusals: the raw events, which
//   hold the values, the messages and the calls, through the (type, received_at) index of
//   migration 0023. API refusals a page expects are counted apart from failures (migration 0040).
// Minutes are the server's minute of receipt, as in the rollups and healthWindow(). Bucket starts
// are whole multiples of the bucket length since 2000-01-01 UTC (`date_bin`), so the same period
// asked twice has the same buckets.
import type { Sql } from '../db/database';
import {
  TOP_ROWS,
  type FrontendHealth,
  type HealthFigures,
  type HealthSeries,
} from './analyticsSchemas';
import { API_REFUSAL, PROBLEM_TYPES } from './telemetrySchemas';

/** Bucket lengths in minutes, shortest first: the first that gives at most MAX_BUCKETS is used. */
const BUCKET_MINUTES = [1, 5, 15, 30, 60, 180, 360, 720, 1440] as const;
const MAX_BUCKETS = 120;
const MINUTE_MS = 60_000;
const ORIGIN = `timestamptz '2000-01-01T00:00:00Z'`;

const list = (values: readonly string[]): string => values.map((value) => `'${value}'`).join(', ');
const PROBLEMS_SQL = list(PROBLEM_TYPES);

/** The bucket length for a period: about a hundred buckets or fewer. */
export function bucketMinutesFor(periodMs: number): number {
  const minutes = periodMs / MINUTE_MS;
  return BUCKET_MINUTES.find((length) => minutes / length <= MAX_BUCKETS) ?? 1440;
}

export interface HealthPeriod {
  from: Date;
  to: Date;
  /** Only this remote's events; all (the shell's too) when null. */
  remote: string | null;
}

/**
 * The period as it is read: `to` up to its next whole minute (the rollups count whole minutes, and
 * the current one is included), `from` back to the start of its bucket.
 */
export function alignPeriod(from: Date, to: Date): { from: Date; to: Date; bucketMinutes: number } {
  const end = Math.ceil(to.getTime() / MINUTE_MS) * MINUTE_MS;
  const bucketMinutes = bucketMinutesFor(end - from.getTime());
  const bucketMs = bucketMinutes * MINUTE_MS;
  const origin = Date.UTC(2000, 0, 1);
  const start = origin + Math.floor((from.getTime() - origin) / bucketMs) * bucketMs;
  return { from: new Date(start), to: new Date(end), bucketMinutes };
}

const emptyFigures = (): HealthFigures => ({
  sessions: 0,
  sessions_with_error: 0,
  error_rate: null,
  errors: 0,
  load_failures: 0,
  api_failures: 0,
  api_refusals: 0,
  lcp_p75: null,
  inp_p75: null,
});

interface FigureRow {
  remote: string;
  version: string;
  /** The bucket's start; null in the period's totals. */
  at: string | null;
}
type CountRow = FigureRow &
  Pick<HealthFigures, 'errors' | 'load_failures' | 'api_failures' | 'api_refusals'>;
type SessionRow = FigureRow & { sessions: number; with_error: number };
type VitalRow = FigureRow & { lcp: number | null; inp: number | null };

/** `$1` from, `$2` to, `$3` the remote or null: the rollups' rows of the period. */
const ROLLUP_WINDOW = `minute >= $1::timestamptz and minute < $2::timestamptz
  and ($3::text is null or remote = $3::text)`;
/** The same for raw events of one type (or a list), through the (type, received_at) index. */
const eventWindow = (types: string) => `type in (${types})
  and received_at >= $1::timestamptz and received_at < $2::timestamptz
  and ($3::text is null or remote = $3::text)`;

/** An event's API call (method, route template, status) as JSON; null for an event without one. */
const CALL = `case when api_method is null or api_status is null then null
  else json_build_object('method', api_method, 'route', api_path, 'status', api_status) end as call`;
/** What a grouped row of events says beside what groups it. */
const GROUP_FIGURES = `count(*)::int as count, count(distinct session)::int as sessions,
  min(received_at) as first_seen, max(received_at) as last_seen`;

/** `date_bin` to the bucket, or null for the period's totals (grouping sets do both in one pass). */
const bucketOf = (column: string) => `date_bin($4::interval, ${column}, ${ORIGIN})`;

async function seriesRows(sql: Sql, params: unknown[]) {
  // Grouping sets: each bucket's row and the period's (bucket null) in one pass. Positions do not
  // work inside them: the expressions are written out.
  const grouping = (remote: string, version: string, bucket: string) =>
    `grouping sets ((${remote}, ${version}, ${bucket}), (${remote}, ${version}))`;
  const counts = sql.query<CountRow>(
    `select remote, remote_version as version, ${bucketOf('minute')} as at,
       coalesce(sum(errors + rejections + boundary_errors), 0)::int as errors,
       coalesce(sum(load_failures + contract_refusals), 0)::int as load_failures,
       coalesce(sum(api_failures), 0)::int as api_failures,
       coalesce(sum(api_refusals), 0)::int as api_refusals
     from telemetry_minutes where ${ROLLUP_WINDOW}
     group by ${grouping('remote', 'remote_version', bucketOf('minute'))}`,
    params,
  );
  const sessions = sql.query<SessionRow>(
    `select remote, remote_version as version, ${bucketOf('minute')} as at,
       count(distinct session)::int as sessions,
       count(distinct session) filter (where had_error)::int as with_error
     from telemetry_minute_sessions where ${ROLLUP_WINDOW}
     group by ${grouping('remote', 'remote_version', bucketOf('minute'))}`,
    params,
  );
  const vitals = sql.query<VitalRow>(
    `select coalesce(remote, '') as remote, coalesce(remote_version, '') as version,
       ${bucketOf('received_at')} as at,
       percentile_cont(0.75) within group (order by value) filter (where vital = 'LCP') as lcp,
       percentile_cont(0.75) within group (order by value) filter (where vital = 'INP') as inp
     from telemetry_events where ${eventWindow(`'vital'`)} and vital in ('LCP', 'INP')
     group by ${grouping("coalesce(remote, '')", "coalesce(remote_version, '')", bucketOf('received_at'))}`,
    params,
  );
  return { counts: await counts, sessions: await sessions, vitals: await vitals };
}

/** The series of every remote version: every bucket present, zero-filled, most sessions first. */
async function healthSeries(
  sql: Sql,
  params: unknown[],
  from: Date,
  to: Date,
  bucketMinutes: number,
): Promise<HealthSeries[]> {
  const { counts, sessions, vitals } = await seriesRows(sql, params);
  const starts: string[] = [];
  for (let at = from.getTime(); at < to.getTime(); at += bucketMinutes * MINUTE_MS)
    starts.push(new Date(at).toISOString());

  const versions = new Map<
    string,
    { remote: string; version: string; figures: Map<string, HealthFigures> }
  >();
  /** The figures of a version in a bucket ('' for the totals), made on first use. */
  const figuresOf = (row: FigureRow): HealthFigures => {
    const key = JSON.stringify([row.remote, row.version]);
    let entry = versions.get(key);
    if (!entry) {
      entry = { remote: row.remote, version: row.version, figures: new Map() };
      versions.set(key, entry);
    }
    const bucket = row.at ?? '';
    let figures = entry.figures.get(bucket);
    if (!figures) {
      figures = emptyFigures();
      entry.figures.set(bucket, figures);
    }
    return figures;
  };
  for (const row of counts)
    Object.assign(figuresOf(row), {
      errors: row.errors,
      load_failures: row.load_failures,
      api_failures: row.api_failures,
      api_refusals: row.api_refusals,
    });
  for (const row of sessions)
    Object.assign(figuresOf(row), {
      sessions: row.sessions,
      sessions_with_error: row.with_error,
      error_rate: row.sessions > 0 ? row.with_error / row.sessions : null,
    });
  for (const row of vitals) Object.assign(figuresOf(row), { lcp_p75: row.lcp, inp_p75: row.inp });

  return [...versions.values()]
    .map(({ remote, version, figures }) => ({
      remote: remote === '' ? null : remote,
      version: version === '' ? null : version,
      totals: figures.get('') ?? emptyFigures(),
      buckets: starts.map((at) => ({ at, ...(figures.get(at) ?? emptyFigures()) })),
    }))
    .sort(
      (a, b) =>
        b.totals.sessions - a.totals.sessions ||
        (a.remote ?? '').localeCompare(b.remote ?? '') ||
        (a.version ?? '').localeCompare(b.version ?? '', undefined, { numeric: true }),
    );
}

export async function frontendHealth(sql: Sql, period: HealthPeriod): Promise<FrontendHealth> {
  const { from, to, bucketMinutes } = alignPeriod(period.from, period.to);
  const params = [from.toISOString(), to.toISOString(), period.remote, `${bucketMinutes} minutes`];
  const window = params.slice(0, 3);
  const [series, remotes, slowest, problems, refusals] = await Promise.all([
    healthSeries(sql, params, from, to, bucketMinutes),
    sql.query<{ remote: string }>(
      `select distinct remote from telemetry_minutes
       where minute >= $1::timestamptz and minute < $2::timestamptz and remote <> ''
       order by remote`,
      params.slice(0, 2),
    ),
    sql.query<FrontendHealth['slowest_routes'][number]>(
      `select route, remote, count(*)::int as count,
         percentile_cont(0.75) within group (order by duration_ms) as p75_ms,
         percentile_cont(0.95) within group (order by duration_ms) as p95_ms
       from telemetry_events
       where ${eventWindow(`'route_change'`)} and duration_ms is not null
       group by route, remote
       order by p75_ms desc, count desc, route, remote
       limit ${TOP_ROWS}`,
      window,
    ),
    sql.query<FrontendHealth['top_errors'][number]>(
      `select message, remote, remote_version as version, type, ${CALL}, ${GROUP_FIGURES}
       from telemetry_events where ${eventWindow(PROBLEMS_SQL)}
       group by message, remote, remote_version, type, api_method, api_path, api_status
       order by count desc, last_seen desc, message, remote, version
       limit ${TOP_ROWS}`,
      window,
    ),
    sql.query<FrontendHealth['top_refusals'][number]>(
      `select message, remote, remote_version as version, ${CALL}, ${GROUP_FIGURES}
       from telemetry_events where ${eventWindow(`'${API_REFUSAL}'`)}
         and api_method is not null and api_status is not null
       group by message, remote, remote_version, api_method, api_path, api_status
       order by count desc, last_seen desc, message, remote, version
       limit ${TOP_ROWS}`,
      window,
    ),
  ]);
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    bucket_minutes: bucketMinutes,
    remotes: remotes.map((row) => row.remote),
    series,
    slowest_routes: slowest,
    top_errors: problems,
    top_refusals: refusals,
  };
}
