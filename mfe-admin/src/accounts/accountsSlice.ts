// The accounts page's part of the `admin` slice (`admin.accounts`): the page of accounts shown.
import { createReducer } from '@reduxjs/toolkit';
import {
  addRemoteStatusCases,
  createRemoteAction,
  idleStatus,
  type RemoteStatus,
} from '@hostdash/shared-auth';
import type { AccountsQuery, AdminAccountPage } from './accountsApi';

export interface AccountsState {
  page: AdminAccountPage | null;
  /** What the page shown answers. */
  query: AccountsQuery | null;
  status: { load: RemoteStatus };
}

export const initialAccountsState: AccountsState = {
  page: null,
  query: null,
  status: { load: idleStatus() },
};

export const accountsActions = {
  load: createRemoteAction<AccountsQuery, AdminAccountPage>('admin/loadAccounts'),
};

export const accountsReducer = createReducer(initialAccountsState, (builder) => {
  builder.addCase(accountsActions.load.succeeded, (state, action) => {
    state.page = action.payload;
    state.query = action.meta.request;
  });
  addRemoteStatusCases(builder, accountsActions.load, (state) => state.status.load);
});
