// The shapes of the PMS webhooks (docs/adr/0027-pms-webhooks-and-sync.md): what Hostaway and Guesty
// send (only the fields Hostdash reads are checked; the rest of their documents pass), what the
// routes answer, and the webhook's setup as the owner copies it into the system.
import { Type, type Static } from '@sinclair/typebox';
import { named, nullable, stringEnum, type NamedSchema } from '../../http/schemas';
import { WEBHOOK_SYSTEMS } from './webhookCredentials';

const SystemId = Type.Union(
  [
    Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
    Type.String({ minLength: 1, maxLength: 200 }),
  ],
  { description: 'The system’s own id of the reservation.' },
);

/** Hostaway's "Unified webhook": `{ object, event, accountId, data: {…the reservation} }`. */
export const HostawayWebhookBody = Type.Object(
  {
    object: Type.Optional(Type.String({ maxLength: 100 })),
    event: Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'e.g. `reservation.created`.',
    }),
    accountId: Type.Optional(
      Type.Union([
        Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
        Type.String({ maxLength: 100 }),
      ]),
    ),
    data: Type.Optional(
      Type.Object({ id: Type.Optional(SystemId) }, { additionalProperties: true }),
    ),
  },
  { additionalProperties: true, description: 'A Hostaway unified-webhook delivery.' },
);

/** Guesty's webhook: `{ event, reservation: {…} }`, signed the Svix way. */
export const GuestyWebhookBody = Type.Object(
  {
    event: Type.String({ minLength: 1, maxLength: 100, description: 'e.g. `reservation.new`.' }),
    reservation: Type.Optional(
      Type.Object(
        { _id: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) },
        { additionalProperties: true },
      ),
    ),
  },
  { additionalProperties: true, description: 'A Guesty webhook delivery.' },
);

export const WebhookParams = Type.Object({
  webhookId: Type.String({
    minLength: 1,
    maxLength: 64,
    description: 'The connection’s webhook id (from /settings).',
  }),
});

export const WebhookAcceptedSchema = named(
  'PmsWebhookAccepted',
  {
    queued: Type.Boolean({
      description:
        'Whether the booking was queued to be read and screened (false: an event about something else, ignored).',
    }),
  },
  { description: 'The delivery was received; the booking is read and screened in the background.' },
);

export const WebhookSetupSchema = named(
  'PmsWebhookSetup',
  {
    pms: stringEnum(WEBHOOK_SYSTEMS),
    url: Type.String({ description: 'Where the system sends its webhooks.' }),
    login: nullable(Type.String({ description: 'Hostaway: the webhook’s login (basic auth).' })),
    password: nullable(
      Type.String({ description: 'Hostaway: the webhook’s password (basic auth).' }),
    ),
    secret: nullable(
      Type.String({ description: 'Guesty: the `whsec_` secret the deliveries are signed with.' }),
    ),
    events: Type.Array(Type.String(), { description: 'The events to subscribe to.' }),
    instructions: Type.String({ description: 'Where to paste it, in the system’s words.' }),
  },
  {
    description:
      'The webhook of a connection, as the owner copies it into the system (made on first read).',
  },
);

export type WebhookSetupView = Static<typeof WebhookSetupSchema>;

export const WEBHOOK_SCHEMAS: NamedSchema[] = [WebhookAcceptedSchema, WebhookSetupSchema];
