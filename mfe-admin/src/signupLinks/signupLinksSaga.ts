// The sign-up link calls. Both are silent: a failed load of the systems and a refused link are
// shown in the dialog that asked (the refusal beside its field), not again in the snackbar.
import { all, fork } from 'redux-saga/effects';
import { takeRemote } from '@hostdash/shared-auth';
import { signupLinksApi } from './signupLinksApi';
import { signupLinksActions } from './signupLinksSlice';

export function* signupLinksSaga() {
  yield all([
    fork(
      takeRemote(signupLinksActions.loadSystems, signupLinksApi.systems, 'latest', {
        silent: true,
      }),
    ),
    // 'leading': a second click while the first request runs must not make (and mail) two links.
    fork(takeRemote(signupLinksActions.make, signupLinksApi.make, 'leading', { silent: true })),
  ]);
}
