// The one recipe for the store (issue 35): the shell's, a remote's standalone page's and every
// remote test's store are this one, so a remote meets in its tests what it meets in the shell.
// It holds the auth, snackbar and form slices; a remote's slice and saga are injected when the
// remote first mounts (ARCHITECTURE.md, "One store"). Its sagas are auth's and the shell's side of
// the contract a page's messages depend on (a failed call the page does not handle goes to the
// snackbar); the shell adds its own (the feature-flag identity) through `saga`.
import { combineSlices, configureStore, type UnknownAction } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Saga } from 'redux-saga';
import { all, fork, put, select, takeEvery } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import { readableMessage } from './apiErrors';
import { authActions, authSlice, selectIsAuthenticated, type AuthState } from './authSlice';
import { authSaga } from './authSaga';
import type { FeatureSlice } from './federation';
import { formSlice } from './formSlice';
import { isFailedRemoteAction } from './remoteAction';
import { snackbarActions, snackbarSlice } from './snackbarSlice';
import type { ApiError, User } from './types';

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Sign in again to continue.';

/** Signing out resets every slice, the remotes' too: nothing of one user stays for the next. */
const isSignOut = (action: UnknownAction): boolean =>
  authActions.reset.match(action) ||
  authActions.sessionEnded.match(action) ||
  authActions.logout.succeeded.match(action) ||
  authActions.logout.failed.match(action);

/**
 * A failed call: a session the API no longer accepts ends (the access rules take the person to
 * sign in from wherever they are), a deactivated account is signed out, and anything else the
 * page does not say itself (not `silent`) goes to the snackbar in the shared words.
 */
function* showFailure(action: PayloadAction<ApiError, string, { silent: boolean }>) {
  const signedIn = (yield select((state: { auth: AuthState }) =>
    selectIsAuthenticated(state),
  )) as boolean;
  if (signedIn && action.payload.error === 'unauthorized') {
    yield put(authActions.sessionEnded());
    yield put(snackbarActions.show({ text: SESSION_ENDED_MESSAGE, props: { severity: 'info' } }));
    return;
  }
  if (signedIn && action.payload.error === 'account_deactivated') {
    yield put(authActions.deactivated());
    return;
  }
  if (action.meta?.silent) return;
  yield put(
    snackbarActions.show({ text: readableMessage(action.payload), props: { severity: 'error' } }),
  );
}

export interface BaseStoreOptions {
  /** Who is signed in (null: nobody); left out, the auth slice starts unhydrated. */
  user?: User | null;
  /** A saga of the store's owner, run beside auth's and the failure handling. */
  saga?: Saga<[]>;
  /** Where a crashed saga is told (the shell logs it). */
  onSagaError?: (error: Error) => void;
}

export function createBaseStore(options: BaseStoreOptions = {}) {
  const slices = combineSlices(authSlice, snackbarSlice, formSlice).withLazyLoadedSlices<
    Record<string, unknown>
  >();
  const rootReducer: typeof slices = ((state, action) => {
    if (isSignOut(action)) return slices(undefined, action);
    // Staff opened or left a host's account: every slice starts afresh but who is signed in
    // (docs/adr/0031), so no page shows one account's rows inside another.
    if (authActions.viewAccount.succeeded.match(action))
      return slices(undefined, authActions.hydrated(action.payload));
    return slices(state, action);
  }) as typeof slices;
  const sagaMiddleware = createSagaMiddleware(
    options.onSagaError ? { onError: options.onSagaError } : {},
  );
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefaultMiddleware) =>
      // Remotes may put Blobs (downloads) in actions; do not warn about non-serialisable values.
      getDefaultMiddleware({ serializableCheck: false, thunk: false }).concat(sagaMiddleware),
  });
  const ownerSaga = options.saga;
  sagaMiddleware.run(function* baseSagas() {
    yield all([
      fork(authSaga),
      takeEvery(isFailedRemoteAction, showFailure),
      ...(ownerSaga ? [fork(ownerSaga)] : []),
    ]);
  });
  if (options.user !== undefined) store.dispatch(authActions.hydrated(options.user));

  const injected = new Set<string>();
  /** Adds a remote's slice and starts its saga, once per slice key. */
  function injectFeature(slice: FeatureSlice): void {
    if (injected.has(slice.key)) return;
    injected.add(slice.key);
    slices.inject({ reducerPath: slice.key, reducer: slice.reducer });
    store.dispatch({ type: 'shell/featureInjected', payload: slice.key });
    if (slice.saga) sagaMiddleware.run(slice.saga);
  }

  return { store, injectFeature };
}

/** A store for one remote on its own (its standalone page, its tests): the base, its slice in. */
export function createStandaloneStore(feature: FeatureSlice, options: { user?: User | null } = {}) {
  const { store, injectFeature } = createBaseStore(options);
  injectFeature(feature);
  return store;
}

export type BaseStore = ReturnType<typeof createBaseStore>['store'];
export type StandaloneStore = ReturnType<typeof createStandaloneStore>;
