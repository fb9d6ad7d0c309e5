-- Version 9: billing (issue 13). What we keep of a card is what the payment provider shows
-- anyway: its payment-method id, brand, last four digits, expiry and the cardholder's name.
-- Never the card number or the CVC: they go to the provider (Stripe, or the built-in test mode
-- below) and we only ever receive a token. The provider's customer id stays where it was,
-- accounts.stripe_customer_id (the shell's billing rule reads it through /loadAuth).
alter table accounts
  add column payment_method_id text,
  add column card_brand text,
  add column card_last4 text constraint accounts_card_last4_check check (card_last4 ~ '^[0-9]{4}$'),
  add column card_exp_month integer constraint accounts_card_exp_month_check check (card_exp_month between 1 and 12),
  add column card_exp_year integer constraint accounts_card_exp_year_check check (card_exp_year between 2000 and 2199),
  add column card_name text constraint accounts_card_name_check check (char_length(card_name) <= 200),
  add column card_updated_at timestamptz,
  -- A card is all of it or none of it, and always belongs to the account's provider customer.
  add constraint accounts_card_complete check (
    (payment_method_id is null and card_brand is null and card_last4 is null and card_exp_month is null
       and card_exp_year is null and card_name is null)
    or (payment_method_id is not null and card_brand is not null and card_last4 is not null
       and card_exp_month is not null and card_exp_year is not null and stripe_customer_id is not null)
  );

-- One invoice per account and month, written when the month is closed, from its usage (the price
-- list is src/billing/prices.ts; the amounts are in cents of `currency`). Its amounts and lines
-- never change; only the outcome of charging it is written later (open → paid or failed), once.
create table invoices (
  id bigint generated always as identity primary key,
  account_id bigint not null references accounts (id),
  period text not null check (period ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  period_start date not null,
  period_end date not null check (period_end >= period_start),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  -- [{ code, description, quantity, unit_price_cents, amount_cents }]
  lines jsonb not null check (jsonb_typeof(lines) = 'array'),
  subtotal_cents integer not null check (subtotal_cents >= 0),
  tax_rate_bps integer not null check (tax_rate_bps between 0 and 10000),
  tax_cents integer not null check (tax_cents >= 0),
  total_cents integer not null check (total_cents = subtotal_cents + tax_cents),
  status text not null default 'open' check (status in ('open', 'paid', 'failed')),
  provider_charge_id text,
  failure_code text,
  failure_message text,
  charged_at timestamptz,
  -- When it was last sent to the provider (paid or failed): the newest attempt is "the last charge".
  attempted_at timestamptz,
  created_at timestamptz not null default now(),
  unique (account_id, period),
  check ((status = 'paid') = (charged_at is not null))
);
create index invoices_account_idx on invoices (account_id, period_start desc);

create function invoices_immutable() returns trigger
language plpgsql as $$
begin
  if tg_op <> 'UPDATE' then
    raise exception 'invoices are kept: % is not allowed', tg_op using errcode = 'restrict_violation';
  end if;
  if old.status <> 'open'
     or new.account_id <> old.account_id or new.period <> old.period
     or new.period_start <> old.period_start or new.period_end <> old.period_end
     or new.currency <> old.currency or new.lines <> old.lines
     or new.subtotal_cents <> old.subtotal_cents or new.tax_rate_bps <> old.tax_rate_bps
     or new.tax_cents <> old.tax_cents or new.total_cents <> old.total_cents
     or new.created_at <> old.created_at then
    raise exception 'invoice % is immutable: only an open invoice''s charge outcome is written', old.id
      using errcode = 'restrict_violation';
  end if;
  return new;
end
$$;
create trigger invoices_no_change before update or delete on invoices
  for each row execute function invoices_immutable();
create trigger invoices_no_truncate before truncate on invoices
  for each statement execute function invoices_immutable();

-- The built-in test-mode payment provider's own records (src/billing/testProvider.ts), standing in
-- for what Stripe keeps in test mode. A token knows its card's brand, last four, expiry and how
-- the test card behaves; the card number and CVC are checked when it is made and then dropped.
create table test_provider_payment_methods (
  id text primary key check (id ~ '^pm_test_[A-Za-z0-9]{16,40}$'),
  brand text not null,
  last4 text not null check (last4 ~ '^[0-9]{4}$'),
  exp_month integer not null check (exp_month between 1 and 12),
  exp_year integer not null check (exp_year between 2000 and 2199),
  name text check (char_length(name) <= 200),
  outcome text not null check (outcome in (
    'succeeds', 'generic_decline', 'insufficient_funds', 'charge_declined', 'test_mode_live_card'
  )),
  -- The customer it was attached to (a payment method belongs to one customer, as in Stripe).
  customer_id text,
  created_at timestamptz not null default now()
);

-- Charges made in test mode; the idempotency key (one per invoice) makes a repeated charge the
-- same charge, as Stripe's Idempotency-Key does.
create table test_provider_charges (
  id text primary key check (id ~ '^ch_test_[A-Za-z0-9]{16,40}$'),
  idempotency_key text not null unique,
  customer_id text not null,
  payment_method_id text not null,
  amount_cents integer not null check (amount_cents > 0),
  currency text not null,
  status text not null check (status in ('succeeded', 'failed')),
  failure_code text,
  created_at timestamptz not null default now()
);
