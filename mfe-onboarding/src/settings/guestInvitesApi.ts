// The account's automatic guest invites on /settings (issue 31), typed with the API contract.
import type { Body, GuestInviteSettings } from '@hostdash/api-contract';
import { api } from '@hostdash/shared-auth';

export type { GuestInviteSettings };
/** Only what changes: on or off, the days before check-in. */
export type GuestInviteChange = Body<'/user/guestInvites', 'post'>;

export const guestInvitesApi = {
  load: (signal?: AbortSignal) => api.get<GuestInviteSettings>('/user/guestInvites', { signal }),
  save: (change: GuestInviteChange) =>
    api.post<GuestInviteSettings>('/user/guestInvites', { data: change }),
};
