// The settings page's automatic guest invites (`onboard.guestInvites`, issue 31): the account's
// setting as last answered, and the status of its load and of its save (each shown on its section).
import { createReducer } from '@reduxjs/toolkit';
import {
  addRemoteStatusCases,
  createRemoteAction,
  idleStatus,
  type RemoteStatus,
} from '@hostdash/shared-auth';
import type { GuestInviteChange, GuestInviteSettings } from './guestInvitesApi';

export interface GuestInvitesState {
  settings: GuestInviteSettings | null;
  status: RemoteStatus;
  save: RemoteStatus;
}

export const initialGuestInvitesState = (): GuestInvitesState => ({
  settings: null,
  status: idleStatus(),
  save: idleStatus(),
});

export const guestInvitesActions = {
  load: createRemoteAction<void, GuestInviteSettings>('onboard/loadGuestInvites'),
  save: createRemoteAction<GuestInviteChange, GuestInviteSettings>('onboard/saveGuestInvites'),
};

export const guestInvitesReducer = createReducer(initialGuestInvitesState, (builder) => {
  builder
    .addCase(guestInvitesActions.load.succeeded, (state, { payload }) => {
      state.settings = payload;
    })
    .addCase(guestInvitesActions.save.succeeded, (state, { payload }) => {
      state.settings = payload;
    });
  addRemoteStatusCases(builder, guestInvitesActions.load, (state) => state.status);
  addRemoteStatusCases(builder, guestInvitesActions.save, (state) => state.save);
});
