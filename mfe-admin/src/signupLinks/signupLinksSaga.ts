// The sign-up link calls. Both are silent: a failed load of the systems and a refused link are
// shown in the dialog that asked (the refusal beside its field), not again in the snackbar.
import { all, fork } from 'redux-saga/effects';
import { signupLinksActions } from './signupLinksSlice';

export function* signupLinksSaga() {
  yield all([fork(signupLinksActions.loadSystems.watch), fork(signupLinksActions.make.watch)]);
}
