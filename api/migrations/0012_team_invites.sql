-- An owner invites a teammate (a manager, or a vendor with the buildings they may see) by mail.
-- The invite link's token is kept only as its SHA-256: a leaked table lets nobody join. An invite
-- is pending until it is used (a user is made), cancelled by the owner, or past expires_at.
create table team_invites (
  id bigint generated always as identity primary key,
  account_id bigint not null references accounts (id),
  email text not null check (email = lower(email) and position('@' in email) > 1),
  name text not null,
  subtype text not null check (subtype in ('manager', 'vendor')),
  token_hash text not null unique,
  invited_by bigint references users (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  used_by bigint references users (id) on delete set null,
  cancelled_at timestamptz,
  check (used_at is null or cancelled_at is null)
);
-- One open invite per email and account: inviting again replaces (cancels) the previous one.
create unique index team_invites_open_key on team_invites (account_id, email)
  where used_at is null and cancelled_at is null;

-- The buildings a vendor's invite grants once accepted.
create table team_invite_buildings (
  invite_id bigint not null references team_invites (id) on delete cascade,
  building_id bigint not null references buildings (id) on delete cascade,
  primary key (invite_id, building_id)
);
