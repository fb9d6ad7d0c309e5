// The analytics page's calls: a newer period (or remote) drops the older request; a failure is
// shown on the page (LoadError), so it is defined silent.
import { all, fork } from 'redux-saga/effects';
import { analyticsActions } from './analyticsSlice';

export function* analyticsSaga() {
  yield all([fork(analyticsActions.load.watch), fork(analyticsActions.loadFrontend.watch)]);
}
