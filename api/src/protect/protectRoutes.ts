// Protect: the risk tolerance (GET /protect/settings, POST /protect/actions/setRiskTolerance), the
// account-wide log (GET /protect/log), a re-screen on demand (POST /protect/webhook), a
// reservation's verification change (POST /reservation/changeVerification/{id}) and its history
// (GET /reservation/protectLog/{id}). None of it is for building staff (vendors: 403); the settings,
// the tolerance and the account's log are the `/protect` page's, for the owner only (managers: 403).
import { Type } from '@sinclair/typebox';
import { type Caller, isAccountOwner, isAdmin, requireUser } from '../auth/caller';
import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import { badRequest, forbidden, notFound } from '../http/errors';
import { errors, Id, IdParams, query, ref, SESSION, stringEnum, type Api } from '../http/schemas';
import { SqlParams } from '../http/sqlParams';
import {
  findReservation,
  refuseVendor,
  RESERVATION_NOT_FOUND_MESSAGE,
  reservationScope,
  type ReservationDetail,
} from '../reservations/reservationQueries';
import {
  AccountLogPageSchema,
  logPagingQuery,
  ProtectLogPageSchema,
  ProtectSettingsSchema,
  RescreenedSchema,
  ReservationSchema,
  type ProtectSettings,
} from '../reservations/reservationSchemas';
import { RiskToleranceSchema, VerificationStatusSchema } from '../domainSchemas';
import { accountLog, actorOf, appendLog, reservationLog } from './protectLog';
import { TOLERANCE_LEVELS, type RiskTolerance } from './risk';
import { screenReservations } from './screening';
import { mailTurnedRed } from '../settings/preferences';
import { tolerancePreview, TolerancePreviewSchema } from './tolerancePreview';
import { notifyAccountTeam, TOLERANCE_WORDS } from '../notifications/notify';
import {
  changeVerification,
  VERIFICATION_TARGET_COLUMNS,
  type VerificationTarget,
} from './verification';

const VENDOR_MESSAGE = 'Building staff do not have access to guest screening.';
export const MAX_NOTE_LENGTH = 1000;
export const DECLINED_NOTE_MESSAGE = 'Say why you are declining this guest: a note is required.';

export const RISK_TYPES = ['screening', 'identity', 'payment'] as const;

export type { ProtectSettings };

/**
 * Who may use the protect page's calls (its settings, its tolerance, the account's protect log):
 * the account's owner or admin (subtype), or Hostdash staff — the access table's `owner` level of
 * `/protect` (shared-auth's access.ts; authorization.test.ts holds the two together).
 */
export const mayChangeTolerance = (caller: Caller): boolean => isAccountOwner(caller);

const PROTECT_OWNER_MESSAGE = 'The protect settings and log are for the account owner.';

/** Vendors (403, as for all of protect), then anyone but the owner or staff (403). */
function requireProtectOwner(caller: Caller): void {
  refuseVendor(caller, VENDOR_MESSAGE);
  if (!mayChangeTolerance(caller)) throw forbidden(PROTECT_OWNER_MESSAGE);
}

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
  return { risk_tolerance: row.risk_tolerance, levels: [...TOLERANCE_LEVELS] };
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

export function registerProtectRoutes(app: Api, { db, config }: AppContext): void {
  const accountQuery = {
    account_id: Type.Optional(Id('Staff only: another account than their own.')),
  };

  app.get(
    '/protect/settings',
    {
      schema: {
        summary: 'The account’s risk tolerance and the levels to choose from (owners)',
        description:
          'For the account’s owner (subtype owner or admin) and Hostdash staff, as the `/protect` page: 403 for anyone else.',
        tags: ['protect'],
        security: SESSION,
        querystring: query(accountQuery),
        response: { 200: ref(ProtectSettingsSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = await requireUser(db, request);
      requireProtectOwner(caller);
      return protectSettings(db, await targetAccount(db, caller, request.query.account_id));
    },
  );

  app.get(
    '/protect/tolerancePreview',
    {
      schema: {
        summary: 'What a risk tolerance would change, before setting it (owners)',
        description:
          'The account’s coming stays (CONFIRMED, checking in from today) by colour now and under `risk`, and how many would change colour: the `/protect` page asks with these before it sets the tolerance. Owners and staff only, as the settings.',
        tags: ['protect'],
        security: SESSION,
        querystring: query({ risk: RiskToleranceSchema, ...accountQuery }),
        response: { 200: ref(TolerancePreviewSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = await requireUser(db, request);
      requireProtectOwner(caller);
      const accountId = await targetAccount(db, caller, request.query.account_id);
      return tolerancePreview(db, accountId, request.query.risk);
    },
  );

  app.post(
    '/protect/actions/setRiskTolerance',
    {
      schema: {
        summary: 'Set the account’s risk tolerance (owners)',
        description:
          'Every colour moves at once (colours are derived when read). Logged in the account’s protect log.',
        tags: ['protect'],
        security: SESSION,
        querystring: query({ risk: RiskToleranceSchema, ...accountQuery }),
        response: { 200: ref(ProtectSettingsSchema), ...errors(400, 401, 403, 404) },
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
        await notifyAccountTeam(tx, accountId, caller.id, {
          title: 'Risk tolerance updated',
          body: `${caller.name} changed the risk tolerance from ${TOLERANCE_WORDS[changed.from]} to ${TOLERANCE_WORDS[to]}. Risks shows every stay in its new colour.`,
          link: '/risks',
        });
      });
      request.log.info({ event: 'tolerance_changed', accountId, to }, 'Risk tolerance set');
      return protectSettings(db, accountId);
    },
  );

  app.get(
    '/protect/log',
    {
      schema: {
        summary: 'The account’s protect log, newest first (owners)',
        description:
          'For the account’s owner (subtype owner or admin) and Hostdash staff, as the `/protect` page: 403 for anyone else. A reservation’s own log is `/reservation/protectLog/{id}`.',
        tags: ['protect'],
        security: SESSION,
        querystring: query({ ...logPagingQuery, ...accountQuery }),
        response: { 200: ref(AccountLogPageSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = await requireUser(db, request);
      requireProtectOwner(caller);
      const { from, size, account_id: accountId } = request.query;
      if (accountId !== undefined) await targetAccount(db, caller, accountId);
      return accountLog(db, caller, accountId, from, size);
    },
  );

  app.get(
    '/reservation/protectLog/:id',
    {
      schema: {
        summary: 'A reservation’s protect log, newest first (pages of 100)',
        tags: ['protect'],
        security: SESSION,
        params: IdParams,
        querystring: query(logPagingQuery),
        response: { 200: ref(ProtectLogPageSchema), ...errors(400, 401, 403, 404) },
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

  app.post(
    '/reservation/changeVerification/:id',
    {
      schema: {
        summary: 'Change a guest’s verification, with a note',
        description:
          '`supervised=1` (the default): a person decided it. The stay is screened again; both are logged with who did it. 400 `unchanged` when it already has that status; 400 `note_required` when declining without a note.',
        tags: ['protect'],
        security: SESSION,
        params: IdParams,
        querystring: query({ supervised: Type.Integer({ enum: [0, 1], default: 1 }) }),
        body: Type.Object({
          status: VerificationStatusSchema,
          note: Type.Optional(Type.String({ maxLength: MAX_NOTE_LENGTH })),
        }),
        response: { 200: ref(ReservationSchema), ...errors(400, 401, 403, 404) },
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
        const [current] = await tx.query<VerificationTarget>(
          `select ${VERIFICATION_TARGET_COLUMNS}
           from reservations r join listings l on l.id = r.listing_id
           where r.id = ${params.add(request.params.id)}::bigint and ${reservationScope(caller, params)}
           for update of r`,
          params.values,
        );
        if (!current) throw notFound(RESERVATION_NOT_FOUND_MESSAGE);
        if (current.from === to)
          throw badRequest('unchanged', `The verification is already "${to}": nothing to change.`);
        // Declining turns a guest away: the log must say why, for the host and for the guest's appeal.
        if (to === 'declined' && note === null)
          throw badRequest('note_required', DECLINED_NOTE_MESSAGE);
        await changeVerification(tx, current, {
          to,
          actor: actorOf(caller),
          supervised,
          note,
          shellOrigin: config.shellOrigin,
        });
      });
      request.log.info(
        { event: 'verification_changed', reservationId: request.params.id, to, supervised },
        'Verification changed',
      );
      return requireReservation(db, caller, request.params.id);
    },
  );

  app.post(
    '/protect/webhook',
    {
      schema: {
        summary: 'Screen a reservation again',
        description: 'The dashboard sends `source: dashboard`. Logged as a recalculation.',
        tags: ['protect'],
        security: SESSION,
        body: query({
          // A number is accepted too (coerced to its digits).
          reservation: Id('The reservation to screen.'),
          riskType: stringEnum(RISK_TYPES, { default: 'screening' }),
          source: Type.String({ minLength: 1, maxLength: 40, default: 'dashboard' }),
        }),
        response: { 200: ref(RescreenedSchema), ...errors(400, 401, 403, 404) },
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
      const [result] = await db.transaction(async (tx) => {
        const screened = await screenReservations(tx, [id], {
          log: 'recalculated',
          actor: actorOf(caller),
          trigger: 'webhook',
          details: { risk_type: riskType, source },
          bumpVersion: true,
        });
        await mailTurnedRed(tx, screened, { shellOrigin: config.shellOrigin, actorId: caller.id });
        return screened;
      });
      request.log.info(
        { event: 'rescreened', reservationId: id, riskType, source, changed: result?.changed },
        'Reservation re-screened',
      );
      return { reservation: await requireReservation(db, caller, id) };
    },
  );
}
