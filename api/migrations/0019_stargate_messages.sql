-- Version 19: Stargate, the held-message relay (issue 16).
--
-- A host writes a message (check-in instructions, a door code …) for one reservation or for every
-- stay of a listing. What reaches a guest is a delivery: one per message and reservation, so a
-- listing's message is held, released or withdrawn per stay, and one guest's verification never
-- lets another guest's copy go.
create table stargate_messages (
  id bigint generated always as identity primary key,
  account_id bigint not null references accounts (id),
  -- Exactly one target: a listing (each of its stays) or one reservation.
  listing_id bigint references listings (id),
  reservation_id bigint references reservations (id),
  kind text not null check (kind in ('check_in_instructions', 'door_code', 'wifi', 'other')),
  title text not null check (char_length(title) between 1 and 200),
  body text not null check (char_length(body) between 1 and 5000),
  created_by bigint references users (id),
  -- Kept as written: the author may be renamed or leave the team.
  created_by_name text not null,
  created_at timestamptz not null default now(),
  check ((listing_id is null) <> (reservation_id is null))
);
create index stargate_messages_listing_idx on stargate_messages (listing_id) where listing_id is not null;

create table stargate_deliveries (
  id bigint generated always as identity primary key,
  message_id bigint not null references stargate_messages (id),
  reservation_id bigint not null references reservations (id),
  -- The reservation's account (copied so the account-wide list is one index scan).
  account_id bigint not null references accounts (id),
  state text not null default 'held' check (state in ('held', 'released', 'withdrawn')),
  created_at timestamptz not null default now(),
  released_at timestamptz,
  -- null when released automatically (the guest was verified); the person otherwise.
  released_by bigint references users (id),
  -- Why a person released it by hand (required then; null for an automatic release).
  note text check (char_length(note) <= 500),
  withdrawn_at timestamptz,
  withdrawn_by bigint references users (id),
  unique (message_id, reservation_id),
  check ((state = 'released') = (released_at is not null)),
  check ((state = 'withdrawn') = (withdrawn_at is not null))
);
-- Verification releases a reservation's held deliveries; the reservation page reads them all.
create index stargate_deliveries_reservation_idx on stargate_deliveries (reservation_id, state);
-- The account-wide list, newest first.
create index stargate_deliveries_account_idx on stargate_deliveries (account_id, created_at desc, id desc);
