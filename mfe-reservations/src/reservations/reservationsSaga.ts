import { all, call, fork, put, take, takeLatest, takeLeading } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import {
  labelOf,
  PROTECT_LOG_PAGE_SIZE,
  snackbarActions,
  takeRemote,
  toApiError,
  type RemoteAction,
} from '@hostdash/shared-auth';
import {
  reservationsApi,
  type BulkInviteResult,
  type GuestMailLog,
  type Reservation,
} from './reservationsApi';
import { reservationsActions, type ChangeVerification } from './reservationsSlice';

/** The file name the server gave (Content-Disposition is not readable through axios' blob here). */
export function reportFileName(type: string, id: string, format: 'pdf' | 'csv'): string {
  return `hostdash-${type}-report-${id}.${format}`;
}

/** Hands a downloaded file to the browser as a download. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function* download({ type, id, format }: { type: string; id: string; format: 'pdf' | 'csv' }) {
  const blob = (yield call(reservationsApi.downloadReport, type, id, format)) as Blob;
  const fileName = reportFileName(type, id, format);
  yield call(saveFile, blob, fileName);
  return { fileName };
}

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

/**
 * Like `takeRemote(…, 'leading')`, for a write whose failure its own dialog or card shows: the
 * failure is kept silent, so the shell's snackbar does not say it a second time.
 */
function takeLeadingShownInPlace<Request, Response>(
  remoteAction: RemoteAction<Request, Response>,
  remoteCall: (request: Request) => Promise<Response>,
) {
  return function* watch() {
    yield takeLeading(
      remoteAction.requested.type,
      function* worker(action: PayloadAction<Request>) {
        try {
          const response = (yield call(remoteCall, action.payload)) as Response;
          yield put(remoteAction.succeeded(response, action.payload));
        } catch (error) {
          yield put(
            remoteAction.failed(toApiError(error), { silent: true, request: action.payload }),
          );
        }
      },
    );
  };
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
    fork(
      takeRemote(reservationsActions.search, (query, { signal }) =>
        reservationsApi.search(query, signal),
      ),
    ),
    fork(
      takeRemote(reservationsActions.loadRisks, (query, { signal }) =>
        reservationsApi.search(query, signal),
      ),
    ),
    fork(
      takeRemote(reservationsActions.loadStats, (filter, { signal }) =>
        reservationsApi.stats(filter, signal),
      ),
    ),
    fork(
      takeRemote(reservationsActions.loadReservation, ({ id }, { signal }) =>
        reservationsApi.get(id, signal),
      ),
    ),
    fork(
      takeRemote(reservationsActions.loadLog, ({ reservationId, from }, { signal }) =>
        reservationsApi.protectLog(reservationId, from, PROTECT_LOG_PAGE_SIZE, signal),
      ),
    ),
    fork(
      takeRemote(reservationsActions.loadProtect, (_request, { signal }) =>
        reservationsApi.protectSettings(signal),
      ),
    ),
    fork(
      takeRemote(reservationsActions.loadAccountLog, ({ from, size }, { signal }) =>
        reservationsApi.accountLog(from, size, signal),
      ),
    ),
    fork(
      takeRemote(reservationsActions.loadAnalytics, ({ months }, { signal }) =>
        reservationsApi.analytics(months, signal),
      ),
    ),
    // The reports card and the verification dialog show their own failure, in place.
    fork(
      takeRemote(reservationsActions.loadCalendar, ({ months }, { signal }) =>
        Promise.all(months.map((month) => reservationsApi.calendar(month, signal))),
      ),
    ),
    fork(
      takeLeadingShownInPlace(reservationsActions.generateReport, ({ type, id, refresh }) =>
        reservationsApi.generateReport(type, id, refresh),
      ),
    ),
    // Writes: a repeat click while one runs is ignored; each image rotates on its own.
    fork(
      takeLeadingShownInPlace(
        reservationsActions.changeVerification,
        ({ id, status, note, supervised }) =>
          reservationsApi.changeVerification(id, status, note, supervised),
      ),
    ),
    fork(
      takeRemote(reservationsActions.rescreen, ({ id }) => reservationsApi.rescreen(id), 'leading'),
    ),
    fork(
      takeRemote(
        reservationsActions.rotateImage,
        ({ id, image }) => reservationsApi.rotateImage(id, image),
        'every',
      ),
    ),
    // The confirm dialog shows a refused change itself.
    fork(
      takeLeadingShownInPlace(reservationsActions.setRiskTolerance, ({ risk }) =>
        reservationsApi.setRiskTolerance(risk),
      ),
    ),
    fork(
      takeRemote(reservationsActions.previewTolerance, ({ risk }, { signal }) =>
        reservationsApi.tolerancePreview(risk, signal),
      ),
    ),
    fork(takeRemote(reservationsActions.downloadReport, download, 'leading')),
    // The form says a refused save itself: beside the field it is about, or above the form.
    fork(
      takeRemote(
        reservationsActions.saveReservation,
        ({ id, version, input }): Promise<Reservation> =>
          id === null || version === null
            ? reservationsApi.create(input as Parameters<typeof reservationsApi.create>[0])
            : reservationsApi.update(id, version, input),
        'leading',
        { silent: true },
      ),
    ),
    fork(
      takeRemote(reservationsActions.loadGuestMails, ({ id }, { signal }) =>
        reservationsApi.guestMails(id, signal),
      ),
    ),
    // The guest mails card and the bulk dialog show a refusal in place.
    fork(
      takeLeadingShownInPlace(reservationsActions.sendGuestInvite, ({ id }) =>
        reservationsApi.sendGuestInvite(id),
      ),
    ),
    fork(
      takeLeadingShownInPlace(reservationsActions.sendGuestInvites, ({ ids }) =>
        reservationsApi.sendGuestInvites(ids),
      ),
    ),
    fork(refreshLogAfterChanges),
    fork(confirmChanges),
    fork(refreshProtectLogAfterTolerance),
  ]);
}
