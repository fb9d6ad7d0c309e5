// The all-listings page's calls. A newer address drops the older request (takeLatest); a failed
// load is shown where the rows would be (LoadError), so it is silent here: not again in the snackbar.
import { all, fork } from 'redux-saga/effects';
import { takeRemote } from '@hostdash/shared-auth';
import { platformListingsApi } from './platformListingsApi';
import { platformListingsActions } from './platformListingsSlice';

const SHOWN_IN_PAGE = { silent: true } as const;

export function* platformListingsSaga() {
  yield all([
    fork(
      takeRemote(
        platformListingsActions.load,
        (request, { signal }) => platformListingsApi.load(request, signal),
        'latest',
        SHOWN_IN_PAGE,
      ),
    ),
    fork(
      takeRemote(
        platformListingsActions.loadDetail,
        (id, { signal }) => platformListingsApi.get(id, signal),
        'latest',
        SHOWN_IN_PAGE,
      ),
    ),
  ]);
}
