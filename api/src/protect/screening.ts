// Risk screening, explainable and set-based: one SQL statement scores any set of reservations
// (one row after an edit, every row of the seed, 100,000 in the scale test), stores the score and
// the factors that produced it, and writes the protect log entries, all without a loop in Node.
//
// Factors and points (README "Screening"); the score is min(100, sum of points):
//   ID declined +40 · card check failed +25 · ID not verified (pending/incomplete) +20 ·
//   party words in the message +20 · ID in review +15 · booked the day of check-in +15 ·
//   one-night stay starting Friday or Saturday +15 · local guest +15 · large party +15
import type { Sql } from '../db/database';
import { SqlParams } from '../http/sqlParams';
import type { RiskFactor } from '../reservations/reservationSchemas';
import type { RiskColour, RiskTolerance } from './risk';

export type { RiskFactor };

/**
 * Words that suggest a party, matched as whole words (PostgreSQL `\m`/`\M`) in any case:
 * party, birthday, celebrat*, bachelor*, hen do, stag, DJ, event, rave, 21st, graduation (and
 * their plurals).
 */
export const PARTY_WORDS_PATTERN =
  '\\m(part(?:y|ies)|birthdays?|celebrat\\w*|bachelor\\w*|hen\\s+dos?|stags?|djs?|events?|raves?|21st|graduations?)\\M';

interface FactorDefinition {
  code: string;
  label: string;
  points: number;
  /** SQL condition over the `target` row `t`. */
  when: string;
  /** SQL text expression explaining it for this reservation. */
  detail: string;
  /**
   * For a factor whose detail quotes what the guest wrote: the plain text building staff (vendors)
   * get instead, wherever the API answers them. The guest's words are for the host.
   */
  vendorDetail?: string;
}

/**
 * In the order they are listed in a reservation: biggest first. The three ID factors exclude each
 * other, so this fixed order is always by points, descending (screening.test.ts checks it).
 */
export const FACTORS: readonly FactorDefinition[] = [
  {
    code: 'id_declined',
    label: 'ID declined',
    points: 40,
    when: `t.verification_status = 'declined'`,
    detail: `'The identity check was declined: the ID or the selfie did not pass.'`,
  },
  {
    code: 'card_check_failed',
    label: 'Card check failed',
    points: 25,
    when: `t.card_check = 'failed'`,
    detail: `'The payment card of the booking failed its check.'`,
  },
  {
    code: 'id_not_verified',
    label: 'ID not verified',
    points: 20,
    when: `t.verification_status in ('pending', 'incomplete')`,
    detail: `case when t.verification_status = 'pending' then 'The guest has not started identity verification.'
                  else 'The guest started identity verification but has not finished it.' end`,
  },
  {
    code: 'party_words',
    label: 'Party keywords in message',
    points: 20,
    when: `t.party_words is not null`,
    detail: `'The guest''s message mentions: ' || t.party_words || '.'`,
    vendorDetail: 'The guest’s message suggests a party (the host can read it).',
  },
  {
    code: 'id_review',
    label: 'ID needs a manual review',
    points: 15,
    when: `t.verification_status = 'review'`,
    detail: `'The identity check could not decide on its own: someone needs to look at the ID and selfie.'`,
  },
  {
    code: 'same_day_booking',
    label: 'Booked the same day as check-in',
    points: 15,
    when: `t.booked_on = t.check_in_date`,
    detail: `format('Booked on %s, the day of arrival.', t.check_in_date)`,
  },
  {
    code: 'one_night_weekend',
    label: 'One-night weekend stay',
    points: 15,
    when: `t.nights = 1 and t.check_in_dow in (5, 6)`,
    detail: `format('One night, checking in on %s %s.', case t.check_in_dow when 5 then 'Friday' else 'Saturday' end, t.check_in_date)`,
  },
  {
    code: 'local_guest',
    label: 'Local guest',
    points: 15,
    when: `t.guest_city is not null and lower(btrim(t.guest_city)) = lower(btrim(t.listing_city))`,
    detail: `format('The guest lives in %s, where the listing is.', btrim(t.guest_city))`,
  },
  {
    code: 'large_party',
    label: 'Large party',
    points: 15,
    // A studio counts as one bedroom: two guests in a studio are not a party.
    when: `t.guests_count > greatest(t.bedrooms, 1) * 2 + 1`,
    detail: `format('%s guests for %s (more than %s).', t.guests_count,
                    case when t.bedrooms = 0 then 'a studio' when t.bedrooms = 1 then '1 bedroom' else t.bedrooms || ' bedrooms' end,
                    greatest(t.bedrooms, 1) * 2 + 1)`,
  },
];

export const MAX_SCORE = 100;

/**
 * `factors` (a SQL jsonb array of factor objects) as building staff may read it: the detail of
 * each factor drawn from the guest's message replaced by its `vendorDetail`, order kept.
 */
export function factorsForVendor(factors: string): string {
  const rewritten = FACTORS.filter((factor) => factor.vendorDetail !== undefined);
  const cases = rewritten
    .map(
      (factor) =>
        `when '${factor.code}' then jsonb_set(f, '{detail}', to_jsonb('${(factor.vendorDetail ?? '').replace(/'/g, "''")}'::text))`,
    )
    .join(' ');
  return `(select coalesce(jsonb_agg(case f->>'code' ${cases} else f end order by n), '[]'::jsonb)
           from jsonb_array_elements(${factors}) with ordinality as e(f, n))`;
}

/** Which reservations to screen: some by id, every one of some accounts, or all never screened. */
type ScreeningSelector =
  { ids: readonly string[] } | { accountIds: readonly string[] } | { unscreened: true };

/**
 * What to log: `screened` (a first screening), `risk_recalculated` when the score or colour
 * changed, `risk_recalculated` always, or nothing.
 */
export type ScreeningLog = 'screened' | 'recalculated_if_changed' | 'recalculated' | 'none';

export interface ScreeningOptions {
  log: ScreeningLog;
  actor: { userId: string | null; name: string };
  /** Why it ran (`details.trigger` of the log entry). */
  trigger: string;
  /** More details for the log entries (e.g. the webhook's risk type). */
  details?: Record<string, unknown>;
  /** Counts a change of score or factors as a change of the reservation (version + 1). */
  bumpVersion?: boolean;
  /** The seed: screened a couple of minutes after booking instead of now. */
  screenedAtBooking?: boolean;
}

export interface ScreeningResult {
  id: string;
  account_id: string;
  tolerance: RiskTolerance;
  before_score: number;
  after_score: number;
  before_colour: RiskColour;
  after_colour: RiskColour;
  changed: boolean;
}

/** The factor objects of one reservation, biggest first, nulls (factors that do not apply) removed. */
const FACTORS_SQL = `to_jsonb(array_remove(array[${FACTORS.map(
  (factor) =>
    `case when ${factor.when} then jsonb_build_object('code', '${factor.code}', 'label', '${factor.label.replace(/'/g, "''")}', 'points', ${factor.points}, 'detail', ${factor.detail}) end`,
).join(',\n')}]::jsonb[], null))`;

const SCORE_SQL = `least(${MAX_SCORE}, ${FACTORS.map(
  (factor) => `case when ${factor.when} then ${factor.points} else 0 end`,
).join(' + ')})`;

/**
 * Screens the reservations given by id in one statement and returns, per reservation, the score
 * and colour before and after. Run it inside the transaction that changed the reservation.
 */
export function screenReservations(
  sql: Sql,
  ids: readonly string[],
  options: ScreeningOptions,
): Promise<ScreeningResult[]> {
  return runScreening<ScreeningResult>(sql, { ids }, options, 'rows');
}

/** Screens every reservation of the given accounts (the seed, a bulk import); returns how many. */
export async function screenAccounts(
  sql: Sql,
  accountIds: readonly string[],
  options: ScreeningOptions,
): Promise<number> {
  const [row] = await runScreening<{ screened: number }>(sql, { accountIds }, options, 'count');
  return row?.screened ?? 0;
}

/**
 * Screens every reservation that never was (rows written before screening existed, or by a bulk
 * insert that skipped it); returns how many. Cheap when there are none (a partial index).
 */
export async function screenUnscreened(sql: Sql, options: ScreeningOptions): Promise<number> {
  const [row] = await runScreening<{ screened: number }>(
    sql,
    { unscreened: true },
    options,
    'count',
  );
  return row?.screened ?? 0;
}

function runScreening<T extends object>(
  sql: Sql,
  selector: ScreeningSelector,
  options: ScreeningOptions,
  answer: 'rows' | 'count',
): Promise<T[]> {
  const params = new SqlParams();
  const where =
    'ids' in selector
      ? `r.id = any(${params.add(selector.ids)}::bigint[])`
      : 'accountIds' in selector
        ? `r.account_id = any(${params.add(selector.accountIds)}::bigint[])`
        : 'r.screened_at is null';
  const partyPattern = params.add(PARTY_WORDS_PATTERN);
  const bump = params.add(options.bumpVersion === true);
  const atBooking = params.add(options.screenedAtBooking === true);
  const log = params.add(options.log);
  const actorId = params.add(options.actor.userId);
  const actorName = params.add(options.actor.name);
  const trigger = params.add(options.trigger);
  const extra = params.add(JSON.stringify(options.details ?? {}));
  const before = 'risk_colour(u.before_score, u.risk_tolerance)';
  const after = 'risk_colour(u.risk_score, u.risk_tolerance)';
  const finalSelect =
    answer === 'count'
      ? 'select count(*)::int as screened from compared'
      : `select c.id::text as id, c.account_id::text as account_id, c.risk_tolerance as tolerance,
                c.before_score, c.after_score, c.before_colour, c.after_colour, c.changed
         from compared c
         order by c.id`;
  return sql.query<T>(
    `with target as (
       select r.id, r.account_id, r.risk_score, r.risk_factors, r.verification_status, r.card_check,
              r.guests_count, r.check_in_date, r.check_out_date - r.check_in_date as nights,
              extract(isodow from r.check_in_date)::int as check_in_dow,
              -- the booking's day in the session's time zone: the same clock as current_date
              r.created_at::date as booked_on, r.created_at, r.guest_city,
              l.city as listing_city, l.bedrooms, a.risk_tolerance,
              case when r.guest_message ~* ${partyPattern} then
                (select string_agg(distinct lower(regexp_replace(m[1], '\\s+', ' ', 'g')), ', ')
                 from regexp_matches(r.guest_message, ${partyPattern}, 'gi') as m) end as party_words
       from reservations r
       join listings l on l.id = r.listing_id
       join accounts a on a.id = r.account_id
       where ${where}
     ),
     -- What the log compares travels with each row through the update: joining the update's rows
     -- back to target (two CTE scans, no index) made a nested loop of n × n rows whenever the
     -- planner guessed few rows, as it does on a server right after a bulk insert.
     scored as (
       select t.id, ${SCORE_SQL} as score, ${FACTORS_SQL} as factors,
              case when ${atBooking}::boolean then least(now(), t.created_at + interval '2 minutes') else now() end as at,
              t.account_id, t.risk_tolerance, t.risk_score as before_score, t.risk_factors as before_factors
       from target t
     ),
     updated as (
       update reservations r
       set risk_score = s.score,
           risk_factors = s.factors,
           screened_at = s.at,
           version = r.version + case when ${bump}::boolean and (r.risk_score <> s.score or r.risk_factors <> s.factors) then 1 else 0 end,
           updated_at = case when ${bump}::boolean and (r.risk_score <> s.score or r.risk_factors <> s.factors) then now() else r.updated_at end
       from scored s
       where r.id = s.id
       returning r.id, r.risk_score, r.risk_factors, s.at, s.account_id, s.risk_tolerance,
                 s.before_score, s.before_factors
     ),
     compared as (
       select u.id, u.account_id, u.risk_tolerance, u.at,
              u.before_score, u.risk_score as after_score,
              ${before} as before_colour, ${after} as after_colour,
              (u.before_score <> u.risk_score or u.before_factors <> u.risk_factors) as changed,
              u.risk_factors as after_factors, u.before_factors
       from updated u
     ),
     logged as (
       insert into protect_log (account_id, reservation_id, at, event, actor_user_id, actor_name, supervised, details)
       select c.account_id, c.id, c.at,
              case when ${log} = 'screened' then 'screened' else 'risk_recalculated' end,
              ${actorId}::bigint, ${actorName}, false,
              case when ${log} = 'screened' then
                jsonb_build_object('score', c.after_score, 'colour', c.after_colour, 'tolerance', c.risk_tolerance,
                                   'factors', coalesce((select jsonb_agg(e->'code') from jsonb_array_elements(c.after_factors) e), '[]'::jsonb))
              else
                jsonb_build_object(
                  'before', jsonb_build_object('score', c.before_score, 'colour', c.before_colour),
                  'after', jsonb_build_object('score', c.after_score, 'colour', c.after_colour),
                  'tolerance', c.risk_tolerance, 'changed', c.changed,
                  'added', coalesce((select jsonb_agg(e->'code') from jsonb_array_elements(c.after_factors) e
                                     where not c.before_factors @> jsonb_build_array(jsonb_build_object('code', e->'code'))), '[]'::jsonb),
                  'removed', coalesce((select jsonb_agg(e->'code') from jsonb_array_elements(c.before_factors) e
                                       where not c.after_factors @> jsonb_build_array(jsonb_build_object('code', e->'code'))), '[]'::jsonb))
              end || jsonb_build_object('trigger', ${trigger}::text) || ${extra}::jsonb
       from compared c
       where ${log} = 'screened' or ${log} = 'recalculated'
          or (${log} = 'recalculated_if_changed'
              and (c.before_score <> c.after_score or c.before_colour <> c.after_colour))
       returning 1
     )
     ${finalSelect}`,
    params.values,
  );
}
