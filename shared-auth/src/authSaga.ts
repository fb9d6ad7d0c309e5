// The auth calls of spec section 7, run by the three-step helper.
import { all, call, fork, select } from 'redux-saga/effects';
import { api } from './apiClient';
import {
  authActions,
  type AuthState,
  type Credentials,
  type LoginResponse,
  type NotificationsResponse,
  type SignedIn,
} from './authSlice';
import { NOTIFICATIONS_LIMIT } from './constants';
import { takeRemote } from './remoteAction';
import type { ApiError, User } from './types';

export const CHALLENGE_EXPIRED: ApiError = {
  error: 'challenge_expired',
  message: 'This verification step has expired. Sign in again.',
};

/** The auth calls, typed. */
export const authApi = {
  login: (credentials: Credentials) => api.post<LoginResponse>('/login', { data: credentials }),
  challenge: (challengeToken: string, code: string) =>
    api.post<SignedIn>('/user/auth/challenge', { data: { challengeToken, code } }),
  loadAuth: () => api.get<User>('/loadAuth'),
  logout: () => api.get('/logout'),
  loadNotifications: ({ limit = NOTIFICATIONS_LIMIT }: { limit?: number }) =>
    api.get<NotificationsResponse>('/user/notifications/load', { params: { limit } }),
  removeNotification: ({ id }: { id: string }) =>
    api.post(`/user/notifications/remove/${encodeURIComponent(id)}`),
  requestPasswordReset: ({ email }: { email: string }) =>
    api.post<{ message?: string }>('/user/auth/password/reset', { data: { email } }),
  confirmPasswordReset: ({ token, password }: { token: string; password: string }) =>
    api.post<{ message?: string }>('/user/auth/password/confirm', { data: { token, password } }),
};

/** The second step answers the challenge the login left in state. */
function* answerChallenge({ code }: { code: string }) {
  const pending = (yield select(
    (state: { auth: AuthState }) => state.auth.challenge,
  )) as AuthState['challenge'];
  if (!pending) throw CHALLENGE_EXPIRED;
  return (yield call(authApi.challenge, pending.token, code)) as SignedIn;
}

export function* authSaga() {
  yield all([
    fork(takeRemote(authActions.login, authApi.login, 'leading')),
    fork(takeRemote(authActions.challenge, answerChallenge, 'leading')),
    fork(takeRemote(authActions.loadAuth, authApi.loadAuth)),
    fork(takeRemote(authActions.logout, authApi.logout, 'leading')),
    fork(takeRemote(authActions.loadNotifications, authApi.loadNotifications)),
    // Each dismissal is its own write.
    fork(takeRemote(authActions.removeNotification, authApi.removeNotification, 'every')),
    fork(takeRemote(authActions.requestPasswordReset, authApi.requestPasswordReset, 'leading')),
    fork(takeRemote(authActions.confirmPasswordReset, authApi.confirmPasswordReset, 'leading')),
  ]);
}
