// GET /admin/analytics: the platform's activity over the last 7, 30 or 90 days, every series
// counted in one SQL statement over a generate_series of the period's days (UTC), so a day with
// nothing reads 0. What each series reads:
// - sign-ins: sessions started (the only sign-in record the API keeps; sessions are deleted 30 days
//   after they expire, so a 90-day period shows at most the last month or so of them);
// - active accounts: host accounts with a sign-in or a reservation screened that day;
// - screened by colour: reservations by the day of their screening and their colour now;
// - verification outcomes: the protect log's verification changes, by the status they set;
// - imports: listings created (every listing comes from a PMS import). Nothing records a failed
//   import, so `failed` is null rather than a made-up 0.
import { requireAdmin } from '../auth/caller';
import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import { errors, ref, SESSION, type Api } from '../http/schemas';
import { RISK_COLOURS } from '../protect/risk';
import { COLOUR_SQL, VERIFICATION_STATUSES } from '../reservations/reservationQueries';
import {
  AnalyticsQuery,
  PlatformAnalyticsSchema,
  type AnalyticsPeriod,
  type PlatformAnalytics,
} from './platformSchemas';

/** `count(*) filter (where <expression> = 'x')::int as x` for each value of a closed list (ours). */
const countsBy = (expression: string, values: readonly string[]): string =>
  values
    .map((value) => `count(*) filter (where ${expression} = '${value}')::int as ${value}`)
    .join(', ');

/** `'x', coalesce(t.x, 0)` pairs for json_build_object, zero-filling a left-joined day. */
const jsonCounts = (alias: string, keys: readonly string[]): string =>
  keys.map((key) => `'${key}', coalesce(${alias}.${key}, 0)`).join(', ');

/** `'x', sum(t.x)` pairs for the period's totals. */
const jsonTotals = (alias: string, keys: readonly string[]): string =>
  keys.map((key) => `'${key}', coalesce(sum(${alias}.${key}), 0)::int`).join(', ');

const utcDay = (column: string): string => `(${column} at time zone 'UTC')::date`;

export async function platformAnalytics(
  sql: Sql,
  days: AnalyticsPeriod,
): Promise<PlatformAnalytics> {
  const colours = RISK_COLOURS;
  const outcomes = VERIFICATION_STATUSES;
  const [row] = await sql.query<PlatformAnalytics>(
    `with period as (
       select (now() at time zone 'UTC')::date - ($1::int - 1) as first_day,
              (now() at time zone 'UTC')::date as last_day
     ),
     since as (select (p.first_day::timestamp at time zone 'UTC') as at from period p),
     day_list as (
       select d::date as day from period p, generate_series(p.first_day, p.last_day, interval '1 day') d
     ),
     sign_ins as (
       select ${utcDay('s.created_at')} as day, u.account_id, u.type
       from sessions s join users u on u.id = s.user_id, since
       where s.created_at >= since.at
     ),
     screened as (
       select ${utcDay('r.screened_at')} as day, r.account_id, ${COLOUR_SQL} as colour
       from reservations r join accounts a on a.id = r.account_id, since
       where r.screened_at >= since.at
     ),
     active as (
       select day, account_id from sign_ins where type = 'user'
       union
       select day, account_id from screened
     ),
     sign_in_days as (select day, count(*)::int as count from sign_ins group by day),
     active_days as (select day, count(*)::int as count from active group by day),
     colour_days as (select day, ${countsBy('colour', colours)} from screened group by day),
     outcome_days as (
       select ${utcDay('g.at')} as day, ${countsBy("g.details->>'to'", outcomes)}
       from protect_log g, since
       where g.event = 'verification_changed' and g.at >= since.at
       group by 1
     ),
     import_days as (
       select ${utcDay('l.created_at')} as day, count(*)::int as succeeded
       from listings l, since
       where l.created_at >= since.at
       group by 1
     ),
     daily as (
       select d.day, to_char(d.day, 'YYYY-MM-DD') as date,
              coalesce(si.count, 0) as sign_ins, coalesce(ac.count, 0) as active_accounts,
              json_build_object('date', to_char(d.day, 'YYYY-MM-DD'), ${jsonCounts('c', colours)}) as colours,
              json_build_object('date', to_char(d.day, 'YYYY-MM-DD'), ${jsonCounts('o', outcomes)}) as outcomes,
              coalesce(im.succeeded, 0) as imported,
              ${colours.map((colour) => `c.${colour}`).join(', ')},
              ${outcomes.map((outcome) => `o.${outcome}`).join(', ')}
       from day_list d
       left join sign_in_days si on si.day = d.day
       left join active_days ac on ac.day = d.day
       left join colour_days c on c.day = d.day
       left join outcome_days o on o.day = d.day
       left join import_days im on im.day = d.day
     )
     select $1::int as days,
            to_char(p.first_day, 'YYYY-MM-DD') as "from",
            to_char(p.last_day, 'YYYY-MM-DD') as "to",
            json_build_object(
              'sign_ins', (select json_agg(json_build_object('date', date, 'count', sign_ins) order by day) from daily),
              'active_accounts', (select json_agg(json_build_object('date', date, 'count', active_accounts) order by day) from daily),
              'screened_by_colour', (select json_agg(colours order by day) from daily),
              'verification_outcomes', (select json_agg(outcomes order by day) from daily),
              'imports', (select json_agg(json_build_object('date', date, 'succeeded', imported, 'failed', null) order by day) from daily)
            ) as series,
            json_build_object(
              'sign_ins', (select coalesce(sum(sign_ins), 0)::int from daily),
              'active_accounts', (select count(distinct account_id)::int from active),
              'screened_by_colour', (select json_build_object(${jsonTotals('t', colours)}) from daily t),
              'verification_outcomes', (select json_build_object(${jsonTotals('t', outcomes)}) from daily t),
              'imports', json_build_object('succeeded', (select coalesce(sum(imported), 0)::int from daily), 'failed', null)
            ) as totals
     from period p`,
    [days],
  );
  if (!row) throw new Error('platform analytics: no row');
  return row;
}

export function registerAnalyticsRoutes(app: Api, { db }: AppContext): void {
  app.get(
    '/admin/analytics',
    {
      schema: {
        summary: 'Platform activity over the last 7, 30 or 90 days, day by day (staff)',
        description:
          'Sign-ins, active accounts, reservations screened by colour, verification outcomes and imports, one entry per day (UTC), zero-filled, with totals.',
        tags: ['admin'],
        security: SESSION,
        querystring: AnalyticsQuery,
        response: { 200: ref(PlatformAnalyticsSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      await requireAdmin(db, request);
      return platformAnalytics(db, request.query.days as AnalyticsPeriod);
    },
  );
}
