// The flags page's calls. A saved flag is said in the snackbar (what it does now); a refusal is
// shown beside the form that made it (silent here: not again in the snackbar).
import type { PayloadAction } from '@reduxjs/toolkit';
import { all, fork, put, takeEvery } from 'redux-saga/effects';
import { snackbarActions, takeRemote } from '@hostdash/shared-auth';
import { flagsApi, type Flag, type FlagChange } from './flagsApi';
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
    fork(
      takeRemote(flagsActions.load, (_request, { signal }) => flagsApi.load(undefined, { signal })),
    ),
    fork(takeRemote(flagsActions.save, flagsApi.save, 'leading', { silent: true })),
    takeEvery(flagsActions.save.succeeded.type, afterFlagSaved),
  ]);
}
