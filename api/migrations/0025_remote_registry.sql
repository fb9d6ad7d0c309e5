-- Version 25: the remote registry in the database (issue 18, docs/adr/0022-registry-in-postgresql.md).
-- With DATABASE_URL the shell servers and the deploy command keep the registry here instead of in
-- a file (REMOTES_FILE): which version of each remote is live, its canary, the releases known and
-- the history of every change. The API owns the tables (its migrations run before anything reads
-- them) but never reads them: the shell server's delivery code does (shell/server/delivery/
-- postgresRegistry.ts). The file's model (registryFile.ts) maps onto these rows one to one.

-- Every release of a remote the registry has named: its manifest and what its build says of
-- itself. A release's integrity is the one recorded when it was first deployed (a rollback
-- restores it, docs/adr/0019); a release known before integrity was kept gets it once the store
-- can tell.
create table remote_versions (
  remote text not null check (remote ~ '^[a-z][a-z0-9-]*$'),
  version text not null check (version ~ '^[0-9A-Za-z][0-9A-Za-z.+_-]*$'),
  manifest text not null check (manifest <> ''),
  integrity text check (integrity ~ '^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$'),
  contract text,
  commit text,
  first_seen_at timestamptz not null default now(),
  primary key (remote, version)
);

-- The live release of each remote. `version` is null for an entry set by hand (a dev server: its
-- manifest only). `revision` grows by one with every change of the remote (its canary and history
-- included): a write names the revision it read and is refused when another got there first.
create table remote_live (
  id bigint generated always as identity unique,
  name text primary key check (name ~ '^[a-z][a-z0-9-]*$'),
  version text,
  manifest text not null check (manifest <> ''),
  integrity text check (integrity ~ '^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$'),
  contract text,
  revision bigint not null default 1 check (revision > 0),
  updated_at timestamptz not null default now(),
  foreign key (name, version) references remote_versions (remote, version)
);

-- A running canary (at most one per remote): its candidate, who gets it, a strategy's progress and
-- the latest verdict of the health analysis (docs/adr/0020).
create table remote_canaries (
  remote text primary key references remote_live (name) on delete cascade,
  version text not null,
  manifest text not null check (manifest <> ''),
  integrity text check (integrity ~ '^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$'),
  contract text,
  percent integer not null check (percent between 0 and 100),
  users text[] not null default '{}',
  since timestamptz,
  started_by text,
  actor_id text,
  actor_email text,
  strategy text check (strategy in ('canary10-15m', 'linear10-every-5m', 'all-at-once')),
  step integer check (step >= 0),
  step_since timestamptz,
  health_verdict text check (health_verdict in ('healthy', 'unhealthy', 'not_enough_data')),
  health_reason text,
  health_at timestamptz,
  -- The figures behind the verdict ({ candidate, live }: sessions, rates, p75s), shown as they are.
  health_figures jsonb,
  check ((strategy is null) = (step is null) and (step is null) = (step_since is null)),
  check ((health_verdict is null) = (health_at is null)),
  foreign key (remote, version) references remote_versions (remote, version)
);

-- Every change, oldest first, never changed or removed: who, when, what, from which version.
-- `at` is null only for an entry imported from a registry file that did not say when.
create table remote_history (
  id bigint generated always as identity primary key,
  remote text not null references remote_live (name),
  action text not null check (action in ('deploy', 'rollback', 'promote', 'canary', 'advance', 'abort')),
  version text not null,
  manifest text not null,
  previous text,
  at timestamptz,
  by text not null,
  actor_id text,
  actor_email text,
  commit text,
  percent integer check (percent between 0 and 100),
  reason text,
  integrity text,
  contract text
);
create index remote_history_remote_id on remote_history (remote, id);

create function remote_history_is_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'remote_history is append-only: % is not allowed', tg_op;
end;
$$;
create trigger remote_history_append_only before update or delete on remote_history
  for each row execute function remote_history_is_append_only();
