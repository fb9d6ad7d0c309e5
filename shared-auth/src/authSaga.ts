// The auth calls the store runs (spec section 7), by the three-step helper. Signing in, its second
// step and a password reset are the sign-in pages' own (authApi.ts): the store learns the outcome.
import { all, fork } from 'redux-saga/effects';
import { authApi } from './authApi';
import { authActions } from './authSlice';
import { takeRemote } from './remoteAction';

export function* authSaga() {
  yield all([
    fork(takeRemote(authActions.loadAuth, authApi.loadAuth)),
    fork(takeRemote(authActions.logout, authApi.logout, 'leading')),
    fork(takeRemote(authActions.viewAccount, authApi.viewAccount, 'leading')),
    fork(takeRemote(authActions.loadNotifications, authApi.loadNotifications)),
    // Each dismissal is its own write.
    fork(takeRemote(authActions.removeNotification, authApi.removeNotification, 'every')),
    fork(
      takeRemote(authActions.markNotificationsRead, authApi.markNotificationsRead, 'every', {
        silent: true,
      }),
    ),
  ]);
}
