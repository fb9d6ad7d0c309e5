// The admin area's calls. A saved flag is said in the snackbar (what it does now); a refusal is
// shown beside the form that made it (silent here: not again in the snackbar).
import type { PayloadAction } from '@reduxjs/toolkit';
import { all, fork, put, takeEvery } from 'redux-saga/effects';
import { snackbarActions, takeRemote } from '@hostdash/shared-auth';
import { flagsApi, type Flag, type FlagChange } from './flags/flagsApi';
import { adminActions } from './adminSlice';
import { flagSavedMessage } from './flags/flagWords';

function* afterFlagSaved(action: PayloadAction<Flag, string, { request: FlagChange }>) {
  yield put(
    snackbarActions.show({
      text: flagSavedMessage(action.payload),
      props: { severity: 'success' },
    }),
  );
}

export function* adminSaga() {
  yield all([
    fork(
      takeRemote(adminActions.loadFlags, (_request, { signal }) =>
        flagsApi.load(undefined, { signal }),
      ),
    ),
    fork(takeRemote(adminActions.saveFlag, flagsApi.save, 'leading', { silent: true })),
    takeEvery(adminActions.saveFlag.succeeded.type, afterFlagSaved),
  ]);
}
