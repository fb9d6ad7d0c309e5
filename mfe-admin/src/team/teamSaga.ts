// The team page's calls. A done change is said in the snackbar; a refused one is shown in the
// dialog or form that asked for it, and a failed load on the page (defined silent: not again in the
// snackbar).
import type { PayloadAction } from '@reduxjs/toolkit';
import { all, fork, put, takeEvery } from 'redux-saga/effects';
import { snackbarActions, type SuccessMeta } from '@hostdash/shared-auth';
import type { CancelInvite, InviteRequest, TeamInvite, TeamMember, TeamUpdate } from './teamApi';
import { teamActions } from './teamSlice';
import { inviteSentMessage, inviteWithdrawnMessage, teammateActionDone } from './teamWords';

const said = (text: string) => snackbarActions.show({ text, props: { severity: 'success' } });

function* afterInvite(action: PayloadAction<TeamInvite, string, SuccessMeta<InviteRequest>>) {
  yield put(said(inviteSentMessage(action.payload.email)));
}

function* afterCancel(action: PayloadAction<unknown, string, SuccessMeta<CancelInvite>>) {
  yield put(said(inviteWithdrawnMessage(action.meta.request.email)));
}

function* afterUpdate(action: PayloadAction<TeamMember, string, SuccessMeta<TeamUpdate>>) {
  yield put(said(teammateActionDone(action.meta.request.action, action.payload)));
}

export function* teamSaga() {
  yield all([
    fork(teamActions.load.watch),
    fork(teamActions.invite.watch),
    fork(teamActions.cancelInvite.watch),
    fork(teamActions.update.watch),
    takeEvery(teamActions.invite.succeeded.type, afterInvite),
    takeEvery(teamActions.cancelInvite.succeeded.type, afterCancel),
    takeEvery(teamActions.update.succeeded.type, afterUpdate),
  ]);
}
