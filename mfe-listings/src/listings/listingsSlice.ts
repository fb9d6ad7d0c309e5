// The `listings` slice (spec sections 3 and 4): the paged list with its query, stats, per-row
// status changes, the batch of selected rows, one listing's detail, and the buildings.
import { createAction, createSlice } from '@reduxjs/toolkit';
import type { Task } from 'redux-saga';
import { all, call, cancel, fork, put, select, take } from 'redux-saga/effects';
import {
  defineRemoteCall,
  DEFAULT_ROWS_PER_PAGE,
  idleStatus,
  isStaleWrite,
  readableMessage,
  toApiError,
  type ApiError,
  type ListResponse,
  type RemoteStatus,
} from '@hostdash/shared-auth';
import { saveErrorShownInForm } from '../listing/listingForm';
import {
  listingsApi,
  type BuildingSummary,
  type BuildingView,
  type Listing,
  type ListingChanges,
  type ListingDetail,
  type ListingFilters,
  type ListingsQuery,
  type ListingStats,
  type ListingStatus,
} from './listingsApi';

export const DEFAULT_LISTINGS_SORT = 'nickname:asc';
export const SEARCH_SORT = 'created_at:desc,_score';

/** A listing as last seen, and the status it is to have. */
export interface StatusChange {
  listing: Listing;
  status: ListingStatus;
}

export interface BatchFailure {
  id: string;
  nickname: string;
  message: string;
}

export interface BatchState {
  /** The selected ids, in the order they were selected. */
  ids: string[];
  /** The selected rows as last seen (their version makes each write safe against a lost update). */
  rows: Record<string, Listing>;
  running: boolean;
  progress: { done: number; total: number };
  /** The rows of the current run that failed so far. */
  failures: BatchFailure[];
  /** What the last batch run did: how many changed, which failed and why. */
  result: {
    status: ListingStatus;
    succeeded: number;
    failures: BatchFailure[];
    cancelled: boolean;
  } | null;
}

export interface ListingsState {
  list: { items: Listing[]; total: number; query: ListingsQuery; status: RemoteStatus };
  stats: { data: ListingStats | null; status: RemoteStatus };
  /** Per-row status changes in flight. */
  rowUpdates: Record<string, RemoteStatus>;
  batch: BatchState;
  detail: {
    listing: ListingDetail | null;
    status: RemoteStatus;
    save: RemoteStatus;
    conflict: Listing | null;
  };
  buildings: { items: BuildingSummary[]; status: RemoteStatus };
  building: { view: BuildingView | null; status: RemoteStatus };
}

export const initialListingsState: ListingsState = {
  list: {
    items: [],
    total: 0,
    query: {
      from: 0,
      size: DEFAULT_ROWS_PER_PAGE,
      sort: DEFAULT_LISTINGS_SORT,
      search: '',
      status: [],
    },
    status: idleStatus(),
  },
  stats: { data: null, status: idleStatus() },
  rowUpdates: {},
  batch: {
    ids: [],
    rows: {},
    running: false,
    progress: { done: 0, total: 0 },
    failures: [],
    result: null,
  },
  detail: { listing: null, status: idleStatus(), save: idleStatus(), conflict: null },
  buildings: { items: [], status: idleStatus() },
  building: { view: null, status: idleStatus() },
};

/** How many rows a batch writes at once: quick, without flooding the API. */
export const BATCH_CONCURRENCY = 3;

/**
 * A status change refused because someone else changed the listing first: the row already shows
 * their version (the API sends it with the refusal), so "reload" would be the wrong advice.
 */
export const CHANGED_MEANWHILE =
  'Someone else changed it meanwhile: it now shows their version. Set the status again if you still want to.';

/** What a batch run did; `undo` is what the snackbar's Undo puts back (not kept in state). */
export interface BatchOutcome {
  succeeded: number;
  failures: BatchFailure[];
  cancelled: boolean;
  /** Each changed listing (its new version) with its own previous status. */
  undo?: StatusChange[];
}

// The batch's own steps, made before the calls whose sagas put them.
const batchItemDone = createAction<{ listing: Listing } | { failure: BatchFailure }>(
  'listings/batchItemDone',
);
const batchCancelled = createAction('listings/batchCancelled');
const patchRow = createAction<Listing>('listings/patchRow');

type Outcome = { listing: Listing } | { failure: BatchFailure };

function* updateOne(listing: Listing, status: ListingStatus): Generator<unknown, Outcome, never> {
  try {
    const updated = (yield call(listingsApi.update, listing.id, listing.version, {
      status,
    })) as Listing;
    return { listing: updated };
  } catch (error) {
    const apiError = toApiError(error);
    // The newer version replaces the row everywhere, so trying again (it stays selected) can work.
    if (isStaleWrite<Listing>(apiError)) yield put(patchRow(apiError.current));
    const failure: BatchFailure = {
      id: listing.id,
      nickname: listing.nickname,
      message: isStaleWrite(apiError) ? CHANGED_MEANWHILE : readableMessage(apiError),
    };
    return { failure };
  }
}

/** Writes the selected rows a few at a time; a stop request ends the run after the rows in flight. */
function* batchSetStatus({
  status,
}: {
  status: ListingStatus;
}): Generator<unknown, BatchOutcome, never> {
  const stop = { requested: false };
  const watcher = (yield fork(function* watchStop() {
    yield take(batchCancelled.type);
    stop.requested = true;
  })) as Task;
  try {
    const { ids, rows } = (yield select(selectBatch)) as BatchState;
    const queue = ids.map((id) => rows[id]).filter((row): row is Listing => row !== undefined);
    const undo: StatusChange[] = [];
    for (let index = 0; index < queue.length && !stop.requested; index += BATCH_CONCURRENCY) {
      const chunk = queue.slice(index, index + BATCH_CONCURRENCY);
      const outcomes = (yield all(
        chunk.map((listing) => call(updateOne, listing, status)),
      )) as Outcome[];
      outcomes.forEach((outcome, position) => {
        const before = chunk[position];
        if ('listing' in outcome && before && before.status !== status)
          undo.push({ listing: outcome.listing, status: before.status });
      });
      for (const outcome of outcomes) yield put(batchItemDone(outcome));
    }
    const { progress, failures } = (yield select(selectBatch)) as BatchState;
    return {
      succeeded: progress.done - failures.length,
      failures,
      cancelled: stop.requested,
      undo,
    };
  } finally {
    yield cancel(watcher);
  }
}

/** The batch's Undo: each listing back to its own status; what cannot be is one failure, said once. */
function* restoreStatuses({
  changes,
}: {
  changes: StatusChange[];
}): Generator<unknown, { restored: number; failures: BatchFailure[] }, never> {
  const failures: BatchFailure[] = [];
  for (let index = 0; index < changes.length; index += BATCH_CONCURRENCY) {
    const chunk = changes.slice(index, index + BATCH_CONCURRENCY);
    const outcomes = (yield all(
      chunk.map(({ listing, status }) => call(updateOne, listing, status)),
    )) as Outcome[];
    for (const outcome of outcomes) {
      if ('listing' in outcome) yield put(patchRow(outcome.listing));
      else failures.push(outcome.failure);
    }
  }
  const restored = changes.length - failures.length;
  if (failures.length > 0) {
    const incomplete: ApiError = {
      error: 'undo_incomplete',
      message: `${restored} of ${changes.length} listings restored. ${failures
        .map((failure) => `${failure.nickname}: ${failure.message}`)
        .join(' ')}`,
    };
    throw incomplete;
  }
  return { restored, failures };
}

// A load's failure is shown where the load's content would be (LoadError, with Retry only when
// trying again can help), so it is silent: the shell's snackbar would say it a second time. Loads
// are takeLatest (the default), so a newer page, sort or search drops the older request.
export const listingsActions = {
  load: defineRemoteCall<ListingsState, ListingsQuery, ListResponse<Listing>>(
    'listings/load',
    (query, { signal }) => listingsApi.load(query, signal),
    { status: (state) => state.list.status, silent: true },
  ),
  loadStats: defineRemoteCall<ListingsState, ListingFilters, ListingStats>(
    'listings/loadStats',
    (filters, { signal }) => listingsApi.stats(filters, signal),
    { status: (state) => state.stats.status, silent: true },
  ),
  /**
   * One row's status; `undoing` when it is the snackbar's Undo putting the previous one back. Every
   * change is its own request; its failure is said once in the snackbar (the row stays as it was):
   * the API's message, or for a stale write what happened to the row (the saga says it).
   */
  changeStatus: defineRemoteCall<ListingsState, StatusChange & { undoing?: boolean }, Listing>(
    'listings/changeStatus',
    ({ listing, status }) => listingsApi.update(listing.id, listing.version, { status }),
    { strategy: 'every', silent: (error) => isStaleWrite(error) },
  ),
  /** The batch's Undo: each listing back to its own previous status; one Undo at a time. */
  restoreStatuses: defineRemoteCall<
    ListingsState,
    { changes: StatusChange[] },
    { restored: number; failures: BatchFailure[] }
  >('listings/restoreStatuses', restoreStatuses, { strategy: 'leading' }),
  loadListing: defineRemoteCall<ListingsState, { id: string }, ListingDetail>(
    'listings/loadListing',
    ({ id }, { signal }) => listingsApi.get(id, signal),
    { status: (state) => state.detail.status, silent: true },
  ),
  /**
   * A save the form shows in place is kept out of the snackbar: a refused field goes under that
   * field, a stale write opens the form's "someone else changed this listing" notice. Any other
   * failure (no answer, no access …) is said once in the snackbar. Repeats are ignored while it runs.
   */
  saveListing: defineRemoteCall<
    ListingsState,
    { id: string; version: number; changes: ListingChanges },
    Listing
  >(
    'listings/saveListing',
    ({ id, version, changes }) => listingsApi.update(id, version, changes),
    {
      status: (state) => state.detail.save,
      strategy: 'leading',
      silent: (error, { changes }) => saveErrorShownInForm(error, changes),
    },
  ),
  loadBuildings: defineRemoteCall<ListingsState, void, BuildingSummary[]>(
    'listings/loadBuildings',
    (_request, { signal }) => listingsApi.buildings(signal),
    { status: (state) => state.buildings.status, silent: true },
  ),
  loadBuilding: defineRemoteCall<ListingsState, { accountId: string; slug: string }, BuildingView>(
    'listings/loadBuilding',
    ({ accountId, slug }, { signal }) => listingsApi.building(accountId, slug, signal),
    { status: (state) => state.building.status, silent: true },
  ),
  /**
   * Sets the status of every selected row, a few at a time, with progress. One batch at a time: a
   * second click while one runs is ignored.
   */
  batchSetStatus: defineRemoteCall<ListingsState, { status: ListingStatus }, BatchOutcome>(
    'listings/batchSetStatus',
    batchSetStatus,
    { strategy: 'leading' },
  ),
  batchItemDone,
  /** Stops a batch run after the rows already being written. */
  batchCancelled,
  /** Batch selection (spec section 4): set (replace the selection), remove one id, or patch a row locally. */
  batchSet: createAction<Listing[]>('listings/batchSet'),
  batchRemove: createAction<string>('listings/batchRemove'),
  batchDismissResult: createAction('listings/batchDismissResult'),
  patchRow,
  /** Keeps the host's edits and takes the latest saved version as the base of the next save. */
  adoptLatest: createAction('listings/adoptLatest'),
};

function patchEverywhere(state: ListingsState, listing: Listing): void {
  state.list.items = state.list.items.map((row) =>
    row.id === listing.id ? { ...row, ...listing, _score: row._score } : row,
  );
  if (state.batch.rows[listing.id]) state.batch.rows[listing.id] = listing;
  if (state.detail.listing?.id === listing.id) {
    state.detail.listing = { ...state.detail.listing, ...listing };
  }
}

export const listingsSlice = createSlice({
  name: 'listings',
  initialState: initialListingsState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(listingsActions.load.requested, (state, { payload }) => {
        state.list.query = payload;
      })
      .addCase(listingsActions.load.succeeded, (state, { payload }) => {
        state.list.items = payload.items;
        state.list.total = payload.total;
      })
      .addCase(listingsActions.loadStats.succeeded, (state, { payload }) => {
        state.stats.data = payload;
      })
      .addCase(listingsActions.changeStatus.requested, (state, { payload }) => {
        state.rowUpdates[payload.listing.id] = { loading: true, error: null };
      })
      .addCase(listingsActions.changeStatus.succeeded, (state, { payload, meta }) => {
        delete state.rowUpdates[meta.request.listing.id];
        patchEverywhere(state, payload);
      })
      .addCase(listingsActions.changeStatus.failed, (state, { payload, meta }) => {
        // The row stays as it was; the snackbar says why. A newer version the server reports is kept.
        if (meta.request) delete state.rowUpdates[meta.request.listing.id];
        if (isStaleWrite<Listing>(payload)) patchEverywhere(state, payload.current);
      })
      .addCase(listingsActions.patchRow, (state, { payload }) => patchEverywhere(state, payload))
      .addCase(listingsActions.batchSet, (state, { payload }) => {
        state.batch.ids = [...new Set(payload.map((listing) => listing.id))];
        state.batch.rows = Object.fromEntries(payload.map((listing) => [listing.id, listing]));
      })
      .addCase(listingsActions.batchRemove, (state, { payload: id }) => {
        state.batch.ids = state.batch.ids.filter((selected) => selected !== id);
        delete state.batch.rows[id];
      })
      .addCase(listingsActions.batchSetStatus.requested, (state) => {
        state.batch.running = true;
        state.batch.progress = { done: 0, total: state.batch.ids.length };
        state.batch.failures = [];
        state.batch.result = null;
      })
      .addCase(listingsActions.batchItemDone, (state, { payload }) => {
        state.batch.progress.done += 1;
        if ('listing' in payload) patchEverywhere(state, payload.listing);
        else state.batch.failures.push(payload.failure);
      })
      .addCase(listingsActions.batchSetStatus.succeeded, (state, { payload, meta }) => {
        const { succeeded, failures, cancelled } = payload;
        state.batch.running = false;
        state.batch.result = { status: meta.request.status, succeeded, failures, cancelled };
        // The rows that failed stay selected, ready for another try; the rest are done.
        const failed = new Set(payload.failures.map((failure) => failure.id));
        state.batch.ids = payload.cancelled
          ? state.batch.ids
          : state.batch.ids.filter((id) => failed.has(id));
        for (const id of Object.keys(state.batch.rows))
          if (!state.batch.ids.includes(id)) delete state.batch.rows[id];
      })
      .addCase(listingsActions.batchSetStatus.failed, (state) => {
        state.batch.running = false;
      })
      .addCase(listingsActions.batchDismissResult, (state) => {
        state.batch.result = null;
      })
      .addCase(listingsActions.loadListing.requested, (state, { payload }) => {
        if (state.detail.listing?.id !== payload.id) state.detail.listing = null;
        state.detail.conflict = null;
        state.detail.save = idleStatus();
      })
      .addCase(listingsActions.loadListing.succeeded, (state, { payload }) => {
        state.detail.listing = payload;
      })
      .addCase(listingsActions.saveListing.requested, (state) => {
        state.detail.conflict = null;
      })
      .addCase(listingsActions.saveListing.succeeded, (state, { payload }) =>
        patchEverywhere(state, payload),
      )
      .addCase(listingsActions.saveListing.failed, (state, { payload }) => {
        if (isStaleWrite<Listing>(payload)) state.detail.conflict = payload.current;
      })
      .addCase(listingsActions.adoptLatest, (state) => {
        if (state.detail.conflict) patchEverywhere(state, state.detail.conflict);
        state.detail.conflict = null;
        state.detail.save = idleStatus();
      })
      .addCase(listingsActions.loadBuildings.succeeded, (state, { payload }) => {
        state.buildings.items = payload;
      })
      .addCase(listingsActions.loadBuilding.requested, (state, { payload }) => {
        const current = state.building.view?.building;
        if (current?.account_id !== payload.accountId || current.slug !== payload.slug)
          state.building.view = null;
      })
      .addCase(listingsActions.loadBuilding.succeeded, (state, { payload }) => {
        state.building.view = payload;
      });

    listingsActions.load.addStatusCases(builder);
    listingsActions.loadStats.addStatusCases(builder);
    listingsActions.loadListing.addStatusCases(builder);
    listingsActions.saveListing.addStatusCases(builder);
    listingsActions.loadBuildings.addStatusCases(builder);
    listingsActions.loadBuilding.addStatusCases(builder);
  },
});

export const listingsReducer = listingsSlice.reducer;

type WithListings = { listings?: ListingsState };

export const selectListingsState = (state: WithListings): ListingsState =>
  state.listings ?? initialListingsState;
export const selectList = (state: WithListings) => selectListingsState(state).list;
export const selectStats = (state: WithListings) => selectListingsState(state).stats;
export const selectRowUpdates = (state: WithListings) => selectListingsState(state).rowUpdates;
export const selectBatch = (state: WithListings) => selectListingsState(state).batch;
export const selectDetail = (state: WithListings) => selectListingsState(state).detail;
export const selectBuildings = (state: WithListings) => selectListingsState(state).buildings;
export const selectBuilding = (state: WithListings) => selectListingsState(state).building;
