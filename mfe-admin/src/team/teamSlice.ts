// The team page's part of the `admin` slice (`admin.team`): the account's people, open invites and
// buildings as last loaded, and one status per kind of change (each shown in the dialog that asked).
import { createReducer } from '@reduxjs/toolkit';
import { defineRemoteCall, idleStatus, type RemoteStatus } from '@hostdash/shared-auth';
import {
  teamApi,
  type CancelInvite,
  type InviteRequest,
  type Team,
  type TeamInvite,
  type TeamMember,
  type TeamQuery,
  type TeamUpdate,
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
  // A failed load is said on the page (with Retry when it can help), not again in the snackbar.
  load: defineRemoteCall<TeamState, TeamQuery, Team>('admin/loadTeam', teamApi.load, {
    status: (state) => state.status.load,
    silent: true,
  }),
  invite: defineRemoteCall<TeamState, InviteRequest, TeamInvite>(
    'admin/inviteTeammate',
    teamApi.invite,
    { status: (state) => state.status.invite, strategy: 'leading', silent: true },
  ),
  cancelInvite: defineRemoteCall<TeamState, CancelInvite, unknown>(
    'admin/cancelInvite',
    teamApi.cancelInvite,
    { status: (state) => state.status.cancelInvite, strategy: 'leading', silent: true },
  ),
  update: defineRemoteCall<TeamState, TeamUpdate, TeamMember>(
    'admin/updateTeammate',
    teamApi.update,
    { status: (state) => state.status.update, strategy: 'leading', silent: true },
  ),
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
  teamActions.load.addStatusCases(builder);
  teamActions.invite.addStatusCases(builder);
  teamActions.cancelInvite.addStatusCases(builder);
  teamActions.update.addStatusCases(builder);
});
