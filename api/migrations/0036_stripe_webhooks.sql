-- Issue 32: the payment provider's events (docs/adr/0030-stripe-webhooks.md). Stripe's webhooks
-- (POST /webhooks/stripe) and the test-mode provider's in-process events are both written here
-- first, once per event id, and then applied by a `billing.stripe-event` job queued in the same
-- transaction: a replayed event finds its row and does nothing, and what each event did is kept.
create table payment_events (
  -- The provider's event id (`evt_…`): a delivery of an id already here is a replay.
  id text primary key check (char_length(id) between 1 and 255),
  -- Who sent it: Stripe (a verified webhook) or the built-in test-mode provider.
  source text not null check (source in ('stripe', 'test')),
  type text not null check (char_length(type) between 1 and 100),
  -- When the provider made the event (Stripe's `created`): a failure older than the invoice's
  -- last recorded attempt is not news.
  occurred_at timestamptz not null,
  -- What the job reads of the event's object, checked when it was received (ids, amounts, the
  -- invoice named in its metadata, a card's brand, last four and expiry; never a card number).
  -- null for an event of a type Hostdash does not act on.
  facts jsonb check (facts is null or jsonb_typeof(facts) = 'object'),
  received_at timestamptz not null default now(),
  processed_at timestamptz,
  outcome text check (outcome in (
    'ignored', 'malformed', 'not_hostdash', 'unknown_invoice', 'invoice_mismatch', 'amount_mismatch',
    'invoice_paid', 'already_paid', 'failure_recorded', 'already_recorded', 'superseded', 'no_change',
    'card_removed', 'card_updated', 'not_saved_card'
  )),
  check ((processed_at is null) = (outcome is null)),
  check (facts is not null or outcome is not null)
);
-- The events still to apply (their jobs are queued or running).
create index payment_events_waiting on payment_events (received_at) where processed_at is null;

-- The test-mode provider's customers, one per Idempotency-Key as Stripe keeps them (the key is
-- per account: `customer_account_<id>`), so two first card saves at once make one customer.
create table test_provider_customers (
  id text primary key check (id ~ '^cus_test_[A-Za-z0-9]{16,40}$'),
  idempotency_key text not null unique check (char_length(idempotency_key) between 1 and 255),
  account_id bigint not null,
  created_at timestamptz not null default now()
);
