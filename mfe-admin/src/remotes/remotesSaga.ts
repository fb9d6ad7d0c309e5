// The delivery console's calls. A change is said in the snackbar (the shell server's own sentence
// for it) and the page reads the registry again; a refusal is shown in the dialog that asked (silent
// here), and when the registry moved since the page read it, the page reads it again too.
import type { PayloadAction } from '@reduxjs/toolkit';
import { all, fork, put, takeEvery } from 'redux-saga/effects';
import { snackbarActions, type ApiError } from '@hostdash/shared-auth';
import { remotesActions } from './remotesSlice';
import { changedMessage } from './remoteWords';

function* afterChange(action: ReturnType<typeof remotesActions.change.succeeded>) {
  yield put(
    snackbarActions.show({ text: changedMessage(action.payload), props: { severity: 'success' } }),
  );
  yield put(remotesActions.load.requested());
}

function* afterRefusal(action: PayloadAction<ApiError>) {
  if (action.payload.error === 'version_changed') yield put(remotesActions.load.requested());
}

export function* remotesSaga() {
  yield all([
    fork(remotesActions.load.watch),
    fork(remotesActions.change.watch),
    takeEvery(remotesActions.change.succeeded.type, afterChange),
    takeEvery(remotesActions.change.failed.type, afterRefusal),
  ]);
}
