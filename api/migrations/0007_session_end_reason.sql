-- Version 7: why a session ended (issue 11). Deactivation ends every session of the user at once;
-- while the user stays deactivated, such a session still says who it was (load-auth answers the
-- user with is_active false, every other call 403 account_deactivated), so the dashboard can send
-- them to /logout and say why (spec section 6, rule 5) instead of a bare sign-in page. Once the
-- user is active again, it is a session like any revoked one: nothing, 401.
alter table sessions add column revoked_reason text
  check (revoked_reason is null or revoked_reason in ('signed_out', 'password_changed', 'deactivated'));
