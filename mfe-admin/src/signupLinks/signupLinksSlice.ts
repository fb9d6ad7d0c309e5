// The sign-up link dialog's part of the `admin` slice (`admin.signupLinks`): the systems a host can
// connect (loaded once, for the select) and the link just made, kept only until the dialog that
// made it is done with it: the link is shown once.
import { createAction, createReducer } from '@reduxjs/toolkit';
import { defineRemoteCall, idleStatus, type RemoteStatus } from '@hostdash/shared-auth';
import {
  signupLinksApi,
  type PmsSystem,
  type PmsSystemList,
  type SignupLink,
  type SignupLinkRequest,
} from './signupLinksApi';

export interface SignupLinksState {
  systems: PmsSystem[] | null;
  /** The link the open dialog made; null before it is made and once the dialog is closed. */
  made: SignupLink | null;
  status: {
    systems: RemoteStatus;
    make: RemoteStatus;
  };
}

export const initialSignupLinksState: SignupLinksState = {
  systems: null,
  made: null,
  status: { systems: idleStatus(), make: idleStatus() },
};

export const signupLinksActions = {
  loadSystems: defineRemoteCall<SignupLinksState, void, PmsSystemList>(
    'admin/loadPmsSystems',
    signupLinksApi.systems,
    { status: (state) => state.status.systems, silent: true },
  ),
  // 'leading': a second click while the first request runs must not make (and mail) two links.
  make: defineRemoteCall<SignupLinksState, SignupLinkRequest, SignupLink>(
    'admin/makeSignupLink',
    signupLinksApi.make,
    { status: (state) => state.status.make, strategy: 'leading', silent: true },
  ),
  /** The dialog closed: its link and its refusal are forgotten, so the next one starts clean. */
  dialogClosed: createAction('admin/signupLinkDialogClosed'),
};

export const signupLinksReducer = createReducer(initialSignupLinksState, (builder) => {
  builder
    .addCase(signupLinksActions.loadSystems.succeeded, (state, action) => {
      state.systems = action.payload.items;
    })
    .addCase(signupLinksActions.make.requested, (state) => {
      state.made = null;
    })
    .addCase(signupLinksActions.make.succeeded, (state, action) => {
      state.made = action.payload;
    })
    .addCase(signupLinksActions.dialogClosed, (state) => {
      state.made = null;
      state.status.make = idleStatus();
    });
  signupLinksActions.loadSystems.addStatusCases(builder);
  signupLinksActions.make.addStatusCases(builder);
});

interface WithSignupLinks {
  admin: { signupLinks: SignupLinksState };
}
export const selectSignupLinks = (state: WithSignupLinks): SignupLinksState =>
  state.admin.signupLinks;
