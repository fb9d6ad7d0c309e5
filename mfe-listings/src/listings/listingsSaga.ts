// The listings sagas: each call defined in the slice, and what follows one. A changed status is
// said in the snackbar with an Undo and the stats follow; a batch run and its Undo the same way.
import { all, call, fork, put, select, takeEvery } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import { isStaleWrite, labelOf, snackbarActions } from '@hostdash/shared-auth';
import type { ListingStatus } from './listingsApi';
import {
  CHANGED_MEANWHILE,
  listingsActions,
  selectList,
  type ListingsState,
} from './listingsSlice';

function* refreshStats() {
  const { query } = (yield select(selectList)) as ListingsState['list'];
  yield put(listingsActions.loadStats.requested({ search: query.search, status: query.status }));
}

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

/**
 * A status change refused because someone else changed the listing first is silent (its failure
 * step carries no readable advice): what happened to the row is said here instead.
 */
function* statusChangeRefused(action: ReturnType<typeof listingsActions.changeStatus.failed>) {
  const listing = action.meta.request?.listing;
  if (!listing || !isStaleWrite(action.payload)) return;
  yield put(
    snackbarActions.show({
      text: `${listing.nickname}: ${CHANGED_MEANWHILE}`,
      props: { severity: 'warning' },
    }),
  );
}

/** A batch run ended: what changed can be undone (what failed is listed on the page). */
function* batchDone(action: ReturnType<typeof listingsActions.batchSetStatus.succeeded>) {
  const undo = action.payload.undo ?? [];
  if (undo.length > 0) {
    const { status } = action.meta.request;
    yield put(
      shownWithUndo(
        status === 'archived'
          ? `${plural(undo.length, 'listing')} archived. Their reservations stay.`
          : `${plural(undo.length, 'listing')} set to ${labelOf('listingStatus', status).toLowerCase()}.`,
        listingsActions.restoreStatuses.requested({ changes: undo }),
      ),
    );
  }
  yield call(refreshStats);
}

/** The batch's Undo went through; a partial one is its failure, said once in the snackbar. */
function* restored(action: ReturnType<typeof listingsActions.restoreStatuses.succeeded>) {
  const { restored: count } = action.payload;
  yield put(
    shownDone(
      `${plural(count, 'listing')} back to ${count === 1 ? 'its' : 'their'} previous status.`,
    ),
  );
}

export function* listingsSaga() {
  yield all([
    fork(listingsActions.load.watch),
    fork(listingsActions.loadStats.watch),
    fork(listingsActions.loadListing.watch),
    fork(listingsActions.loadBuildings.watch),
    fork(listingsActions.loadBuilding.watch),
    fork(listingsActions.changeStatus.watch),
    fork(listingsActions.saveListing.watch),
    fork(listingsActions.batchSetStatus.watch),
    fork(listingsActions.restoreStatuses.watch),
    takeEvery(listingsActions.changeStatus.succeeded.type, statusChanged),
    takeEvery(listingsActions.changeStatus.failed.type, statusChangeRefused),
    takeEvery(listingsActions.batchSetStatus.succeeded.type, batchDone),
    takeEvery(listingsActions.restoreStatuses.succeeded.type, restored),
    takeEvery(
      [listingsActions.restoreStatuses.succeeded.type, listingsActions.restoreStatuses.failed.type],
      refreshStats,
    ),
  ]);
}
