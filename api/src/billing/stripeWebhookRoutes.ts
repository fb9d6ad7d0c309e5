// Stripe's webhook (issue 32, docs/adr/0030-stripe-webhooks.md): `POST /webhooks/stripe` (under
// /api behind the dashboard). Before anything is read, the delivery proves itself with the official
// SDK — `Stripe.webhooks.constructEvent` over the exact bytes received, the `Stripe-Signature`
// header and STRIPE_WEBHOOK_SECRET (an HMAC-SHA256 signed within 5 minutes) — else 400. A proven
// event is only written and queued (paymentEvents.ts `receivePaymentEvent`: one row per event id,
// its `billing.stripe-event` job in the same transaction) and answered 200 at once: a replay
// answers 200 and does nothing, a type Hostdash does not act on is recorded as ignored. Without
// Stripe (test mode, whose provider delivers its events in-process) the route answers 404; with
// Stripe but no STRIPE_WEBHOOK_SECRET, 503, so Stripe keeps the events and retries them once the
// secret is set. Nothing secret is logged: not the header, not the body, not the SDK's error.
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import Stripe from 'stripe';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import { errors, ref, type Api } from '../http/schemas';
import { receivePaymentEvent } from './paymentEvents';
import { StripeEventBody, StripeWebhookReceivedSchema } from './stripeWebhookSchemas';
import { keepRawJsonBodies, rawJsonBody } from '../http/rawJsonBody';

export const STRIPE_WEBHOOK_SECURITY = [{ stripeSignature: [] }];

const TEST_MODE_MESSAGE =
  'Stripe webhooks are off: this API runs the built-in test-mode payment provider, whose events never leave it.';
const NO_SECRET_MESSAGE =
  'Stripe webhooks are not set up on this API yet: STRIPE_WEBHOOK_SECRET is missing. Stripe retries this event later.';
const BAD_SIGNATURE_MESSAGE =
  'The Stripe-Signature header is missing, was not made with this endpoint’s signing secret (STRIPE_WEBHOOK_SECRET), or is more than 5 minutes old.';

/** The exact bytes of each body, for the signature (kept per request, never logged). */

export function registerStripeWebhookRoutes(
  app: Api,
  { db, config, jobsQueued }: AppContext,
): void {
  /** Proves the delivery (preValidation: before its body is checked against the schema). */
  async function verify(request: FastifyRequest): Promise<void> {
    const refuse = (reason: string, error: ApiError) => {
      request.log.warn({ event: 'stripe_webhook_refused', reason }, 'A Stripe webhook was refused');
      return error;
    };
    if (!config.stripeSecretKey)
      throw refuse('test_mode', new ApiError(404, 'stripe_webhooks_off', TEST_MODE_MESSAGE));
    if (!config.stripeWebhookSecret)
      throw refuse(
        'no_secret',
        new ApiError(503, 'stripe_webhook_secret_missing', NO_SECRET_MESSAGE),
      );
    const signature = request.headers['stripe-signature'];
    try {
      Stripe.webhooks.constructEvent(
        rawJsonBody(request),
        Array.isArray(signature) ? (signature[0] ?? '') : (signature ?? ''),
        config.stripeWebhookSecret,
      );
    } catch {
      // The SDK's error carries the header and the body: only a reason word is logged.
      throw refuse(
        signature ? 'bad_signature' : 'no_signature',
        new ApiError(400, 'invalid_signature', BAD_SIGNATURE_MESSAGE),
      );
    }
  }

  app.register(async (scope) => {
    // The signature is over the bytes sent: this scope keeps them beside the parsed body.
    keepRawJsonBodies(scope);
    const api = scope as unknown as Api;

    api.post(
      '/webhooks/stripe',
      {
        preValidation: verify,
        schema: {
          summary: 'Stripe’s webhook (Stripe-Signature)',
          description:
            'Stripe calls it with the events of the endpoint set up in its dashboard (README, "Stripe webhooks"), signed with that endpoint’s secret (STRIPE_WEBHOOK_SECRET). Answers 200 once the event is written: it is applied in the background (a charge paid or failed on the invoice its metadata names, the saved card removed or renewed), once per event id — a replay answers 200 `duplicate` and does nothing; a type Hostdash does not act on answers 200 `ignored`. 400 `invalid_signature` for a missing, wrong or stale signature; 404 `stripe_webhooks_off` in test mode; 503 `stripe_webhook_secret_missing` with Stripe but no STRIPE_WEBHOOK_SECRET (Stripe retries).',
          tags: ['webhooks', 'billing'],
          security: STRIPE_WEBHOOK_SECURITY,
          headers: Type.Object(
            { 'stripe-signature': Type.Optional(Type.String({ maxLength: 2000 })) },
            { additionalProperties: true },
          ),
          body: StripeEventBody,
          response: { 200: ref(StripeWebhookReceivedSchema), ...errors(400, 404, 503) },
        },
      },
      async (request) => {
        const event = request.body;
        const status = await db.transaction((tx) => receivePaymentEvent(tx, 'stripe', event));
        if (status === 'queued') jobsQueued();
        request.log.info(
          { event: 'stripe_webhook', eventId: event.id, type: event.type, status },
          'Stripe event received',
        );
        return { received: true as const, status };
      },
    );
  });
}
