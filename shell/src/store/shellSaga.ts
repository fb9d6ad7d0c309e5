// The shell's own saga, beside the base store's (auth, failed requests to the snackbar:
// shared-auth/src/baseStore.ts): the feature-flag identity follows who is signed in.
import { all, call, takeLatest } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import { authActions, type SignedIn } from '@hostdash/shared-auth';

export interface ShellSagaOptions {
  identifyUser: (userId: string) => Promise<void>;
  resetUser: () => Promise<void>;
}

export function* shellSaga(options: ShellSagaOptions) {
  yield all([
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
