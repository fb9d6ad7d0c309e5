// The delivery console's part of the `admin` slice (`admin.remotes`): what the shell server said
// about each remote when the page last asked, and one change at a time.
import { createReducer } from '@reduxjs/toolkit';
import {
  defineRemoteCall,
  idleStatus,
  type ConsoleChangeAnswer,
  type ConsoleRemotes,
  type RemoteStatus,
} from '@hostdash/shared-auth';
import { remotesApi, type RemoteChange } from './remotesApi';

export interface RemotesState {
  console: ConsoleRemotes | null;
  status: {
    load: RemoteStatus;
    change: RemoteStatus;
  };
}

export const initialRemotesState: RemotesState = {
  console: null,
  status: { load: idleStatus(), change: idleStatus() },
};

export const remotesActions = {
  // The page shows a failed load itself (LoadError): not again in the snackbar.
  load: defineRemoteCall<RemotesState, void, ConsoleRemotes>(
    'admin/loadRemotes',
    (_request, { signal }) => remotesApi.load(undefined, { signal }),
    { status: (state) => state.status.load, silent: true },
  ),
  change: defineRemoteCall<RemotesState, RemoteChange, ConsoleChangeAnswer>(
    'admin/changeRemote',
    remotesApi.change,
    { status: (state) => state.status.change, strategy: 'leading', silent: true },
  ),
};

export const remotesReducer = createReducer(initialRemotesState, (builder) => {
  builder.addCase(remotesActions.load.succeeded, (state, action) => {
    state.console = action.payload;
  });
  remotesActions.load.addStatusCases(builder);
  remotesActions.change.addStatusCases(builder);
});
