// The guest-portal remote's calls. Refusals are shown where they were asked (beside the switch,
// in the editor, in the dialog), so the calls are silent; what went through is said in the
// snackbar. A refused reorder asks for the screens again, so the list shows the order the API has.
import type { PayloadAction } from '@reduxjs/toolkit';
import { all, fork, put, select, takeEvery } from 'redux-saga/effects';
import {
  labelOf,
  snackbarActions,
  type ApiError,
  type FailureMeta,
  type SuccessMeta,
} from '@hostdash/shared-auth';
import type {
  GuestScreenContent,
  GuestScreens,
  StargateDelivery,
  StargateMessage,
  TranslationChange,
} from './guestportalApi';
import {
  guestportalActions,
  selectGuestportal,
  type GuestportalState,
  type SwitchRequest,
} from './guestportalSlice';

const said = (text: string, severity: 'success' | 'error' = 'success') =>
  snackbarActions.show({ text, props: { severity } });

function* switched(action: PayloadAction<GuestScreens, string, SuccessMeta<SwitchRequest>>) {
  const { screen, state } = action.meta.request;
  yield put(
    said(
      `${labelOf('guestScreen', screen)} is ${state} for every guest, except where a listing or reservation has its own setting.`,
    ),
  );
}

function* switchRefused(action: PayloadAction<ApiError, string, FailureMeta<SwitchRequest>>) {
  const screen = action.meta.request?.screen;
  yield put(
    said(
      `${screen ? labelOf('guestScreen', screen) : 'The screen'} was not switched: ${action.payload.message}`,
      'error',
    ),
  );
}

function* reorderRefused(action: PayloadAction<ApiError>) {
  yield put(said(`The new order was not saved: ${action.payload.message}`, 'error'));
  yield put(guestportalActions.loadScreens.requested());
}

function* contentSaved(action: PayloadAction<GuestScreenContent>) {
  yield put(
    said(`${labelOf('guestScreen', action.payload.name)} saved. Guests see it from now on.`),
  );
}

function* translationSaved(
  action: PayloadAction<GuestScreenContent, string, SuccessMeta<TranslationChange>>,
) {
  const { name, language, text } = action.meta.request;
  const screen = labelOf('guestScreen', name);
  const inLanguage = labelOf('guestLanguage', language);
  yield put(
    said(
      text
        ? `${screen} in ${inLanguage} saved. Guests reading ${inLanguage} see it from now on.`
        : `Your ${inLanguage} text of ${screen} is removed. Guests reading ${inLanguage} see the shipped screen, or your text in their listing’s language.`,
    ),
  );
}

function* messageWritten(action: PayloadAction<StargateMessage>) {
  const { deliveries } = action.payload;
  const released = deliveries.filter((delivery) => delivery.state === 'released').length;
  const held = deliveries.length - released;
  const parts = [
    held > 0 ? `held for ${held} ${held === 1 ? 'stay' : 'stays'} until the guest is verified` : '',
    released > 0
      ? `sent at once to ${released} verified ${released === 1 ? 'guest' : 'guests'}`
      : '',
  ].filter(Boolean);
  // The list in view shows the new deliveries: one reservation's, or the account's as filtered.
  const { reservation, filters } = (yield select(selectGuestportal)) as GuestportalState;
  yield put(
    reservation
      ? guestportalActions.loadReservation.requested(reservation.reservation.id)
      : guestportalActions.loadDeliveries.requested(filters),
  );
  yield put(
    said(
      parts.length > 0
        ? `Message saved: ${parts.join(', ')}.`
        : 'Message saved. It goes to stays booked from now on, once each guest is verified.',
    ),
  );
}

function* released(action: PayloadAction<StargateDelivery>) {
  yield put(said(`Released to ${action.payload.reservation.guest_first_name}.`));
}

function* withdrawn() {
  yield put(said('Message withdrawn: it will not go out.'));
}

export function* guestportalSaga() {
  yield all([
    fork(guestportalActions.loadScreens.watch),
    fork(guestportalActions.switchScreen.watch),
    fork(guestportalActions.reorder.watch),
    fork(guestportalActions.loadContent.watch),
    fork(guestportalActions.saveContent.watch),
    fork(guestportalActions.saveTranslation.watch),
    fork(guestportalActions.loadDeliveries.watch),
    fork(guestportalActions.loadReservation.watch),
    fork(guestportalActions.writeMessage.watch),
    fork(guestportalActions.release.watch),
    fork(guestportalActions.withdraw.watch),
    takeEvery(guestportalActions.switchScreen.succeeded.type, switched),
    takeEvery(guestportalActions.switchScreen.failed.type, switchRefused),
    takeEvery(guestportalActions.reorder.failed.type, reorderRefused),
    takeEvery(guestportalActions.saveContent.succeeded.type, contentSaved),
    takeEvery(guestportalActions.saveTranslation.succeeded.type, translationSaved),
    takeEvery(guestportalActions.writeMessage.succeeded.type, messageWritten),
    takeEvery(guestportalActions.release.succeeded.type, released),
    takeEvery(guestportalActions.withdraw.succeeded.type, withdrawn),
  ]);
}
