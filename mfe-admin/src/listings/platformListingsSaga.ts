// The all-listings page's calls. A newer address drops the older request (takeLatest); a failed
// load is shown where the rows would be (LoadError), so it is silent: not again in the snackbar.
import { all, fork } from 'redux-saga/effects';
import { platformListingsActions } from './platformListingsSlice';

export function* platformListingsSaga() {
  yield all([
    fork(platformListingsActions.load.watch),
    fork(platformListingsActions.loadDetail.watch),
  ]);
}
