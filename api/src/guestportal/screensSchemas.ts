// The guest-portal screens' shapes (issue 16): the account's screens as /guestportal lists them, a
// screen's content as /guestportal/screen/{name} edits it, and the effective screens of a listing
// or a reservation as their pages' widget shows them.
import { Type, type Static } from '@sinclair/typebox';
import {
  closedBody,
  Id,
  named,
  nullable,
  query,
  ref,
  stringEnum,
  type NamedSchema,
} from '../http/schemas';
import { GUEST_LANGUAGES, type GuestLanguage } from '../i18n/guestLanguages';
import {
  OVERRIDE_STATES,
  SCREEN_FIELDS,
  SCREEN_NAMES,
  SCREEN_SOURCES,
  SCREEN_STATES,
} from './screens';

export const TITLE_MAX_LENGTH = 120;
export const TEXT_MAX_LENGTH = 20_000;

export const ScreenNameSchema = stringEnum(SCREEN_NAMES, {
  description: 'A guest portal screen (`contact`, `id_upload`, `selfie`, …).',
});
const ScreenStateSchema = stringEnum(SCREEN_STATES);
const FieldList = (description: string) =>
  Type.Array(stringEnum(SCREEN_FIELDS), {
    uniqueItems: true,
    maxItems: SCREEN_FIELDS.length,
    description,
  });

export const TEXT_FORMAT =
  'The guest portal’s Markdown subset: a blank line starts a paragraph, `**bold**`, `*italic*`, lines starting with `- ` make a bullet list, `[words](https://…)` a link (https and mailto only). Anything else is shown as written: HTML is never interpreted.';

/** A screen's name in a path: any text, so that a name that is not a screen is a 404. */
const ScreenPathName = Type.String({
  minLength: 1,
  maxLength: 64,
  description: `A screen: ${SCREEN_NAMES.join(', ')}. Another name is 404 \`screen_not_found\`.`,
});

export const ScreenNameParams = Type.Object({ name: ScreenPathName });
export const ScreenParams = Type.Object({ screen: ScreenPathName });
export const TargetScreenParams = Type.Object({ id: Id(), screen: ScreenPathName });

export const AccountStateQuery = query({
  state: stringEnum(SCREEN_STATES, { description: 'Switch the screen on or off for the account.' }),
});

export const OverrideStateQuery = query({
  state: stringEnum(OVERRIDE_STATES, {
    description:
      '`on` or `off` for this one only; `inherit` removes its own setting, so the level above decides.',
  }),
});

const InheritedSchema = Type.Object(
  {
    state: ScreenStateSchema,
    source: stringEnum(SCREEN_SOURCES),
  },
  {
    additionalProperties: false,
    description: 'What the screen would be without this level’s own setting (the level above).',
  },
);

const OverridesSchema = Type.Object(
  {
    listings: Type.Integer({ minimum: 0, description: 'Listings with their own setting.' }),
    reservations: Type.Integer({
      minimum: 0,
      description: 'Reservations not yet checked out with their own setting.',
    }),
  },
  { additionalProperties: false },
);

/** The languages a host writes beside the base content's English. */
export const TRANSLATED_LANGUAGES = GUEST_LANGUAGES.filter(
  (language): language is Exclude<GuestLanguage, 'en'> => language !== 'en',
);

const ScreenTextSchema = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: TITLE_MAX_LENGTH }),
    text: Type.String({ maxLength: TEXT_MAX_LENGTH, description: TEXT_FORMAT }),
  },
  { additionalProperties: false },
);

export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];
const TextsByLanguage = (description: string) =>
  Type.Unsafe<Partial<Record<TranslatedLanguage, Static<typeof ScreenTextSchema>>>>(
    Type.Object(
      Object.fromEntries(
        TRANSLATED_LANGUAGES.map((language) => [language, Type.Optional(ScreenTextSchema)]),
      ),
      { additionalProperties: false, description },
    ),
  );

export const GuestScreenSummarySchema = named(
  'GuestScreenSummary',
  {
    name: ScreenNameSchema,
    position: Type.Integer({ minimum: 1, description: '1 = the first screen a guest sees.' }),
    state: ScreenStateSchema,
    source: stringEnum(['account', 'default'] as const, {
      description: '`account`: switched by the account; `default`: the screen’s default.',
    }),
    default_state: ScreenStateSchema,
    description: Type.String({ description: 'What the screen asks the guest, for the host.' }),
    title: Type.String(),
    text_preview: Type.String({
      description: 'The start of the text as plain words (at most 160 characters).',
    }),
    required_fields: FieldList('What the guest must fill in.'),
    allowed_fields: FieldList('What the screen can ask for.'),
    customised: Type.Boolean({
      description: 'The account wrote its own content (else the default’s is shown).',
    }),
    overrides: OverridesSchema,
  },
  { description: 'One of the account’s guest portal screens, as /guestportal lists it.' },
);

export const GuestScreensSchema = named(
  'GuestScreens',
  {
    items: Type.Array(ref(GuestScreenSummarySchema), {
      description: 'Every screen, in the order a guest sees them.',
    }),
  },
  { description: 'The account’s guest portal screens.' },
);

const ContentProperties = {
  title: Type.String({ minLength: 1, maxLength: TITLE_MAX_LENGTH }),
  text: Type.String({ maxLength: TEXT_MAX_LENGTH, description: TEXT_FORMAT }),
  required_fields: FieldList(
    'What the guest must fill in: some of the screen’s `allowed_fields` (the others are optional).',
  ),
};

export const GuestScreenContentSchema = named(
  'GuestScreenContent',
  {
    name: ScreenNameSchema,
    description: Type.String({ description: 'What the screen asks the guest, for the host.' }),
    state: ScreenStateSchema,
    ...ContentProperties,
    allowed_fields: FieldList('What the screen can ask for.'),
    customised: Type.Boolean({
      description: 'The account wrote its own content (else the default’s is shown).',
    }),
    default: Type.Object(ContentProperties, {
      additionalProperties: false,
      description: 'The screen’s default content, to start again from.',
    }),
    translations: TextsByLanguage(
      'The account’s own title and text in the other languages (the content above is English). A guest whose language has none reads the account’s text in their listing’s `guest_language`, else the shipped screen in their language.',
    ),
    default_translations: TextsByLanguage('The shipped screen in the other languages.'),
  },
  { description: 'What a guest reads on a screen, as the account has it.' },
);

export const EffectiveGuestScreenSchema = named(
  'EffectiveGuestScreen',
  {
    name: ScreenNameSchema,
    title: Type.String({ description: 'The account’s title of the screen.' }),
    state: ScreenStateSchema,
    source: stringEnum(SCREEN_SOURCES, {
      description:
        'Which setting decided: the reservation’s, the listing’s, the account’s, or the screen’s default.',
    }),
    inherited: InheritedSchema,
  },
  { description: 'A screen as a guest of this listing or reservation gets it, and why.' },
);

export const EffectiveGuestScreensSchema = named(
  'EffectiveGuestScreens',
  {
    listing_id: Id(),
    reservation_id: nullable(Id('Null for a listing’s screens.')),
    items: Type.Array(ref(EffectiveGuestScreenSchema), {
      description: 'Every screen in the account’s order, those switched off included.',
    }),
  },
  {
    description:
      'The screens a guest of a listing or a reservation goes through: the most specific setting wins (reservation > listing > account > default).',
  },
);

export const OrderBody = closedBody({
  order: Type.Array(ScreenNameSchema, {
    minItems: SCREEN_NAMES.length,
    maxItems: SCREEN_NAMES.length,
    uniqueItems: true,
    description: 'Every screen once, in the order a guest will see them.',
  }),
});

export const ContentBody = closedBody(
  {
    title: Type.String({ minLength: 1, maxLength: TITLE_MAX_LENGTH, pattern: '\\S' }),
    text: ContentProperties.text,
    required_fields: ContentProperties.required_fields,
  },
  { description: 'The whole content of the screen (title, text and required fields together).' },
);

export const TranslationParams = Type.Object({
  name: ScreenPathName,
  language: stringEnum(TRANSLATED_LANGUAGES, {
    description: `A language beside English (English is the screen’s content): ${TRANSLATED_LANGUAGES.join(', ')}.`,
  }),
});

export const TranslationBody = closedBody(
  {
    title: Type.String({ minLength: 1, maxLength: TITLE_MAX_LENGTH, pattern: '\\S' }),
    text: ContentProperties.text,
  },
  { description: 'The screen’s title and text in that language (its fields are the screen’s).' },
);

export type GuestScreenSummary = Static<typeof GuestScreenSummarySchema>;
export type GuestScreenContent = Static<typeof GuestScreenContentSchema>;
export type EffectiveGuestScreens = Static<typeof EffectiveGuestScreensSchema>;

export const GUEST_PORTAL_SCHEMAS: NamedSchema[] = [
  GuestScreenSummarySchema,
  GuestScreensSchema,
  GuestScreenContentSchema,
  EffectiveGuestScreenSchema,
  EffectiveGuestScreensSchema,
];
