// The shell's own saga: auth, failed requests to the snackbar, and the feature-flag identity.
import { all, call, fork, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import {
  authActions,
  authSaga,
  isFailedRemoteAction,
  readableMessage,
  selectIsAuthenticated,
  snackbarActions,
  type ApiError,
  type AuthState,
  type SignedIn,
} from '@hostdash/shared-auth';

export interface ShellSagaOptions {
  identifyUser: (userId: string) => Promise<void>;
  resetUser: () => Promise<void>;
}

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Sign in again to continue.';

function* showFailure(action: PayloadAction<ApiError, string, { silent: boolean }>) {
  const signedIn = (yield select((state: { auth: AuthState }) =>
    selectIsAuthenticated(state),
  )) as boolean;
  // The API no longer accepts this session: the access rules take the person to sign in (or,
  // deactivated, to /logout) from wherever they are.
  if (signedIn && action.payload.error === 'unauthorized') {
    yield put(authActions.sessionEnded());
    yield put(snackbarActions.show({ text: SESSION_ENDED_MESSAGE, props: { severity: 'info' } }));
    return;
  }
  if (signedIn && action.payload.error === 'account_deactivated') {
    yield put(authActions.deactivated());
    return;
  }
  if (action.meta?.silent) return;
  yield put(
    snackbarActions.show({ text: readableMessage(action.payload), props: { severity: 'error' } }),
  );
}

export function* shellSaga(options: ShellSagaOptions) {
  yield all([
    fork(authSaga),
    takeEvery(isFailedRemoteAction, showFailure),
    // A page load already identifies the server's user when flags start (bootstrap); these are
    // the sign-ins that happen inside the page.
    takeLatest(authActions.signedIn, function* identify({ payload }: PayloadAction<SignedIn>) {
      yield call(options.identifyUser, payload.user.id);
    }),
    takeLatest(
      [authActions.logout.succeeded, authActions.logout.failed, authActions.reset],
      function* reset() {
        yield call(options.resetUser);
      },
    ),
  ]);
}
