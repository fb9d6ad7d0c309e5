// The auth slice (spec sections 3 and 4): authenticated flag, session, user, notifications, and
// the sign-in, challenge, reset and notification calls, each with its three steps.
import { createAction, createSlice } from '@reduxjs/toolkit';
import {
  addRemoteStatusCases,
  createRemoteAction,
  idleStatus,
  type RemoteStatus,
} from './remoteAction';
import type { Notification, User } from './types';

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
}

export interface AuthState {
  authenticated: boolean;
  /** The browser never holds the session value itself (HttpOnly cookie): only when it ends. */
  session: { expiresAt: string | null } | null;
  user: User | null;
  notifications: NotificationsResponse;
  /** The pending second step after a login that answered with a redirect. */
  challenge: { token: string; redirect: string } | null;
  passwordReset: { requested: boolean; confirmed: boolean; message: string | null };
  status: {
    login: RemoteStatus;
    challenge: RemoteStatus;
    loadAuth: RemoteStatus;
    logout: RemoteStatus;
    notifications: RemoteStatus;
    removeNotification: RemoteStatus;
    passwordReset: RemoteStatus;
    passwordConfirm: RemoteStatus;
  };
}

export const initialAuthState: AuthState = {
  authenticated: false,
  session: null,
  user: null,
  notifications: { items: [], total: 0 },
  challenge: null,
  passwordReset: { requested: false, confirmed: false, message: null },
  status: {
    login: idleStatus(),
    challenge: idleStatus(),
    loadAuth: idleStatus(),
    logout: idleStatus(),
    notifications: idleStatus(),
    removeNotification: idleStatus(),
    passwordReset: idleStatus(),
    passwordConfirm: idleStatus(),
  },
};

export const authActions = {
  login: createRemoteAction<Credentials, LoginResponse>('auth/login'),
  challenge: createRemoteAction<{ code: string }, SignedIn>('auth/challenge'),
  loadAuth: createRemoteAction<void, User | null>('auth/loadAuth'),
  logout: createRemoteAction<void, unknown>('auth/logout'),
  loadNotifications: createRemoteAction<{ limit?: number }, NotificationsResponse>(
    'auth/loadNotifications',
  ),
  removeNotification: createRemoteAction<{ id: string }, unknown>('auth/removeNotification'),
  requestPasswordReset: createRemoteAction<{ email: string }, { message?: string }>(
    'auth/requestPasswordReset',
  ),
  confirmPasswordReset: createRemoteAction<
    { token: string; password: string },
    { message?: string }
  >('auth/confirmPasswordReset'),
  /** The user the shell server checked for this page load (or none). */
  hydrated: createAction<User | null>('auth/hydrated'),
  /** Back to the initial, signed-out state. */
  reset: createAction('auth/reset'),
  /** The API no longer knows this session (expired or revoked elsewhere). */
  sessionEnded: createAction('auth/sessionEnded'),
  /** The API says this account was deactivated while signed in. */
  deactivated: createAction('auth/deactivated'),
};

function signIn(state: AuthState, { user, expiresAt }: SignedIn): void {
  state.authenticated = true;
  state.user = user;
  state.session = { expiresAt: expiresAt ?? null };
  state.challenge = null;
}

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(authActions.hydrated, (state, { payload: user }) => {
        state.user = user;
        state.authenticated = user !== null;
        state.session = user ? { expiresAt: null } : null;
      })
      .addCase(authActions.reset, () => initialAuthState)
      .addCase(authActions.sessionEnded, () => initialAuthState)
      // The access rules then send the person to /logout (spec section 6, rule 5).
      .addCase(authActions.deactivated, (state) => {
        if (state.user) state.user.is_active = false;
      })
      .addCase(authActions.login.requested, (state) => {
        state.challenge = null;
      })
      // Login success marks authenticated unless the response holds a redirect.
      .addCase(authActions.login.succeeded, (state, { payload }) => {
        if ('redirect' in payload && payload.redirect) {
          state.challenge = { token: payload.challengeToken, redirect: payload.redirect };
          return;
        }
        signIn(state, payload as SignedIn);
      })
      // Challenge success marks authenticated.
      .addCase(authActions.challenge.succeeded, (state, { payload }) => signIn(state, payload))
      // Loading auth marks authenticated if a user payload exists.
      .addCase(authActions.loadAuth.succeeded, (state, { payload: user }) => {
        state.user = user ?? null;
        state.authenticated = !!user;
        state.session = user ? (state.session ?? { expiresAt: null }) : null;
      })
      // Logout resets everything to the initial unauthenticated state — also when the call
      // failed: the person asked to be signed out, and the server clears the cookie either way.
      .addCase(authActions.logout.succeeded, () => initialAuthState)
      .addCase(authActions.logout.failed, () => initialAuthState)
      .addCase(authActions.loadNotifications.succeeded, (state, { payload }) => {
        state.notifications = { items: payload.items, total: payload.total };
      })
      .addCase(authActions.removeNotification.succeeded, (state, { meta }) => {
        const before = state.notifications.items.length;
        state.notifications.items = state.notifications.items.filter(
          (item) => item.id !== meta.request.id,
        );
        state.notifications.total = Math.max(
          0,
          state.notifications.total - (before - state.notifications.items.length),
        );
      })
      .addCase(authActions.requestPasswordReset.requested, (state) => {
        state.passwordReset = { requested: false, confirmed: false, message: null };
      })
      .addCase(authActions.requestPasswordReset.succeeded, (state, { payload }) => {
        state.passwordReset = {
          requested: true,
          confirmed: false,
          message: payload.message ?? null,
        };
      })
      .addCase(authActions.confirmPasswordReset.succeeded, (state, { payload }) => {
        state.passwordReset = {
          requested: false,
          confirmed: true,
          message: payload.message ?? null,
        };
      });

    addRemoteStatusCases(builder, authActions.login, (state) => state.status.login);
    addRemoteStatusCases(builder, authActions.challenge, (state) => state.status.challenge);
    addRemoteStatusCases(builder, authActions.loadAuth, (state) => state.status.loadAuth);
    addRemoteStatusCases(
      builder,
      authActions.loadNotifications,
      (state) => state.status.notifications,
    );
    addRemoteStatusCases(
      builder,
      authActions.removeNotification,
      (state) => state.status.removeNotification,
    );
    addRemoteStatusCases(
      builder,
      authActions.requestPasswordReset,
      (state) => state.status.passwordReset,
    );
    addRemoteStatusCases(
      builder,
      authActions.confirmPasswordReset,
      (state) => state.status.passwordConfirm,
    );
  },
});

export const authReducer = authSlice.reducer;

type WithAuth = { auth: AuthState };

export const selectAuth = (state: WithAuth): AuthState => state.auth;
export const selectAuthStatus = (state: WithAuth): AuthState['status'] => state.auth.status;
export const selectUser = (state: WithAuth): User | null => state.auth.user;
export const selectIsAuthenticated = (state: WithAuth): boolean => state.auth.authenticated;
export const selectNotifications = (state: WithAuth): NotificationsResponse =>
  state.auth.notifications;
