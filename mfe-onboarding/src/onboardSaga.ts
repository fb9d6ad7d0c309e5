// The onboarding remote's sagas: one per page, each in its page's folder.
import { all, fork } from 'redux-saga/effects';
import { connectSaga } from './connect/connectSaga';
import { guestInvitesSaga } from './settings/guestInvitesSaga';
import { settingsSaga } from './settings/settingsSaga';

export function* onboardSaga() {
  yield all([fork(connectSaga), fork(settingsSaga), fork(guestInvitesSaga)]);
}
