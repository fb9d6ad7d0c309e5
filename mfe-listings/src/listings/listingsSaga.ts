import { all, fork } from 'redux-saga/effects';
import { takeRemote } from '@hostdash/shared-auth';
import { loadListings } from './listingsApi';
import { loadListingsAction } from './listingsSlice';

export function* listingsSaga() {
  // takeLatest: a newer page, sort or search makes the older answer irrelevant.
  yield all([fork(takeRemote(loadListingsAction, loadListings))]);
}
