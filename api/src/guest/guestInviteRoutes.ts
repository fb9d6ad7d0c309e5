// The guest's mails on the host's side (issue 31): what was mailed to a stay's guest and what became
// of it (GET /reservation/guestMails/{id}), the check-in link mailed now (POST
// /reservation/guestInvite/{id}: "Send again"), and to several stays at once from the list (POST
// /reservation/guestInvites). For the people of the reservation page: the account's owner and
// managers, and staff; building staff 403; another account's stay 404 (in a bulk send: its outcome).
import { requireUser, type Caller } from '../auth/caller';
import type { AppContext } from '../context';
import { ApiError, notFound } from '../http/errors';
import { errors, IdParams, ref, SESSION, type Api } from '../http/schemas';
import {
  findReservationRef,
  refuseVendor,
  RESERVATION_NOT_FOUND_MESSAGE,
} from '../reservations/reservationQueries';
import {
  BulkInviteBody,
  BulkInviteResultSchema,
  GuestMailLogSchema,
  type BulkInviteResult,
  type InviteOutcome,
  type NotSendableReason,
} from './guestInviteSchemas';
import { guestMailLog, sendInviteNow } from './guestInvites';

const VENDOR_MESSAGE = 'Building staff do not have access to the mails sent to guests.';

/** Why the link cannot be mailed, in the host's words. */
const REFUSALS: Record<NotSendableReason, { status: number; code: string; message: string }> = {
  no_email: {
    status: 422,
    code: 'no_guest_email',
    message:
      'This guest has no email address, so the check-in link cannot be mailed. Add their email to the reservation, or copy the link and send it another way.',
  },
  cancelled: {
    status: 409,
    code: 'reservation_cancelled',
    message: 'This stay is cancelled: its guest gets no check-in link.',
  },
  ended: {
    status: 409,
    code: 'stay_ended',
    message: 'This stay is over: its check-in link no longer works.',
  },
};

const OUTCOME_MESSAGES: Record<InviteOutcome, string> = {
  sent: 'The check-in link was mailed to the guest.',
  no_email: 'The guest has no email address.',
  cancelled: 'The stay is cancelled.',
  ended: 'The stay is over.',
  not_found: RESERVATION_NOT_FOUND_MESSAGE,
};

export function registerGuestInviteRoutes(
  app: Api,
  { db, config, vault, jobsQueued }: AppContext,
): void {
  /** The caller, if they may see the guests' mails at all (vendors 403). */
  const mailReader = async (request: Parameters<typeof requireUser>[1]): Promise<Caller> => {
    const caller = await requireUser(db, request);
    refuseVendor(caller, VENDOR_MESSAGE);
    return caller;
  };
  const requireStay = async (caller: Caller, id: string) => {
    const reservation = await findReservationRef(db, caller, id);
    if (!reservation) throw notFound(RESERVATION_NOT_FOUND_MESSAGE);
    return reservation;
  };

  app.get(
    '/reservation/guestMails/:id',
    {
      schema: {
        summary: 'What was mailed to a stay’s guest, and whether the check-in link can be sent',
        description:
          'The check-in link invites and reminders, newest first, each with its state (queued, delivered to the mail server, failed with the reason); the account’s automatic invite for this stay. The account’s owner and managers, and staff; building staff 403; another account’s stay 404.',
        tags: ['reservations'],
        security: SESSION,
        params: IdParams,
        response: { 200: ref(GuestMailLogSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = await mailReader(request);
      await requireStay(caller, request.params.id);
      return guestMailLog(db, config, request.params.id);
    },
  );

  app.post(
    '/reservation/guestInvite/:id',
    {
      schema: {
        summary: 'Mail the check-in link to a stay’s guest now (send, or send again)',
        description:
          'A new invite mail, queued now; the automatic invite does not follow it. 422 `no_guest_email` when the guest has no email address; 409 `reservation_cancelled` for a cancelled stay, `stay_ended` after its check-out day. Answers the stay’s mails. Who may: as GET /reservation/guestMails/{id}.',
        tags: ['reservations'],
        security: SESSION,
        params: IdParams,
        response: { 200: ref(GuestMailLogSchema), ...errors(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const caller = await mailReader(request);
      const { id } = request.params;
      await requireStay(caller, id);
      const outcome = await db.transaction((tx) =>
        sendInviteNow(tx, { vault, config }, id, caller.id),
      );
      if (!outcome.sent) {
        if (outcome.reason === 'not_found') throw notFound(RESERVATION_NOT_FOUND_MESSAGE);
        const refusal = REFUSALS[outcome.reason];
        throw new ApiError(refusal.status, refusal.code, refusal.message);
      }
      jobsQueued();
      request.log.info(
        { event: 'guest_invite_sent', reservationId: id, mailId: outcome.mailId },
        'Guest invite sent by hand',
      );
      return guestMailLog(db, config, id);
    },
  );

  app.post(
    '/reservation/guestInvites',
    {
      schema: {
        summary: 'Mail the check-in link to the guests of several stays now',
        description:
          'For the stays a host had before their automatic invites were switched on, chosen on the list. Each stay on its own: `sent`, or why not (`no_email`, `cancelled`, `ended`, `not_found` for a stay the caller may not see). Building staff 403.',
        tags: ['reservations'],
        security: SESSION,
        body: BulkInviteBody,
        response: { 200: ref(BulkInviteResultSchema), ...errors(400, 401, 403) },
      },
    },
    async (request): Promise<BulkInviteResult> => {
      const caller = await mailReader(request);
      const results: BulkInviteResult['results'] = [];
      for (const id of request.body.ids) {
        const reservation = await findReservationRef(db, caller, id);
        const outcome: InviteOutcome = !reservation
          ? 'not_found'
          : await db.transaction(async (tx) => {
              const sent = await sendInviteNow(tx, { vault, config }, id, caller.id);
              return sent.sent ? 'sent' : sent.reason;
            });
        results.push({ id, outcome, message: OUTCOME_MESSAGES[outcome] });
      }
      const sent = results.filter((result) => result.outcome === 'sent').length;
      if (sent > 0) jobsQueued();
      request.log.info(
        { event: 'guest_invites_sent', asked: results.length, sent },
        'Guest invites sent by hand',
      );
      return { sent, results };
    },
  );
}
