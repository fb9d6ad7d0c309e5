-- Reservations, version 3: risk screening (score and explainable factors, computed in SQL by
-- src/protect/screening.ts), the account's risk tolerance, the append-only protect log, identity
-- images (content-addressed blobs) and generated reports. The colour of a reservation is not
-- stored: it follows from the score and the account's tolerance when read (src/protect/risk.ts).

-- How strict the owner wants screening to be: it moves the colour thresholds.
alter table accounts
  add column risk_tolerance text not null default 'balanced'
    constraint accounts_risk_tolerance_check check (risk_tolerance in ('low', 'balanced', 'high'));

alter table reservations
  -- Where the guest lives (as given by the guest or the channel), for the "local guest" factor.
  add column guest_city text,
  add column guest_country text constraint reservations_guest_country_check check (guest_country ~ '^[A-Z]{2}$'),
  -- The payment card check of the booking.
  add column card_check text not null default 'not_run'
    constraint reservations_card_check_check check (card_check in ('passed', 'failed', 'not_run')),
  -- Screening: 0–100 and the factors that produced it, biggest first
  -- ([{ code, label, points, detail }]); null screened_at means not screened yet.
  add column risk_score integer not null default 0
    constraint reservations_risk_score_check check (risk_score between 0 and 100),
  add column risk_factors jsonb not null default '[]'::jsonb
    constraint reservations_risk_factors_array check (jsonb_typeof(risk_factors) = 'array'),
  add column screened_at timestamptz,
  -- 1 when created, +1 on every change (edit, verification change, a re-screen that moved the risk).
  add column version integer not null default 1 constraint reservations_version_positive check (version >= 1),
  add column updated_at timestamptz not null default now(),
  -- The guest's name (weight A) and email (weight B) for search; vendors search weight A only.
  add column search_vector tsvector generated always as (
    setweight(to_tsvector('simple', guest_name), 'A') ||
    setweight(to_tsvector('simple', coalesce(guest_email, '')), 'B')
  ) stored;

create index reservations_search_idx on reservations using gin (search_vector);
create index reservations_account_created_idx on reservations (account_id, created_at, id);
-- Reservations never screened (written before this migration, or by a bulk insert): the server
-- screens them at start.
create index reservations_unscreened_idx on reservations (id) where screened_at is null;

-- What happened to a reservation (or to an account's screening settings), newest read first.
-- Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE.
create table protect_log (
  id bigint generated always as identity primary key,
  account_id bigint not null references accounts (id),
  -- null for account-level events (tolerance_changed)
  reservation_id bigint references reservations (id),
  at timestamptz not null default now(),
  event text not null check (event in (
    'screened', 'risk_recalculated', 'verification_changed', 'image_rotated', 'report_generated',
    'report_failed', 'reservation_created', 'reservation_updated', 'tolerance_changed', 'message_released'
  )),
  -- null when the system acted (screening, the message relay)
  actor_user_id bigint references users (id),
  actor_name text not null,
  -- true when a person made the change by hand after reviewing
  supervised boolean not null default false,
  note text check (char_length(note) <= 1000),
  details jsonb not null default '{}'::jsonb check (jsonb_typeof(details) = 'object'),
  check (reservation_id is not null or event = 'tolerance_changed')
);
create index protect_log_reservation_idx on protect_log (reservation_id, at desc, id desc);
create index protect_log_account_idx on protect_log (account_id, at desc, id desc);

create function protect_log_append_only() returns trigger
language plpgsql as $$
begin
  raise exception 'protect_log is append-only: % is not allowed', tg_op
    using errcode = 'restrict_violation';
end
$$;
create trigger protect_log_no_update_or_delete before update or delete on protect_log
  for each row execute function protect_log_append_only();
create trigger protect_log_no_truncate before truncate on protect_log
  for each statement execute function protect_log_append_only();

-- Identity images: bytes stored once per content (sha256 of the bytes) …
create table identity_blobs (
  sha256 text primary key check (sha256 ~ '^[0-9a-f]{64}$'),
  content_type text not null check (content_type in ('image/jpeg', 'image/png', 'image/webp')),
  bytes bytea not null,
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  created_at timestamptz not null default now()
);

-- … and what each reservation points at. Rotating writes a new blob and repoints only this row.
create table reservation_images (
  reservation_id bigint not null references reservations (id),
  kind text not null check (kind in ('id_front', 'id_back', 'selfie')),
  blob_sha256 text not null references identity_blobs (sha256),
  -- clockwise degrees applied by hosts since upload
  rotation integer not null default 0 check (rotation in (0, 90, 180, 270)),
  updated_at timestamptz not null default now(),
  primary key (reservation_id, kind)
);
create index reservation_images_blob_idx on reservation_images (blob_sha256);

-- The last generated report of each type and format per reservation: the file, or why it failed.
create table reservation_reports (
  reservation_id bigint not null references reservations (id),
  type text not null check (type in ('guest-portal', 'screening')),
  format text not null check (format in ('pdf', 'csv')),
  status text not null check (status in ('done', 'failed')),
  generated_at timestamptz not null default now(),
  file_name text,
  content_type text,
  size integer,
  bytes bytea,
  error text,
  primary key (reservation_id, type, format),
  check ((status = 'done') = (bytes is not null))
);
