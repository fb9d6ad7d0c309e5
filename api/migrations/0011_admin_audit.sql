-- Version 11: the admin audit log (issue 14). Every change Hostdash staff (or an owner, for their
-- team) make to a user, an account, a flag or a remote is written here in the same transaction as
-- the change itself: who did it, what, on whom, when. `detail` holds what changed (a subtype from
-- and to, a flag's new value), never a secret, token or link. Entries are kept: never updated or
-- deleted.
create table admin_audit (
  id bigint generated always as identity primary key,
  actor_user_id bigint not null references users (id),
  action text not null check (action ~ '^[a-z][a-z0-9_.]{1,63}$'),
  target_user_id bigint references users (id),
  target_account_id bigint references accounts (id),
  detail jsonb not null default '{}'::jsonb check (jsonb_typeof(detail) = 'object'),
  created_at timestamptz not null default now()
);
create index admin_audit_target_user_idx on admin_audit (target_user_id, created_at desc, id desc)
  where target_user_id is not null;
create index admin_audit_target_account_idx on admin_audit (target_account_id, created_at desc, id desc)
  where target_account_id is not null;
create index admin_audit_created_at_idx on admin_audit (created_at desc, id desc);

create function admin_audit_kept() returns trigger
language plpgsql as $$
begin
  raise exception 'admin_audit entries are kept: % is not allowed', tg_op using errcode = 'restrict_violation';
end
$$;
create trigger admin_audit_kept
  before update or delete on admin_audit
  for each row execute function admin_audit_kept();

-- The admin list shows each user's last sign-in: kept on the user as each session begins (old
-- sessions are deleted by maintenance, the last sign-in stays), and read from the sessions kept.
alter table users add column last_sign_in_at timestamptz;
update users u set last_sign_in_at = (select max(s.created_at) from sessions s where s.user_id = u.id);

create function session_started() returns trigger
language plpgsql as $$
begin
  update users set last_sign_in_at = greatest(last_sign_in_at, new.created_at) where id = new.user_id;
  return null;
end
$$;
create trigger sessions_started
  after insert on sessions
  for each row execute function session_started();
