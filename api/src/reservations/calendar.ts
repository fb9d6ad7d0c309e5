// The reservations calendar (issue 12): a month of confirmed stays, one row per listing, in one
// call. A host scans occupancy and risk across the whole portfolio at a glance, so the answer is
// compact (no guest contact, no factors) and complete for the month: every listing that is not
// archived, with each stay that overlaps the month, even one that began the month before.
import { Type, type Static } from '@sinclair/typebox';
import { requireUser, type Caller } from '../auth/caller';
import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import {
  ReservationSourceSchema,
  RiskColourSchema,
  VerificationStatusSchema,
} from '../domainSchemas';
import { badRequest } from '../http/errors';
import { errors, Id, named, query, ref, SESSION, type Api } from '../http/schemas';
import { SqlParams } from '../http/sqlParams';
import { accountScope, COLOUR_SQL, refuseVendor } from './reservationQueries';

const MONTH_PATTERN = '^[0-9]{4}-(0[1-9]|1[0-2])$';

/** More listings than any host has; staff calling it over every account get this many. */
export const CALENDAR_MAX_LISTINGS = 1000;

export const CalendarStaySchema = named(
  'CalendarStay',
  {
    id: Id(),
    guest_name: Type.String(),
    check_in_date: Type.String({ format: 'date' }),
    check_out_date: Type.String({ format: 'date', description: 'The day the guest leaves.' }),
    source: ReservationSourceSchema,
    colour: RiskColourSchema,
    verification_status: VerificationStatusSchema,
  },
  { description: 'A confirmed stay as the calendar draws it.' },
);

export const CalendarListingSchema = named(
  'CalendarListing',
  {
    id: Id(),
    nickname: Type.String(),
    building: Type.Union([Type.String(), Type.Null()]),
    stays: Type.Array(ref(CalendarStaySchema)),
  },
  { description: 'A listing’s row in the calendar.' },
);

export const CalendarMonthSchema = named(
  'CalendarMonth',
  {
    month: Type.String({ pattern: MONTH_PATTERN, description: 'YYYY-MM' }),
    first_day: Type.String({ format: 'date' }),
    last_day: Type.String({ format: 'date' }),
    listings: Type.Array(ref(CalendarListingSchema)),
    truncated: Type.Boolean({
      description: `More than ${CALENDAR_MAX_LISTINGS} listings: the first ones by building and nickname.`,
    }),
  },
  { description: 'A month of confirmed stays, one row per listing that is not archived.' },
);

export const CALENDAR_SCHEMAS = [CalendarStaySchema, CalendarListingSchema, CalendarMonthSchema];

type CalendarMonth = Static<typeof CalendarMonthSchema>;

/** `2026-11` → its first and last day; the month is checked by the schema's pattern. */
export function monthBounds(month: string): { firstDay: string; lastDay: string } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  if (year < 2000 || year > 2100)
    throw badRequest('invalid_request', 'Choose a month between 2000 and 2100.');
  const last = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return { firstDay: `${month}-01`, lastDay: `${month}-${String(last).padStart(2, '0')}` };
}

export async function calendarMonth(
  sql: Sql,
  caller: Caller,
  month: string,
): Promise<CalendarMonth> {
  const { firstDay, lastDay } = monthBounds(month);
  const params = new SqlParams();
  const scope = accountScope(caller, params, 'l') ?? 'false';
  const first = params.add(firstDay);
  const last = params.add(lastDay);
  const limit = params.add(CALENDAR_MAX_LISTINGS + 1);
  const rows = await sql.query<Static<typeof CalendarListingSchema>>(
    `select l.id::text as id, l.nickname, b.name as building,
       coalesce(
         (select json_agg(json_build_object(
                    'id', r.id::text, 'guest_name', r.guest_name,
                    'check_in_date', to_char(r.check_in_date, 'YYYY-MM-DD'),
                    'check_out_date', to_char(r.check_out_date, 'YYYY-MM-DD'),
                    'source', r.source, 'colour', ${COLOUR_SQL},
                    'verification_status', r.verification_status)
                  order by r.check_in_date, r.id)
          from reservations r
          where r.listing_id = l.id and r.status = 'CONFIRMED'
            and r.check_in_date <= ${last}::date and r.check_out_date > ${first}::date),
         '[]'::json) as stays
     from listings l
     join accounts a on a.id = l.account_id
     left join buildings b on b.id = l.building_id
     where ${scope} and l.status <> 'archived'
     order by b.name nulls last, l.nickname, l.id
     limit ${limit}`,
    params.values,
  );
  return {
    month,
    first_day: firstDay,
    last_day: lastDay,
    listings: rows.slice(0, CALENDAR_MAX_LISTINGS),
    truncated: rows.length > CALENDAR_MAX_LISTINGS,
  };
}

export function registerCalendarRoutes(app: Api, { db }: AppContext): void {
  app.get(
    '/reservation/calendar',
    {
      schema: {
        summary: 'A month of confirmed stays, one row per listing',
        description:
          'Every listing that is not archived, by building and nickname, with each confirmed stay that overlaps the month. Not for building staff (their arrivals are on the building page).',
        tags: ['reservations'],
        security: SESSION,
        querystring: query({
          month: Type.String({ pattern: MONTH_PATTERN, description: 'The month, YYYY-MM.' }),
        }),
        response: { 200: ref(CalendarMonthSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const caller = await requireUser(db, request);
      refuseVendor(caller, 'Building staff see their arrivals on the building page.');
      return calendarMonth(db, caller, request.query.month);
    },
  );
}
