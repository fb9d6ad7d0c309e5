-- Version 37: a staff member opens one host account (issue 33, docs/adr/0031-staff-view-an-account.md).
-- The account a Hostdash staff session views lives on the session itself, set by
-- POST /admin/viewing/{accountId} and cleared by DELETE /admin/viewing (or by signing out: a new
-- session views nothing). While it is set, every host call of that session is scoped exactly as the
-- account's owner sees it; staff-only calls keep answering as staff. Only staff sessions carry it.
alter table sessions add column viewing_account_id bigint references accounts (id) on delete set null;
