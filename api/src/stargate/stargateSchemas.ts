// Stargate's shapes (issue 16): a message a host writes, its deliveries (one per reservation it
// reaches, held until the guest is verified), a page of deliveries, one reservation's, and what a
// guest's portal page shows once released.
import { Type, type Static } from '@sinclair/typebox';
import {
  closedBody,
  DateTime,
  Day,
  Id,
  named,
  nullable,
  page,
  pagingQuery,
  ref,
  stringEnum,
  type NamedSchema,
} from '../http/schemas';
import { VerificationStatusSchema } from '../domainSchemas';
import { TEXT_FORMAT } from '../guestportal/screensSchemas';
import { GUEST_LANGUAGES, type Translations } from '../i18n/guestLanguages';

export const MESSAGE_KINDS = ['check_in_instructions', 'door_code', 'wifi', 'other'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
export const DELIVERY_STATES = ['held', 'released', 'withdrawn'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export const MAX_TITLE_LENGTH = 200;
export const MAX_BODY_LENGTH = 5000;
export const MAX_RELEASE_NOTE_LENGTH = 500;

/** Text that is more than spaces (a blank title or note says nothing). */
const NOT_BLANK = '\\S';

export const StargateReservationSchema = named(
  'StargateReservation',
  {
    id: Id(),
    guest_first_name: Type.String({
      description: 'Only the first name: enough to tell stays apart.',
    }),
    check_in_date: Day(),
    listing_id: Id(),
    listing_nickname: Type.String(),
    verification_status: VerificationStatusSchema,
  },
  { description: 'The reservation a delivery reaches, as the guest messages list shows it.' },
);

export const StargateDeliverySchema = named(
  'StargateDelivery',
  {
    id: Id(),
    message_id: Id(),
    kind: stringEnum(MESSAGE_KINDS),
    title: nullable(
      Type.String({ description: 'null for building staff: they never read a message.' }),
    ),
    body: nullable(
      Type.String({
        description: `${TEXT_FORMAT} null for building staff: they never read a message.`,
      }),
    ),
    for_listing: Type.Boolean({
      description: 'Written for every stay of the listing (false: for this reservation only).',
    }),
    author_name: Type.String({ description: 'Who wrote the message.' }),
    state: stringEnum(DELIVERY_STATES),
    created_at: DateTime(),
    released_at: nullable(DateTime()),
    released_automatically: Type.Boolean({
      description:
        'Released because the guest was verified (false when held, withdrawn or released by hand).',
    }),
    released_by_name: nullable(
      Type.String({ description: 'Who released it by hand; null when automatic or not released.' }),
    ),
    note: nullable(
      Type.String({
        description: 'Why it was released by hand. null for building staff and otherwise.',
      }),
    ),
    withdrawn_at: nullable(DateTime()),
    reservation: ref(StargateReservationSchema),
  },
  {
    description:
      'One message for one reservation: held until the guest is verified, then released (automatically or by hand), or withdrawn while held.',
  },
);
export type StargateDelivery = Static<typeof StargateDeliverySchema>;

export const StargateMessageSchema = named(
  'StargateMessage',
  {
    id: Id(),
    kind: stringEnum(MESSAGE_KINDS),
    title: Type.String(),
    body: Type.String({ description: TEXT_FORMAT }),
    listing_id: nullable(Id('Written for every stay of this listing.')),
    reservation_id: nullable(Id('Written for this reservation only.')),
    author_name: Type.String(),
    created_at: DateTime(),
    deliveries: Type.Array(ref(StargateDeliverySchema), {
      description:
        'One per reservation it reaches; already released for a guest who is verified. A listing’s message reaches its stays not cancelled and not over, and those booked later (a stay moved to another listing loses its held copy).',
    }),
  },
  { description: 'A message a host wrote for a reservation or a listing, with its deliveries.' },
);
export type StargateMessage = Static<typeof StargateMessageSchema>;

export const StargateDeliveryPageSchema = page(
  'StargateDeliveryPage',
  ref(StargateDeliverySchema),
  'A page of deliveries, newest first.',
);
export type StargateDeliveryPage = Static<typeof StargateDeliveryPageSchema>;

export const StargateReservationMessagesSchema = named(
  'StargateReservationMessages',
  {
    reservation: ref(StargateReservationSchema),
    items: Type.Array(ref(StargateDeliverySchema), {
      description: 'Held and released, newest first (withdrawn ones are left out).',
    }),
  },
  { description: 'One reservation’s messages, as `/stargate/{id}` shows them.' },
);
export type StargateReservationMessages = Static<typeof StargateReservationMessagesSchema>;

const MessageTranslationSchema = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: MAX_TITLE_LENGTH, pattern: NOT_BLANK }),
    body: Type.String({
      minLength: 1,
      maxLength: MAX_BODY_LENGTH,
      pattern: NOT_BLANK,
      description: TEXT_FORMAT,
    }),
  },
  { additionalProperties: false },
);

const MessageTranslations = Type.Unsafe<Translations<{ title: string; body: string }>>(
  closedBody(
    Object.fromEntries(
      GUEST_LANGUAGES.map((language) => [language, Type.Optional(MessageTranslationSchema)]),
    ),
    {
      description:
        'The message in other languages, by language: a guest reading one of them gets it; any other guest, `title` and `body`.',
    },
  ),
);

const newMessageFields = closedBody({
  listing_id: Type.Optional(Id('For every stay of this listing (not cancelled, not over).')),
  reservation_id: Type.Optional(Id('For this reservation only.')),
  kind: stringEnum(MESSAGE_KINDS),
  title: Type.String({ minLength: 1, maxLength: MAX_TITLE_LENGTH, pattern: NOT_BLANK }),
  body: Type.String({
    minLength: 1,
    maxLength: MAX_BODY_LENGTH,
    pattern: NOT_BLANK,
    description: TEXT_FORMAT,
  }),
  translations: Type.Optional(MessageTranslations),
});

/** The body of `POST /stargate/messages`: exactly one of `listing_id` and `reservation_id`. */
export const NewMessageBody: typeof newMessageFields = {
  ...newMessageFields,
  oneOf: [{ required: ['listing_id'] }, { required: ['reservation_id'] }],
};

export const ReleaseBody = closedBody({
  note: Type.String({
    minLength: 1,
    maxLength: MAX_RELEASE_NOTE_LENGTH,
    pattern: NOT_BLANK,
    description: 'Why it goes before the guest is verified (kept in the protect log).',
  }),
});

export const deliveryListQuery = {
  state: Type.Optional(stringEnum(DELIVERY_STATES)),
  listing_id: Type.Optional(Id('Only the stays of this listing.')),
  reservation_id: Type.Optional(Id('Only this reservation.')),
  from: pagingQuery.from,
  size: pagingQuery.size,
};

/** What the guest's portal page shows: a message once it is released to them. */
export interface ReleasedMessage {
  /** The delivery's id (one per message and stay). */
  id: string;
  kind: MessageKind;
  title: string;
  body: string;
  /** The host's title and body in other languages than the one they first wrote it in. */
  translations: Translations<{ title: string; body: string }>;
  released_at: string;
}

export const STARGATE_SCHEMAS: NamedSchema[] = [
  StargateReservationSchema,
  StargateDeliverySchema,
  StargateMessageSchema,
  StargateDeliveryPageSchema,
  StargateReservationMessagesSchema,
];
