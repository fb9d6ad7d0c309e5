import {
  all,
  call,
  cancel,
  fork,
  put,
  select,
  take,
  takeEvery,
  takeLeading,
} from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { Task } from 'redux-saga';
import {
  isStaleWrite,
  labelOf,
  readableMessage,
  snackbarActions,
  takeRemote,
  toApiError,
  type ApiError,
} from '@hostdash/shared-auth';
import { saveErrorShownInForm } from '../listing/listingForm';
import { listingsApi, type Listing, type ListingStatus } from './listingsApi';
import {
  listingsActions,
  selectBatch,
  selectList,
  type BatchFailure,
  type BatchState,
  type ListingsState,
  type StatusChange,
} from './listingsSlice';

/** How many rows a batch writes at once: quick, without flooding the API. */
export const BATCH_CONCURRENCY = 3;

function* refreshStats() {
  const { query } = (yield select(selectList)) as ListingsState['list'];
  yield put(listingsActions.loadStats.requested({ search: query.search, status: query.status }));
}

/**
 * A status change refused because someone else changed the listing first: the row already shows
 * their version (the API sends it with the refusal), so "reload" would be the wrong advice.
 */
export const CHANGED_MEANWHILE =
  'Someone else changed it meanwhile: it now shows their version. Set the status again if you still want to.';

function* updateOne(listing: Listing, status: ListingStatus) {
  try {
    const updated = (yield call(listingsApi.update, listing.id, listing.version, {
      status,
    })) as Listing;
    return { listing: updated };
  } catch (error) {
    const apiError = toApiError(error);
    // The newer version replaces the row everywhere, so trying again (it stays selected) can work.
    if (isStaleWrite<Listing>(apiError)) yield put(listingsActions.patchRow(apiError.current));
    const failure: BatchFailure = {
      id: listing.id,
      nickname: listing.nickname,
      message: isStaleWrite(apiError) ? CHANGED_MEANWHILE : readableMessage(apiError),
    };
    return { failure };
  }
}

/**
 * One row's status change. Its failure is the action's result, said once in the snackbar: the
 * API's message, or for a stale write what happened to the row (the reducer shows their version).
 */
export function* changeStatus(action: ReturnType<typeof listingsActions.changeStatus.requested>) {
  const { listing, status } = action.payload;
  try {
    const updated = (yield call(listingsApi.update, listing.id, listing.version, {
      status,
    })) as Listing;
    yield put(listingsActions.changeStatus.succeeded(updated, action.payload));
  } catch (error) {
    const apiError: ApiError = toApiError(error);
    const stale = isStaleWrite(apiError);
    yield put(
      listingsActions.changeStatus.failed(apiError, { request: action.payload, silent: stale }),
    );
    if (stale)
      yield put(
        snackbarActions.show({
          text: `${listing.nickname}: ${CHANGED_MEANWHILE}`,
          props: { severity: 'warning' },
        }),
      );
  }
}

type Outcome = { listing: Listing } | { failure: BatchFailure };

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** What a status change did, as the snackbar says it: archiving needs its consequence spelled out. */
export function statusChangedText(nickname: string, status: ListingStatus): string {
  return status === 'archived'
    ? `${nickname} archived. Its reservations stay.`
    : `${nickname} is now ${labelOf('listingStatus', status).toLowerCase()}.`;
}

/** Success, with an Undo that dispatches `undo` (plain data: the shell puts it in the store). */
const shownWithUndo = (text: string, undo: PayloadAction<unknown>) =>
  snackbarActions.show({
    text,
    action: { label: 'Undo', dispatch: undo },
    props: { severity: 'success' },
  });

const shownDone = (text: string) => snackbarActions.show({ text, props: { severity: 'success' } });

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
    // What Undo puts back: each changed listing (its new version) to its own previous status.
    const undo: StatusChange[] = [];
    for (let index = 0; index < queue.length && !stop.requested; index += BATCH_CONCURRENCY) {
      const chunk = queue.slice(index, index + BATCH_CONCURRENCY);
      const outcomes = (yield all(
        chunk.map((listing) => call(updateOne, listing, action.payload.status)),
      )) as Outcome[];
      outcomes.forEach((outcome, position) => {
        const before = chunk[position];
        if ('listing' in outcome && before && before.status !== action.payload.status)
          undo.push({ listing: outcome.listing, status: before.status });
      });
      for (const outcome of outcomes) yield put(listingsActions.batchItemDone(outcome));
    }
    const { progress, failures } = (yield select(selectBatch)) as BatchState;
    yield put(
      listingsActions.batchSetStatus.succeeded(
        { succeeded: progress.done - failures.length, failures, cancelled: stop.requested },
        action.payload,
      ),
    );
    // What failed is listed on the page (the batch result); what changed can be undone here.
    if (undo.length > 0) {
      const status = labelOf('listingStatus', action.payload.status).toLowerCase();
      yield put(
        shownWithUndo(
          action.payload.status === 'archived'
            ? `${plural(undo.length, 'listing')} archived. Their reservations stay.`
            : `${plural(undo.length, 'listing')} set to ${status}.`,
          listingsActions.restoreStatuses.requested({ changes: undo }),
        ),
      );
    }
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

/** A row's status changed: the stats follow, and the snackbar says so with an Undo. */
function* statusChanged(action: ReturnType<typeof listingsActions.changeStatus.succeeded>) {
  const { listing: before, status, undoing } = action.meta.request;
  const after = action.payload;
  yield put(
    undoing
      ? shownDone(`${after.nickname} is ${labelOf('listingStatus', status).toLowerCase()} again.`)
      : shownWithUndo(
          statusChangedText(after.nickname, status),
          listingsActions.changeStatus.requested({
            listing: after,
            status: before.status,
            undoing: true,
          }),
        ),
  );
  yield call(refreshStats);
}

function* watchStatusChanges() {
  while (true) {
    const action = (yield take(listingsActions.changeStatus.succeeded.type)) as ReturnType<
      typeof listingsActions.changeStatus.succeeded
    >;
    yield call(statusChanged, action);
  }
}

/** The batch's Undo: each listing back to its own status; what cannot be is said once, in the snackbar. */
export function* restoreStatuses(
  action: ReturnType<typeof listingsActions.restoreStatuses.requested>,
) {
  const { changes } = action.payload;
  const failures: BatchFailure[] = [];
  for (let index = 0; index < changes.length; index += BATCH_CONCURRENCY) {
    const chunk = changes.slice(index, index + BATCH_CONCURRENCY);
    const outcomes = (yield all(
      chunk.map(({ listing, status }) => call(updateOne, listing, status)),
    )) as Outcome[];
    for (const outcome of outcomes) {
      if ('listing' in outcome) yield put(listingsActions.patchRow(outcome.listing));
      else failures.push(outcome.failure);
    }
  }
  const restored = changes.length - failures.length;
  if (failures.length === 0) {
    yield put(listingsActions.restoreStatuses.succeeded({ restored, failures }, action.payload));
    yield put(
      shownDone(
        `${plural(restored, 'listing')} back to ${restored === 1 ? 'its' : 'their'} previous status.`,
      ),
    );
  } else {
    // A failure action: the shell shows it in the snackbar, the one place it is said.
    yield put(
      listingsActions.restoreStatuses.failed(
        {
          error: 'undo_incomplete',
          message: `${restored} of ${changes.length} listings restored. ${failures
            .map((failure) => `${failure.nickname}: ${failure.message}`)
            .join(' ')}`,
        },
        { request: action.payload },
      ),
    );
  }
  yield call(refreshStats);
}

function* watchRestores() {
  // One Undo at a time: a second click while it runs is ignored.
  while (true) {
    const action = (yield take(listingsActions.restoreStatuses.requested.type)) as ReturnType<
      typeof listingsActions.restoreStatuses.requested
    >;
    yield call(restoreStatuses, action);
  }
}

/**
 * A save the form shows in place is kept out of the snackbar: a refused field goes under that
 * field, a stale write opens the form's "someone else changed this listing" notice. Any other
 * failure (no answer, no access …) is the action's result, said once in the snackbar.
 */
export function* saveListing(action: ReturnType<typeof listingsActions.saveListing.requested>) {
  const { id, version, changes } = action.payload;
  try {
    const saved = (yield call(listingsApi.update, id, version, changes)) as Listing;
    yield put(listingsActions.saveListing.succeeded(saved, action.payload));
  } catch (error) {
    const apiError = toApiError(error);
    yield put(
      listingsActions.saveListing.failed(apiError, {
        request: action.payload,
        silent: saveErrorShownInForm(apiError, changes),
      }),
    );
  }
}

// A load's failure is shown where the load's content would be (LoadError, with Retry only when
// trying again can help), so it is silent: the shell's snackbar would say it a second time.
const SHOWN_IN_PAGE = { silent: true } as const;

export function* listingsSaga() {
  yield all([
    // Loads: takeLatest, so a newer page, sort or search drops the older request.
    fork(
      takeRemote(
        listingsActions.load,
        (query, { signal }) => listingsApi.load(query, signal),
        'latest',
        SHOWN_IN_PAGE,
      ),
    ),
    fork(
      takeRemote(
        listingsActions.loadStats,
        (filters, { signal }) => listingsApi.stats(filters, signal),
        'latest',
        SHOWN_IN_PAGE,
      ),
    ),
    fork(
      takeRemote(
        listingsActions.loadListing,
        ({ id }, { signal }) => listingsApi.get(id, signal),
        'latest',
        SHOWN_IN_PAGE,
      ),
    ),
    fork(
      takeRemote(
        listingsActions.loadBuildings,
        (_request, { signal }) => listingsApi.buildings(signal),
        'latest',
        SHOWN_IN_PAGE,
      ),
    ),
    fork(
      takeRemote(
        listingsActions.loadBuilding,
        ({ accountId, slug }, { signal }) => listingsApi.building(accountId, slug, signal),
        'latest',
        SHOWN_IN_PAGE,
      ),
    ),
    // Writes: every row's status change is its own request, and its failure is the action's
    // result, said in the snackbar (the row stays as it was); a save ignores repeats while it runs.
    takeEvery(listingsActions.changeStatus.requested.type, changeStatus),
    takeLeading(listingsActions.saveListing.requested.type, saveListing),
    fork(watchBatch),
    fork(watchStatusChanges),
    fork(watchRestores),
  ]);
}
