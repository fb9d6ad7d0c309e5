// Protect: the risk tolerance (GET /protect/settings, POST /protect/actions/setRiskTolerance), the
// account-wide log (GET /protect/log), a re-screen on demand (POST /protect/webhook), a
// reservation's verification change (POST /reservation/changeVerification/{id}) and its history
// (GET /reservation/protectLog/{id}). None of it is for building staff (vendors: 403).
import type { FastifyInstance } from 'fastify';
import { isAdmin, requireUser, type Caller } from '../auth/caller';
import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import { badRequest, forbidden, notFound } from '../http/errors';
import { idParam, ID_PATTERN } from '../http/schemas';
import { SqlParams } from '../http/sqlParams';
import {
  findReservation,
  refuseVendor,
  RESERVATION_NOT_FOUND_MESSAGE,
  reservationScope,
  VERIFICATION_STATUSES,
  type ReservationDetail,
  type VerificationStatus,
} from '../reservations/reservationQueries';
import { accountLog, actorOf, appendLog, reservationLog, SCREENING_ACTOR } from './protectLog';
import { RISK_TOLERANCES, TOLERANCE_LEVELS, type RiskTolerance } from './risk';
import { screenReservations } from './screening';

const VENDOR_MESSAGE = 'Building staff do not have access to guest screening.';
export const MAX_NOTE_LENGTH = 1000;
const LOG_PAGE_SIZE = 100;

export const RISK_TYPES = ['screening', 'identity', 'payment'] as const;

export interface ProtectSettings {
  risk_tolerance: RiskTolerance;
  levels: typeof TOLERANCE_LEVELS;
}

/** Who may change an account's risk tolerance: its owner or admin (subtype), or Hostdash staff. */
export const mayChangeTolerance = (caller: Caller): boolean =>
  isAdmin(caller) || caller.subtype === 'owner' || caller.subtype === 'admin';

const logPagingQuery = {
  from: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
  size: { type: 'integer', minimum: 1, maximum: LOG_PAGE_SIZE, default: LOG_PAGE_SIZE },
} as const;

const ACCOUNT_NOT_FOUND = 'This account does not exist or is not yours.';

/** The account a settings call is about: the caller's own; staff may name any with `account_id`. */
async function targetAccount(sql: Sql, caller: Caller, accountId?: string): Promise<string> {
  if (accountId === undefined || accountId === caller.account_id) return caller.account_id;
  if (!isAdmin(caller)) throw notFound(ACCOUNT_NOT_FOUND);
  const [row] = await sql.query('select 1 from accounts where id = $1::bigint', [accountId]);
  if (!row) throw notFound(ACCOUNT_NOT_FOUND);
  return accountId;
}

async function protectSettings(sql: Sql, accountId: string): Promise<ProtectSettings> {
  const [row] = await sql.query<{ risk_tolerance: RiskTolerance }>(
    'select risk_tolerance from accounts where id = $1::bigint',
    [accountId],
  );
  if (!row) throw notFound(ACCOUNT_NOT_FOUND);
  return { risk_tolerance: row.risk_tolerance, levels: TOLERANCE_LEVELS };
}

async function requireReservation(
  sql: Sql,
  caller: Caller,
  id: string,
): Promise<ReservationDetail> {
  const reservation = await findReservation(sql, caller, id);
  if (!reservation) throw notFound(RESERVATION_NOT_FOUND_MESSAGE);
  return reservation;
}

export function registerProtectRoutes(app: FastifyInstance, { db }: AppContext): void {
  const accountQuery = { account_id: { type: 'string', pattern: ID_PATTERN } } as const;

  app.get<{ Querystring: { account_id?: string } }>(
    '/protect/settings',
    { schema: { querystring: { type: 'object', properties: accountQuery } } },
    async (request) => {
      const caller = await requireUser(db, request);
      refuseVendor(caller, VENDOR_MESSAGE);
      return protectSettings(db, await targetAccount(db, caller, request.query.account_id));
    },
  );

  app.post<{ Querystring: { risk: RiskTolerance; account_id?: string } }>(
    '/protect/actions/setRiskTolerance',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['risk'],
          properties: { risk: { type: 'string', enum: RISK_TOLERANCES }, ...accountQuery },
        },
      },
    },
    async (request) => {
      const caller = await requireUser(db, request);
      refuseVendor(caller, VENDOR_MESSAGE);
      if (!mayChangeTolerance(caller))
        throw forbidden('Only the account owner can change the risk tolerance.');
      const accountId = await targetAccount(db, caller, request.query.account_id);
      const to = request.query.risk;
      await db.transaction(async (tx) => {
        const [changed] = await tx.query<{ from: RiskTolerance }>(
          `with before as (select risk_tolerance from accounts where id = $1::bigint for update)
           update accounts a set risk_tolerance = $2
           from before
           where a.id = $1::bigint and before.risk_tolerance <> $2
           returning before.risk_tolerance as from`,
          [accountId, to],
        );
        if (!changed) return; // already so: nothing to log
        await appendLog(tx, {
          accountId,
          reservationId: null,
          event: 'tolerance_changed',
          actor: actorOf(caller),
          supervised: true,
          details: { from: changed.from, to },
        });
      });
      request.log.info({ event: 'tolerance_changed', accountId, to }, 'Risk tolerance set');
      return protectSettings(db, accountId);
    },
  );

  app.get<{ Querystring: { from: number; size: number; account_id?: string } }>(
    '/protect/log',
    {
      schema: {
        querystring: { type: 'object', properties: { ...logPagingQuery, ...accountQuery } },
      },
    },
    async (request) => {
      const caller = await requireUser(db, request);
      refuseVendor(caller, VENDOR_MESSAGE);
      const { from, size, account_id: accountId } = request.query;
      if (accountId !== undefined) await targetAccount(db, caller, accountId);
      return accountLog(db, caller, accountId, from, size);
    },
  );

  app.get<{ Params: { id: string }; Querystring: { from: number; size: number } }>(
    '/reservation/protectLog/:id',
    {
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: idParam } },
        querystring: { type: 'object', properties: logPagingQuery },
      },
    },
    async (request) => {
      const caller = await requireUser(db, request);
      refuseVendor(caller, VENDOR_MESSAGE);
      const params = new SqlParams();
      const [visible] = await db.query(
        `select 1 from reservations r join listings l on l.id = r.listing_id
         where r.id = ${params.add(request.params.id)}::bigint and ${reservationScope(caller, params)}`,
        params.values,
      );
      if (!visible) throw notFound(RESERVATION_NOT_FOUND_MESSAGE);
      return reservationLog(db, request.params.id, request.query.from, request.query.size);
    },
  );

  app.post<{
    Params: { id: string };
    Querystring: { supervised: 0 | 1 };
    Body: { status: VerificationStatus; note?: string };
  }>(
    '/reservation/changeVerification/:id',
    {
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: idParam } },
        querystring: {
          type: 'object',
          properties: { supervised: { type: 'integer', enum: [0, 1], default: 1 } },
        },
        body: {
          type: 'object',
          required: ['status'],
          properties: {
            status: { type: 'string', enum: VERIFICATION_STATUSES },
            note: { type: 'string', maxLength: MAX_NOTE_LENGTH },
          },
        },
      },
    },
    async (request) => {
      const caller = await requireUser(db, request);
      refuseVendor(caller, VENDOR_MESSAGE);
      const { status: to } = request.body;
      const note = request.body.note?.trim() || null;
      const supervised = request.query.supervised === 1;
      await db.transaction(async (tx) => {
        const params = new SqlParams();
        const [current] = await tx.query<{ id: string; account_id: string; from: string }>(
          `select r.id::text as id, r.account_id::text as account_id, r.verification_status as from
           from reservations r join listings l on l.id = r.listing_id
           where r.id = ${params.add(request.params.id)}::bigint and ${reservationScope(caller, params)}
           for update of r`,
          params.values,
        );
        if (!current) throw notFound(RESERVATION_NOT_FOUND_MESSAGE);
        if (current.from === to)
          throw badRequest('unchanged', `The verification is already "${to}": nothing to change.`);
        await tx.query(
          `update reservations set verification_status = $2, version = version + 1, updated_at = now()
           where id = $1::bigint`,
          [current.id, to],
        );
        await appendLog(tx, {
          accountId: current.account_id,
          reservationId: current.id,
          event: 'verification_changed',
          actor: actorOf(caller),
          supervised,
          note,
          details: { from: current.from, to },
        });
        await screenReservations(tx, [current.id], {
          log: 'recalculated_if_changed',
          actor: SCREENING_ACTOR,
          trigger: 'verification_changed',
        });
      });
      request.log.info(
        { event: 'verification_changed', reservationId: request.params.id, to, supervised },
        'Verification changed',
      );
      return requireReservation(db, caller, request.params.id);
    },
  );

  app.post<{
    Body: { reservation: string; riskType: (typeof RISK_TYPES)[number]; source: string };
  }>(
    '/protect/webhook',
    {
      schema: {
        body: {
          type: 'object',
          required: ['reservation'],
          properties: {
            // A number is accepted too (coerced to its digits).
            reservation: { type: 'string', pattern: ID_PATTERN },
            riskType: { type: 'string', enum: RISK_TYPES, default: 'screening' },
            source: { type: 'string', minLength: 1, maxLength: 40, default: 'dashboard' },
          },
        },
      },
    },
    async (request) => {
      const caller = await requireUser(db, request);
      refuseVendor(caller, VENDOR_MESSAGE);
      const { reservation: id, riskType, source } = request.body;
      const params = new SqlParams();
      const [visible] = await db.query(
        `select 1 from reservations r join listings l on l.id = r.listing_id
         where r.id = ${params.add(id)}::bigint and ${reservationScope(caller, params)}`,
        params.values,
      );
      if (!visible) throw notFound(RESERVATION_NOT_FOUND_MESSAGE);
      const [result] = await db.transaction((tx) =>
        screenReservations(tx, [id], {
          log: 'recalculated',
          actor: actorOf(caller),
          trigger: 'webhook',
          details: { risk_type: riskType, source },
          bumpVersion: true,
        }),
      );
      request.log.info(
        { event: 'rescreened', reservationId: id, riskType, source, changed: result?.changed },
        'Reservation re-screened',
      );
      return { reservation: await requireReservation(db, caller, id) };
    },
  );
}
