// Storing telemetry (migration 0021): a batch goes in as one transaction of three statements, each
// reading the whole batch as one JSON parameter — the raw events, the per-minute counts by type and
// the per-minute sessions — so a batch of 200 events is three round trips, not 600. The health of a
// remote version over a window (healthWindow) then reads the rollups' primary keys and the vitals'
// index only.
import type { Database, Sql } from '../db/database';
import { SESSION_ERROR_TYPES, type TelemetryBatch } from './telemetrySchemas';

/** The batch's events as rows: `$1` the events (JSON), `$2` the session, `$3` the shell build. */
const EVENTS = `jsonb_to_recordset($1::jsonb) as e(
  type text, at timestamptz, route text, remote text, "remoteVersion" text, "inRollout" boolean,
  "user" text, message text, "apiMethod" text, "apiPath" text, "apiStatus" integer,
  "durationMs" double precision, vital text, value double precision)`;

/** The rollups' key of an event: '' for the shell and for no version (migration 0021). */
const ROLLUP_KEY = `coalesce(e.remote, ''), coalesce(e."remoteVersion", ''), date_trunc('minute', now()), e."inRollout"`;

const COUNTS: ReadonlyArray<[column: string, type: string]> = [
  ['errors', 'error'],
  ['rejections', 'rejection'],
  ['boundary_errors', 'boundary_error'],
  ['load_failures', 'remote_load_failed'],
  ['contract_refusals', 'contract_refused'],
  ['api_failures', 'api_failure'],
  ['route_changes', 'route_change'],
  ['vitals', 'vital'],
];

const ERROR_TYPES_SQL = SESSION_ERROR_TYPES.map((type) => `'${type}'`).join(', ');

/** Stores a validated batch: its raw events and its share of the rollups. Returns the count. */
export async function storeBatch(db: Database, batch: TelemetryBatch): Promise<number> {
  const events = JSON.stringify(batch.events);
  return db.transaction(async (tx) => {
    const [stored] = await tx.query<{ count: number }>(
      `with stored as (
         insert into telemetry_events (at, session, shell, type, route, remote, remote_version,
           in_rollout, user_hash, message, api_method, api_path, api_status, duration_ms, vital, value)
         select e.at, $2, $3, e.type, e.route, e.remote, e."remoteVersion", e."inRollout", e."user",
           e.message, e."apiMethod", e."apiPath", e."apiStatus", e."durationMs", e.vital, e.value
         from ${EVENTS}
         returning 1
       )
       select count(*)::int as count from stored`,
      [events, batch.session, batch.shell],
    );
    await tx.query(
      `insert into telemetry_minutes as m (remote, remote_version, minute, in_rollout,
         ${COUNTS.map(([column]) => column).join(', ')}, api_calls)
       select ${ROLLUP_KEY},
         ${COUNTS.map(([, type]) => `count(*) filter (where e.type = '${type}')`).join(', ')},
         coalesce(sum(e.value) filter (where e.type = 'api_calls'), 0)::int
       from ${EVENTS}
       group by 1, 2, 3, 4
       on conflict (remote, remote_version, minute, in_rollout) do update set
         ${COUNTS.map(([column]) => `${column} = m.${column} + excluded.${column}`).join(', ')},
         api_calls = m.api_calls + excluded.api_calls`,
      [events],
    );
    await tx.query(
      `insert into telemetry_minute_sessions as s (remote, remote_version, minute, in_rollout,
         session, had_error)
       select ${ROLLUP_KEY}, $2, bool_or(e.type in (${ERROR_TYPES_SQL}))
       from ${EVENTS}
       group by 1, 2, 3, 4
       on conflict (remote, remote_version, minute, in_rollout, session) do update set
         had_error = s.had_error or excluded.had_error`,
      [events, batch.session],
    );
    return stored?.count ?? 0;
  });
}

/**
 * Deletes raw events and per-minute sessions received more than `retentionDays` ago (the hourly
 * maintenance). The per-minute counts stay: they are small and hold the history.
 */
export async function pruneTelemetry(
  sql: Sql,
  retentionDays: number,
): Promise<{ events: number; sessions: number }> {
  const [events] = await sql.query<{ count: number }>(
    `with gone as (delete from telemetry_events
       where received_at < now() - $1::int * interval '1 day' returning 1)
     select count(*)::int as count from gone`,
    [retentionDays],
  );
  const [sessions] = await sql.query<{ count: number }>(
    `with gone as (delete from telemetry_minute_sessions
       where minute < date_trunc('minute', now() - $1::int * interval '1 day') returning 1)
     select count(*)::int as count from gone`,
    [retentionDays],
  );
  return { events: events?.count ?? 0, sessions: sessions?.count ?? 0 };
}

export interface HealthWindowQuery {
  /** The remote; null for the shell. */
  remote: string | null;
  /** Its version; null for events sent without one. */
  version: string | null;
  /** The window: the minutes of receipt from `from`'s (included) to `to`'s (excluded). */
  from: Date;
  to: Date;
  /** Only the users on the rollout (true) or not (false); both when left out. */
  inRollout?: boolean;
}

export interface HealthWindow {
  /** Distinct browser-tab sessions with an event of this remote version in the window. */
  sessions: number;
  /** Those with an uncaught error, an unhandled rejection or a boundary's catch. */
  sessionsWithError: number;
  /** sessionsWithError / sessions; null without sessions. */
  errorRate: number | null;
  errors: number;
  rejections: number;
  boundaryErrors: number;
  loadFailures: number;
  contractRefusals: number;
  apiFailures: number;
  /** API calls the pages counted (0 from a shell that does not count them). */
  apiCalls: number;
  routeChanges: number;
  /** 75th percentiles of the window's Web Vitals (ms; CLS unitless); null without a sample. */
  lcpP75: number | null;
  inpP75: number | null;
  clsP75: number | null;
  ttfbP75: number | null;
  fcpP75: number | null;
}

/**
 * The health of one remote version over a window, as the rollout analysis compares a candidate
 * with the live version, including the API calls its pages made and how many of them failed.
 */
export async function healthWindow(sql: Sql, query: HealthWindowQuery): Promise<HealthWindow> {
  const params = [
    query.remote ?? '',
    query.version ?? '',
    query.from.toISOString(),
    query.to.toISOString(),
    query.inRollout ?? null,
  ];
  const inWindow = `remote = $1 and remote_version = $2
     and minute >= date_trunc('minute', $3::timestamptz) and minute < date_trunc('minute', $4::timestamptz)
     and ($5::boolean is null or in_rollout = $5::boolean)`;
  const [sessions] = await sql.query<{ sessions: number; with_error: number }>(
    `select count(distinct session)::int as sessions,
       count(distinct session) filter (where had_error)::int as with_error
     from telemetry_minute_sessions where ${inWindow}`,
    params,
  );
  const [counts] = await sql.query<Record<string, number>>(
    `select ${[...COUNTS.map(([column]) => column), 'api_calls']
      .map((column) => `coalesce(sum(${column}), 0)::int as ${column}`)
      .join(', ')}
     from telemetry_minutes where ${inWindow}`,
    params,
  );
  const [vitals] = await sql.query<Record<string, number | null>>(
    `select ${['LCP', 'INP', 'CLS', 'TTFB', 'FCP']
      .map(
        (vital) =>
          `percentile_cont(0.75) within group (order by value) filter (where vital = '${vital}') as ${vital.toLowerCase()}`,
      )
      .join(', ')}
     from telemetry_events
     where type = 'vital' and coalesce(remote, '') = $1 and coalesce(remote_version, '') = $2
       and received_at >= date_trunc('minute', $3::timestamptz) and received_at < date_trunc('minute', $4::timestamptz)
       and ($5::boolean is null or in_rollout = $5::boolean)`,
    params,
  );
  const total = sessions?.sessions ?? 0;
  const withError = sessions?.with_error ?? 0;
  const count = (column: string): number => counts?.[column] ?? 0;
  const p75 = (vital: string): number | null => vitals?.[vital] ?? null;
  return {
    sessions: total,
    sessionsWithError: withError,
    errorRate: total > 0 ? withError / total : null,
    errors: count('errors'),
    rejections: count('rejections'),
    boundaryErrors: count('boundary_errors'),
    loadFailures: count('load_failures'),
    contractRefusals: count('contract_refusals'),
    apiFailures: count('api_failures'),
    apiCalls: count('api_calls'),
    routeChanges: count('route_changes'),
    lcpP75: p75('lcp'),
    inpP75: p75('inp'),
    clsP75: p75('cls'),
    ttfbP75: p75('ttfb'),
    fcpP75: p75('fcp'),
  };
}
