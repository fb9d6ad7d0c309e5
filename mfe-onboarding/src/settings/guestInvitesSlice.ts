// The settings page's automatic guest invites (`onboard.guestInvites`, issue 31): the account's
// setting as last answered, and the status of its load and of its save (each shown on its section).
import { createReducer } from '@reduxjs/toolkit';
import { defineRemoteCall, idleStatus, type RemoteStatus } from '@hostdash/shared-auth';
import {
  guestInvitesApi,
  type GuestInviteChange,
  type GuestInviteSettings,
} from './guestInvitesApi';

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
  load: defineRemoteCall<GuestInvitesState, void, GuestInviteSettings>(
    'onboard/loadGuestInvites',
    (_request, { signal }) => guestInvitesApi.load(signal),
    { status: (state) => state.status, silent: true },
  ),
  save: defineRemoteCall<GuestInvitesState, GuestInviteChange, GuestInviteSettings>(
    'onboard/saveGuestInvites',
    guestInvitesApi.save,
    { status: (state) => state.save, strategy: 'leading', silent: true },
  ),
};

export const guestInvitesReducer = createReducer(initialGuestInvitesState, (builder) => {
  builder
    .addCase(guestInvitesActions.load.succeeded, (state, { payload }) => {
      state.settings = payload;
    })
    .addCase(guestInvitesActions.save.succeeded, (state, { payload }) => {
      state.settings = payload;
    });
  guestInvitesActions.load.addStatusCases(builder);
  guestInvitesActions.save.addStatusCases(builder);
});
