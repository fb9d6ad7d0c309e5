-- Version 38: a person chooses whether the bell tells them about risky bookings (issue 33).
--
-- A booking that arrives by itself and screens orange or red rang the bell of every owner and
-- manager of the account with no way to turn it off; its mail already follows
-- `mail_on_red_reservation`. Null until the person chooses, like the other choices: on by default.
alter table notification_preferences add column in_app_on_risky_booking boolean;

create or replace view user_notification_preferences as
select u.id as user_id,
       coalesce(p.mail_on_red_reservation,
                u.type = 'user' and u.subtype in ('owner', 'admin', 'manager')) as mail_on_red_reservation,
       coalesce(p.mail_on_import_finished, true) as mail_on_import_finished,
       coalesce(p.in_app_on_verification_change, true) as in_app_on_verification_change,
       coalesce(p.in_app_on_risky_booking, true) as in_app_on_risky_booking
from users u
left join notification_preferences p on p.user_id = u.id;
