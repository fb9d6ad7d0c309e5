-- A delivered mail keeps no body (docs/adr/0013-mail-delivery.md): its one-time link (a password
-- reset, a team invite, a sign-up link) is hashed in its token table, and a copy in clear here would
-- undo that for anyone holding a backup. The worker drops the body as it marks the mail delivered;
-- what stays (to, subject, when, attempts) is the record of what was sent, pruned after 30 days by
-- the hourly maintenance. A mail still waiting keeps its body: it has yet to be sent (and tried
-- again).
alter table mail_outbox alter column body drop not null;
update mail_outbox set body = null where delivered_at is not null;
alter table mail_outbox add constraint mail_outbox_body_until_delivered
  check ((delivered_at is null) = (body is not null));
