// The `listings` slice (spec sections 3 and 4): the paged list with its query, stats, per-row
// status changes, the batch of selected rows, one listing's detail, and the buildings.
import { createAction, createSlice } from '@reduxjs/toolkit';
import {
  addRemoteStatusCases,
  isStaleWrite,
  createRemoteAction,
  DEFAULT_ROWS_PER_PAGE,
  idleStatus,
  type ListResponse,
  type RemoteStatus,
} from '@hostdash/shared-auth';
import type {
  BuildingSummary,
  BuildingView,
  Listing,
  ListingChanges,
  ListingDetail,
  ListingFilters,
  ListingsQuery,
  ListingStats,
  ListingStatus,
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

export const listingsActions = {
  load: createRemoteAction<ListingsQuery, ListResponse<Listing>>('listings/load'),
  loadStats: createRemoteAction<ListingFilters, ListingStats>('listings/loadStats'),
  /** One row's status; `undoing` when it is the snackbar's Undo putting the previous one back. */
  changeStatus: createRemoteAction<StatusChange & { undoing?: boolean }, Listing>(
    'listings/changeStatus',
  ),
  /** The batch's Undo: each listing back to its own previous status. */
  restoreStatuses: createRemoteAction<
    { changes: StatusChange[] },
    { restored: number; failures: BatchFailure[] }
  >('listings/restoreStatuses'),
  loadListing: createRemoteAction<{ id: string }, ListingDetail>('listings/loadListing'),
  saveListing: createRemoteAction<
    { id: string; version: number; changes: ListingChanges },
    Listing
  >('listings/saveListing'),
  loadBuildings: createRemoteAction<void, BuildingSummary[]>('listings/loadBuildings'),
  loadBuilding: createRemoteAction<{ accountId: string; slug: string }, BuildingView>(
    'listings/loadBuilding',
  ),
  /** Sets the status of every selected row, a few at a time, with progress. */
  batchSetStatus: createRemoteAction<
    { status: ListingStatus },
    { succeeded: number; failures: BatchFailure[]; cancelled: boolean }
  >('listings/batchSetStatus'),
  batchItemDone: createAction<{ listing: Listing } | { failure: BatchFailure }>(
    'listings/batchItemDone',
  ),
  /** Stops a batch run after the rows already being written. */
  batchCancelled: createAction('listings/batchCancelled'),
  /** Batch selection (spec section 4): set (replace the selection), remove one id, or patch a row locally. */
  batchSet: createAction<Listing[]>('listings/batchSet'),
  batchRemove: createAction<string>('listings/batchRemove'),
  batchDismissResult: createAction('listings/batchDismissResult'),
  patchRow: createAction<Listing>('listings/patchRow'),
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
        state.batch.running = false;
        state.batch.result = { status: meta.request.status, ...payload };
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

    addRemoteStatusCases(builder, listingsActions.load, (state) => state.list.status);
    addRemoteStatusCases(builder, listingsActions.loadStats, (state) => state.stats.status);
    addRemoteStatusCases(builder, listingsActions.loadListing, (state) => state.detail.status);
    addRemoteStatusCases(builder, listingsActions.saveListing, (state) => state.detail.save);
    addRemoteStatusCases(builder, listingsActions.loadBuildings, (state) => state.buildings.status);
    addRemoteStatusCases(builder, listingsActions.loadBuilding, (state) => state.building.status);
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
