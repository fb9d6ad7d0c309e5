// POST /reservation/create and POST /reservation/update/{id}: a reservation typed in by the host
// (or fixed after an import). Both screen it at once, in the same transaction, and log what
// happened. Updates apply only to the version the caller read (409 `stale_write` otherwise), like
// listings. Vendors: 403.
import type { FastifyRequest } from 'fastify';
import { requireUser, type Caller } from '../auth/caller';
import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import { ApiError, badRequest, notFound, refusedField } from '../http/errors';
import { assertCalendarDate, errors, IdParams, ref, SESSION, type Api } from '../http/schemas';
import { SqlParams } from '../http/sqlParams';
import { listingScope } from '../listings/listingQueries';
import { actorOf, appendLog, SCREENING_ACTOR } from '../protect/protectLog';
import { screenReservations } from '../protect/screening';
import { deliverListingMessages } from '../stargate/relay';
import { mailTurnedRed } from '../settings/preferences';
import { queueDueInvites } from '../guest/guestInvites';
import {
  findReservation,
  refuseVendor,
  RESERVATION_NOT_FOUND_MESSAGE,
  reservationScope,
  type ReservationDetail,
} from './reservationQueries';
import {
  ReservationChangesBody,
  ReservationInputSchema,
  ReservationSchema,
  StaleReservationSchema,
  type ReservationFields,
} from './reservationSchemas';

export { MAX_GUESTS } from './reservationSchemas';
export type { ReservationFields };
export const MAX_NIGHTS = 365;
const MIN_PHONE_DIGITS = 6;
const MAX_PHONE_DIGITS = 20;
const PHONE_CHARACTERS = /^[0-9+\-() ]+$/;

type FieldName = keyof ReservationFields;

/** Each field, its column and the SQL type its parameter is cast to. */
const COLUMNS: Record<FieldName, { column: string; cast: string }> = {
  listing_id: { column: 'listing_id', cast: 'bigint' },
  guest_name: { column: 'guest_name', cast: 'text' },
  guest_email: { column: 'guest_email', cast: 'text' },
  guest_phone: { column: 'guest_phone', cast: 'text' },
  guest_city: { column: 'guest_city', cast: 'text' },
  guest_country: { column: 'guest_country', cast: 'text' },
  guests: { column: 'guests_count', cast: 'int' },
  check_in_date: { column: 'check_in_date', cast: 'date' },
  check_out_date: { column: 'check_out_date', cast: 'date' },
  source: { column: 'source', cast: 'text' },
  status: { column: 'status', cast: 'text' },
  message: { column: 'guest_message', cast: 'text' },
  card_check: { column: 'card_check', cast: 'text' },
};
const FIELD_NAMES = Object.keys(COLUMNS) as FieldName[];
/** Optional text a host may clear: '' or null stores null. */
const CLEARABLE: readonly FieldName[] = ['guest_phone', 'guest_city', 'guest_country', 'message'];

const staleWrite = (current: ReservationDetail): ApiError =>
  new ApiError(
    409,
    'stale_write',
    'This reservation was changed by someone else since you opened it. Reload to see the latest version.',
    {},
    { current },
  );

const invalidListing = (): ApiError =>
  badRequest(
    'invalid_listing',
    'That listing does not exist in this account. Pick one of your listings.',
  );

/**
 * preValidation: a field that is not a reservation field is refused by name (the schema would
 * drop it silently); text is trimmed and empty optional text becomes null before the checks.
 */
function prepareBody(allowVersion: boolean) {
  return async (request: FastifyRequest): Promise<void> => {
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return; // the schema answers
    const fields = body as Record<string, unknown>;
    const unknown = Object.keys(fields).find(
      (key) => !(allowVersion && key === 'version') && !Object.hasOwn(COLUMNS, key),
    );
    if (unknown !== undefined) {
      const field = unknown.slice(0, 50);
      throw new ApiError(
        400,
        'invalid_request',
        `"${field}" is not a reservation field. Send any of: ${FIELD_NAMES.join(', ')}.`,
        {},
        { field, in: 'body', rule: 'additionalProperties' },
      );
    }
    for (const [key, value] of Object.entries(fields)) {
      if (typeof value !== 'string') continue;
      const trimmed = value.trim();
      fields[key] = trimmed === '' && CLEARABLE.includes(key as FieldName) ? null : trimmed;
    }
  };
}

/** `refusedField`, for a field of the reservation form. */
const invalidBodyField = (field: FieldName, rule: string, message: string): ApiError =>
  refusedField(field, rule, message);

/** `assertCalendarDate`, naming the field the way the schema's refusals do. */
function assertDay(value: string, field: FieldName): void {
  try {
    assertCalendarDate(value, field);
  } catch (error) {
    if (error instanceof ApiError) throw invalidBodyField(field, 'format', error.message);
    throw error;
  }
}

/** The rules a schema cannot say clearly. `stay` is the stay as it will be after the change. */
function checkFields(
  fields: Partial<ReservationFields>,
  stay: { check_in_date: string; check_out_date: string },
): void {
  if (fields.check_in_date !== undefined) assertDay(fields.check_in_date, 'check_in_date');
  if (fields.check_out_date !== undefined) assertDay(fields.check_out_date, 'check_out_date');
  const nights =
    (Date.parse(`${stay.check_out_date}T00:00:00Z`) -
      Date.parse(`${stay.check_in_date}T00:00:00Z`)) /
    86_400_000;
  if (nights <= 0)
    throw invalidBodyField('check_out_date', 'afterCheckIn', 'Check-out must be after check-in.');
  if (nights > MAX_NIGHTS)
    throw invalidBodyField(
      'check_out_date',
      'maxNights',
      `A stay can be at most ${MAX_NIGHTS} nights.`,
    );
  if (fields.guest_phone) {
    const digits = fields.guest_phone.replace(/[^0-9]/g, '').length;
    if (
      !PHONE_CHARACTERS.test(fields.guest_phone) ||
      digits < MIN_PHONE_DIGITS ||
      digits > MAX_PHONE_DIGITS
    ) {
      throw invalidBodyField(
        'guest_phone',
        'pattern',
        `"guest_phone" must be a phone number: digits, spaces, +, - and parentheses, with ${MIN_PHONE_DIGITS} to ${MAX_PHONE_DIGITS} digits.`,
      );
    }
  }
}

/** As stored: email in lower case, country code in upper case. */
function normalise(fields: Partial<ReservationFields>): void {
  if (fields.guest_email) fields.guest_email = fields.guest_email.toLowerCase();
  if (fields.guest_country) fields.guest_country = fields.guest_country.toUpperCase();
}

/** The listing, if the caller may put a reservation on it (and, for a move, in the same account). */
async function listingAccount(
  sql: Sql,
  caller: Caller,
  listingId: string,
  accountId?: string,
): Promise<string> {
  const params = new SqlParams();
  const [row] = await sql.query<{ account_id: string }>(
    `select l.account_id::text as account_id from listings l
     where l.id = ${params.add(listingId)}::bigint and ${listingScope(caller, params)}
       ${accountId ? `and l.account_id = ${params.add(accountId)}::bigint` : ''}`,
    params.values,
  );
  if (!row) throw invalidListing();
  return row.account_id;
}

type StoredFields = Required<ReservationFields> & { account_id: string };

async function storedFields(sql: Sql, caller: Caller, id: string): Promise<StoredFields | null> {
  const params = new SqlParams();
  const [row] = await sql.query<StoredFields>(
    `select r.account_id::text as account_id, ${FIELD_NAMES.map(
      (field) =>
        `r.${COLUMNS[field].column}${COLUMNS[field].cast === 'bigint' ? '::text' : ''} as ${field}`,
    ).join(', ')}
     from reservations r join listings l on l.id = r.listing_id
     where r.id = ${params.add(id)}::bigint and ${reservationScope(caller, params)}`,
    params.values,
  );
  return row ?? null;
}

export function registerReservationEditRoutes(
  app: Api,
  { db, config, jobsQueued }: AppContext,
): void {
  app.post(
    '/reservation/create',
    {
      preValidation: prepareBody(false),
      schema: {
        summary: 'Create a reservation typed in by a host',
        description:
          'Screened at once, in the same transaction, and logged. The listing must be one of the caller’s account. Not for vendors.',
        tags: ['reservations'],
        security: SESSION,
        body: ref(ReservationInputSchema),
        response: { 201: ref(ReservationSchema), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const caller = await requireUser(db, request);
      refuseVendor(caller, 'Building staff cannot create reservations.');
      const fields = { ...request.body };
      checkFields(fields, fields);
      normalise(fields);
      const accountId = await listingAccount(db, caller, fields.listing_id);

      const id = await db.transaction(async (tx) => {
        const params = new SqlParams();
        const given = FIELD_NAMES.filter((field) => fields[field] !== undefined);
        const [row] = await tx.query<{ id: string }>(
          `insert into reservations (account_id, ${given.map((field) => COLUMNS[field].column).join(', ')})
           values (${params.add(accountId)}::bigint, ${given
             .map((field) => `${params.add(fields[field])}::${COLUMNS[field].cast}`)
             .join(', ')})
           returning id::text as id`,
          params.values,
        );
        if (!row) throw new Error('reservation: not created');
        await appendLog(tx, {
          accountId,
          reservationId: row.id,
          event: 'reservation_created',
          actor: actorOf(caller),
          supervised: true,
          details: {
            listing_id: fields.listing_id,
            status: fields.status ?? 'CONFIRMED',
            source: fields.source,
            check_in_date: fields.check_in_date,
            check_out_date: fields.check_out_date,
          },
        });
        // The listing's messages for every stay reach this one too (held until verified).
        await deliverListingMessages(tx, [row.id]);
        const screened = await screenReservations(tx, [row.id], {
          log: 'screened',
          actor: SCREENING_ACTOR,
          trigger: 'reservation_created',
        });
        await mailTurnedRed(tx, screened, { shellOrigin: config.shellOrigin, actorId: caller.id });
        // A booking made inside the invite window: its guest gets the check-in link at once.
        await queueDueInvites(tx, config, [row.id]);
        return row.id;
      });
      jobsQueued();
      request.log.info({ event: 'reservation_created', reservationId: id }, 'Reservation created');
      const created = await findReservation(db, caller, id);
      // Created on a listing in the caller's scope, so in scope: not finding it is our failure.
      if (!created) throw new Error(`reservation ${id}: created but not found`);
      return reply.code(201).send(created);
    },
  );

  app.post(
    '/reservation/update/:id',
    {
      preValidation: prepareBody(true),
      schema: {
        summary: 'Change a reservation',
        description:
          'Send the `version` you read; a stale one gets 409 with the current reservation. Screened again and logged. Not for vendors.',
        tags: ['reservations'],
        security: SESSION,
        params: IdParams,
        body: ReservationChangesBody,
        response: {
          200: ref(ReservationSchema),
          ...errors(400, 401, 403, 404),
          409: ref(StaleReservationSchema),
        },
      },
    },
    async (request) => {
      const caller = await requireUser(db, request);
      refuseVendor(caller, 'Building staff cannot change reservations.');
      const { version, ...changes } = request.body;
      const given = FIELD_NAMES.filter((field) => changes[field] !== undefined);
      if (given.length === 0)
        throw badRequest('invalid_request', 'Nothing to change: send at least one field.');
      const required = ['listing_id', 'guest_name', 'guest_email', 'guests', 'source'] as const;
      const cleared = required.find((field) => changes[field] === null);
      if (cleared) throw invalidBodyField(cleared, 'required', `"${cleared}" cannot be empty.`);

      const current = await storedFields(db, caller, request.params.id);
      if (!current) throw notFound(RESERVATION_NOT_FOUND_MESSAGE);
      checkFields(changes, {
        check_in_date: changes.check_in_date ?? current.check_in_date,
        check_out_date: changes.check_out_date ?? current.check_out_date,
      });
      normalise(changes);
      if (changes.listing_id && changes.listing_id !== current.listing_id)
        await listingAccount(db, caller, changes.listing_id, current.account_id);

      const diff: Record<string, { from: unknown; to: unknown }> = {};
      for (const field of given) {
        if (String(current[field] ?? '') !== String(changes[field] ?? ''))
          diff[field] = { from: current[field] ?? null, to: changes[field] ?? null };
      }

      const updated = await db.transaction(async (tx) => {
        const params = new SqlParams();
        const assignments = given.map(
          (field) =>
            `${COLUMNS[field].column} = ${params.add(changes[field])}::${COLUMNS[field].cast}`,
        );
        const [row] = await tx.query<{ id: string }>(
          `update reservations r
           set ${assignments.join(', ')}, version = r.version + 1, updated_at = now()
           where r.id = ${params.add(request.params.id)}::bigint and r.version = ${params.add(version)}::int
           returning r.id::text as id`,
          params.values,
        );
        if (!row) return false;
        await appendLog(tx, {
          accountId: current.account_id,
          reservationId: row.id,
          event: 'reservation_updated',
          actor: actorOf(caller),
          supervised: true,
          details: { changes: diff },
        });
        // Moved to another listing, or no longer cancelled: that listing's messages reach it now.
        await deliverListingMessages(tx, [row.id]);
        const screened = await screenReservations(tx, [row.id], {
          log: 'recalculated_if_changed',
          actor: SCREENING_ACTOR,
          trigger: 'reservation_updated',
        });
        await mailTurnedRed(tx, screened, { shellOrigin: config.shellOrigin, actorId: caller.id });
        // Moved into the invite window (or given an email): the invite goes at once.
        await queueDueInvites(tx, config, [row.id]);
        return true;
      });
      if (updated) jobsQueued();
      const reservation = await findReservation(db, caller, request.params.id);
      if (!reservation) throw notFound(RESERVATION_NOT_FOUND_MESSAGE);
      if (!updated) throw staleWrite(reservation);
      request.log.info(
        {
          event: 'reservation_updated',
          reservationId: reservation.id,
          version: reservation.version,
        },
        'Reservation updated',
      );
      return reservation;
    },
  );
}
