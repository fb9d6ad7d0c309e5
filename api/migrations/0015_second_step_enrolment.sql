-- Second-step enrolment from /settings (issue 15): a secret waits here until the person proves
-- their authenticator has it (a code), and one-time recovery codes stand in for a lost phone.
alter table users
  add column totp_pending_secret text check (totp_pending_secret ~ '^[A-Z2-7]{16,128}$'),
  add column totp_pending_at timestamptz;

-- Only a SHA-256 of each recovery code is kept; a code works once.
create table recovery_codes (
  user_id bigint not null references users (id) on delete cascade,
  code_hash text not null,
  used_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (user_id, code_hash)
);
