// The flags page's part of the `admin` slice (`admin.flags`): the list, and one save at a time.
import { createReducer } from '@reduxjs/toolkit';
import {
  addRemoteStatusCases,
  createRemoteAction,
  idleStatus,
  type RemoteStatus,
} from '@hostdash/shared-auth';
import type { Flag, FlagChange, FlagList } from './flagsApi';

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
  load: createRemoteAction<void, FlagList>('admin/loadFlags'),
  save: createRemoteAction<FlagChange, Flag>('admin/saveFlag'),
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
  addRemoteStatusCases(builder, flagsActions.load, (state) => state.status.load);
  addRemoteStatusCases(builder, flagsActions.save, (state) => state.status.save);
});
