// The user admin calls. A done action is said in the snackbar and the panel's audit log is read
// again (the change is its newest line); a refused action is shown in the dialog that asked for it
// (silent here: not again in the snackbar).
import type { PayloadAction } from '@reduxjs/toolkit';
import { all, fork, put, takeEvery } from 'redux-saga/effects';
import { snackbarActions, takeRemote, type SuccessMeta } from '@hostdash/shared-auth';
import { usersApi, type AdminUser, type UserUpdate } from './usersApi';
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
    fork(takeRemote(usersActions.load, usersApi.load)),
    fork(takeRemote(usersActions.search, usersApi.search)),
    fork(takeRemote(usersActions.select, (userId, { signal }) => usersApi.get(userId, { signal }))),
    fork(takeRemote(usersActions.update, usersApi.update, 'leading', { silent: true })),
    takeEvery(usersActions.update.succeeded.type, afterUpdate),
  ]);
}
