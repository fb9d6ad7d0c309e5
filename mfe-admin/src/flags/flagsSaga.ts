// The flags page's calls. A saved flag is said in the snackbar (what it does now); a refusal is
// shown beside the form that made it (defined silent: not again in the snackbar).
import type { PayloadAction } from '@reduxjs/toolkit';
import { all, fork, put, takeEvery } from 'redux-saga/effects';
import { snackbarActions } from '@hostdash/shared-auth';
import { type Flag, type FlagChange } from './flagsApi';
import { flagsActions } from './flagsSlice';
import { flagSavedMessage } from './flagWords';

function* afterFlagSaved(action: PayloadAction<Flag, string, { request: FlagChange }>) {
  yield put(
    snackbarActions.show({
      text: flagSavedMessage(action.payload),
      props: { severity: 'success' },
    }),
  );
}

export function* flagsSaga() {
  yield all([
    fork(flagsActions.load.watch),
    fork(flagsActions.save.watch),
    takeEvery(flagsActions.save.succeeded.type, afterFlagSaved),
  ]);
}
