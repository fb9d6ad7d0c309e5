// The auth calls of spec section 7, typed. The sign-in pages call the sign-in, second-step and
// password-reset ones themselves (their progress is form state); the auth saga runs the others.
import { api } from './apiClient';
import { NOTIFICATIONS_LIMIT } from './constants';
import type { LinkLookup, Notification, User } from './types';

export interface Credentials {
  email: string;
  password: string;
}

/** A login either signs in, or (redirect present) asks for a second step first. */
export type LoginResponse =
  { user: User; expiresAt?: string } | { redirect: string; challengeToken: string };
export type SignedIn = { user: User; expiresAt?: string };

export interface NotificationsResponse {
  items: Notification[];
  total: number;
  /** How many of the person's notifications are not read yet (over the limit too). */
  unread: number;
}

export const authApi = {
  login: (credentials: Credentials) => api.post<LoginResponse>('/login', { data: credentials }),
  challenge: (challengeToken: string, code: string) =>
    api.post<SignedIn>('/user/auth/challenge', { data: { challengeToken, code } }),
  loadAuth: () => api.get<User>('/loadAuth'),
  // A POST, which the shell's proxy refuses from another site: no other page can sign anyone out.
  logout: () => api.post('/logout'),
  loadNotifications: ({ limit = NOTIFICATIONS_LIMIT }: { limit?: number }) =>
    api.get<NotificationsResponse>('/user/notifications/load', { params: { limit } }),
  markNotificationsRead: ({ ids }: { ids: string[] }) =>
    api.post('/user/notifications/read', { data: { ids } }),
  removeNotification: ({ id }: { id: string }) =>
    api.post(`/user/notifications/remove/${encodeURIComponent(id)}`),
  requestPasswordReset: ({ email }: { email: string }) =>
    api.post<{ message?: string }>('/user/auth/password/reset', { data: { email } }),
  confirmPasswordReset: ({ token, password }: { token: string; password: string }) =>
    api.post<{ message?: string }>('/user/auth/password/confirm', { data: { token, password } }),
  /**
   * Staff: opens a host's account for this session (its pages then show that account, as its owner
   * sees it), or, with null, leaves it for the staff area. Answers the signed-in user.
   */
  viewAccount: ({ accountId }: { accountId: string | null }) =>
    accountId === null
      ? api.delete<User>('/admin/viewing')
      : api.post<User>(`/admin/viewing/${encodeURIComponent(accountId)}`),
  /** Whom an invite or sign-up link is for (404, or 410 for a link that no longer works). */
  lookupInvite: ({ token }: { token: string }) =>
    api.get<LinkLookup>(`/user/accounts/signupLinkTokenLookup/${encodeURIComponent(token)}`),
  /** Joins the team with a password (and the name they go by): signed in, as a login is. */
  acceptInvite: ({ token, password, name }: { token: string; password: string; name?: string }) =>
    api.post<SignedIn>(`/user/accounts/acceptInvite/${encodeURIComponent(token)}`, {
      data: { password, ...(name ? { name } : {}) },
    }),
};
