// The shapes of Stripe's webhook (docs/adr/0030-stripe-webhooks.md): the event envelope Stripe
// posts (only its id, type, time and object are checked here; each object is read by its type in
// paymentEvents.ts), and the route's answer.
import { Type } from '@sinclair/typebox';
import { named, stringEnum, type NamedSchema } from '../http/schemas';

/** A Stripe event (https://docs.stripe.com/api/events/object), as the webhook delivers it. */
export const StripeEventBody = Type.Object(
  {
    id: Type.String({
      pattern: '^evt_[A-Za-z0-9_]{1,250}$',
      description: 'The event’s id: the same id again is a replay.',
    }),
    type: Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'e.g. `payment_intent.succeeded`.',
    }),
    created: Type.Integer({
      minimum: 0,
      maximum: 4_102_444_800,
      description: 'When Stripe made it (Unix seconds).',
    }),
    data: Type.Object(
      {
        object: Type.Object(
          {},
          { additionalProperties: true, description: 'The object the event is about.' },
        ),
      },
      { additionalProperties: true },
    ),
  },
  { additionalProperties: true, description: 'A Stripe event.' },
);

export const STRIPE_WEBHOOK_RECEIPTS = ['queued', 'ignored', 'duplicate'] as const;

export const StripeWebhookReceivedSchema = named(
  'StripeWebhookReceived',
  {
    received: Type.Literal(true),
    status: stringEnum(STRIPE_WEBHOOK_RECEIPTS, {
      description:
        '`queued`: written and applied in the background; `ignored`: a type Hostdash does not act on (or an object it cannot read), recorded as such; `duplicate`: this event id was received before, nothing done.',
    }),
  },
  { description: 'The event was received (Stripe stops retrying it).' },
);

export const STRIPE_WEBHOOK_SCHEMAS: NamedSchema[] = [StripeWebhookReceivedSchema];
