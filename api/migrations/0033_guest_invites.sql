-- Guests are invited automatically (issue 31): the check-in link is mailed to the guest some days
-- before check-in (the account's setting; GUEST_INVITE_DAYS when it has none), and reminded once
-- 24 hours before when the portal is not finished. The mails themselves are rows of the mail log
-- (mail_outbox, kinds `guest_invite` and `guest_reminder`); this records the account's choice and
-- what the automatic invites already queued, so each stay is invited and reminded once.

-- On by default. `guest_invite_days` null: the server's GUEST_INVITE_DAYS.
alter table accounts add column guest_invites_on boolean not null default true;
alter table accounts add column guest_invite_days smallint
  check (guest_invite_days between 0 and 30);
-- When invites were last switched on. Only stays created since are invited automatically: the
-- stays a host already had are not mailed in bulk (they send those from the reservations list).
-- Every account that exists now starts now, so this migration mails nobody's guests.
alter table accounts add column guest_invites_since timestamptz not null default now();

-- One row per stay the automatic invites acted on: when its invite (job `guest.invite`) and its
-- reminder (job `guest.reminder`) were queued. A host's own send counts as the invite, so the
-- automatic one does not follow it.
create table guest_invites (
  reservation_id bigint primary key references reservations (id) on delete cascade,
  invite_queued_at timestamptz,
  reminder_queued_at timestamptz
);

-- What the scan reads every minute: the coming stays that can be invited.
create index reservations_guest_invite_scan on reservations (check_in_date)
  where status = 'CONFIRMED' and guest_email is not null;
