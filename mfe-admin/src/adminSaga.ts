// The admin area's sagas: one per page, each in its page's folder.
import { all, fork } from 'redux-saga/effects';
import { flagsSaga } from './flags/flagsSaga';
import { teamSaga } from './team/teamSaga';
import { usersSaga } from './users/usersSaga';

export function* adminSaga() {
  yield all([fork(usersSaga), fork(flagsSaga), fork(teamSaga)]);
}
