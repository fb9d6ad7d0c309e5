// The admin area's sagas: one per page, each in its page's folder.
import { all, fork } from 'redux-saga/effects';
import { accountsSaga } from './accounts/accountsSaga';
import { analyticsSaga } from './analytics/analyticsSaga';
import { flagsSaga } from './flags/flagsSaga';
import { jobsSaga } from './jobs/jobsSaga';
import { platformListingsSaga } from './listings/platformListingsSaga';
import { remotesSaga } from './remotes/remotesSaga';
import { signupLinksSaga } from './signupLinks/signupLinksSaga';
import { teamSaga } from './team/teamSaga';
import { usersSaga } from './users/usersSaga';

export function* adminSaga() {
  yield all([
    fork(usersSaga),
    fork(teamSaga),
    fork(flagsSaga),
    fork(platformListingsSaga),
    fork(analyticsSaga),
    fork(remotesSaga),
    fork(signupLinksSaga),
    fork(jobsSaga),
    fork(accountsSaga),
  ]);
}
