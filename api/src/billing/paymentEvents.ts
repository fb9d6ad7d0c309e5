// The payment provider's events (issue 32, docs/adr/0030-stripe-webhooks.md), one module for both
// providers: Stripe's webhooks (stripeWebhookRoutes.ts, once the signature is verified) and the
// test-mode provider's own events (testProvider.ts, in-process) are received the same way —
// `receivePaymentEvent` reads what Hostdash needs of the event's object (checked once, here),
// writes it to `payment_events` once per event id and queues a `billing.stripe-event` job in the
// same transaction — and applied by the same job:
//   payment_intent.succeeded, invoice.payment_succeeded   the invoice named in the metadata
//       (`hostdash_invoice_id`) is paid (dunning.ts recordChargeSucceeded); a month that was
//       still open is mailed as the month's invoice, as closing it would have
//   payment_intent.payment_failed, invoice.payment_failed  a failed try (recordChargeFailed),
//       unless this charge was recorded already (the synchronous answer usually comes first) or
//       the invoice was tried again since the event happened (a late delivery)
//   payment_method.detached                                the account's saved card is removed
//   payment_method.updated, …automatically_updated         the saved card's brand, last four and
//       expiry follow the network's update
// Any other type is recorded as ignored. What each event did is its row's `outcome`.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { ApiConfig } from '../config';
import type { Sql } from '../db/database';
import { isoSql } from '../db/isoSql';
import { enqueueJob, type JobDefinition } from '../jobs/jobs';
import {
  mailInvoiceIssued,
  recordChargeFailed,
  recordChargeSucceeded,
  type ChargeFailure,
} from './dunning';
import {
  AUTHENTICATION_REQUIRED_MESSAGE,
  DECLINED_MESSAGE,
  NO_FUNDS_MESSAGE,
} from './stripeProvider';

export const PAYMENT_EVENT_QUEUE = 'billing.stripe-event';

export type PaymentEventSource = 'stripe' | 'test';

/** An event as Stripe sends it (and the test-mode provider makes it): what is read of it. */
export interface ProviderEvent {
  /** `evt_…`: the same id again is the same event. */
  id: string;
  type: string;
  /** When the provider made it (Unix seconds). */
  created: number;
  data: { object: Record<string, unknown> };
}

/** What the job applies, read from the event's object when it was received. */
export type PaymentEventFacts =
  | {
      kind: 'charge_succeeded' | 'charge_failed';
      /** The PaymentIntent (or the provider's invoice when it names none). */
      chargeId: string;
      /** The Hostdash invoice and account of the metadata; null: a charge Hostdash did not make. */
      invoiceId: string | null;
      accountId: string | null;
      amountCents: number;
      currency: string;
      failure: ChargeFailure | null;
    }
  | {
      kind: 'card_detached' | 'card_updated';
      paymentMethodId: string;
      card: {
        brand: string;
        last4: string;
        exp_month: number;
        exp_year: number;
        /** Absent: the event did not say (the saved name is kept). */
        name?: string | null;
      } | null;
    };

export type PaymentEventOutcome =
  | 'ignored'
  | 'malformed'
  | 'not_hostdash'
  | 'unknown_invoice'
  | 'invoice_mismatch'
  | 'amount_mismatch'
  | 'invoice_paid'
  | 'already_paid'
  | 'failure_recorded'
  | 'already_recorded'
  | 'superseded'
  | 'no_change'
  | 'card_removed'
  | 'card_updated'
  | 'not_saved_card';

// The parts of Stripe's objects that are read (https://docs.stripe.com/api): anything else in
// them passes unread.
const ProviderId = Type.String({ minLength: 1, maxLength: 255 });
const Currency = Type.String({ pattern: '^[A-Za-z]{3}$' });
const Metadata = Type.Record(Type.String(), Type.String());
const Amount = Type.Integer({ minimum: 0, maximum: 999_999_999_999 });
const orNull = <Schema extends TSchema>(schema: Schema) => Type.Union([schema, Type.Null()]);
const ErrorText = (maxLength: number) => Type.Optional(orNull(Type.String({ maxLength })));

const PaymentIntentObject = Type.Object({
  id: ProviderId,
  amount: Amount,
  amount_received: Type.Optional(Amount),
  currency: Currency,
  metadata: Type.Optional(orNull(Metadata)),
  last_payment_error: Type.Optional(
    orNull(
      Type.Object({
        code: ErrorText(100),
        decline_code: ErrorText(100),
        message: ErrorText(1000),
      }),
    ),
  ),
});

const InvoiceObject = Type.Object({
  id: ProviderId,
  amount_due: Amount,
  amount_paid: Amount,
  currency: Currency,
  metadata: Type.Optional(orNull(Metadata)),
  // Before API version 2025-03-31 an invoice names the PaymentIntent that paid it.
  payment_intent: Type.Optional(orNull(Type.Union([ProviderId, Type.Object({ id: ProviderId })]))),
});

const PaymentMethodObject = Type.Object({
  id: ProviderId,
  card: Type.Optional(
    orNull(
      Type.Object({
        brand: Type.String({ minLength: 1, maxLength: 50 }),
        last4: Type.String({ pattern: '^[0-9]{4}$' }),
        exp_month: Type.Integer({ minimum: 1, maximum: 12 }),
        exp_year: Type.Integer({ minimum: 2000, maximum: 2199 }),
      }),
    ),
  ),
  billing_details: Type.Optional(
    orNull(Type.Object({ name: Type.Optional(orNull(Type.String({ maxLength: 500 }))) })),
  ),
});

/** Hostdash's ids in a provider object's metadata (a charge made by anything else has none). */
function hostdashIds(metadata: Record<string, string> | null | undefined) {
  const id = (value: string | undefined) =>
    value !== undefined && /^[0-9]{1,18}$/.test(value) ? value : null;
  return {
    invoiceId: id(metadata?.hostdash_invoice_id),
    accountId: id(metadata?.hostdash_account_id),
  };
}

/** A PaymentIntent's error as the invoice keeps a failure (the words of the synchronous answer). */
function failureOf(error: Static<typeof PaymentIntentObject>['last_payment_error']): ChargeFailure {
  const code = error?.decline_code || error?.code || 'generic_decline';
  if (code === 'authentication_required') return { code, message: AUTHENTICATION_REQUIRED_MESSAGE };
  const fallback = code === 'insufficient_funds' ? NO_FUNDS_MESSAGE : DECLINED_MESSAGE;
  return { code, message: error?.message?.trim() || fallback };
}

const checked = <Schema extends TSchema>(schema: Schema, object: unknown): Static<Schema> | null =>
  Value.Check(schema, object) ? (object as Static<Schema>) : null;

const paymentIntent =
  (kind: 'charge_succeeded' | 'charge_failed') =>
  (object: unknown): PaymentEventFacts | null => {
    const intent = checked(PaymentIntentObject, object);
    if (!intent) return null;
    return {
      kind,
      chargeId: intent.id,
      ...hostdashIds(intent.metadata),
      amountCents:
        kind === 'charge_succeeded' ? (intent.amount_received ?? intent.amount) : intent.amount,
      currency: intent.currency,
      failure: kind === 'charge_failed' ? failureOf(intent.last_payment_error) : null,
    };
  };

const invoice =
  (kind: 'charge_succeeded' | 'charge_failed') =>
  (object: unknown): PaymentEventFacts | null => {
    const paid = checked(InvoiceObject, object);
    if (!paid) return null;
    const intent = paid.payment_intent;
    return {
      kind,
      chargeId: (typeof intent === 'string' ? intent : intent?.id) ?? paid.id,
      ...hostdashIds(paid.metadata),
      amountCents: kind === 'charge_succeeded' ? paid.amount_paid : paid.amount_due,
      currency: paid.currency,
      failure:
        kind === 'charge_failed' ? { code: 'card_declined', message: DECLINED_MESSAGE } : null,
    };
  };

const paymentMethod =
  (kind: 'card_detached' | 'card_updated') =>
  (object: unknown): PaymentEventFacts | null => {
    const method = checked(PaymentMethodObject, object);
    // An update is about a card's details: one without them is nothing Hostdash keeps.
    if (!method || (kind === 'card_updated' && !method.card)) return null;
    const billing = method.billing_details;
    return {
      kind,
      paymentMethodId: method.id,
      card: method.card
        ? {
            brand: method.card.brand,
            last4: method.card.last4,
            exp_month: method.card.exp_month,
            exp_year: method.card.exp_year,
            ...(billing ? { name: billing.name?.trim().slice(0, 200) || null } : {}),
          }
        : null,
    };
  };

/** The event types Hostdash acts on, and how each one's object is read. */
const READERS: Record<string, (object: unknown) => PaymentEventFacts | null> = {
  'payment_intent.succeeded': paymentIntent('charge_succeeded'),
  'payment_intent.payment_failed': paymentIntent('charge_failed'),
  'invoice.payment_succeeded': invoice('charge_succeeded'),
  'invoice.payment_failed': invoice('charge_failed'),
  'payment_method.detached': paymentMethod('card_detached'),
  'payment_method.updated': paymentMethod('card_updated'),
  'payment_method.automatically_updated': paymentMethod('card_updated'),
};

/** The event types to select in Stripe's dashboard (README, "Stripe webhooks"). */
export const HANDLED_EVENT_TYPES: readonly string[] = Object.keys(READERS);

/** How an event was taken: to be applied by its job, recorded as ignored, or seen before. */
export type PaymentEventReceipt = 'queued' | 'ignored' | 'duplicate';

/**
 * Writes an event once (in the caller's transaction) and queues its job: an event of a type
 * Hostdash does not act on, or whose object is not what its type says, is recorded as done
 * (`ignored`, `malformed`) with no job; an id already written changes nothing. Call the API's
 * `jobsQueued()` after the commit when it answers `queued`.
 */
export async function receivePaymentEvent(
  sql: Sql,
  source: PaymentEventSource,
  event: ProviderEvent,
): Promise<PaymentEventReceipt> {
  const read = Object.hasOwn(READERS, event.type) ? READERS[event.type] : undefined;
  const facts = read ? read(event.data.object) : null;
  const outcome: PaymentEventOutcome | null = !read ? 'ignored' : facts ? null : 'malformed';
  const [row] = await sql.query(
    `insert into payment_events (id, source, type, occurred_at, facts, processed_at, outcome)
     values ($1, $2, $3, to_timestamp($4::double precision), $5::jsonb,
             case when $6::text is null then null else now() end, $6)
     on conflict (id) do nothing
     returning id`,
    [event.id, source, event.type, event.created, facts ? JSON.stringify(facts) : null, outcome],
  );
  if (!row) return 'duplicate';
  if (outcome) return 'ignored';
  await enqueueJob(sql, {
    queue: PAYMENT_EVENT_QUEUE,
    key: event.id,
    payload: { eventId: event.id },
  });
  return 'queued';
}

type Origins = Pick<ApiConfig, 'shellOrigin' | 'billingRetryDays'>;
type ChargeFacts = Extract<PaymentEventFacts, { kind: 'charge_succeeded' | 'charge_failed' }>;
type CardFacts = Extract<PaymentEventFacts, { kind: 'card_detached' | 'card_updated' }>;

async function applyCharge(
  tx: Sql,
  config: Origins,
  facts: ChargeFacts,
  occurredAt: string,
): Promise<PaymentEventOutcome> {
  if (!facts.invoiceId) return 'not_hostdash';
  // Locked: the synchronous answer of the same charge waits for this (or this for it).
  const [invoice] = await tx.query<{
    id: string;
    account_id: string;
    status: 'open' | 'paid' | 'failed';
    total_cents: number;
    currency: string;
    provider_charge_id: string | null;
    tried_since: boolean;
  }>(
    `select id::text as id, account_id::text as account_id, status, total_cents, currency,
            provider_charge_id, coalesce(attempted_at > $2::timestamptz, false) as tried_since
     from invoices where id = $1::bigint for update`,
    [facts.invoiceId, occurredAt],
  );
  if (!invoice) return 'unknown_invoice';
  if (facts.accountId !== null && facts.accountId !== invoice.account_id) return 'invoice_mismatch';
  if (
    facts.amountCents !== invoice.total_cents ||
    facts.currency.toUpperCase() !== invoice.currency
  )
    return 'amount_mismatch';
  if (invoice.status === 'paid') return 'already_paid';
  const charge = { invoiceId: invoice.id, chargeId: facts.chargeId };
  if (facts.kind === 'charge_succeeded') {
    await recordChargeSucceeded(tx, config, charge);
    // A month paid before its close wrote the result (the close's answer was lost or is still on
    // its way) is mailed as its invoice here; the close then finds it paid and mails nothing.
    if (invoice.status === 'open') await mailInvoiceIssued(tx, config, invoice.id);
    return 'invoice_paid';
  }
  if (invoice.status === 'failed' && invoice.provider_charge_id === facts.chargeId)
    return 'already_recorded';
  // A try written after this charge failed (a retry, a new card) already speaks for the month.
  if (invoice.tried_since) return 'superseded';
  const failure = facts.failure ?? { code: 'card_declined', message: DECLINED_MESSAGE };
  return (await recordChargeFailed(tx, config, { ...charge, failure }))
    ? 'failure_recorded'
    : 'no_change';
}

async function applyCard(tx: Sql, facts: CardFacts): Promise<PaymentEventOutcome> {
  if (facts.kind === 'card_detached') {
    // The whole card or nothing (accounts_card_complete): the billing page then asks for one.
    const removed = await tx.query(
      `update accounts set payment_method_id = null, card_brand = null, card_last4 = null,
         card_exp_month = null, card_exp_year = null, card_name = null, card_updated_at = now()
       where payment_method_id = $1 returning id`,
      [facts.paymentMethodId],
    );
    return removed.length > 0 ? 'card_removed' : 'not_saved_card';
  }
  const card = facts.card;
  if (!card) return 'not_saved_card';
  const updated = await tx.query(
    `update accounts set card_brand = $2, card_last4 = $3, card_exp_month = $4, card_exp_year = $5,
       card_name = case when $6::boolean then $7 else card_name end, card_updated_at = now()
     where payment_method_id = $1 returning id`,
    [
      facts.paymentMethodId,
      card.brand,
      card.last4,
      card.exp_month,
      card.exp_year,
      card.name !== undefined,
      card.name ?? null,
    ],
  );
  return updated.length > 0 ? 'card_updated' : 'not_saved_card';
}

/** Applies an event's facts in `tx`; answers what it did. */
export function applyPaymentEvent(
  tx: Sql,
  config: Origins,
  facts: PaymentEventFacts,
  occurredAt: string,
): Promise<PaymentEventOutcome> {
  return 'paymentMethodId' in facts
    ? applyCard(tx, facts)
    : applyCharge(tx, config, facts, occurredAt);
}

/**
 * The `billing.stripe-event` queue: one job per event, applied once (the row is locked, and
 * written done in the transaction of what the event changed); a try that fails is tried again.
 */
export const paymentEventJob: JobDefinition<{ eventId: string }> = {
  queue: PAYMENT_EVENT_QUEUE,
  async run({ eventId }, { db, config, log, jobsQueued }) {
    const applied = await db.transaction(async (tx) => {
      const [row] = await tx.query<{
        type: string;
        facts: PaymentEventFacts | null;
        occurred_at: string;
        processed: boolean;
      }>(
        `select type, facts, ${isoSql('occurred_at')} as occurred_at, processed_at is not null as processed
         from payment_events where id = $1 for update`,
        [eventId],
      );
      if (!row || row.processed || !row.facts) return null;
      const outcome = await applyPaymentEvent(tx, config, row.facts, row.occurred_at);
      await tx.query(`update payment_events set processed_at = now(), outcome = $2 where id = $1`, [
        eventId,
        outcome,
      ]);
      return { type: row.type, outcome };
    });
    if (!applied) return;
    // A failed try queues its retry and mails the owners.
    jobsQueued();
    log.info(
      { event: 'payment_event', eventId, type: applied.type, outcome: applied.outcome },
      'Payment event applied',
    );
  },
};
