// The listings part of the contract: what a listing, its stats and the buildings look like on the
// wire (answers are serialised with these, so nothing else leaves), and what the calls accept.
import { Type, type Static } from '@sinclair/typebox';
import {
  DateTime,
  Day,
  Id,
  ID_PATTERN,
  named,
  nullable,
  pageProperties,
  query,
  pagingQuery,
  ref,
  stringMap,
} from '../http/schemas';
import {
  ListingStatusSchema as ListingStatus,
  ReservationStatusSchema,
  VerificationStatusSchema,
} from '../domainSchemas';
import { GuestLanguageSchema } from '../i18n/guestLanguages';

const TIME_OF_DAY_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9]$';
const TimeOfDay = (description: string) =>
  Type.String({ pattern: TIME_OF_DAY_PATTERN, description });

export const MAX_CUSTOM_FIELDS = 20;

export const ListingSchema = named(
  'Listing',
  {
    id: Id(),
    account_id: Id('The account that owns the listing.'),
    nickname: Type.String(),
    address: Type.String(),
    city: Type.String(),
    country: Type.String({ description: 'ISO 3166-1 alpha-2, upper case.' }),
    building_id: nullable(Id()),
    building: nullable(Type.String({ description: "The building's name." })),
    building_slug: nullable(Type.String()),
    status: ListingStatus,
    pms: Type.String({ description: 'The property-management system it was imported from.' }),
    timezone: Type.String({ description: 'IANA time zone, e.g. Europe/Lisbon.' }),
    bedrooms: Type.Integer({ minimum: 0 }),
    check_in_time: TimeOfDay('HH:MM, 24-hour, in the listing’s time zone.'),
    check_out_time: TimeOfDay('HH:MM, 24-hour, in the listing’s time zone.'),
    guest_language: GuestLanguageSchema,
    custom_fields: stringMap(Type.String()),
    version: Type.Integer({
      minimum: 1,
      description: 'Moves on by one with every change; send it back to change fields.',
    }),
    created_at: DateTime(),
    updated_at: DateTime(),
    _score: Type.Optional(Type.Number({ description: 'Relevance, when the list was searched.' })),
  },
  { description: 'A rental unit.' },
);
export type Listing = Static<typeof ListingSchema>;

export const UpcomingReservationSchema = named(
  'UpcomingReservation',
  {
    id: Id(),
    guest_name: Type.String(),
    guests: Type.Integer({ minimum: 0 }),
    check_in_date: Day(),
    check_out_date: Day(),
    status: ReservationStatusSchema,
    source: Type.String(),
    verification_status: VerificationStatusSchema,
  },
  { description: 'A coming or current stay at a listing, as its detail page lists it.' },
);
export type UpcomingReservation = Static<typeof UpcomingReservationSchema>;

export const ListingDetailSchema = named(
  'ListingDetail',
  {
    ...ListingSchema.properties,
    upcoming_reservations: Type.Array(ref(UpcomingReservationSchema), {
      description: 'The next 10 stays not cancelled and not yet over.',
    }),
  },
  { description: 'A listing with its coming stays.' },
);

/** What every answer says of a building. */
const buildingProperties = {
  id: Id(),
  account_id: Id(),
  name: Type.String(),
  slug: Type.String(),
  address: Type.String(),
  city: Type.String(),
  country: Type.String(),
  listing_count: Type.Integer({ minimum: 0 }),
};

export const BuildingSummarySchema = named(
  'BuildingSummary',
  {
    ...buildingProperties,
    active_count: Type.Integer({ minimum: 0 }),
    arrivals_today: Type.Integer({ minimum: 0 }),
    arrivals_next_7_days: Type.Integer({
      minimum: 0,
      description: 'Stays not cancelled checking in from today through today + 7.',
    }),
  },
  { description: 'A building in the caller’s scope, with its listings and arrivals counted.' },
);
export type BuildingSummary = Static<typeof BuildingSummarySchema>;

export const ListingPageSchema = named(
  'ListingPage',
  {
    ...pageProperties(ref(ListingSchema)),
    buildings: Type.Optional(
      Type.Array(ref(BuildingSummarySchema), { description: 'With `buildings=1`.' }),
    ),
  },
  { description: 'A page of listings; with `buildings=1`, the caller’s buildings too.' },
);

const Count = Type.Integer({ minimum: 0 });

export const ListingStatsSchema = named(
  'ListingStats',
  {
    total: Count,
    by_status: Type.Object(
      { active: Count, inactive: Count, archived: Count },
      { additionalProperties: false },
    ),
    by_pms: Type.Array(
      Type.Object({ pms: Type.String(), count: Count }, { additionalProperties: false }),
    ),
    by_building: Type.Array(
      Type.Object(
        {
          building_id: nullable(Id()),
          name: nullable(Type.String()),
          slug: nullable(Type.String()),
          count: Count,
        },
        { additionalProperties: false },
      ),
    ),
    reservations: Type.Object(
      {
        total: Count,
        screened: Count,
        screened_share: Type.Number({ minimum: 0, maximum: 1 }),
      },
      {
        additionalProperties: false,
        description:
          'Confirmed stays from 30 days ago through 90 days ahead, and how many guests’ identity checks have an outcome or await review (`screened`: verification verified, declined or review; the name is older than docs/glossary.md, where screened means scored for risk).',
      },
    ),
  },
  { description: 'Counts over the listings the filters select.' },
);
export type ListingStats = Static<typeof ListingStatsSchema>;

const BuildingListingSchema = Type.Object(
  {
    id: Id(),
    nickname: Type.String(),
    status: ListingStatus,
    bedrooms: Type.Integer({ minimum: 0 }),
    check_in_time: Type.String(),
    check_out_time: Type.String(),
  },
  { additionalProperties: false },
);

export const BuildingArrivalSchema = named(
  'BuildingArrival',
  {
    id: Id(),
    listing_id: Id(),
    listing_nickname: Type.String(),
    guest_name: Type.String(),
    guests: Type.Integer({ minimum: 0 }),
    check_in_date: Day(),
    check_out_date: Day(),
    status: ReservationStatusSchema,
    verification_status: VerificationStatusSchema,
  },
  { description: 'A stay arriving at a building: never the guest’s contact or identity data.' },
);

export const BuildingViewSchema = named(
  'BuildingView',
  {
    building: Type.Object(buildingProperties, { additionalProperties: false }),
    listings: Type.Array(BuildingListingSchema),
    arrivals: Type.Array(ref(BuildingArrivalSchema), {
      description: 'From today through today + 7.',
    }),
  },
  { description: 'A building as its staff (vendors) see it.' },
);
export type BuildingView = Static<typeof BuildingViewSchema>;

/** The filters /listing/load and /listing/stats share. */
export const listingFilterQuery = {
  search: Type.Optional(
    Type.String({ maxLength: 200, description: 'Words in the nickname, address, city, building.' }),
  ),
  status: Type.Optional(
    Type.String({ maxLength: 200, description: 'Comma list of statuses, e.g. `active,inactive`.' }),
  ),
  pms: Type.Optional(Type.String({ maxLength: 500, description: 'Comma list of PMS names.' })),
  building: Type.Optional(Id('A building id.')),
  building_slug: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'A building slug, within `account_id` (the caller’s own account by default).',
    }),
  ),
  account_id: Type.Optional(Id()),
};
export const ListingFilterQuery = query(listingFilterQuery);
export type ListingFilterQuery = Static<typeof ListingFilterQuery>;

export const ListingLoadQuery = query({
  ...pagingQuery,
  ...listingFilterQuery,
  buildings: Type.Optional(
    Type.Integer({ enum: [0, 1], description: '1: add the caller’s buildings.' }),
  ),
  noitems: Type.Optional(
    Type.Integer({ enum: [0, 1], description: '1: no items (with `buildings=1`).' }),
  ),
});

export const BuildingParams = Type.Object({
  accountId: Id(),
  slug: Type.String({ minLength: 1, maxLength: 100 }),
});

export const ListingUpdateBody = Type.Object(
  {
    version: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 2_147_483_647,
        description:
          'The version the caller read. Required for any field but `status`; a status alone is last-writer-wins.',
      }),
    ),
    nickname: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
    address: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    city: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    country: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}$' })),
    building_id: Type.Optional(nullable(Type.String({ pattern: ID_PATTERN }))),
    timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    check_in_time: Type.Optional(TimeOfDay('HH:MM, 24-hour.')),
    check_out_time: Type.Optional(TimeOfDay('HH:MM, 24-hour.')),
    guest_language: Type.Optional(GuestLanguageSchema),
    bedrooms: Type.Optional(Type.Integer({ minimum: 0, maximum: 50 })),
    custom_fields: Type.Optional(
      stringMap(Type.String({ maxLength: 500 }), { maxProperties: MAX_CUSTOM_FIELDS }),
    ),
    status: Type.Optional(ListingStatus),
  },
  { description: 'The fields to change, and the version read.' },
);
export type ListingUpdateBody = Static<typeof ListingUpdateBody>;

export const StaleListingSchema = named(
  'StaleListing',
  {
    error: Type.Literal('stale_write'),
    message: Type.String(),
    current: ref(ListingSchema),
  },
  { description: 'The listing changed since the caller read it: here is the current one.' },
);

export const LISTING_SCHEMAS = [
  ListingSchema,
  UpcomingReservationSchema,
  ListingDetailSchema,
  BuildingSummarySchema,
  ListingPageSchema,
  ListingStatsSchema,
  BuildingArrivalSchema,
  BuildingViewSchema,
  StaleListingSchema,
];
