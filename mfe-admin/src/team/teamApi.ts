// The team calls of an account's owner (and of staff, naming the account), typed with the API
// contract.
import type { Body, Team, TeamBuilding, TeamInvite, TeamMember } from '@hostdash/api-contract';
import { api } from '@hostdash/shared-auth';

export type { Team, TeamBuilding, TeamInvite, TeamMember };

/** Whose team: the caller's own (no id), or (staff) the account named. */
export interface TeamQuery {
  accountId?: string;
}

/** An invite as the form sends it (`POST /user/accounts/invite`). */
export type InviteRequest = Body<'/user/accounts/invite', 'post'>;

/** Which invite to withdraw, and its email (what the snackbar names). */
export interface CancelInvite {
  inviteId: string;
  email: string;
}

/** The actions `POST /user/accounts/update/{userId}/{action}` takes. */
export type TeamAction = 'deactivate' | 'activate' | 'set_buildings';

export interface TeamUpdate {
  userId: string;
  action: TeamAction;
  /** For `set_buildings` only. */
  building_slugs?: string[];
}

export const teamApi = {
  load: ({ accountId }: TeamQuery, { signal }: { signal?: AbortSignal } = {}) =>
    api.get<Team>('/user/accounts/load', {
      params: accountId ? { account_id: accountId } : {},
      signal,
    }),
  invite: (invite: InviteRequest) =>
    api.post<TeamInvite>('/user/accounts/invite', { data: invite }),
  cancelInvite: ({ inviteId }: CancelInvite) =>
    api.post(`/user/accounts/invite/${encodeURIComponent(inviteId)}/cancel`, { data: {} }),
  update: ({ userId, action, building_slugs }: TeamUpdate) =>
    api.post<TeamMember>(
      `/user/accounts/update/${encodeURIComponent(userId)}/${encodeURIComponent(action)}`,
      { data: action === 'set_buildings' ? { building_slugs } : {} },
    ),
};
