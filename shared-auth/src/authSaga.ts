// The auth calls the store runs (spec section 7), each defined once in the slice. Signing in, its
// second step and a password reset are the sign-in pages' own (authApi.ts): the store learns the
// outcome.
import { all, fork } from 'redux-saga/effects';
import { authActions } from './authSlice';

export function* authSaga() {
  yield all([
    fork(authActions.loadAuth.watch),
    fork(authActions.logout.watch),
    fork(authActions.viewAccount.watch),
    fork(authActions.loadNotifications.watch),
    fork(authActions.removeNotification.watch),
    fork(authActions.markNotificationsRead.watch),
  ]);
}
