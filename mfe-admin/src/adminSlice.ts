// The `admin` slice (spec section 3). Each page of the admin area keeps its part here, and every
// call goes through the three-step action helper. Feature flags: the list, and one save at a time.
import { createSlice } from '@reduxjs/toolkit';
import {
  addRemoteStatusCases,
  createRemoteAction,
  idleStatus,
  type RemoteStatus,
} from '@hostdash/shared-auth';
import type { Flag, FlagChange, FlagList } from './flags/flagsApi';

export interface AdminState {
  flags: Flag[] | null;
  status: {
    flags: RemoteStatus;
    saveFlag: RemoteStatus;
  };
}

export const initialAdminState: AdminState = {
  flags: null,
  status: { flags: idleStatus(), saveFlag: idleStatus() },
};

export const adminActions = {
  loadFlags: createRemoteAction<void, FlagList>('admin/loadFlags'),
  saveFlag: createRemoteAction<FlagChange, Flag>('admin/saveFlag'),
};

const adminSlice = createSlice({
  name: 'admin',
  initialState: initialAdminState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(adminActions.loadFlags.succeeded, (state, action) => {
        state.flags = action.payload.items;
      })
      .addCase(adminActions.saveFlag.succeeded, (state, action) => {
        const saved = action.payload;
        const flags = state.flags ?? [];
        const index = flags.findIndex((flag) => flag.name === saved.name);
        if (index >= 0) flags[index] = saved;
        else flags.push(saved);
        state.flags = flags;
      });
    addRemoteStatusCases(builder, adminActions.loadFlags, (state) => state.status.flags);
    addRemoteStatusCases(builder, adminActions.saveFlag, (state) => state.status.saveFlag);
  },
});

export const adminReducer = adminSlice.reducer;

interface WithAdmin {
  admin: AdminState;
}
export const selectAdmin = (state: WithAdmin): AdminState => state.admin;
