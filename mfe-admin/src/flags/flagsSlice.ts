// The flags page's part of the `admin` slice (`admin.flags`): the list, and one save at a time.
import { createReducer } from '@reduxjs/toolkit';
import { defineRemoteCall, idleStatus, type RemoteStatus } from '@hostdash/shared-auth';
import { flagsApi, type Flag, type FlagChange, type FlagList } from './flagsApi';

export interface FlagsState {
  items: Flag[] | null;
  status: {
    load: RemoteStatus;
    save: RemoteStatus;
  };
}

export const initialFlagsState: FlagsState = {
  items: null,
  status: { load: idleStatus(), save: idleStatus() },
};

export const flagsActions = {
  load: defineRemoteCall<FlagsState, void, FlagList>(
    'admin/loadFlags',
    (_request, { signal }) => flagsApi.load(undefined, { signal }),
    { status: (state) => state.status.load },
  ),
  save: defineRemoteCall<FlagsState, FlagChange, Flag>('admin/saveFlag', flagsApi.save, {
    status: (state) => state.status.save,
    strategy: 'leading',
    silent: true,
  }),
};

export const flagsReducer = createReducer(initialFlagsState, (builder) => {
  builder
    .addCase(flagsActions.load.succeeded, (state, action) => {
      state.items = action.payload.items;
    })
    .addCase(flagsActions.save.succeeded, (state, action) => {
      const saved = action.payload;
      const flags = state.items ?? [];
      const index = flags.findIndex((flag) => flag.name === saved.name);
      if (index >= 0) flags[index] = saved;
      else flags.push(saved);
      state.items = flags;
    });
  flagsActions.load.addStatusCases(builder);
  flagsActions.save.addStatusCases(builder);
});
