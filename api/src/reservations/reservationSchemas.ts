// The reservations part of the contract: reservations (list item and detail, with the `protect`
// object of spec section 3), their stats and analytics, create and edit, screening and the protect
// log, identity images, reports and the address task.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import {
  ReservationSourceSchema,
  ReservationStatusSchema,
  RiskColourSchema,
  RiskToleranceSchema,
  VerificationStatusSchema,
} from '../domainSchemas';
import {
  DateField,
  DateTime,
  Day,
  EmailField,
  Id,
  ID_PATTERN,
  named,
  nullable,
  OptionalDateQuery,
  page,
  query,
  pagingQuery,
  ref,
  stringEnum,
  type NamedSchema,
} from '../http/schemas';
import { PROTECT_EVENTS } from '../protect/protectLog';
import { TolerancePreviewSchema } from '../protect/tolerancePreview';
import { REPORT_FORMATS, REPORT_TYPES } from '../reports/reportContent';
import { CARD_CHECKS, IMAGE_KINDS } from './reservationQueries';

const Count = Type.Integer({ minimum: 0 });
const Score = Type.Integer({ minimum: 0, maximum: 100, description: 'Risk score, 0 to 100.' });

export const RiskFactorSchema = named(
  'RiskFactor',
  {
    code: Type.String({ description: 'Stable, e.g. `party_words`.' }),
    label: Type.String({ description: 'What a host reads, e.g. "Party words in the message".' }),
    points: Type.Integer({ minimum: 0 }),
    detail: Type.String({
      description: 'Why it applies to this stay, e.g. "8 guests for 2 bedrooms".',
    }),
  },
  { description: 'One reason behind a risk score, with its points.' },
);
export type RiskFactor = Static<typeof RiskFactorSchema>;

export const ThresholdsSchema = named(
  'Thresholds',
  { yellow: Score, orange: Score, red: Score },
  { description: 'The lowest score of each colour above green, under a tolerance.' },
);
export type Thresholds = Static<typeof ThresholdsSchema>;

const deprecated = <Schema extends TSchema>(schema: Schema, replacement: string): Schema =>
  ({ ...schema, deprecated: true, description: `Deprecated: use \`${replacement}\`.` }) as Schema;

/** What every `protect` object says: the guest's verification and the stay's risk. */
const screeningProperties = {
  verification_status: VerificationStatusSchema,
  score: Score,
  colour: RiskColourSchema,
};

export const ProtectSummarySchema = named(
  'ProtectSummary',
  {
    ...screeningProperties,
    top_factors: Type.Array(ref(RiskFactorSchema), { description: 'The (up to) three biggest.' }),
  },
  { description: "A stay's screening in a list: verification and risk." },
);

export const ProtectDetailSchema = named(
  'Protect',
  {
    ...screeningProperties,
    factors: Type.Array(ref(RiskFactorSchema), { description: 'Every factor, biggest first.' }),
    screened_at: nullable(DateTime('When it was last screened; null: not yet.')),
    tolerance: RiskToleranceSchema,
    thresholds: ref(ThresholdsSchema),
    card_check: stringEnum(CARD_CHECKS, { description: "The payment card's check." }),
  },
  { description: "A stay's screening (spec section 3: the reservation's protect object)." },
);

const itemProperties = {
  id: Id(),
  account_id: Id(),
  listing_id: Id(),
  listing_nickname: Type.String(),
  building: nullable(Type.String()),
  building_slug: nullable(Type.String()),
  guest_name: Type.String(),
  guest_email: nullable(Type.String({ description: 'Never shown to building staff (null).' })),
  guest_phone: nullable(Type.String({ description: 'Never shown to building staff (null).' })),
  guests: Type.Integer({ minimum: 1 }),
  check_in_date: Day(),
  check_out_date: Day(),
  nights: Type.Integer({ minimum: 1 }),
  status: ReservationStatusSchema,
  source: ReservationSourceSchema,
  verification_status: deprecated(VerificationStatusSchema, 'protect.verification_status'),
  version: Type.Integer({ minimum: 1, description: 'Send it back to change the reservation.' }),
  created_at: DateTime(),
};

export const ReservationSummarySchema = named(
  'ReservationSummary',
  {
    ...itemProperties,
    protect: ref(ProtectSummarySchema),
    risk: deprecated(
      Type.Object(
        { score: Score, colour: RiskColourSchema, top_factors: Type.Array(ref(RiskFactorSchema)) },
        { additionalProperties: false },
      ),
      'protect',
    ),
    _score: Type.Optional(Type.Number({ description: 'Relevance, when the list was searched.' })),
  },
  { description: 'A reservation in a list.' },
);
export type ReservationSummary = Static<typeof ReservationSummarySchema>;

/** Degrees clockwise, as an integer from a closed list. */
const degrees = (values: readonly number[], options: { description: string; default?: number }) =>
  Type.Unsafe<number>({ type: 'integer', enum: [...values], ...options });

export const ReservationImageSchema = named(
  'ReservationImage',
  {
    kind: stringEnum(IMAGE_KINDS),
    rotation: degrees([0, 90, 180, 270], { description: 'Degrees clockwise.' }),
    width: Type.Integer({ minimum: 1 }),
    height: Type.Integer({ minimum: 1 }),
    updated_at: DateTime('Changes with every rotation: use it to refresh the image.'),
  },
  { description: "One of a guest's identity images (the bytes: GET /reservation/image/{id})." },
);
export type ReservationImage = Static<typeof ReservationImageSchema>;

const ReportStatus = stringEnum(['done', 'failed'] as const);

export const ReportSummarySchema = named(
  'ReportSummary',
  {
    type: stringEnum(REPORT_TYPES),
    format: stringEnum(REPORT_FORMATS),
    status: ReportStatus,
    generated_at: DateTime(),
    error: nullable(Type.String({ description: 'Why it failed (the task keeps its error).' })),
  },
  { description: 'A report generated for a reservation, as its detail lists it.' },
);

export const ReservationSchema = named(
  'Reservation',
  {
    ...itemProperties,
    message: nullable(Type.String({ description: "The guest's message to the host." })),
    guest_city: nullable(Type.String()),
    guest_country: nullable(Type.String()),
    card_check: deprecated(stringEnum(CARD_CHECKS), 'protect.card_check'),
    protect: ref(ProtectDetailSchema),
    risk: deprecated(
      Type.Object(
        {
          score: Score,
          colour: RiskColourSchema,
          factors: Type.Array(ref(RiskFactorSchema)),
          screened_at: nullable(DateTime()),
          tolerance: RiskToleranceSchema,
          thresholds: ref(ThresholdsSchema),
        },
        { additionalProperties: false },
      ),
      'protect',
    ),
    listing: Type.Object(
      {
        id: Id(),
        nickname: Type.String(),
        address: Type.String(),
        city: Type.String(),
        country: Type.String(),
        building: nullable(Type.String()),
        building_slug: nullable(Type.String()),
        timezone: Type.String(),
        check_in_time: Type.String(),
        check_out_time: Type.String(),
        bedrooms: Type.Integer({ minimum: 0 }),
      },
      { additionalProperties: false },
    ),
    images: Type.Array(ref(ReservationImageSchema)),
    reports: Type.Array(ref(ReportSummarySchema)),
  },
  { description: 'A reservation in full: the stay, the guest, the screening, images and reports.' },
);
export type Reservation = Static<typeof ReservationSchema>;

export const ReservationPageSchema = page(
  'ReservationPage',
  ref(ReservationSummarySchema),
  'A page of reservations.',
);

const byKey = <Keys extends readonly string[]>(keys: Keys) =>
  Type.Object(
    Object.fromEntries(keys.map((key) => [key, Count])) as Record<Keys[number], typeof Count>,
    {
      additionalProperties: false,
    },
  );

export const ReservationStatsSchema = named(
  'ReservationStats',
  {
    total: Count,
    by_status: byKey(['CONFIRMED', 'CANCELLED', 'INQUIRY'] as const),
    by_colour: byKey(['green', 'yellow', 'orange', 'red'] as const),
    by_verification: byKey(['pending', 'incomplete', 'review', 'verified', 'declined'] as const),
    arrivals_today: Count,
    arrivals_next_7_days: Count,
    needs_attention: Type.Integer({
      minimum: 0,
      description: 'Confirmed stays from today that are red, orange or in review.',
    }),
  },
  { description: 'Counts over the reservations checking in within the window.' },
);
export type ReservationStats = Static<typeof ReservationStatsSchema>;

export const AnalyticsSchema = named(
  'Analytics',
  {
    months: Type.Array(
      Type.Object(
        {
          month: Type.String({ pattern: '^[0-9]{4}-[0-9]{2}$' }),
          total: Count,
          green: Count,
          yellow: Count,
          orange: Count,
          red: Count,
          verified: Count,
          declined: Count,
        },
        { additionalProperties: false },
      ),
    ),
    by_verification: Type.Array(
      Type.Object(
        { status: VerificationStatusSchema, count: Count },
        { additionalProperties: false },
      ),
    ),
    by_colour: Type.Array(
      Type.Object({ colour: RiskColourSchema, count: Count }, { additionalProperties: false }),
    ),
    by_source: Type.Array(
      Type.Object({ source: Type.String(), count: Count }, { additionalProperties: false }),
    ),
    listings_by_status: byKey(['active', 'inactive', 'archived'] as const),
  },
  { description: 'Confirmed stays by check-in month, verification, colour and source.' },
);
export type ReservationAnalytics = Static<typeof AnalyticsSchema>;

export const ToleranceLevelSchema = named(
  'ToleranceLevel',
  {
    level: RiskToleranceSchema,
    label: Type.String(),
    meaning: Type.String(),
    thresholds: ref(ThresholdsSchema),
  },
  { description: 'A risk tolerance and what it means for the colours.' },
);
export type ToleranceLevel = Static<typeof ToleranceLevelSchema>;

export const ProtectSettingsSchema = named(
  'ProtectSettings',
  { risk_tolerance: RiskToleranceSchema, levels: Type.Array(ref(ToleranceLevelSchema)) },
  { description: "An account's risk tolerance, and every level to choose from." },
);
export type ProtectSettings = Static<typeof ProtectSettingsSchema>;

const PROTECT_EVENT = stringEnum(PROTECT_EVENTS);

const logProperties = {
  id: Id(),
  at: DateTime(),
  event: PROTECT_EVENT,
  actor_name: Type.String({ description: 'Who did it ("Hostdash Protect" for the screening).' }),
  supervised: Type.Boolean({ description: 'A person decided it (not the automatic screening).' }),
  note: nullable(Type.String()),
  details: Type.Unsafe<Record<string, unknown>>({
    type: 'object',
    additionalProperties: true,
    description: 'What changed, by event (e.g. `{ from, to }`).',
  }),
};

export const ProtectLogEntrySchema = named('ProtectLogEntry', logProperties, {
  description: "One event in a reservation's protect log.",
});
export type ProtectLogEntry = Static<typeof ProtectLogEntrySchema>;

export const AccountLogEntrySchema = named(
  'AccountLogEntry',
  {
    ...logProperties,
    account_id: Id(),
    reservation_id: nullable(Id()),
    guest_name: nullable(Type.String()),
    listing_nickname: nullable(Type.String()),
  },
  { description: "One event in an account's protect log, with the stay it is about." },
);
export type AccountLogEntry = Static<typeof AccountLogEntrySchema>;

export const ProtectLogPageSchema = page(
  'ProtectLogPage',
  ref(ProtectLogEntrySchema),
  "A page of a reservation's protect log, newest first.",
);
export const AccountLogPageSchema = page(
  'AccountLogPage',
  ref(AccountLogEntrySchema),
  "A page of an account's protect log, newest first.",
);
export type ProtectLogPage = Static<typeof ProtectLogPageSchema>;
export type AccountLogPage = Static<typeof AccountLogPageSchema>;

export const RescreenedSchema = named(
  'Rescreened',
  { reservation: ref(ReservationSchema) },
  { description: 'The reservation as screened again.' },
);

export const ReportTaskSchema = named(
  'ReportTask',
  {
    reservation_id: Id(),
    type: stringEnum(REPORT_TYPES),
    format: stringEnum(REPORT_FORMATS),
    status: ReportStatus,
    generated_at: DateTime(),
    file_name: nullable(Type.String()),
    content_type: nullable(Type.String()),
    size: nullable(Type.Integer({ minimum: 0, description: 'Bytes.' })),
    error: nullable(Type.String()),
  },
  { description: 'The task of generating a report: its file, or its error.' },
);
export type ReportTask = Static<typeof ReportTaskSchema>;

export const NormalisedAddressSchema = named(
  'NormalisedAddress',
  {
    formatted: Type.String(),
    components: Type.Object(
      {
        line1: Type.String(),
        line2: nullable(Type.String()),
        city: nullable(Type.String()),
        region: nullable(Type.String({ description: 'State or province, when given.' })),
        postal_code: nullable(Type.String()),
        country: nullable(Type.String({ description: 'ISO 3166-1 alpha-2.' })),
      },
      { additionalProperties: false },
    ),
    changed: Type.Boolean({ description: 'Whether it differs from what was sent.' }),
  },
  { description: 'An address tidied and split into components.' },
);
export type NormalisedAddress = Static<typeof NormalisedAddressSchema>;

export const StaleReservationSchema = named(
  'StaleReservation',
  { error: Type.Literal('stale_write'), message: Type.String(), current: ref(ReservationSchema) },
  { description: 'The reservation changed since the caller read it: here is the current one.' },
);

// ---------------------------------------------------------------------------------------------
// Inputs.

export const MAX_GUESTS = 30;

const nullableText = (maxLength: number) => nullable(Type.String({ maxLength }));

export const reservationFields = {
  listing_id: Type.String({ pattern: ID_PATTERN }),
  guest_name: Type.String({ minLength: 1, maxLength: 120 }),
  guest_email: EmailField,
  guest_phone: Type.Optional(nullableText(40)),
  guest_city: Type.Optional(nullableText(100)),
  guest_country: Type.Optional(nullable(Type.String({ pattern: '^[A-Za-z]{2}$' }))),
  guests: Type.Integer({ minimum: 1, maximum: MAX_GUESTS }),
  check_in_date: DateField(),
  check_out_date: DateField(),
  source: ReservationSourceSchema,
  status: Type.Optional(ReservationStatusSchema),
  message: Type.Optional(nullableText(2000)),
  card_check: Type.Optional(stringEnum(CARD_CHECKS)),
};

export const ReservationInputSchema = named('ReservationInput', reservationFields, {
  description: 'A reservation typed in by a host. Optional text may be cleared with "" or null.',
});
export type ReservationFields = Static<typeof ReservationInputSchema>;

export const ReservationChangesBody = Type.Object(
  {
    version: Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'The version read.' }),
    ...Type.Partial(Type.Object(reservationFields)).properties,
  },
  { description: 'The fields to change, and the version read.' },
);

/** The filters of GET /reservation/search (and the window of /reservation/stats). */
export const reservationFilterQuery = {
  startDate: Type.Optional({
    ...OptionalDateQuery,
    description:
      'YYYY-MM-DD: check-in on or after (default today; empty: any; with a search: any).',
  } as typeof OptionalDateQuery),
  endDate: Type.Optional({
    ...OptionalDateQuery,
    description: 'YYYY-MM-DD: check-in on or before.',
  } as typeof OptionalDateQuery),
  status: Type.Optional(
    Type.String({
      maxLength: 100,
      description: 'Comma list of statuses, or `all` (default CONFIRMED; with a search: all).',
    }),
  ),
  colour: Type.Optional(Type.String({ maxLength: 100, description: 'Comma list of colours.' })),
  verification: Type.Optional(
    Type.String({ maxLength: 200, description: 'Comma list of verification statuses.' }),
  ),
  listing_id: Type.Optional(Id()),
  search: Type.Optional(
    Type.String({ maxLength: 200, description: 'Guest name, email, phone, listing, or an id.' }),
  ),
};
export const ReservationFilterQuery = query(reservationFilterQuery);
export type ReservationFilterQuery = Static<typeof ReservationFilterQuery>;

export const ReservationSearchQuery = query({ ...pagingQuery, ...reservationFilterQuery });

export const LOG_PAGE_SIZE = 100;
export const logPagingQuery = {
  from: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
  size: Type.Integer({ minimum: 1, maximum: LOG_PAGE_SIZE, default: LOG_PAGE_SIZE }),
};

export const RESERVATION_SCHEMAS: NamedSchema[] = [
  RiskFactorSchema,
  ThresholdsSchema,
  ProtectSummarySchema,
  ProtectDetailSchema,
  ReservationSummarySchema,
  ReservationImageSchema,
  ReportSummarySchema,
  ReservationSchema,
  ReservationPageSchema,
  ReservationStatsSchema,
  AnalyticsSchema,
  ToleranceLevelSchema,
  ProtectSettingsSchema,
  TolerancePreviewSchema,
  ProtectLogEntrySchema,
  AccountLogEntrySchema,
  ProtectLogPageSchema,
  AccountLogPageSchema,
  RescreenedSchema,
  ReportTaskSchema,
  NormalisedAddressSchema,
  StaleReservationSchema,
  ReservationInputSchema,
];
