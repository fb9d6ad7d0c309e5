// A store of the remote's own, for running it alone (bootstrap.tsx) and in its tests: the same
// slices the shell's store holds, and the same sagas.
import { combineSlices, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { all, fork } from 'redux-saga/effects';
import { authActions, authSaga, authSlice, snackbarSlice, type User } from '@hostdash/shared-auth';
import { listingsSlice } from './listings/listingsSlice';
import { listingsSaga } from './listings/listingsSaga';

export function createRemoteStore(options: { user?: User | null } = {}) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: combineSlices(authSlice, snackbarSlice, listingsSlice),
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: false, serializableCheck: false }).concat(sagaMiddleware),
  });
  sagaMiddleware.run(function* remoteSagas() {
    yield all([fork(authSaga), fork(listingsSaga)]);
  });
  if (options.user !== undefined) store.dispatch(authActions.hydrated(options.user));
  return store;
}

export type RemoteStore = ReturnType<typeof createRemoteStore>;
