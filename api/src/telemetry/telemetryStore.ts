// Storing telemetry (migrations 0021 and 0027): a batch goes in as one transaction of four
// statements, each reading the whole batch as one JSON parameter — the raw events, the per-minute
// counts by type, the per-minute sessions and the per-minute vouched users — so a batch of 200
// events is four round trips, not 800. The health of a remote version over a window (healthWindow,
// what a rollout verdict reads) then reads the vouched users' primary keys and the vitals' index.
import type { Database, Sql } from '../db/database';
import { SESSION_ERROR_TYPES, type TelemetryBatch, type TelemetryEvent } from './telemetrySchemas';
import type { TelemetryStamp } from './telemetryStamp';

/** The batch's events as rows: `$1` the events (JSON), `$2` the session, `$3` the shell build. */
const EVENTS = `jsonb_to_recordset($1::jsonb) as e(
  type text, at timestamptz, route text, remote text, "remoteVersion" text, "inRollout" boolean,
  "user" text, message text, "apiMethod" text, "apiPath" text, "apiStatus" integer,
  "durationMs" double precision, vital text, value double precision, "vouchedUser" text)`;

/** The rollups' key of an event: '' for the shell and for no version (migration 0021). */
const ROLLUP_KEY = `coalesce(e.remote, ''), coalesce(e."remoteVersion", ''), date_trunc('minute', now()), e."inRollout"`;

const COUNTS: ReadonlyArray<[column: string, type: string]> = [
  ['errors', 'error'],
  ['rejections', 'rejection'],
  ['boundary_errors', 'boundary_error'],
  ['load_failures', 'remote_load_failed'],
  ['contract_refusals', 'contract_refused'],
  ['api_failures', 'api_failure'],
  ['api_refusals', 'api_refusal'],
  ['route_changes', 'route_change'],
  ['vitals', 'vital'],
];

const ERROR_TYPES_SQL = SESSION_ERROR_TYPES.map((type) => `'${type}'`).join(', ');
const LOAD_FAILURE_TYPES_SQL = `'remote_load_failed', 'contract_refused'`;

type StoredEvent = TelemetryEvent & { vouchedUser: string | null };

/**
 * An event as the stamp vouches for it: one of a remote's versions the shell server served this
 * user takes the stamp's user and rollout flag (the server's word over the browser's); anything
 * else (no stamp, the shell's own events, a version the user was not served) is stored as sent,
 * vouched for by no one.
 */
function vouched(event: TelemetryEvent, stamp: TelemetryStamp | null): StoredEvent {
  const served =
    stamp && event.remote && Object.hasOwn(stamp.remotes, event.remote)
      ? stamp.remotes[event.remote]
      : undefined;
  if (!stamp || !served || !event.remoteVersion || !served.versions.includes(event.remoteVersion))
    return { ...event, vouchedUser: null };
  return { ...event, user: stamp.user, inRollout: served.inRollout, vouchedUser: stamp.user };
}

/**
 * Stores a validated batch: its raw events and its share of the rollups; what `stamp` vouches for
 * also counts for rollout verdicts. Returns the count.
 */
export async function storeBatch(
  db: Database,
  batch: TelemetryBatch,
  stamp: TelemetryStamp | null = null,
): Promise<number> {
  const events = JSON.stringify(batch.events.map((event) => vouched(event, stamp)));
  return db.transaction(async (tx) => {
    const [stored] = await tx.query<{ count: number }>(
      `with stored as (
         insert into telemetry_events (at, session, shell, type, route, remote, remote_version,
           in_rollout, user_hash, message, api_method, api_path, api_status, duration_ms, vital, value,
           vouched_user)
         select e.at, $2, $3, e.type, e.route, e.remote, e."remoteVersion", e."inRollout", e."user",
           e.message, e."apiMethod", e."apiPath", e."apiStatus", e."durationMs", e.vital, e.value,
           e."vouchedUser"
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
    if (stamp) {
      await tx.query(
        `insert into telemetry_minute_users as u (remote, remote_version, minute, in_rollout,
           user_hash, had_error, load_failures, api_calls, api_failures, api_refusals)
         select ${ROLLUP_KEY}, e."vouchedUser", bool_or(e.type in (${ERROR_TYPES_SQL})),
           count(*) filter (where e.type in (${LOAD_FAILURE_TYPES_SQL})),
           coalesce(sum(e.value) filter (where e.type = 'api_calls'), 0)::int,
           count(*) filter (where e.type = 'api_failure'),
           count(*) filter (where e.type = 'api_refusal')
         from ${EVENTS}
         where e."vouchedUser" is not null
         group by 1, 2, 3, 4, 5
         on conflict (remote, remote_version, minute, in_rollout, user_hash) do update set
           had_error = u.had_error or excluded.had_error,
           load_failures = u.load_failures + excluded.load_failures,
           api_calls = u.api_calls + excluded.api_calls,
           api_failures = u.api_failures + excluded.api_failures,
           api_refusals = u.api_refusals + excluded.api_refusals`,
        [events],
      );
    }
    return stored?.count ?? 0;
  });
}

/**
 * Deletes raw events, per-minute sessions and per-minute users received more than `retentionDays`
 * ago (the hourly maintenance). The per-minute counts stay: they are small and hold the history.
 */
export async function pruneTelemetry(
  sql: Sql,
  retentionDays: number,
): Promise<{ events: number; sessions: number; users: number }> {
  const [events] = await sql.query<{ count: number }>(
    `with gone as (delete from telemetry_events
       where received_at < now() - $1::int * interval '1 day' returning 1)
     select count(*)::int as count from gone`,
    [retentionDays],
  );
  const pruneMinutes = async (table: string) => {
    const [gone] = await sql.query<{ count: number }>(
      `with gone as (delete from ${table}
         where minute < date_trunc('minute', now() - $1::int * interval '1 day') returning 1)
       select count(*)::int as count from gone`,
      [retentionDays],
    );
    return gone?.count ?? 0;
  };
  return {
    events: events?.count ?? 0,
    sessions: await pruneMinutes('telemetry_minute_sessions'),
    users: await pruneMinutes('telemetry_minute_users'),
  };
}

export interface HealthWindowQuery {
  remote: string;
  version: string;
  /** The window: the minutes of receipt from `from`'s (included) to `to`'s (excluded). */
  from: Date;
  to: Date;
  /** Only users the shell server served the version on the rollout (true) or not (false). */
  inRollout: boolean;
}

/**
 * A remote version's health over a window as a rollout verdict reads it: only what the shell
 * server vouched for (telemetryStamp.ts), and each user once, however many tabs or batches they
 * sent: a user is one session with an error or without, one vote in the API failure rate (their
 * own share of failed calls) and one value per vital (their own 75th percentile).
 */
export interface HealthWindow {
  /** Vouched-for users with an event of this version in the window. */
  users: number;
  /** Those with an uncaught error, an unhandled rejection or a boundary's catch. */
  usersWithError: number;
  /** Those with a remote load failure or a contract refusal. */
  usersWithLoadFailure: number;
  /** The mean, over the users whose pages made API calls, of the share that failed; null: none. */
  apiFailureRate: number | null;
  /** The same for the calls the API refused as the page expects (never judged). */
  apiRefusalRate: number | null;
  /** The 75th percentile over users of each user's 75th percentile (ms); null without a sample. */
  lcpP75: number | null;
  inpP75: number | null;
}

export async function healthWindow(sql: Sql, query: HealthWindowQuery): Promise<HealthWindow> {
  const params = [
    query.remote,
    query.version,
    query.from.toISOString(),
    query.to.toISOString(),
    query.inRollout,
  ];
  const [users] = await sql.query<{
    users: number;
    with_error: number;
    with_load_failure: number;
    api_failure_rate: number | null;
    api_refusal_rate: number | null;
  }>(
    `select count(*)::int as users,
       count(*) filter (where had_error)::int as with_error,
       count(*) filter (where load_failures > 0)::int as with_load_failure,
       avg(least(1, api_failures::double precision / api_calls)) filter (where api_calls > 0)
         as api_failure_rate,
       avg(least(1, api_refusals::double precision / api_calls)) filter (where api_calls > 0)
         as api_refusal_rate
     from (
       select user_hash, bool_or(had_error) as had_error, sum(load_failures) as load_failures,
         sum(api_calls) as api_calls, sum(api_failures) as api_failures,
         sum(api_refusals) as api_refusals
       from telemetry_minute_users
       where remote = $1 and remote_version = $2 and in_rollout = $5
         and minute >= date_trunc('minute', $3::timestamptz) and minute < date_trunc('minute', $4::timestamptz)
       group by user_hash
     ) per_user`,
    params,
  );
  const vitals = await sql.query<{ vital: string; p75: number }>(
    `select vital, percentile_cont(0.75) within group (order by user_p75) as p75
     from (
       select vital, vouched_user, percentile_cont(0.75) within group (order by value) as user_p75
       from telemetry_events
       where type = 'vital' and vital in ('LCP', 'INP') and vouched_user is not null
         and coalesce(remote, '') = $1 and coalesce(remote_version, '') = $2 and in_rollout = $5
         and received_at >= date_trunc('minute', $3::timestamptz) and received_at < date_trunc('minute', $4::timestamptz)
       group by vital, vouched_user
     ) per_user
     group by vital`,
    params,
  );
  const p75 = (vital: string): number | null =>
    vitals.find((row) => row.vital === vital)?.p75 ?? null;
  return {
    users: users?.users ?? 0,
    usersWithError: users?.with_error ?? 0,
    usersWithLoadFailure: users?.with_load_failure ?? 0,
    apiFailureRate: users?.api_failure_rate ?? null,
    apiRefusalRate: users?.api_refusal_rate ?? null,
    lcpP75: p75('LCP'),
    inpP75: p75('INP'),
  };
}
