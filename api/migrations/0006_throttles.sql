-- Version 6: sign-in and password-reset throttling that cannot be turned into a lockout (issue 11,
-- docs/adr/0009-sign-in-throttling.md).
--
-- One row per throttled key: a rule's name and the SHA-256 of what it counts (an email and a
-- client, a client alone, an email alone), so the table holds no email or address in clear. Every
-- API instance shares it; a key's row is changed by one upsert, which PostgreSQL serialises per
-- row, so concurrent attempts cannot slip past a limit. The hourly maintenance deletes rows whose
-- `expires_at` has passed.
--
-- failed_logins (one row per failure, keyed by email alone) is what let anyone lock anyone out:
-- it goes.

create table throttles (
  key text primary key,
  -- Attempts counted in the current streak (a failure, or a request for rules that count them all).
  hits integer not null check (hits >= 0),
  -- The next attempt is refused (429) until then.
  blocked_until timestamptz not null,
  -- The streak is forgotten after this: a window of quiet after the last wait ends.
  expires_at timestamptz not null
);
create index throttles_expires_idx on throttles (expires_at);

-- The wait after the `hits`-th counted attempt: none while under `free`, then `base_ms` doubling
-- with each further attempt, never more than `max_ms` (the exponent is capped so that power()
-- cannot overflow however long a streak grows).
create function throttle_wait(hits integer, free integer, base_ms float8, max_ms float8)
returns interval
language sql immutable
as $$
  select case when hits < free then interval '0'
              else least(max_ms, base_ms * power(2::float8, least(hits - free, 40))) * interval '1 millisecond'
         end
$$;

drop table failed_logins;
