-- A failed invoice is charged again when the host saves a new card (src/billing/invoices.ts,
-- chargeFailedInvoices): its outcome may now be written while it is open or failed. What was
-- billed (the account, the month, the lines, the amounts) still never changes, and a paid invoice
-- is final.
create or replace function invoices_immutable() returns trigger
language plpgsql as $$
begin
  if tg_op <> 'UPDATE' then
    raise exception 'invoices are kept: % is not allowed', tg_op using errcode = 'restrict_violation';
  end if;
  if old.status = 'paid'
     or new.account_id <> old.account_id or new.period <> old.period
     or new.period_start <> old.period_start or new.period_end <> old.period_end
     or new.currency <> old.currency or new.lines <> old.lines
     or new.subtotal_cents <> old.subtotal_cents or new.tax_rate_bps <> old.tax_rate_bps
     or new.tax_cents <> old.tax_cents or new.total_cents <> old.total_cents
     or new.created_at <> old.created_at then
    raise exception 'invoice % is immutable: only the charge outcome of an unpaid invoice is written', old.id
      using errcode = 'restrict_violation';
  end if;
  return new;
end
$$;
