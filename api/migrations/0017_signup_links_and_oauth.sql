-- Onboarding (issue 15): sign-up links that bring a new host to `/connect/{pms}` with their name,
-- email and company filled in, the OAuth round trips in flight, and when an account finished its
-- first connection.

-- A sign-up link, made by Hostdash staff for a prospective host. Like an invite, its token is kept
-- only as its SHA-256; it works once, for 14 days, and creates a new account (its owner).
create table signup_links (
  id bigint generated always as identity primary key,
  email text not null check (email = lower(email) and position('@' in email) > 1),
  name text not null check (char_length(name) between 1 and 200),
  company text not null check (char_length(company) between 1 and 200),
  pms text not null check (pms in (
    'guesty', 'rentalsunited', 'hostaway', 'cloudbeds', 'apaleo', 'myvr', 'beds24', 'smartbnb', 'hostfully',
    'impala', 'opera', 'streamline', 'trackhs', 'escapia', 'stayntouch', 'lavanda', 'inforhms', 'booking'
  )),
  token_hash text not null unique,
  created_by bigint references users (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  used_by_account bigint references accounts (id) on delete set null
);
create index signup_links_created_idx on signup_links (created_at desc, id desc);

-- One OAuth authorization in flight: `state` (kept as its SHA-256) is bound to the session that
-- started it and to the system, lives 10 minutes and is spent by the callback. A callback whose
-- state is unknown, spent, expired or another session's is refused: a forged callback cannot
-- connect someone else's system to this account, nor this account's to another.
create table oauth_states (
  id bigint generated always as identity primary key,
  state_hash text not null unique,
  session_hash text not null,
  user_id bigint not null references users (id) on delete cascade,
  pms text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);

-- When the account finished its first import (`POST /user/updateAfterIntegration`).
alter table accounts
  add column onboarded_at timestamptz,
  add column signup_link_id bigint references signup_links (id) on delete set null;
