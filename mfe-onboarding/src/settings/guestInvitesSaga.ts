// The automatic guest invites' calls on /settings. A refusal is shown on the section (silent);
// what was saved is said in the snackbar, in the host's words.
import type { PayloadAction } from '@reduxjs/toolkit';
import { all, fork, put, takeEvery } from 'redux-saga/effects';
import { snackbarActions, type SuccessMeta } from '@hostdash/shared-auth';
import { type GuestInviteChange, type GuestInviteSettings } from './guestInvitesApi';
import { guestInvitesActions } from './guestInvitesSlice';

const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

/** What a saved change means for the guests. */
export function guestInvitesSavedInWords(
  settings: GuestInviteSettings,
  change: GuestInviteChange,
): string {
  if (!settings.enabled) return 'Guests are no longer mailed their check-in link automatically.';
  if (change.enabled)
    return `Guests booked from now on get their check-in link ${days(settings.days_before)} before check-in.`;
  return `Guests get their check-in link ${days(settings.days_before)} before check-in.`;
}

function* saved(
  action: PayloadAction<GuestInviteSettings, string, SuccessMeta<GuestInviteChange>>,
) {
  yield put(
    snackbarActions.show({
      text: guestInvitesSavedInWords(action.payload, action.meta.request),
      props: { severity: 'success' },
    }),
  );
}

export function* guestInvitesSaga() {
  yield all([
    fork(guestInvitesActions.load.watch),
    fork(guestInvitesActions.save.watch),
    takeEvery(guestInvitesActions.save.succeeded.type, saved),
  ]);
}
