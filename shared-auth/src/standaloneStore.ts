// A store for one remote running on its own (its standalone page, its tests): the same auth,
// snackbar and form slices the shell's store holds, the remote's slice, and their sagas.
import { combineSlices, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { all, fork } from 'redux-saga/effects';
import { authActions, authSlice } from './authSlice';
import { authSaga } from './authSaga';
import type { FeatureSlice } from './federation';
import { formSlice } from './formSlice';
import { snackbarSlice } from './snackbarSlice';
import type { User } from './types';

export function createStandaloneStore(feature: FeatureSlice, options: { user?: User | null } = {}) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: combineSlices(authSlice, snackbarSlice, formSlice, {
      reducerPath: feature.key,
      reducer: feature.reducer,
    }),
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: false, serializableCheck: false }).concat(sagaMiddleware),
  });
  sagaMiddleware.run(function* standaloneSagas() {
    yield all([fork(authSaga), ...(feature.saga ? [fork(feature.saga)] : [])]);
  });
  if (options.user !== undefined) store.dispatch(authActions.hydrated(options.user));
  return store;
}

export type StandaloneStore = ReturnType<typeof createStandaloneStore>;
