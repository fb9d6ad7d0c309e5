// The delivery console's part of the `admin` slice (`admin.remotes`): what the shell server said
// about each remote when the page last asked, and one change at a time.
import { createReducer } from '@reduxjs/toolkit';
import {
  addRemoteStatusCases,
  createRemoteAction,
  idleStatus,
  type ConsoleChangeAnswer,
  type ConsoleRemotes,
  type RemoteStatus,
} from '@hostdash/shared-auth';
import type { RemoteChange } from './remotesApi';

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
  load: createRemoteAction<void, ConsoleRemotes>('admin/loadRemotes'),
  change: createRemoteAction<RemoteChange, ConsoleChangeAnswer>('admin/changeRemote'),
};

export const remotesReducer = createReducer(initialRemotesState, (builder) => {
  builder.addCase(remotesActions.load.succeeded, (state, action) => {
    state.console = action.payload;
  });
  addRemoteStatusCases(builder, remotesActions.load, (state) => state.status.load);
  addRemoteStatusCases(builder, remotesActions.change, (state) => state.status.change);
});
