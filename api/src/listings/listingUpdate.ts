// POST /listing/update/{id}: change some fields of a listing, guarded against lost updates. The
// caller sends the version it read; the update applies only to that version (one statement that
// also bumps it), so two people editing the same listing cannot silently overwrite each other.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../auth/caller';
import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import { ApiError, badRequest, forbidden, notFound } from '../http/errors';
import { idParam, ID_PATTERN } from '../http/schemas';
import { SqlParams } from '../http/sqlParams';
import {
  findListing,
  isVendor,
  LISTING_COLUMNS,
  LISTING_NOT_FOUND_MESSAGE,
  LISTING_STATUSES,
  listingScope,
  type Listing,
  type ListingStatus,
} from './listingQueries';

export interface ListingChanges {
  nickname?: string;
  address?: string;
  city?: string;
  country?: string;
  building_id?: string | null;
  timezone?: string;
  check_in_time?: string;
  check_out_time?: string;
  bedrooms?: number;
  custom_fields?: Record<string, string>;
  status?: ListingStatus;
}

type ListingUpdateBody = ListingChanges & { version: number };

/** Each changeable field and the SQL type its parameter is cast to. */
const CHANGEABLE: Record<keyof ListingChanges, string> = {
  nickname: 'text',
  address: 'text',
  city: 'text',
  country: 'text',
  building_id: 'bigint',
  timezone: 'text',
  check_in_time: 'time',
  check_out_time: 'time',
  bedrooms: 'int',
  custom_fields: 'jsonb',
  status: 'text',
};
const CHANGEABLE_FIELDS = Object.keys(CHANGEABLE) as Array<keyof ListingChanges>;
/** Surrounding spaces in these are never meant (they are trimmed before the length checks). */
const TRIMMED_FIELDS = [
  'nickname',
  'address',
  'city',
  'country',
  'timezone',
  'check_in_time',
  'check_out_time',
] as const;

const TIME_OF_DAY = { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' } as const;
export const MAX_CUSTOM_FIELDS = 20;
const CUSTOM_FIELD_NAME = /^[\p{L}\p{M}\p{N} _-]{1,40}$/u;

const updateBodySchema = {
  type: 'object',
  required: ['version'],
  properties: {
    version: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
    nickname: { type: 'string', minLength: 1, maxLength: 120 },
    address: { type: 'string', minLength: 1, maxLength: 200 },
    city: { type: 'string', minLength: 1, maxLength: 100 },
    country: { type: 'string', pattern: '^[A-Za-z]{2}$' },
    building_id: { type: ['string', 'null'], pattern: ID_PATTERN },
    timezone: { type: 'string', minLength: 1, maxLength: 64 },
    check_in_time: TIME_OF_DAY,
    check_out_time: TIME_OF_DAY,
    bedrooms: { type: 'integer', minimum: 0, maximum: 50 },
    custom_fields: {
      type: 'object',
      maxProperties: MAX_CUSTOM_FIELDS,
      additionalProperties: { type: 'string', maxLength: 500 },
    },
    status: { type: 'string', enum: LISTING_STATUSES },
  },
} as const;

const staleWrite = (current: Listing): ApiError =>
  new ApiError(
    409,
    'stale_write',
    'This listing was changed by someone else since you opened it. Reload to see the latest version.',
    {},
    { current },
  );

/**
 * preValidation: a field that cannot be changed here is refused by name (the schema would drop it
 * silently), and text fields are trimmed so that the length checks see what will be stored.
 */
async function prepareUpdateBody(request: FastifyRequest): Promise<void> {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return; // the schema answers
  const fields = body as Record<string, unknown>;
  const unknown = Object.keys(fields).find(
    (key) => key !== 'version' && !Object.hasOwn(CHANGEABLE, key),
  );
  if (unknown !== undefined) {
    throw badRequest(
      'invalid_request',
      `"${unknown.slice(0, 50)}" cannot be changed here. Send any of: ${CHANGEABLE_FIELDS.join(', ')}.`,
    );
  }
  for (const key of TRIMMED_FIELDS) {
    const value = fields[key];
    if (typeof value === 'string') fields[key] = value.trim();
  }
}

/** The rules a JSON schema cannot say clearly: something to change, custom field names. */
function checkChanges(changes: ListingChanges): void {
  if (!CHANGEABLE_FIELDS.some((field) => changes[field] !== undefined))
    throw badRequest('invalid_request', 'Nothing to change: send at least one field.');
  for (const name of Object.keys(changes.custom_fields ?? {})) {
    if (!CUSTOM_FIELD_NAME.test(name) || name.trim() === '') {
      throw badRequest(
        'invalid_request',
        `Custom field names are 1 to 40 letters, digits, spaces, "_" or "-": "${name.slice(0, 50)}" is not one.`,
      );
    }
  }
}

/** The zone as PostgreSQL names it (any case accepted), or a 400. */
async function canonicalTimezone(sql: Sql, timezone: string): Promise<string> {
  const [row] = await sql.query<{ name: string }>(
    'select name from pg_timezone_names where lower(name) = lower($1) order by name = $1 desc, name limit 1',
    [timezone],
  );
  if (!row) {
    throw badRequest(
      'invalid_request',
      `"timezone" must be an IANA time zone such as Europe/Lisbon or America/New_York ("${timezone.slice(0, 64)}" is not one).`,
    );
  }
  return row.name;
}

async function assertBuildingOfAccount(
  sql: Sql,
  buildingId: string,
  accountId: string,
): Promise<void> {
  const [row] = await sql.query(
    'select 1 from buildings where id = $1::bigint and account_id = $2::bigint',
    [buildingId, accountId],
  );
  if (!row) {
    throw badRequest(
      'invalid_building',
      'That building does not exist in the account this listing belongs to.',
    );
  }
}

export function registerListingUpdateRoute(app: FastifyInstance, { db }: AppContext): void {
  app.post<{ Params: { id: string }; Body: ListingUpdateBody }>(
    '/listing/update/:id',
    {
      preValidation: prepareUpdateBody,
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: idParam } },
        body: updateBodySchema,
      },
    },
    async (request) => {
      const caller = await requireUser(db, request);
      if (isVendor(caller)) throw forbidden('Building staff cannot change listings.');
      const { version, ...changes } = request.body;
      checkChanges(changes);
      if (changes.country !== undefined) changes.country = changes.country.toUpperCase();
      if (changes.timezone !== undefined)
        changes.timezone = await canonicalTimezone(db, changes.timezone);

      const listing = await findListing(db, caller, request.params.id);
      if (!listing) throw notFound(LISTING_NOT_FOUND_MESSAGE);
      if (changes.building_id)
        await assertBuildingOfAccount(db, changes.building_id, listing.account_id);

      // One statement: applies only to the version the caller read, and moves it on by one.
      const params = new SqlParams();
      const assignments = CHANGEABLE_FIELDS.filter((field) => changes[field] !== undefined).map(
        (field) => {
          const value = field === 'custom_fields' ? JSON.stringify(changes[field]) : changes[field];
          return `${field} = ${params.add(value)}::${CHANGEABLE[field]}`;
        },
      );
      const [updated] = await db.query<Listing>(
        `with updated as (
           update listings l
           set ${assignments.join(', ')}, version = l.version + 1, updated_at = now()
           where l.id = ${params.add(listing.id)}::bigint and l.version = ${params.add(version)}::int
             and ${listingScope(caller, params)}
           returning l.*
         )
         select ${LISTING_COLUMNS} from updated l left join buildings b on b.id = l.building_id`,
        params.values,
      );
      if (updated) {
        request.log.info(
          { event: 'listing_updated', listingId: updated.id, version: updated.version },
          'Listing updated',
        );
        return updated;
      }
      const current = await findListing(db, caller, listing.id);
      if (!current) throw notFound(LISTING_NOT_FOUND_MESSAGE);
      throw staleWrite(current);
    },
  );
}
