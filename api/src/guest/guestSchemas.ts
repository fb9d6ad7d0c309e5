// The guest-facing portal's shapes (issue 16): what a guest's page reads and sends through their
// link (`X-Guest-Token`), and the link as the host sees it. The wire names are camelCase, as agreed
// with the guest page (the rest of the API is snake_case): these answers are read by a page that
// has nothing else of the dashboard.
import { Type, type Static, type TSchema, type TUnsafe } from '@sinclair/typebox';
import {
  closedBody,
  DateTime,
  Day,
  EmailField,
  Id,
  named,
  nullable,
  ref,
  stringEnum,
  stringMap,
  type NamedSchema,
} from '../http/schemas';
import { ScreenNameSchema, TEXT_FORMAT } from '../guestportal/screensSchemas';
import { SCREEN_FIELDS } from '../guestportal/screens';
import { IMAGE_KINDS } from '../reservations/reservationQueries';
import { GUEST_LANGUAGES, GuestLanguageSchema } from '../i18n/guestLanguages';

/** One text in every language of the guest's page, so switching needs no call. */
const ByLanguage = <Schema extends TSchema>(text: Schema, description: string) =>
  Type.Object(Object.fromEntries(GUEST_LANGUAGES.map((language) => [language, text])), {
    additionalProperties: false,
    description,
  }) as unknown as TUnsafe<Record<(typeof GUEST_LANGUAGES)[number], Static<Schema>>>;

/** An uploaded photo is at most this big (before it is resized and re-encoded). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const SIGNATURE_MIN_LENGTH = 2;
export const SIGNATURE_MAX_LENGTH = 120;
export const ARRIVAL_TIME_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9]$';
/** Digits with the usual separators, an optional leading +; at least 6 digits in all. */
export const PHONE_PATTERN = '^\\+?[0-9][0-9 ().-]{4,28}[0-9]$';

const GuestImageKindSchema = stringEnum(IMAGE_KINDS);

export const GuestImageSchema = named(
  'GuestImage',
  {
    kind: GuestImageKindSchema,
    width: Type.Integer({ minimum: 1 }),
    height: Type.Integer({ minimum: 1 }),
    uploadedAt: DateTime(),
  },
  {
    description:
      'A photo the guest uploaded (as kept: oriented, at most 2000 px, without metadata). The bytes: GET /guest/portal/image/{kind}.',
  },
);

const ScreenValue = Type.Unsafe<string | boolean>({ type: ['string', 'boolean'] });

export const GuestPortalScreenSchema = named(
  'GuestPortalScreen',
  {
    name: ScreenNameSchema,
    title: Type.String(),
    body: Type.String({ description: TEXT_FORMAT }),
    fields: Type.Array(
      Type.Object(
        { name: stringEnum(SCREEN_FIELDS), required: Type.Boolean() },
        { additionalProperties: false },
      ),
      { description: 'What the screen asks for, in order; image fields are uploads.' },
    ),
    texts: ByLanguage(
      Type.Object({ title: Type.String(), body: Type.String() }, { additionalProperties: false }),
      'The title and body in each language: the host’s in that language, else the host’s in the listing’s language, else the shipped screen’s. `title` and `body` are those of `language`.',
    ),
    completedAt: nullable(DateTime('When the guest first completed it; null: not yet.')),
    values: stringMap(ScreenValue, {
      description: 'What the guest saved on it (never image bytes).',
    }),
  },
  { description: 'One screen of the guest’s portal, with what they saved on it.' },
);

export const GuestPortalSchema = named(
  'GuestPortal',
  {
    stay: Type.Object(
      {
        listingName: Type.String(),
        city: nullable(Type.String()),
        checkIn: Day(),
        checkOut: Day(),
        guestFirstName: nullable(Type.String()),
        hostName: Type.String(),
      },
      { additionalProperties: false },
    ),
    screens: Type.Array(ref(GuestPortalScreenSchema), {
      description:
        'The screens switched on for this stay, in the order the guest goes through them.',
    }),
    images: Type.Array(ref(GuestImageSchema)),
    language: GuestLanguageSchema,
    listingLanguage: GuestLanguageSchema,
    languageChosen: Type.Boolean({
      description:
        'The guest chose `language` on their page (POST /guest/portal/language); else it is their browser’s (`Accept-Language`) or, failing that, `listingLanguage`.',
    }),
    completedAt: nullable(DateTime('When the guest finished the whole portal; null: not yet.')),
    expiresAt: DateTime('The link works until then: the end of the check-out day, at the listing.'),
    messages: Type.Array(
      Type.Object(
        {
          id: Id(),
          subject: nullable(Type.String()),
          body: Type.String({ description: TEXT_FORMAT }),
          releasedAt: DateTime(),
          texts: ByLanguage(
            Type.Object(
              { subject: nullable(Type.String()), body: Type.String() },
              { additionalProperties: false },
            ),
            'The message in each language: the host’s in that language, else as the host first wrote it.',
          ),
        },
        { additionalProperties: false },
      ),
      {
        description:
          'The host’s messages released to the guest (guest messages, `/stargate`), oldest first.',
      },
    ),
  },
  { description: 'Everything a guest’s portal page shows, through their link.' },
);

export const GuestLinkSchema = named(
  'GuestLink',
  {
    url: Type.String({
      description: 'GUEST_PORTAL_URL followed by the token: send it to the guest.',
    }),
    expiresAt: DateTime('The end of the check-out day, at the listing.'),
    expired: Type.Boolean({ description: 'Past check-out, or the reservation is cancelled.' }),
    completedAt: nullable(DateTime('When the guest finished the portal; null: not yet.')),
    screensDone: Type.Integer({ minimum: 0, description: 'Screens switched on that are done.' }),
    screensTotal: Type.Integer({ minimum: 0, description: 'Screens switched on for this stay.' }),
  },
  { description: 'A reservation’s guest link and how far the guest got.' },
);

export const GuestLanguageBody = closedBody({ language: GuestLanguageSchema });

export const ScreenValuesBody = closedBody(
  {
    values: closedBody(
      {
        email: Type.Optional(EmailField),
        phone: Type.Optional(Type.String({ pattern: PHONE_PATTERN })),
        street: Type.Optional(Type.String({ maxLength: 200 })),
        city: Type.Optional(Type.String({ maxLength: 100 })),
        postal_code: Type.Optional(Type.String({ maxLength: 20 })),
        country: Type.Optional(Type.String({ maxLength: 60 })),
        accept: Type.Optional(Type.Boolean()),
        card: Type.Optional(
          Type.Boolean({
            description:
              'The security deposit: the guest authorises the hold on the card they booked with (the host places it through their booking channel or PMS).',
          }),
        ),
        signature: Type.Optional(
          Type.String({
            minLength: SIGNATURE_MIN_LENGTH,
            maxLength: SIGNATURE_MAX_LENGTH,
            pattern: '\\S',
          }),
        ),
        arrival_time: Type.Optional(Type.String({ pattern: ARRIVAL_TIME_PATTERN })),
        arrival_note: Type.Optional(Type.String({ maxLength: 500 })),
      },
      {
        description:
          'The screen’s fields (leave out one not filled in). Photos are uploaded on their own: an image screen takes `{}`.',
      },
    ),
  },
  { description: 'What the guest filled in on one screen.' },
);

export const ImageKindParams = Type.Object({ kind: GuestImageKindSchema });

export type GuestPortal = Static<typeof GuestPortalSchema>;
export type GuestPortalScreen = Static<typeof GuestPortalScreenSchema>;
export type GuestImage = Static<typeof GuestImageSchema>;
export type GuestLink = Static<typeof GuestLinkSchema>;
export type ScreenValues = Static<typeof ScreenValuesBody>['values'];

export const GUEST_SCHEMAS: NamedSchema[] = [
  GuestImageSchema,
  GuestPortalScreenSchema,
  GuestPortalSchema,
  GuestLinkSchema,
];
