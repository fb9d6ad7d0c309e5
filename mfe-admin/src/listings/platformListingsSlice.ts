// The all-listings page's part of the `admin` slice (`admin.listings`): the page of listings the
// address asked for, the filters' choices (asked once, with the first page), and the listing open
// in the read-only detail.
import { createReducer } from '@reduxjs/toolkit';
import { defineRemoteCall, idleStatus, type RemoteStatus } from '@hostdash/shared-auth';
import type { PlatformListingsQuery } from './listingsQuery';
import {
  platformListingsApi,
  type AdminListing,
  type AdminListingDetail,
  type AdminListingPage,
  type ListingAccount,
  type ListingPms,
  type PlatformListingsLoad,
} from './platformListingsApi';

export interface PlatformListingsState {
  /** null until the first page arrives. */
  items: AdminListing[] | null;
  total: number;
  /** The query of the page shown (or asked for): the detail's way back keeps it. */
  query: PlatformListingsQuery | null;
  /** The filters' choices; null until asked for. */
  accounts: ListingAccount[] | null;
  pms: ListingPms[] | null;
  /** The listing whose detail is open (its id at once, its detail once loaded). */
  detailId: string | null;
  detail: AdminListingDetail | null;
  status: { load: RemoteStatus; detail: RemoteStatus };
}

export const initialPlatformListingsState: PlatformListingsState = {
  items: null,
  total: 0,
  query: null,
  accounts: null,
  pms: null,
  detailId: null,
  detail: null,
  status: { load: idleStatus(), detail: idleStatus() },
};

export const platformListingsActions = {
  load: defineRemoteCall<PlatformListingsState, PlatformListingsLoad, AdminListingPage>(
    'admin/loadPlatformListings',
    (request, { signal }) => platformListingsApi.load(request, signal),
    { status: (state) => state.status.load, silent: true },
  ),
  loadDetail: defineRemoteCall<PlatformListingsState, string, AdminListingDetail>(
    'admin/loadPlatformListing',
    (id, { signal }) => platformListingsApi.get(id, signal),
    { status: (state) => state.status.detail, silent: true },
  ),
};

export const platformListingsReducer = createReducer(initialPlatformListingsState, (builder) => {
  builder
    .addCase(platformListingsActions.load.requested, (state, action) => {
      state.query = action.payload.query;
    })
    .addCase(platformListingsActions.load.succeeded, (state, action) => {
      const { items, total, accounts, pms } = action.payload;
      state.items = items;
      state.total = total;
      if (accounts) state.accounts = accounts;
      if (pms) state.pms = pms;
    })
    .addCase(platformListingsActions.loadDetail.requested, (state, action) => {
      if (state.detailId !== action.payload) state.detail = null;
      state.detailId = action.payload;
    })
    .addCase(platformListingsActions.loadDetail.succeeded, (state, action) => {
      // A slow answer for a listing no longer open is dropped.
      if (state.detailId === action.meta.request) state.detail = action.payload;
    });
  platformListingsActions.load.addStatusCases(builder);
  platformListingsActions.loadDetail.addStatusCases(builder);
});

interface WithPlatformListings {
  admin: { listings: PlatformListingsState };
}
export const selectPlatformListings = (state: WithPlatformListings): PlatformListingsState =>
  state.admin.listings;
