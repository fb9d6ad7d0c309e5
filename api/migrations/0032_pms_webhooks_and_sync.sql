-- Bookings flow in by themselves (issue 31, docs/adr/0027-pms-webhooks-and-sync.md): each PMS
-- connection gets the credentials its system signs webhooks with, and a cursor for the scheduled
-- incremental sync; deliveries already seen are kept a while (replays are refused); a stay the
-- team was alerted about is remembered, so a later sync or webhook does not alert again.

alter table pms_connections
  -- The public part of the webhook's address (/api/webhooks/{pms}/{webhook_id}): random, so the
  -- address tells nothing about the connection's row and cannot be guessed from another's.
  add column webhook_id text not null default replace(gen_random_uuid()::text, '-', ''),
  -- What the system proves itself with (Hostaway: a login and password; Guesty: a `whsec_`
  -- signing secret), sealed like the credentials (src/pms/vault.ts). Made when first needed.
  add column webhook_secret jsonb check (webhook_secret is null or jsonb_typeof(webhook_secret) = 'object'),
  -- Changes up to this moment are in: the next sync asks the system for what changed since.
  add column sync_cursor timestamptz,
  -- When the owner was told that the sync stopped working (credentials refused): told once, again
  -- only after a sync (or an import) worked in between.
  add column sync_failure_notified_at timestamptz,
  -- The sandbox's own webhooks: its bookings up to this moment were delivered.
  add column sandbox_sent_until timestamptz;
create unique index pms_connections_webhook_id on pms_connections (webhook_id);

-- A connection that works again (a sync or an import set it `connected`) may be told again when it
-- breaks again.
create function pms_connection_worked_again() returns trigger language plpgsql as $$
begin
  if new.status = 'connected' then
    new.sync_failure_notified_at := null;
  end if;
  return new;
end $$;
create trigger pms_connections_worked_again
  before update of status on pms_connections
  for each row when (new.status = 'connected' and old.status is distinct from 'connected')
  execute function pms_connection_worked_again();

-- Signed deliveries seen (Guesty's svix-id), per connection: the same id again is a replay. Kept
-- well past the signature's 5-minute tolerance, then pruned by the sync job.
create table pms_webhook_deliveries (
  connection_id bigint not null references pms_connections (id) on delete cascade,
  delivery_id text not null check (char_length(delivery_id) between 1 and 200),
  received_at timestamptz not null default now(),
  primary key (connection_id, delivery_id)
);
create index pms_webhook_deliveries_received on pms_webhook_deliveries (received_at);

-- The stays the account's team was told about (mail and bell) because they screen orange or red:
-- one alert per stay, and one more only when an orange one turns red.
create table stay_alerts (
  reservation_id bigint primary key references reservations (id) on delete cascade,
  colour text not null check (colour in ('orange', 'red')),
  alerted_at timestamptz not null default now()
);
