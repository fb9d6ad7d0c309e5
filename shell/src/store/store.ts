// The one store. The shell creates it with the saga middleware; each remote's slice and saga are
// injected when the remote first mounts (ARCHITECTURE.md, "One store").
import { combineSlices, configureStore, type UnknownAction } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import {
  authActions,
  authSlice,
  formSlice,
  snackbarSlice,
  type FeatureSlice,
  type User,
} from '@hostdash/shared-auth';
import { shellSaga, type ShellSagaOptions } from './shellSaga';

/** Signing out resets every slice, the remotes' too: nothing of one user stays for the next. */
const isSignOut = (action: UnknownAction): boolean =>
  authActions.reset.match(action) ||
  authActions.sessionEnded.match(action) ||
  authActions.logout.succeeded.match(action) ||
  authActions.logout.failed.match(action);

export function createShellStore(options: { user: User | null } & ShellSagaOptions) {
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
  const sagaMiddleware = createSagaMiddleware({
    onError: (error) => console.error('[store] a saga crashed', error),
  });
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefaultMiddleware) =>
      // Remotes may put Blobs (downloads) in actions; do not warn about non-serialisable values.
      getDefaultMiddleware({ serializableCheck: false, thunk: false }).concat(sagaMiddleware),
  });
  sagaMiddleware.run(shellSaga, options);
  store.dispatch(authActions.hydrated(options.user));

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

export type ShellStore = ReturnType<typeof createShellStore>['store'];
export type RootState = ReturnType<ShellStore['getState']>;
export type AppDispatch = ShellStore['dispatch'];
