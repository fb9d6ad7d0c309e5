-- Issue 32: months are closed and charged by a schedule, and a failed charge is tried again on the
-- days of BILLING_RETRY_DAYS (src/billing/dunning.ts, docs/adr/0029-billing-schedule-and-dunning.md).
-- An invoice counts its failed tries and knows its next one; an account whose last try failed is
-- past due from then until its invoices are paid. What was billed never changes (the trigger of
-- 0010 still guards the amounts): only the charge's outcome and its schedule are written.
alter table invoices
  add column failed_tries integer not null default 0 check (failed_tries >= 0),
  add column first_failed_at timestamptz,
  add column next_try_at timestamptz,
  add constraint invoices_next_try_when_failed check (next_try_at is null or status = 'failed');

-- Failed invoices before this change count one failed try, with no next one planned: replacing the
-- card still charges them at once.
update invoices set failed_tries = 1, first_failed_at = coalesce(attempted_at, created_at)
where status = 'failed';

create index invoices_failed_idx on invoices (account_id) where status = 'failed';

alter table accounts add column past_due_since timestamptz;
