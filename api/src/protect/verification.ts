// A reservation's verification change, whoever makes it: the host on the reservation page (POST
// /reservation/changeVerification) or the guest finishing the portal (src/guest). One path, so
// every change is logged alike, releases Stargate's held messages when the guest is verified, and
// re-screens the stay.
import type { Sql } from '../db/database';
import { dayInWords, notifyAccountTeam } from '../notifications/notify';
import type { VerificationStatus } from '../reservations/reservationQueries';
import { mailTurnedRed } from '../settings/preferences';
import { releaseVerified } from '../stargate/relay';
import { appendLog, SCREENING_ACTOR, type Actor } from './protectLog';
import { screenReservations, type ScreeningLog } from './screening';

/** The columns of a VerificationTarget, from a reservation r and its listing l. */
export const VERIFICATION_TARGET_COLUMNS = `r.id::text as id, r.account_id::text as account_id,
  r.verification_status as from, r.guest_name, r.check_in_date::text as check_in_date, l.nickname`;

/** The reservation being changed, read (and locked) by the caller. */
export interface VerificationTarget {
  id: string;
  account_id: string;
  from: string;
  guest_name: string;
  check_in_date: string;
  nickname: string;
}

export interface VerificationChange {
  to: VerificationStatus;
  actor: Actor;
  /** A person decided it (the host); false for the guest's own portal. */
  supervised: boolean;
  note: string | null;
  shellOrigin: string;
  /** How the re-screen is logged: the host's change logs a recalculation only if the risk moved. */
  screeningLog?: ScreeningLog;
  /** Why the re-screen ran (`details.trigger` of its log entry). */
  trigger?: string;
}

/**
 * Sets the verification (the caller locked the row and checked the change is allowed), logs it,
 * releases the held messages of a verified guest, re-screens the stay (mailing those who asked to
 * hear of a stay turning red) and tells the team when a guest is declined. In the caller's
 * transaction.
 */
export async function changeVerification(
  tx: Sql,
  current: VerificationTarget,
  change: VerificationChange,
): Promise<void> {
  const { to, actor } = change;
  await tx.query(
    `update reservations set verification_status = $2, version = version + 1, updated_at = now()
     where id = $1::bigint`,
    [current.id, to],
  );
  await appendLog(tx, {
    accountId: current.account_id,
    reservationId: current.id,
    event: 'verification_changed',
    actor,
    supervised: change.supervised,
    note: change.note,
    details: { from: current.from, to },
  });
  // The guest is verified: the messages held for them go now, in this transaction, so a
  // verification never stands without its release (nor a release without its verification).
  if (to === 'verified') await releaseVerified(tx, [current.id]);
  const screened = await screenReservations(tx, [current.id], {
    log: change.screeningLog ?? 'recalculated_if_changed',
    actor: SCREENING_ACTOR,
    trigger: change.trigger ?? 'verification_changed',
  });
  await mailTurnedRed(tx, screened, { shellOrigin: change.shellOrigin, actorId: actor.userId });
  // Turning a guest away is news for the rest of the team (the host above all).
  if (to === 'declined') {
    await notifyAccountTeam(
      tx,
      current.account_id,
      actor.userId,
      {
        title: `A guest was declined at ${current.nickname}`,
        body: `${actor.name} declined ${current.guest_name}, arriving ${dayInWords(current.check_in_date)}. The note says why.`,
        link: `/reservation/${current.id}`,
      },
      'in_app_on_verification_change',
    );
  }
}
