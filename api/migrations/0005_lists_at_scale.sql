-- Version 5: the lists at scale (issue 10: 30 ms at 100,000 reservations).
-- 1. Search in one table and one index each: a listing's search fields carry its building's
--    name, a reservation's carry its listing's words, kept by triggers, so that a search is a
--    lookup in a GIN index instead of a join evaluated row by row. Substrings use pg_trgm.
-- 2. Counts kept as they change: listings by account, building, status and PMS; reservations by
--    account and check-in day (statuses; and CONFIRMED stays by verification and by colour at the
--    account's tolerance). A page's total and the stat cards sum a few hundred rows of these
--    instead of counting tens of thousands. Statement-level triggers with transition tables, so
--    an import of 100,000 rows updates them once.
-- 3. An index that answers the default reservations list (status, check-in date) by itself.
--
-- risk_colour(score, tolerance) is not defined here: src/db/derivedSql.ts installs it from the
-- code's thresholds (src/protect/risk.ts) before the migrations run, and counts again whenever
-- those thresholds change.

create extension if not exists pg_trgm;

-- 1. Search ------------------------------------------------------------------------------------

-- A listing: its own words (nickname A, address and city B) and its building's name (D), as the
-- listing search has always ranked them; `search_text` is the same text in lower case, for
-- substring matches. Because it holds every word of the document, a one-word search needs only
-- the substring match (every prefix match is one): one index, no second condition to check.
alter table listings alter column search_vector drop expression;
alter table listings add column search_text text not null default '';

create function listing_search_fields() returns trigger
language plpgsql as $$
declare
  building_name text;
begin
  select name into building_name from buildings where id = new.building_id;
  new.search_vector :=
    setweight(to_tsvector('simple', new.nickname), 'A') ||
    setweight(to_tsvector('simple', new.address), 'B') ||
    setweight(to_tsvector('simple', new.city), 'B') ||
    to_tsvector('simple', coalesce(building_name, ''));
  new.search_text := lower(concat_ws(' ', new.nickname, new.address, new.city, building_name));
  return new;
end
$$;
create trigger listings_search_fields
  before insert or update of nickname, address, city, building_id on listings
  for each row execute function listing_search_fields();

-- A building renamed: its listings' search fields follow (the trigger above writes them again).
create function building_renamed() returns trigger
language plpgsql as $$
begin
  update listings set building_id = building_id where building_id = new.id;
  return null;
end
$$;
create trigger buildings_renamed
  after update of name on buildings
  for each row when (old.name is distinct from new.name)
  execute function building_renamed();

update listings set building_id = building_id;
create index listings_search_text_idx on listings using gin (search_text gin_trgm_ops)
  with (gin_pending_list_limit = 64);

-- A reservation: the guest's name (A) and email (B), then its listing's own words (A, B; not the
-- building's): the document the reservations search has always ranked. `search_text` is the same
-- text in lower case (the guest's name and email, the listing's nickname, address and city), for
-- substring matches.
alter table reservations alter column search_vector drop expression;
alter table reservations add column search_text text not null default '';

create function reservation_search_vector(guest_name text, guest_email text, listing_vector tsvector)
returns tsvector
language sql immutable parallel safe as $$
  select setweight(to_tsvector('simple', guest_name), 'A') ||
         setweight(to_tsvector('simple', coalesce(guest_email, '')), 'B') ||
         ts_filter(listing_vector, '{a,b}')
$$;

create function reservation_search_text(guest_name text, guest_email text, nickname text, address text, city text)
returns text
language sql immutable parallel safe as $$
  select lower(concat_ws(' ', guest_name, guest_email, nickname, address, city))
$$;

create function reservation_search_fields() returns trigger
language plpgsql as $$
declare
  listing record;
begin
  select l.nickname, l.address, l.city, l.search_vector into listing from listings l where l.id = new.listing_id;
  new.search_vector := reservation_search_vector(new.guest_name, new.guest_email, listing.search_vector);
  new.search_text := reservation_search_text(new.guest_name, new.guest_email, listing.nickname, listing.address, listing.city);
  return new;
end
$$;
create trigger reservations_search_fields
  before insert or update of guest_name, guest_email, listing_id on reservations
  for each row execute function reservation_search_fields();

-- A listing's words changed: its reservations' search fields follow.
create function listing_words_changed() returns trigger
language plpgsql as $$
begin
  update reservations r
  set search_vector = reservation_search_vector(r.guest_name, r.guest_email, new.search_vector),
      search_text = reservation_search_text(r.guest_name, r.guest_email, new.nickname, new.address, new.city)
  where r.listing_id = new.id;
  return null;
end
$$;
create trigger listings_words_changed
  after update of nickname, address, city on listings
  for each row
  when (old.nickname is distinct from new.nickname or old.address is distinct from new.address
        or old.city is distinct from new.city)
  execute function listing_words_changed();

update reservations set listing_id = listing_id;

-- The search indexes come in two halves, CONFIRMED stays and the others, so that each row is in one
-- of them and the reservations page (which searches CONFIRMED stays) reads only its own half:
-- a search for a common word reads 11,000 rows instead of 17,000 to drop a third (22 -> 14 ms).
-- The query names the half in each arm of its condition (src/reservations/reservationSearch.ts).
drop index reservations_search_idx;
create index reservations_confirmed_search_idx on reservations using gin (search_vector)
  with (gin_pending_list_limit = 64) where status = 'CONFIRMED';
create index reservations_other_search_idx on reservations using gin (search_vector)
  with (gin_pending_list_limit = 64) where status <> 'CONFIRMED';
create index reservations_confirmed_search_text_idx on reservations using gin (search_text gin_trgm_ops)
  with (gin_pending_list_limit = 64) where status = 'CONFIRMED';
create index reservations_other_search_text_idx on reservations using gin (search_text gin_trgm_ops)
  with (gin_pending_list_limit = 64) where status <> 'CONFIRMED';

-- A GIN index queues new entries in a pending list that every search reads in full, until a vacuum
-- or a full list merges them; PGlite has no autovacuum, and with the default 4 MB list a search
-- after an import of 50,000 listings took 165 ms instead of 10. A 64 kB list keeps that cost to a
-- few milliseconds and still merges an import in batches (writing each entry at once instead made
-- the import three times slower).
alter index listings_search_idx set (gin_pending_list_limit = 64);
select gin_clean_pending_list('listings_search_idx');

-- 2. Counts ------------------------------------------------------------------------------------
-- Each count table has a function that writes the statement adding a set of changes to it: rows
-- of the counted columns with a `sign` (+1 in, -1 out). The triggers pass their transition tables,
-- a rebuild passes the table itself, so both share one statement.

-- A statement's changes as such rows: the rows it inserted (+1) or deleted (-1); for an update,
-- the rows as they were (-1) and as they are (+1). Unchanged rows cancel out in the sums, and the
-- upserts skip the groups whose sums are all zero. (No join of the two transition tables: they
-- have no statistics, and a planner that takes them for small joins 100,000 rows by nested loop.)
create function counted_changes(op text, columns text) returns text
language sql immutable as $$
  select case op
    when 'INSERT' then format('select %s, 1 as sign from new_rows', columns)
    when 'DELETE' then format('select %s, -1 as sign from old_rows', columns)
    else format('select %1$s, 1 as sign from new_rows union all select %1$s, -1 as sign from old_rows', columns)
  end
$$;

-- Listings by account, building, status and PMS.
create table listing_counts (
  account_id bigint not null,
  building_id bigint,
  status text not null,
  pms text not null,
  listings integer not null,
  constraint listing_counts_key unique nulls not distinct (account_id, building_id, status, pms)
);

create function listing_counts_upsert(changes text) returns text
language sql immutable as $$
  select format($statement$
    insert into listing_counts as c (account_id, building_id, status, pms, listings)
    select d.account_id, d.building_id, d.status, d.pms, sum(d.sign)::int
    from (%s) d
    group by 1, 2, 3, 4
    having sum(d.sign) <> 0
    order by 1, 2, 3, 4
    on conflict on constraint listing_counts_key do update set listings = c.listings + excluded.listings
  $statement$, changes)
$$;

create function count_listings() returns trigger
language plpgsql as $$
begin
  execute listing_counts_upsert(counted_changes(tg_op, 'account_id, building_id, status, pms'));
  return null;
end
$$;
create trigger listings_counted_insert after insert on listings
  referencing new table as new_rows for each statement execute function count_listings();
create trigger listings_counted_update after update on listings
  referencing old table as old_rows new table as new_rows for each statement execute function count_listings();
create trigger listings_counted_delete after delete on listings
  referencing old table as old_rows for each statement execute function count_listings();

do $$ begin
  execute listing_counts_upsert('select account_id, building_id, status, pms, 1 as sign from listings');
end $$;

-- Reservations by account and check-in day: each status; CONFIRMED stays (the ones that will
-- happen) by verification and by colour at the account's tolerance; and the CONFIRMED stays in
-- review that are green or yellow (the attention order puts them after orange).
create table reservation_day_counts (
  account_id bigint not null,
  check_in_date date not null,
  confirmed integer not null,
  cancelled integer not null,
  inquiry integer not null,
  pending integer not null,
  incomplete integer not null,
  review integer not null,
  verified integer not null,
  declined integer not null,
  green integer not null,
  yellow integer not null,
  orange integer not null,
  red integer not null,
  review_green integer not null,
  review_yellow integer not null,
  primary key (account_id, check_in_date)
);

create function reservation_day_counts_upsert(changes text) returns text
language sql immutable as $$
  select format($statement$
    insert into reservation_day_counts as c
      (account_id, check_in_date, confirmed, cancelled, inquiry, pending, incomplete, review, verified,
       declined, green, yellow, orange, red, review_green, review_yellow)
    select * from (
      select d.account_id, d.check_in_date,
             sum(d.sign * d.confirmed)::int as confirmed, sum(d.sign * (d.status = 'CANCELLED')::int)::int as cancelled,
             sum(d.sign * (d.status = 'INQUIRY')::int)::int as inquiry,
             sum(d.sign * d.confirmed * (d.verification_status = 'pending')::int)::int as pending,
             sum(d.sign * d.confirmed * (d.verification_status = 'incomplete')::int)::int as incomplete,
             sum(d.sign * d.confirmed * (d.verification_status = 'review')::int)::int as review,
             sum(d.sign * d.confirmed * (d.verification_status = 'verified')::int)::int as verified,
             sum(d.sign * d.confirmed * (d.verification_status = 'declined')::int)::int as declined,
             sum(d.sign * d.confirmed * (d.colour = 'green')::int)::int as green,
             sum(d.sign * d.confirmed * (d.colour = 'yellow')::int)::int as yellow,
             sum(d.sign * d.confirmed * (d.colour = 'orange')::int)::int as orange,
             sum(d.sign * d.confirmed * (d.colour = 'red')::int)::int as red,
             sum(d.sign * d.confirmed * (d.verification_status = 'review' and d.colour = 'green')::int)::int as review_green,
             sum(d.sign * d.confirmed * (d.verification_status = 'review' and d.colour = 'yellow')::int)::int as review_yellow
      from (
        select ch.*, (ch.status = 'CONFIRMED')::int as confirmed, risk_colour(ch.risk_score, a.risk_tolerance) as colour
        from (%s) ch join accounts a on a.id = ch.account_id
      ) d
      group by 1, 2
    ) s
    where (s.confirmed, s.cancelled, s.inquiry, s.pending, s.incomplete, s.review, s.verified, s.declined,
           s.green, s.yellow, s.orange, s.red, s.review_green, s.review_yellow)
          <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    order by 1, 2
    on conflict (account_id, check_in_date) do update set
      confirmed = c.confirmed + excluded.confirmed, cancelled = c.cancelled + excluded.cancelled,
      inquiry = c.inquiry + excluded.inquiry, pending = c.pending + excluded.pending,
      incomplete = c.incomplete + excluded.incomplete, review = c.review + excluded.review,
      verified = c.verified + excluded.verified, declined = c.declined + excluded.declined,
      green = c.green + excluded.green, yellow = c.yellow + excluded.yellow,
      orange = c.orange + excluded.orange, red = c.red + excluded.red,
      review_green = c.review_green + excluded.review_green,
      review_yellow = c.review_yellow + excluded.review_yellow
  $statement$, changes)
$$;

create function count_reservations() returns trigger
language plpgsql as $$
begin
  execute reservation_day_counts_upsert(
    counted_changes(tg_op, 'account_id, check_in_date, status, verification_status, risk_score'));
  return null;
end
$$;
create trigger reservations_counted_insert after insert on reservations
  referencing new table as new_rows for each statement execute function count_reservations();
create trigger reservations_counted_update after update on reservations
  referencing old table as old_rows new table as new_rows for each statement execute function count_reservations();
create trigger reservations_counted_delete after delete on reservations
  referencing old table as old_rows for each statement execute function count_reservations();

-- Counts one account's reservations again (all accounts when null): after its tolerance moved
-- every colour, or after the colour thresholds changed (src/db/derivedSql.ts).
create function recount_reservation_days(account bigint) returns void
language plpgsql as $$
begin
  delete from reservation_day_counts where account is null or account_id = account;
  execute reservation_day_counts_upsert(format(
    'select account_id, check_in_date, status, verification_status, risk_score, 1 as sign
     from reservations where %L::bigint is null or account_id = %L::bigint', account, account));
end
$$;

create function tolerance_changed() returns trigger
language plpgsql as $$
begin
  perform recount_reservation_days(new.id);
  return null;
end
$$;
create trigger accounts_tolerance_changed
  after update of risk_tolerance on accounts
  for each row when (old.risk_tolerance is distinct from new.risk_tolerance)
  execute function tolerance_changed();

select recount_reservation_days(null);

-- 3. The default reservations list (CONFIRMED from today, by check-in date) and the risks page's
-- classes read in check-in order from this index alone.
create index reservations_account_status_check_in_idx
  on reservations (account_id, status, check_in_date, id) include (risk_score, verification_status);
