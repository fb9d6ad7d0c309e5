// The accounts page's part of the `admin` slice (`admin.accounts`): the page of accounts shown.
import { createReducer } from '@reduxjs/toolkit';
import { defineRemoteCall, idleStatus, type RemoteStatus } from '@hostdash/shared-auth';
import { accountsApi, type AccountsQuery, type AdminAccountPage } from './accountsApi';

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
  load: defineRemoteCall<AccountsState, AccountsQuery, AdminAccountPage>(
    'admin/loadAccounts',
    accountsApi.load,
    { status: (state) => state.status.load },
  ),
};

export const accountsReducer = createReducer(initialAccountsState, (builder) => {
  builder.addCase(accountsActions.load.succeeded, (state, action) => {
    state.page = action.payload;
    state.query = action.meta.request;
  });
  accountsActions.load.addStatusCases(builder);
});
