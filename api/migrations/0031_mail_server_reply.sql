-- What the mail server answered when it accepted a mail (`250 2.0.0 Ok: queued as 4F3A…`, any
-- address in it blanked): with the Message-ID (`message_id`), what support gives the mail
-- provider to trace a mail somebody says never came (docs/adr/0013-mail-delivery.md). Null for a
-- mail written to a file, and for one not delivered.
alter table mail_outbox add column server_reply text;
-- The old poller's schedule (migration 0013): the mail's job keeps it now (jobs.run_after).
drop index if exists mail_outbox_waiting;
