// The platform part of the contract (Hostdash staff): every listing across accounts, one listing's
// read-only detail, and the platform analytics.
import { Type, type Static } from '@sinclair/typebox';
import { RISK_COLOURS } from '../protect/risk';
import { VERIFICATION_STATUSES } from '../reservations/reservationQueries';
import {
  Day,
  EmailField,
  Id,
  named,
  nullable,
  pageProperties,
  pagingQuery,
  query,
  ref,
} from '../http/schemas';
import { ListingDetailSchema, ListingSchema, listingFilterQuery } from '../listings/listingSchemas';

const Count = Type.Integer({ minimum: 0 });

export const AdminListingSchema = named(
  'AdminListing',
  {
    ...ListingSchema.properties,
    account_name: Type.String({ description: 'The name of the account that owns the listing.' }),
  },
  { description: 'A listing of any account, with its account named.' },
);
export type AdminListing = Static<typeof AdminListingSchema>;

export const ListingAccountSchema = named(
  'ListingAccount',
  { id: Id(), name: Type.String(), listings: Count },
  { description: 'An account with listings, and how many: an option of the account filter.' },
);
export type ListingAccount = Static<typeof ListingAccountSchema>;

export const ListingPmsSchema = named(
  'ListingPms',
  { pms: Type.String(), listings: Count },
  { description: 'A PMS listings were imported from, and how many: an option of the PMS filter.' },
);
export type ListingPms = Static<typeof ListingPmsSchema>;

export const AdminListingPageSchema = named(
  'AdminListingPage',
  {
    ...pageProperties(ref(AdminListingSchema)),
    accounts: Type.Optional(
      Type.Array(ref(ListingAccountSchema), {
        description: 'With `facets=1`: every account with listings, by name.',
      }),
    ),
    pms: Type.Optional(
      Type.Array(ref(ListingPmsSchema), {
        description: 'With `facets=1`: every PMS with listings, by its key.',
      }),
    ),
  },
  { description: 'A page of listings across accounts; with `facets=1`, the accounts too.' },
);

export const AdminListingLoadQuery = query({
  ...pagingQuery,
  search: listingFilterQuery.search,
  status: listingFilterQuery.status,
  pms: listingFilterQuery.pms,
  account_id: Type.Optional(Id('Only this account’s listings.')),
  facets: Type.Optional(
    Type.Integer({ enum: [0, 1], description: '1: add the account and PMS filters’ options.' }),
  ),
});

export const AdminListingDetailSchema = named(
  'AdminListingDetail',
  {
    ...ListingDetailSchema.properties,
    account_name: Type.String(),
    owner: nullable(
      Type.Object(
        { name: Type.String(), email: EmailField },
        { additionalProperties: false, description: 'The account’s owner, when it has one.' },
      ),
    ),
  },
  { description: 'A listing of any account, read-only, with its account and owner.' },
);
export type AdminListingDetail = Static<typeof AdminListingDetailSchema>;

export const ANALYTICS_PERIODS = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

export const AnalyticsQuery = query({
  days: Type.Integer({
    enum: [...ANALYTICS_PERIODS],
    default: 30,
    description: 'The period: the last 7, 30 or 90 days, today included.',
  }),
});

/** `{ date, <key>: count … }` for each day of the period. */
const dailyCounts = <Key extends string>(keys: readonly Key[], description: string) =>
  Type.Array(
    Type.Object(
      {
        date: Day(),
        ...(Object.fromEntries(keys.map((key) => [key, Count])) as Record<Key, typeof Count>),
      },
      { additionalProperties: false },
    ),
    { description },
  );

const countsOf = <Key extends string>(keys: readonly Key[], description: string) =>
  Type.Object(Object.fromEntries(keys.map((key) => [key, Count])) as Record<Key, typeof Count>, {
    additionalProperties: false,
    description,
  });

const ImportDaySchema = Type.Object(
  {
    date: Day(),
    succeeded: Count,
    failed: nullable(
      Type.Integer({
        minimum: 0,
        description: 'Always null: no failed import is recorded yet.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const PlatformAnalyticsSchema = named(
  'PlatformAnalytics',
  {
    days: Type.Integer({ enum: [...ANALYTICS_PERIODS] }),
    from: Day('The first day of the period (UTC).'),
    to: Day('The last day of the period: today (UTC).'),
    series: Type.Object(
      {
        sign_ins: dailyCounts(
          ['count'],
          'Sessions started per day (sessions are kept 30 days after they expire, so older days read 0).',
        ),
        active_accounts: dailyCounts(
          ['count'],
          'Host accounts (staff excluded) with a sign-in or a screened reservation that day.',
        ),
        screened_by_colour: dailyCounts(
          RISK_COLOURS,
          'Reservations first screened that day, by their colour at the account’s tolerance now.',
        ),
        verification_outcomes: dailyCounts(
          VERIFICATION_STATUSES,
          'Verification changes made that day (the protect log), by the status they set.',
        ),
        imports: Type.Array(ImportDaySchema, {
          description:
            'Listings imported from a PMS that day (listings created); failures are not recorded yet.',
        }),
      },
      {
        additionalProperties: false,
        description: 'One entry per day of the period, oldest first; a day with nothing reads 0.',
      },
    ),
    totals: Type.Object(
      {
        sign_ins: Count,
        active_accounts: Type.Integer({
          minimum: 0,
          description: 'Distinct accounts active on any day of the period.',
        }),
        screened_by_colour: countsOf(RISK_COLOURS, 'Screened in the period, by colour.'),
        verification_outcomes: countsOf(VERIFICATION_STATUSES, 'Changes in the period.'),
        imports: Type.Object(
          { succeeded: Count, failed: nullable(Type.Integer({ minimum: 0 })) },
          { additionalProperties: false },
        ),
      },
      { additionalProperties: false },
    ),
  },
  { description: 'Platform activity over the last 7, 30 or 90 days, day by day (UTC).' },
);
export type PlatformAnalytics = Static<typeof PlatformAnalyticsSchema>;

export const PLATFORM_SCHEMAS = [
  AdminListingSchema,
  ListingAccountSchema,
  ListingPmsSchema,
  AdminListingPageSchema,
  AdminListingDetailSchema,
  PlatformAnalyticsSchema,
];
