// The analytics page's calls: a newer period (or remote) drops the older request; a failure is
// shown on the page (LoadError), so it is silent here.
import { all, fork } from 'redux-saga/effects';
import { takeRemote } from '@hostdash/shared-auth';
import { analyticsApi, frontendHealthApi } from './analyticsApi';
import { analyticsActions } from './analyticsSlice';

const platformSaga = takeRemote(
  analyticsActions.load,
  (days, { signal }) => analyticsApi.load(days, signal),
  'latest',
  { silent: true },
);

const frontendSaga = takeRemote(
  analyticsActions.loadFrontend,
  (request, { signal }) => frontendHealthApi.load(request, signal),
  'latest',
  { silent: true },
);

export function* analyticsSaga() {
  yield all([fork(platformSaga), fork(frontendSaga)]);
}
