// The team page's part of the `admin` slice (`admin.team`): the account's people, open invites and
// buildings as last loaded, and one status per kind of change (each shown in the dialog that asked).
import { createReducer } from '@reduxjs/toolkit';
import {
  addRemoteStatusCases,
  createRemoteAction,
  idleStatus,
  type RemoteStatus,
} from '@hostdash/shared-auth';
import type {
  CancelInvite,
  InviteRequest,
  Team,
  TeamInvite,
  TeamMember,
  TeamQuery,
  TeamUpdate,
} from './teamApi';

export interface TeamState {
  team: Team | null;
  /** The account last asked for (null: the caller's own), so a page knows what it shows. */
  query: TeamQuery | null;
  status: {
    load: RemoteStatus;
    invite: RemoteStatus;
    cancelInvite: RemoteStatus;
    update: RemoteStatus;
  };
}

export const initialTeamState: TeamState = {
  team: null,
  query: null,
  status: {
    load: idleStatus(),
    invite: idleStatus(),
    cancelInvite: idleStatus(),
    update: idleStatus(),
  },
};

export const teamActions = {
  load: createRemoteAction<TeamQuery, Team>('admin/loadTeam'),
  invite: createRemoteAction<InviteRequest, TeamInvite>('admin/inviteTeammate'),
  cancelInvite: createRemoteAction<CancelInvite, unknown>('admin/cancelInvite'),
  update: createRemoteAction<TeamUpdate, TeamMember>('admin/updateTeammate'),
};

export const teamReducer = createReducer(initialTeamState, (builder) => {
  builder
    .addCase(teamActions.load.requested, (state, action) => {
      // Another account's team is not shown while this one loads.
      if (state.query?.accountId !== action.payload.accountId) state.team = null;
      state.query = action.payload;
    })
    .addCase(teamActions.load.succeeded, (state, action) => {
      if (state.query?.accountId === action.meta.request.accountId) state.team = action.payload;
    })
    .addCase(teamActions.invite.succeeded, (state, action) => {
      if (!state.team) return;
      const invite = action.payload;
      // Inviting an email again replaces its open invite (the API cancelled the old one).
      state.team.invites = [
        invite,
        ...state.team.invites.filter((open) => open.email !== invite.email),
      ];
    })
    .addCase(teamActions.cancelInvite.succeeded, (state, action) => {
      if (!state.team) return;
      state.team.invites = state.team.invites.filter(
        (open) => open.id !== action.meta.request.inviteId,
      );
    })
    .addCase(teamActions.update.succeeded, (state, action) => {
      const member = state.team?.members.find((each) => each.id === action.payload.id);
      if (member) Object.assign(member, action.payload);
    });
  addRemoteStatusCases(builder, teamActions.load, (state) => state.status.load);
  addRemoteStatusCases(builder, teamActions.invite, (state) => state.status.invite);
  addRemoteStatusCases(builder, teamActions.cancelInvite, (state) => state.status.cancelInvite);
  addRemoteStatusCases(builder, teamActions.update, (state) => state.status.update);
});
