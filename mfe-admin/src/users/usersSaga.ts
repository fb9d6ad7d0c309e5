// The user admin calls. A done action is said in the snackbar and the panel's audit log is read
// again (the change is its newest line); a refused action is shown in the dialog that asked for it
// (defined silent: not again in the snackbar).
import type { PayloadAction } from '@reduxjs/toolkit';
import { all, fork, put, takeEvery } from 'redux-saga/effects';
import { snackbarActions, type SuccessMeta } from '@hostdash/shared-auth';
import { type AdminUser, type UserUpdate } from './usersApi';
import { usersActions } from './usersSlice';
import { userActionDone } from './userWords';

function* afterUpdate(action: PayloadAction<AdminUser, string, SuccessMeta<UserUpdate>>) {
  yield put(
    snackbarActions.show({
      text: userActionDone(action.meta.request.action, action.payload),
      props: { severity: 'success' },
    }),
  );
  yield put(usersActions.select.requested(action.payload.id));
}

export function* usersSaga() {
  yield all([
    fork(usersActions.load.watch),
    fork(usersActions.search.watch),
    fork(usersActions.select.watch),
    fork(usersActions.update.watch),
    takeEvery(usersActions.update.succeeded.type, afterUpdate),
  ]);
}
