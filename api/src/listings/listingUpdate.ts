// POST /listing/update/{id}: change some fields of a listing, guarded against lost updates. The
// caller sends the version it read; the update applies only to that version (one statement that
// also bumps it), so two people editing the same listing cannot silently overwrite each other.
// A status alone may come without a version (spec section 4: "posting a new status"): it is
// last-writer-wins, and logged with who changed it from what.
import type { FastifyRequest } from 'fastify';
import { requireUser } from '../auth/caller';
import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import { ApiError, badRequest, forbidden, notFound, refusedField } from '../http/errors';
import { errors, IdParams, ref, SESSION, type Api } from '../http/schemas';
import { SqlParams } from '../http/sqlParams';
import {
  findListing,
  isVendor,
  LISTING_COLUMNS,
  LISTING_NOT_FOUND_MESSAGE,
  listingScope,
  type Listing,
} from './listingQueries';
import { ListingSchema, ListingUpdateBody, StaleListingSchema } from './listingSchemas';

export type ListingChanges = Omit<ListingUpdateBody, 'version'>;

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
  guest_language: 'text',
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

const CUSTOM_FIELD_NAME = /^[\p{L}\p{M}\p{N} _-]{1,40}$/u;

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

/**
 * The rules a JSON schema cannot say clearly: something to change, a version for anything but a
 * status, custom field names.
 */
function checkChanges(changes: ListingChanges, version: number | undefined): void {
  const fields = CHANGEABLE_FIELDS.filter((field) => changes[field] !== undefined);
  if (fields.length === 0)
    throw badRequest('invalid_request', 'Nothing to change: send at least one field.');
  if (version === undefined && fields.some((field) => field !== 'status')) {
    throw badRequest(
      'invalid_request',
      '"version" is required to change anything but the status: send the version you read, so that nobody’s changes are overwritten.',
    );
  }
  for (const name of Object.keys(changes.custom_fields ?? {})) {
    if (!CUSTOM_FIELD_NAME.test(name) || name.trim() === '') {
      throw refusedField(
        'custom_fields',
        'name',
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
    throw refusedField(
      'timezone',
      'timezone',
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

export function registerListingUpdateRoute(app: Api, { db }: AppContext): void {
  app.post(
    '/listing/update/:id',
    {
      preValidation: prepareUpdateBody,
      schema: {
        summary: 'Change a listing’s fields, or its status',
        description:
          'Send the `version` you read with the fields to change; a stale version gets 409 with the current listing, so the caller can re-apply its edits. `{ status }` alone needs no version: the last writer wins. Not for vendors.',
        tags: ['listings'],
        security: SESSION,
        params: IdParams,
        body: ListingUpdateBody,
        response: {
          200: ref(ListingSchema),
          ...errors(400, 401, 403, 404),
          409: ref(StaleListingSchema),
        },
      },
    },
    async (request) => {
      const caller = await requireUser(db, request);
      if (isVendor(caller)) throw forbidden('Building staff cannot change listings.');
      const { version, ...changes } = request.body;
      checkChanges(changes, version);
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
           where l.id = ${params.add(listing.id)}::bigint
             and ${version === undefined ? 'true' : `l.version = ${params.add(version)}::int`}
             and ${listingScope(caller, params)}
           returning l.*
         )
         select ${LISTING_COLUMNS} from updated l left join buildings b on b.id = l.building_id`,
        params.values,
      );
      if (updated) {
        request.log.info(
          {
            event: 'listing_updated',
            listingId: updated.id,
            version: updated.version,
            userId: caller.id,
            fields: Object.keys(changes),
            ...(changes.status !== undefined && changes.status !== listing.status
              ? { status: { from: listing.status, to: changes.status } }
              : {}),
          },
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
