// The delivery console's calls. A change is said in the snackbar (the shell server's own sentence
// for it) and the page reads the registry again; a refusal is shown in the dialog that asked (silent
// here), and when the registry moved since the page read it, the page reads it again too.
import type { PayloadAction } from '@reduxjs/toolkit';
import { all, fork, put, takeEvery } from 'redux-saga/effects';
import { snackbarActions, takeRemote, type ApiError } from '@hostdash/shared-auth';
import { remotesApi } from './remotesApi';
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
    // The page shows a failed load itself (LoadError): not again in the snackbar.
    fork(
      takeRemote(
        remotesActions.load,
        (_request, { signal }) => remotesApi.load(undefined, { signal }),
        'latest',
        { silent: true },
      ),
    ),
    fork(takeRemote(remotesActions.change, remotesApi.change, 'leading', { silent: true })),
    takeEvery(remotesActions.change.succeeded.type, afterChange),
    takeEvery(remotesActions.change.failed.type, afterRefusal),
  ]);
}
