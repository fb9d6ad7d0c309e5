// Stargate, the held-message relay (issue 16): a host writes a message for a reservation or a
// listing; each stay it reaches gets a delivery, held until the guest is verified and then released
// on its own, or released by hand with a note, or withdrawn while held. The account's people write
// and act (building staff: 403); building staff may read which messages their arrivals have, never
// their words. GET /stargate/messages lists them; GET /stargate/reservation/{id} is one stay's.
import { requireUser, type Caller } from '../auth/caller';
import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import { ApiError, notFound } from '../http/errors';
import { errors, IdParams, query, ref, SESSION, type Api } from '../http/schemas';
import { SqlParams } from '../http/sqlParams';
import { listingScope } from '../listings/listingQueries';
import {
  isoSql,
  refuseVendor,
  RESERVATION_NOT_FOUND_MESSAGE,
  reservationScope,
} from '../reservations/reservationQueries';
import {
  deliveriesById,
  listDeliveries,
  lockDelivery,
  REACHED_BY_LISTING_MESSAGES,
  releaseByHand,
  releaseVerified,
  reservationDeliveries,
  withdraw,
} from './relay';
import {
  deliveryListQuery,
  NewMessageBody,
  ReleaseBody,
  StargateDeliveryPageSchema,
  StargateDeliverySchema,
  StargateMessageSchema,
  StargateReservationMessagesSchema,
  type DeliveryState,
  type StargateDelivery,
  type StargateMessage,
} from './stargateSchemas';

const VENDOR_MESSAGE = 'Building staff cannot write or release messages to guests.';
const LISTING_NOT_FOUND_MESSAGE = 'This listing does not exist or is not shared with you.';
const DELIVERY_NOT_FOUND_MESSAGE = 'This message does not exist or is not shared with you.';

/** A delivery no longer held cannot be released or withdrawn: 409 naming what it is now. */
function notHeld(state: Exclude<DeliveryState, 'held'>): ApiError {
  return state === 'released'
    ? new ApiError(409, 'already_released', 'This message was already released to the guest.')
    : new ApiError(
        409,
        'already_withdrawn',
        'This message was withdrawn: it can no longer go out.',
      );
}

interface Target {
  account_id: string;
  listing_id: string | null;
  reservation_id: string | null;
}

/** The message's target in the caller's scope (404 otherwise), with the account it belongs to. */
async function findTarget(
  tx: Sql,
  caller: Caller,
  target: { listing_id?: string; reservation_id?: string },
): Promise<Target> {
  const params = new SqlParams();
  if (target.reservation_id !== undefined) {
    const [row] = await tx.query<{ account_id: string }>(
      `select r.account_id::text as account_id from reservations r join listings l on l.id = r.listing_id
       where r.id = ${params.add(target.reservation_id)}::bigint and ${reservationScope(caller, params)}`,
      params.values,
    );
    if (!row) throw notFound(RESERVATION_NOT_FOUND_MESSAGE);
    return { account_id: row.account_id, listing_id: null, reservation_id: target.reservation_id };
  }
  const [row] = await tx.query<{ account_id: string }>(
    `select l.account_id::text as account_id from listings l
     where l.id = ${params.add(target.listing_id)}::bigint and ${listingScope(caller, params)}`,
    params.values,
  );
  if (!row) throw notFound(LISTING_NOT_FOUND_MESSAGE);
  return {
    account_id: row.account_id,
    listing_id: target.listing_id ?? null,
    reservation_id: null,
  };
}

export function registerStargateRoutes(app: Api, { db }: AppContext): void {
  app.post(
    '/stargate/messages',
    {
      schema: {
        summary: 'Write a message for a guest, held until they are verified',
        description:
          'Exactly one of `listing_id` (every stay of the listing that is not cancelled and not over, and those booked later) and `reservation_id`. Each stay it reaches gets a delivery, held until its guest is verified; a guest already verified gets it at once (logged `message_released`). The account’s people and staff; building staff 403; a listing or reservation not shared with the caller 404.',
        tags: ['stargate'],
        security: SESSION,
        body: NewMessageBody,
        response: { 201: ref(StargateMessageSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const caller = await requireUser(db, request);
      refuseVendor(caller, VENDOR_MESSAGE);
      const { kind, title, body, translations = {} } = request.body;
      const message = await db.transaction(async (tx): Promise<StargateMessage> => {
        const target = await findTarget(tx, caller, request.body);
        const [written] = await tx.query<Omit<StargateMessage, 'deliveries'>>(
          `insert into stargate_messages (account_id, listing_id, reservation_id, kind, title, body, created_by, created_by_name, translations)
           values ($1::bigint, $2::bigint, $3::bigint, $4, $5, $6, $7::bigint, $8, $9::jsonb)
           returning id::text as id, kind, title, body, listing_id::text as listing_id,
             reservation_id::text as reservation_id, created_by_name as author_name,
             ${isoSql('created_at')} as created_at`,
          [
            target.account_id,
            target.listing_id,
            target.reservation_id,
            kind,
            title.trim(),
            body.trim(),
            caller.id,
            caller.name,
            JSON.stringify(
              Object.fromEntries(
                Object.entries(translations).map(([language, text]) => [
                  language,
                  { title: text.title.trim(), body: text.body.trim() },
                ]),
              ),
            ),
          ],
        );
        if (!written) throw new Error('The message was not written.');
        // A listing's message is for the guests still to come or staying: a cancelled stay or one
        // already over has nobody to read it. Stays booked later get theirs when they are written
        // (deliverListingMessages).
        const deliveries = await tx.query<{ id: string; reservation_id: string }>(
          `insert into stargate_deliveries (message_id, reservation_id, account_id)
           select $1::bigint, r.id, r.account_id from reservations r
           where ${
             target.reservation_id !== null
               ? 'r.id = $2::bigint'
               : `r.listing_id = $2::bigint and ${REACHED_BY_LISTING_MESSAGES}`
           }
           returning id::text as id, reservation_id::text as reservation_id`,
          [written.id, target.reservation_id ?? target.listing_id],
        );
        await releaseVerified(
          tx,
          deliveries.map((delivery) => delivery.reservation_id),
        );
        return {
          ...written,
          deliveries: await deliveriesById(
            tx,
            caller,
            deliveries.map((delivery) => delivery.id),
          ),
        };
      });
      request.log.info(
        {
          event: 'stargate_message_written',
          messageId: message.id,
          deliveries: message.deliveries.length,
        },
        'Stargate message written',
      );
      return reply.code(201).send(message);
    },
  );

  app.get(
    '/stargate/messages',
    {
      schema: {
        summary: 'The account’s messages to guests, held, released and withdrawn, newest first',
        description:
          'One item per message and reservation. Filters: `state`, `listing_id`, `reservation_id`. Building staff see only their buildings’ stays, and never a message’s title, body or note (null).',
        tags: ['stargate'],
        security: SESSION,
        querystring: query(deliveryListQuery),
        response: { 200: ref(StargateDeliveryPageSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const caller = await requireUser(db, request);
      const {
        state,
        listing_id: listingId,
        reservation_id: reservationId,
        from,
        size,
      } = request.query;
      return listDeliveries(db, caller, { state, listingId, reservationId, from, size });
    },
  );

  app.get(
    '/stargate/reservation/:id',
    {
      schema: {
        summary: 'One reservation’s messages, held and released',
        description:
          'As `/stargate/{id}` shows them. Building staff: only their buildings’ stays, without the words (null). 404 for a reservation not shared with the caller.',
        tags: ['stargate'],
        security: SESSION,
        params: IdParams,
        response: { 200: ref(StargateReservationMessagesSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = await requireUser(db, request);
      const params = new SqlParams();
      const [reservation] = await db.query<
        Awaited<ReturnType<typeof reservationDeliveries>>[number]['reservation']
      >(
        `select r.id::text as id, split_part(btrim(r.guest_name), ' ', 1) as guest_first_name,
           r.check_in_date, l.id::text as listing_id, l.nickname as listing_nickname, r.verification_status
         from reservations r join listings l on l.id = r.listing_id
         where r.id = ${params.add(request.params.id)}::bigint and ${reservationScope(caller, params)}`,
        params.values,
      );
      if (!reservation) throw notFound(RESERVATION_NOT_FOUND_MESSAGE);
      return { reservation, items: await reservationDeliveries(db, caller, reservation.id) };
    },
  );

  /** Release or withdraw one held delivery in the caller's scope; answers it as it is now. */
  async function actOnHeld(
    caller: Caller,
    id: string,
    act: (tx: Sql) => Promise<void>,
  ): Promise<StargateDelivery> {
    refuseVendor(caller, VENDOR_MESSAGE);
    return db.transaction(async (tx) => {
      const delivery = await lockDelivery(tx, caller, id);
      if (!delivery) throw notFound(DELIVERY_NOT_FOUND_MESSAGE);
      if (delivery.state !== 'held') throw notHeld(delivery.state);
      await act(tx);
      const [now] = await deliveriesById(tx, caller, [id]);
      if (!now) throw new Error('The delivery vanished in its own transaction.');
      return now;
    });
  }

  app.post(
    '/stargate/deliveries/:id/release',
    {
      schema: {
        summary: 'Release a held message to its guest now, with a note',
        description:
          'Before the guest is verified, a person decides: the note says why (1–500 characters) and goes to the protect log (`message_released`, supervised, with who). 409 `already_released` or `already_withdrawn` when it is not held. The account’s people and staff; building staff 403.',
        tags: ['stargate'],
        security: SESSION,
        params: IdParams,
        body: ReleaseBody,
        response: { 200: ref(StargateDeliverySchema), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const caller = await requireUser(db, request);
      const note = request.body.note.trim();
      const delivery = await actOnHeld(caller, request.params.id, (tx) =>
        releaseByHand(tx, caller, request.params.id, note),
      );
      request.log.info(
        { event: 'stargate_released_by_hand', deliveryId: delivery.id },
        'Stargate message released by hand',
      );
      return delivery;
    },
  );

  app.post(
    '/stargate/deliveries/:id/withdraw',
    {
      schema: {
        summary: 'Withdraw a held message: it will not go out',
        description:
          'Only while held (409 `already_released` or `already_withdrawn` otherwise). For a listing’s message, only this stay’s copy. The account’s people and staff; building staff 403.',
        tags: ['stargate'],
        security: SESSION,
        params: IdParams,
        response: { 200: ref(StargateDeliverySchema), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const caller = await requireUser(db, request);
      const delivery = await actOnHeld(caller, request.params.id, (tx) =>
        withdraw(tx, caller, request.params.id),
      );
      request.log.info(
        { event: 'stargate_withdrawn', deliveryId: delivery.id },
        'Stargate message withdrawn',
      );
      return delivery;
    },
  );
}
