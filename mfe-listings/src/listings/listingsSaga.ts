import { all, call, cancel, fork, put, select, take } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { Task } from 'redux-saga';
import { takeRemote, toApiError } from '@hostdash/shared-auth';
import { listingsApi, type Listing, type ListingStatus } from './listingsApi';
import {
  listingsActions,
  selectBatch,
  selectList,
  type BatchFailure,
  type BatchState,
  type ListingsState,
} from './listingsSlice';

/** How many rows a batch writes at once: quick, without flooding the API. */
export const BATCH_CONCURRENCY = 3;

function* refreshStats() {
  const { query } = (yield select(selectList)) as ListingsState['list'];
  yield put(listingsActions.loadStats.requested({ search: query.search, status: query.status }));
}

function* updateOne(listing: Listing, status: ListingStatus) {
  try {
    const updated = (yield call(listingsApi.update, listing.id, listing.version, {
      status,
    })) as Listing;
    return { listing: updated };
  } catch (error) {
    const failure: BatchFailure = {
      id: listing.id,
      nickname: listing.nickname,
      message: toApiError(error).message,
    };
    return { failure };
  }
}

type Outcome = { listing: Listing } | { failure: BatchFailure };

/** Writes the selected rows a few at a time; a stop request ends the run after the rows in flight. */
export function* batchSetStatus(action: PayloadAction<{ status: ListingStatus }>) {
  const stop = { requested: false };
  const watcher = (yield fork(function* watchStop() {
    yield take(listingsActions.batchCancelled.type);
    stop.requested = true;
  })) as Task;
  try {
    const { ids, rows } = (yield select(selectBatch)) as BatchState;
    const queue = ids.map((id) => rows[id]).filter((row): row is Listing => row !== undefined);
    for (let index = 0; index < queue.length && !stop.requested; index += BATCH_CONCURRENCY) {
      const chunk = queue.slice(index, index + BATCH_CONCURRENCY);
      const outcomes = (yield all(
        chunk.map((listing) => call(updateOne, listing, action.payload.status)),
      )) as Outcome[];
      for (const outcome of outcomes) yield put(listingsActions.batchItemDone(outcome));
    }
    const { progress, failures } = (yield select(selectBatch)) as BatchState;
    yield put(
      listingsActions.batchSetStatus.succeeded(
        { succeeded: progress.done - failures.length, failures, cancelled: stop.requested },
        action.payload,
      ),
    );
    yield call(refreshStats);
  } finally {
    yield cancel(watcher);
  }
}

function* watchBatch() {
  // One batch at a time: a second click while one runs is ignored.
  while (true) {
    const action = (yield take(listingsActions.batchSetStatus.requested.type)) as PayloadAction<{
      status: ListingStatus;
    }>;
    yield call(batchSetStatus, action);
  }
}

function* watchStatsRefresh() {
  while (true) {
    yield take(listingsActions.changeStatus.succeeded.type);
    yield call(refreshStats);
  }
}

export function* listingsSaga() {
  yield all([
    // Loads: takeLatest, so a newer page, sort or search drops the older request.
    fork(takeRemote(listingsActions.load, (query, { signal }) => listingsApi.load(query, signal))),
    fork(
      takeRemote(listingsActions.loadStats, (filters, { signal }) =>
        listingsApi.stats(filters, signal),
      ),
    ),
    fork(
      takeRemote(listingsActions.loadListing, ({ id }, { signal }) => listingsApi.get(id, signal)),
    ),
    fork(
      takeRemote(listingsActions.loadBuildings, (_request, { signal }) =>
        listingsApi.buildings(signal),
      ),
    ),
    fork(
      takeRemote(listingsActions.loadBuilding, ({ accountId, slug }, { signal }) =>
        listingsApi.building(accountId, slug, signal),
      ),
    ),
    // Writes: every row's status change is its own request; a save ignores repeats while it runs.
    fork(
      takeRemote(
        listingsActions.changeStatus,
        ({ listing, status }) => listingsApi.update(listing.id, listing.version, { status }),
        'every',
      ),
    ),
    fork(
      takeRemote(
        listingsActions.saveListing,
        ({ id, version, changes }) => listingsApi.update(id, version, changes),
        'leading',
      ),
    ),
    fork(watchBatch),
    fork(watchStatsRefresh),
  ]);
}
