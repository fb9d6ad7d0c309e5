import { createSlice } from '@reduxjs/toolkit';
import {
  addRemoteStatusCases,
  createRemoteAction,
  DEFAULT_ROWS_PER_PAGE,
  idleStatus,
  type ListResponse,
  type RemoteStatus,
} from '@hostdash/shared-auth';
import type { Listing, ListingsQuery } from './listingsApi';

export const DEFAULT_LISTINGS_SORT = 'nickname:asc';
export const SEARCH_SORT = 'created_at:desc,_score';

export interface ListingsState {
  items: Listing[];
  total: number;
  query: ListingsQuery;
  status: RemoteStatus;
}

export const initialListingsState: ListingsState = {
  items: [],
  total: 0,
  query: { from: 0, size: DEFAULT_ROWS_PER_PAGE, sort: DEFAULT_LISTINGS_SORT, search: '' },
  status: idleStatus(),
};

export const loadListingsAction = createRemoteAction<ListingsQuery, ListResponse<Listing>>('listings/load');

export const listingsSlice = createSlice({
  name: 'listings',
  initialState: initialListingsState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(loadListingsAction.requested, (state, action) => {
      state.query = action.payload;
    });
    builder.addCase(loadListingsAction.succeeded, (state, action) => {
      state.items = action.payload.items;
      state.total = action.payload.total;
    });
    addRemoteStatusCases(builder, loadListingsAction, (state) => state.status);
  },
});

export const listingsReducer = listingsSlice.reducer;

type WithListings = { listings?: ListingsState };

export const selectListings = (state: WithListings): ListingsState => state.listings ?? initialListingsState;
