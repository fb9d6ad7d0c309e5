// The sign-in history of the demo data (the platform analytics' sign-ins and active accounts): every
// active user signed in on most days of the last four weeks, more on weekdays, each session long
// over (signed out within the hour and expired). Deterministic: the counts and times follow from
// the user's id and the day. Four weeks because the API deletes sessions 30 days after they expire.
// A seeded session's key is not a SHA-256 (`seed:…`), so no token can ever match it.
import type { Sql } from './database';

const SIGN_IN_DAYS = 28;

export async function writeSignIns(tx: Sql): Promise<number> {
  const rows = await tx.query(
    `insert into sessions (token_hash, user_id, created_at, expires_at, revoked_at, revoked_reason)
     select 'seed:' || s.user_id || ':' || s.days_ago || ':' || s.n,
            s.user_id, s.at, s.at + interval '12 hours', s.at + interval '40 minutes', 'signed_out'
     from (
       select u.id as user_id, d.days_ago, k.n,
              least(now() - interval '2 hours',
                    date_trunc('day', now()) - d.days_ago * interval '1 day'
                      + (7 + (u.id * 5 + d.days_ago * 3 + k.n * 4) % 12) * interval '1 hour'
                      + ((u.id * 13 + d.days_ago * 7) % 60) * interval '1 minute') as at
       from users u
       cross join generate_series(0, $1::int - 1) as d(days_ago)
       cross join lateral generate_series(1,
         greatest(0, (u.id * 7 + d.days_ago * 11) % 4
                     - case when extract(isodow from now() - d.days_ago * interval '1 day') > 5 then 2 else 0 end)) as k(n)
       where u.is_active
     ) s
     returning 1`,
    [SIGN_IN_DAYS],
  );
  return rows.length;
}
