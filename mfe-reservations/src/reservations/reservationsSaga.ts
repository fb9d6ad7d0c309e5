import { all, fork, put, take, takeLatest } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import { labelOf, snackbarActions } from '@hostdash/shared-auth';
import type { BulkInviteResult, GuestMailLog, Reservation } from './reservationsApi';
import { reservationsActions, type ChangeVerification } from './reservationsSlice';

/** A change to a reservation adds to its protect log: show the newest entries. */
function* refreshLogAfterChanges() {
  yield takeLatest(
    [
      reservationsActions.changeVerification.succeeded.type,
      reservationsActions.rescreen.succeeded.type,
      reservationsActions.rotateImage.succeeded.type,
      reservationsActions.generateReport.succeeded.type,
    ],
    function* refresh(action: PayloadAction<unknown, string, { request: { id: string } }>) {
      yield put(
        reservationsActions.loadLog.requested({ reservationId: action.meta.request.id, from: 0 }),
      );
    },
  );
}

const guests = (count: number) => `${count} ${count === 1 ? 'guest' : 'guests'}`;

/** What a bulk send did, in one sentence: how many went, and why the others did not. */
export function bulkInviteSummary({ sent, results }: BulkInviteResult): string {
  const notSent = results.filter((result) => result.outcome !== 'sent');
  const sentText =
    sent === 0 ? 'No check-in link was sent' : `Check-in link sent to ${guests(sent)}`;
  if (notSent.length === 0) return `${sentText}.`;
  const reasons = new Map<string, number>();
  for (const result of notSent) reasons.set(result.outcome, (reasons.get(result.outcome) ?? 0) + 1);
  const why = [...reasons]
    .map(([outcome, count]) => `${count} ${labelOf('guestInviteOutcome', outcome).toLowerCase()}`)
    .join(', ');
  return `${sentText}; ${notSent.length} not sent (${why}).`;
}

const success = (text: string) => snackbarActions.show({ text, props: { severity: 'success' } });

/** Each change a host makes to a stay says it happened, in the host's words. */
function* confirmChanges() {
  yield all([
    takeLatest(
      reservationsActions.changeVerification.succeeded.type,
      function* verified(
        action: PayloadAction<Reservation, string, { request: ChangeVerification }>,
      ) {
        const { guest_name: guest } = action.payload;
        const status = labelOf('verification', action.meta.request.status);
        yield put(
          success(`${guest}’s verification is now ${status}. The stay was screened again.`),
        );
      },
    ),
    takeLatest(reservationsActions.rescreen.succeeded.type, function* rescreened() {
      yield put(success('Screened again: the risk is up to date.'));
    }),
    takeLatest(
      reservationsActions.rotateImage.succeeded.type,
      function* rotated(action: PayloadAction<unknown, string, { request: { image: string } }>) {
        yield put(success(`${labelOf('imageKind', action.meta.request.image)} rotated.`));
      },
    ),
    takeLatest(
      reservationsActions.setRiskTolerance.succeeded.type,
      function* toleranceSet(action: PayloadAction<{ risk_tolerance: string }>) {
        const level = labelOf('tolerance', action.payload.risk_tolerance);
        yield put(success(`Risk tolerance is now ${level}: the colours have changed.`));
      },
    ),
    takeLatest(
      reservationsActions.sendGuestInvite.succeeded.type,
      function* invited(action: PayloadAction<GuestMailLog>) {
        yield put(success(`Check-in link sent to ${action.payload.guest_email ?? 'the guest'}.`));
      },
    ),
    takeLatest(
      reservationsActions.sendGuestInvites.succeeded.type,
      function* invitedMany(action: PayloadAction<BulkInviteResult>) {
        yield put(success(bulkInviteSummary(action.payload)));
      },
    ),
    takeLatest(
      reservationsActions.generateReport.succeeded.type,
      function* generated(action: PayloadAction<unknown, string, { request: { type: string } }>) {
        yield put(success(`${labelOf('reportType', action.meta.request.type)} generated.`));
      },
    ),
  ]);
}

function* refreshProtectLogAfterTolerance() {
  while (true) {
    yield take(reservationsActions.setRiskTolerance.succeeded.type);
    yield put(reservationsActions.loadAccountLog.requested({ from: 0, size: 25 }));
  }
}

export function* reservationsSaga() {
  yield all([
    fork(reservationsActions.search.watch),
    fork(reservationsActions.loadRisks.watch),
    fork(reservationsActions.loadStats.watch),
    fork(reservationsActions.loadReservation.watch),
    fork(reservationsActions.loadLog.watch),
    fork(reservationsActions.loadProtect.watch),
    fork(reservationsActions.loadAccountLog.watch),
    fork(reservationsActions.loadAnalytics.watch),
    // The reports card and the verification dialog show their own failure, in place.
    fork(reservationsActions.loadCalendar.watch),
    fork(reservationsActions.generateReport.watch),
    // Writes: a repeat click while one runs is ignored; each image rotates on its own.
    fork(reservationsActions.changeVerification.watch),
    fork(reservationsActions.rescreen.watch),
    fork(reservationsActions.rotateImage.watch),
    // The confirm dialog shows a refused change itself.
    fork(reservationsActions.setRiskTolerance.watch),
    fork(reservationsActions.previewTolerance.watch),
    fork(reservationsActions.downloadReport.watch),
    // The form says a refused save itself: beside the field it is about, or above the form.
    fork(reservationsActions.saveReservation.watch),
    fork(reservationsActions.loadGuestMails.watch),
    // The guest mails card and the bulk dialog show a refusal in place.
    fork(reservationsActions.sendGuestInvite.watch),
    fork(reservationsActions.sendGuestInvites.watch),
    fork(refreshLogAfterChanges),
    fork(confirmChanges),
    fork(refreshProtectLogAfterTolerance),
  ]);
}
