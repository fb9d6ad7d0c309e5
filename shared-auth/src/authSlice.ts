// The auth slice (spec sections 3 and 4): authenticated flag, session, user, notifications, and
// the auth calls the store runs, each with its three steps. A sign-in happens on the sign-in pages
// (its progress is form state); the slice learns its outcome, `signedIn`.
import { createAction, createSlice } from '@reduxjs/toolkit';
import { authApi, type NotificationsResponse, type SignedIn } from './authApi';
import { defineRemoteCall, idleStatus, type RemoteStatus } from './remoteAction';
import type { User } from './types';

export interface AuthState {
  authenticated: boolean;
  /** The browser never holds the session value itself (HttpOnly cookie): only when it ends. */
  session: { expiresAt: string | null } | null;
  user: User | null;
  notifications: NotificationsResponse;
  status: {
    loadAuth: RemoteStatus;
    logout: RemoteStatus;
    /** Staff opening a host's account, or leaving it. */
    viewAccount: RemoteStatus;
    notifications: RemoteStatus;
    removeNotification: RemoteStatus;
  };
}

export const initialAuthState: AuthState = {
  authenticated: false,
  session: null,
  user: null,
  notifications: { items: [], total: 0, unread: 0 },
  status: {
    loadAuth: idleStatus(),
    logout: idleStatus(),
    viewAccount: idleStatus(),
    notifications: idleStatus(),
    removeNotification: idleStatus(),
  },
};

export const authActions = {
  loadAuth: defineRemoteCall<AuthState, void, User | null>('auth/loadAuth', authApi.loadAuth, {
    status: (state) => state.status.loadAuth,
  }),
  logout: defineRemoteCall<AuthState, void, unknown>('auth/logout', authApi.logout, {
    strategy: 'leading',
  }),
  loadNotifications: defineRemoteCall<AuthState, { limit?: number }, NotificationsResponse>(
    'auth/loadNotifications',
    authApi.loadNotifications,
    { status: (state) => state.status.notifications },
  ),
  // Each dismissal is its own write.
  removeNotification: defineRemoteCall<AuthState, { id: string }, unknown>(
    'auth/removeNotification',
    authApi.removeNotification,
    { status: (state) => state.status.removeNotification, strategy: 'every' },
  ),
  /** The person has seen these (the bell menu was opened on them). */
  markNotificationsRead: defineRemoteCall<AuthState, { ids: string[] }, unknown>(
    'auth/markNotificationsRead',
    authApi.markNotificationsRead,
    { strategy: 'every', silent: true },
  ),
  /**
   * Staff open a host's account (`accountId`) or leave it (null); the answer is the signed-in user,
   * `viewing` changed. Its success starts every other slice afresh (the shell's store): nothing of
   * one account's pages stays for the next.
   */
  viewAccount: defineRemoteCall<AuthState, { accountId: string | null }, User>(
    'auth/viewAccount',
    authApi.viewAccount,
    { status: (state) => state.status.viewAccount, strategy: 'leading' },
  ),
  /** The user the shell server checked for this page load (or none). */
  hydrated: createAction<User | null>('auth/hydrated'),
  /** A sign-in succeeded in the page (a login without a second step, or the second step). */
  signedIn: createAction<SignedIn>('auth/signedIn'),
  /** Back to the initial, signed-out state. */
  reset: createAction('auth/reset'),
  /** The API no longer knows this session (expired or revoked elsewhere). */
  sessionEnded: createAction('auth/sessionEnded'),
  /** The API says this account was deactivated while signed in. */
  deactivated: createAction('auth/deactivated'),
};

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
      // A login without a redirect, or the second step, marks authenticated (the sign-in pages
      // send a login that answered with a redirect to its second step first).
      .addCase(authActions.signedIn, (state, { payload: { user, expiresAt } }) => {
        state.authenticated = true;
        state.user = user;
        state.session = { expiresAt: expiresAt ?? null };
      })
      // Loading auth marks authenticated if a user payload exists.
      .addCase(authActions.loadAuth.succeeded, (state, { payload: user }) => {
        state.user = user ?? null;
        state.authenticated = !!user;
        state.session = user ? (state.session ?? { expiresAt: null }) : null;
      })
      .addCase(authActions.viewAccount.succeeded, (state, { payload: user }) => {
        state.user = user;
        state.authenticated = true;
        state.session ??= { expiresAt: null };
      })
      // Logout resets everything to the initial unauthenticated state — also when the call
      // failed: the person asked to be signed out, and the server clears the cookie either way.
      .addCase(authActions.logout.succeeded, () => initialAuthState)
      .addCase(authActions.logout.failed, () => initialAuthState)
      .addCase(authActions.loadNotifications.succeeded, (state, { payload }) => {
        state.notifications = {
          items: payload.items,
          total: payload.total,
          unread: payload.unread,
        };
      })
      // Shown as read at once; a failure leaves it read here and unread in the API, which the
      // next load corrects.
      .addCase(authActions.markNotificationsRead.requested, (state, { payload }) => {
        const ids = new Set(payload.ids);
        let marked = 0;
        for (const item of state.notifications.items)
          if (ids.has(item.id) && !item.read) {
            item.read = true;
            marked += 1;
          }
        state.notifications.unread = Math.max(0, state.notifications.unread - marked);
      })
      .addCase(authActions.removeNotification.succeeded, (state, { meta }) => {
        const removed = state.notifications.items.find((item) => item.id === meta.request.id);
        if (removed && !removed.read)
          state.notifications.unread = Math.max(0, state.notifications.unread - 1);
        const before = state.notifications.items.length;
        state.notifications.items = state.notifications.items.filter(
          (item) => item.id !== meta.request.id,
        );
        state.notifications.total = Math.max(
          0,
          state.notifications.total - (before - state.notifications.items.length),
        );
      });

    authActions.loadAuth.addStatusCases(builder);
    authActions.viewAccount.addStatusCases(builder);
    authActions.loadNotifications.addStatusCases(builder);
    authActions.removeNotification.addStatusCases(builder);
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
