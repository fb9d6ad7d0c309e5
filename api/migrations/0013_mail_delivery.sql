-- Mails leave the outbox (docs/adr/0013-mail-delivery.md): a worker in the API hands each row to a
-- transport and marks it delivered. `sent_at` (never written before) becomes `delivered_at`; a
-- failed hand-over is counted and tried again after a wait, its reason kept for whoever looks.
alter table mail_outbox rename column sent_at to delivered_at;
alter table mail_outbox add column attempts integer not null default 0;
alter table mail_outbox add column last_error text;
alter table mail_outbox add column next_attempt_at timestamptz not null default now();
-- What the worker reads every few seconds: only the mails still waiting.
create index mail_outbox_waiting on mail_outbox (next_attempt_at, id) where delivered_at is null;
