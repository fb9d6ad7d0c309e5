-- Hostdash schema, version 1. Runs on PostgreSQL 15+ and on PGlite 0.5 (PostgreSQL 18): keep to
-- SQL both accept. Every id is `bigint generated always as identity`; the API selects it as text.

-- A host's business: what owns listings, buildings, reservations and the billing customer.
create table accounts (
  id bigint generated always as identity primary key,
  name text not null,
  stripe_customer_id text unique,
  created_at timestamptz not null default now()
);

create table users (
  id bigint generated always as identity primary key,
  account_id bigint not null references accounts (id),
  name text not null,
  email text not null check (email = lower(email) and position('@' in email) > 1),
  type text not null default 'user' check (type in ('user', 'admin', 'channel')),
  -- owner, admin, vendor, and sub-user subtypes (manager, cleaner …)
  subtype text not null check (subtype ~ '^[a-z][a-z_]{1,31}$'),
  is_active boolean not null default true,
  password_hash text not null,
  totp_secret text check (totp_secret ~ '^[A-Z2-7]{16,128}$'),
  -- The last TOTP time step accepted: a code of that step or older is never accepted again.
  totp_last_step bigint,
  created_at timestamptz not null default now()
);
create unique index users_email_key on users (email);
create index users_account_idx on users (account_id);
create index users_created_at_idx on users (created_at, id);

-- Only a SHA-256 of each token is stored: a leaked table signs nobody in.
create table sessions (
  token_hash text primary key,
  user_id bigint not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index sessions_user_idx on sessions (user_id);

-- The second sign-in step of an account with TOTP.
create table login_challenges (
  token_hash text primary key,
  user_id bigint not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  attempts integer not null default 0 check (attempts >= 0),
  consumed_at timestamptz
);
create index login_challenges_user_idx on login_challenges (user_id);

-- Failed sign-ins per email (whether or not the email exists), for the rate limit.
create table failed_logins (
  id bigint generated always as identity primary key,
  email text not null,
  attempted_at timestamptz not null default now()
);
create index failed_logins_email_idx on failed_logins (email, attempted_at);

create table password_reset_tokens (
  token_hash text primary key,
  user_id bigint not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index password_reset_tokens_user_idx on password_reset_tokens (user_id);

-- Mail is written here; a sender (not part of this package) delivers it.
create table mail_outbox (
  id bigint generated always as identity primary key,
  to_address text not null,
  subject text not null,
  body text not null,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);

create table notifications (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  title text not null,
  body text not null,
  created_at timestamptz not null default now(),
  removed_at timestamptz
);
create index notifications_user_idx on notifications (user_id, created_at desc, id desc) where removed_at is null;

create table buildings (
  id bigint generated always as identity primary key,
  account_id bigint not null references accounts (id),
  name text not null,
  slug text not null check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  address text not null,
  city text not null,
  country text not null,
  created_at timestamptz not null default now(),
  search_vector tsvector generated always as (to_tsvector('simple', name)) stored,
  unique (account_id, slug)
);

create table listings (
  id bigint generated always as identity primary key,
  account_id bigint not null references accounts (id),
  building_id bigint references buildings (id),
  nickname text not null,
  address text not null,
  city text not null,
  country text not null,
  status text not null default 'active' check (status in ('active', 'inactive', 'archived')),
  pms text not null check (pms in (
    'guesty', 'rentalsunited', 'hostaway', 'cloudbeds', 'apaleo', 'myvr', 'beds24', 'smartbnb', 'hostfully',
    'impala', 'opera', 'streamline', 'trackhs', 'escapia', 'stayntouch', 'lavanda', 'inforhms', 'booking'
  )),
  timezone text not null,
  bedrooms integer not null default 1 check (bedrooms >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  search_vector tsvector generated always as (
    setweight(to_tsvector('simple', nickname), 'A') ||
    setweight(to_tsvector('simple', address), 'B') ||
    setweight(to_tsvector('simple', city), 'B')
  ) stored
);
-- The sort keys of /listing/load within an account (every key ends with id: stable paging) …
create index listings_account_nickname_idx on listings (account_id, lower(nickname), id);
create index listings_account_created_idx on listings (account_id, created_at, id);
create index listings_account_updated_idx on listings (account_id, updated_at, id);
create index listings_account_status_idx on listings (account_id, status, id);
create index listings_account_city_idx on listings (account_id, lower(city), id);
create index listings_account_pms_idx on listings (account_id, pms, id);
-- … across accounts (admins), per building (vendors, the building sort), and for search.
create index listings_nickname_idx on listings (lower(nickname), id);
create index listings_building_idx on listings (building_id);
create index listings_search_idx on listings using gin (search_vector);

-- Which buildings a vendor (building staff) may see.
create table vendor_grants (
  user_id bigint not null references users (id) on delete cascade,
  building_id bigint not null references buildings (id) on delete cascade,
  granted_at timestamptz not null default now(),
  primary key (user_id, building_id)
);
create index vendor_grants_building_idx on vendor_grants (building_id);

create table reservations (
  id bigint generated always as identity primary key,
  account_id bigint not null references accounts (id),
  listing_id bigint not null references listings (id),
  guest_name text not null,
  guest_email text,
  guest_phone text,
  guests_count integer not null default 1 check (guests_count > 0),
  check_in_date date not null,
  check_out_date date not null,
  status text not null default 'CONFIRMED' check (status in ('CONFIRMED', 'CANCELLED', 'INQUIRY')),
  source text not null check (source in ('airbnb', 'booking.com', 'vrbo', 'direct')),
  verification_status text not null default 'pending'
    check (verification_status in ('pending', 'incomplete', 'review', 'verified', 'declined')),
  guest_message text,
  created_at timestamptz not null default now(),
  check (check_out_date > check_in_date)
);
create index reservations_account_check_in_idx on reservations (account_id, check_in_date, id);
create index reservations_listing_idx on reservations (listing_id, check_in_date);

-- Feature flags, served Flagsmith-compatibly (id is the Flagsmith feature id: a number there).
create table flags (
  name text primary key check (name ~ '^[a-z][a-z0-9_]{1,63}$'),
  id integer generated always as identity unique,
  enabled boolean not null default false,
  value text,
  description text not null default '',
  updated_at timestamptz not null default now(),
  updated_by bigint references users (id) on delete set null
);

create table flag_identity_overrides (
  identifier text not null,
  flag_name text not null references flags (name) on delete cascade,
  enabled boolean not null,
  value text,
  primary key (identifier, flag_name)
);

create table identity_traits (
  identifier text not null,
  trait_key text not null,
  trait_value jsonb not null,
  updated_at timestamptz not null default now(),
  primary key (identifier, trait_key)
);
