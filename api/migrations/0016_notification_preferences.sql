-- Version 16: each person's notification preferences, chosen on /settings (issue 15).
--
-- A column is null until the person chooses: the default then applies, and it is computed when read
-- (the view below), so a manager made an owner gets the owner's default for what they never chose,
-- and no code that makes a user (invites, sign-up, the seed) has to write a row.
create table notification_preferences (
  user_id bigint primary key references users (id) on delete cascade,
  -- A mail when a stay of the account turns red (owners and managers: the people who act on it).
  mail_on_red_reservation boolean,
  -- A mail when an import from a property-management system finishes (the account's owner).
  mail_on_import_finished boolean,
  -- The bell notification when a teammate changes a guest's verification (declines them).
  in_app_on_verification_change boolean,
  updated_at timestamptz not null default now()
);

-- Every user's preferences, the defaults filled in: what every reader goes through.
create view user_notification_preferences as
select u.id as user_id,
       coalesce(p.mail_on_red_reservation,
                u.type = 'user' and u.subtype in ('owner', 'admin', 'manager')) as mail_on_red_reservation,
       coalesce(p.mail_on_import_finished, true) as mail_on_import_finished,
       coalesce(p.in_app_on_verification_change, true) as in_app_on_verification_change
from users u
left join notification_preferences p on p.user_id = u.id;
