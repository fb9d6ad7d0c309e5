// One test helper for every remote: its routes with a real store, saga and theme, on a memory
// router. The store is the standalone one plus the shell's side of the contract that a page's
// messages depend on: a failed remote action that is not silent goes to the snackbar (shell/src/
// store/shellSaga.ts). Without it a test could not see an error said twice.
import type { ReactElement } from 'react';
import { act, render, type RenderResult } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router';
import { ThemeProvider, createTheme } from '@mui/material';
import { combineSlices, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { all, fork, put, takeEvery } from 'redux-saga/effects';
import type { Store } from 'redux';
import {
  authActions,
  authSaga,
  authSlice,
  hostdashThemeOptions,
  isFailedRemoteAction,
  snackbarActions,
  snackbarSlice,
  formSlice,
  type AuthState,
  type FeatureSlice,
  type FormState,
  type SnackbarState,
  type User,
} from '@hostdash/shared-auth';

export type RemoteTestState<Slice> = {
  auth: AuthState;
  snackbar: SnackbarState;
  form: FormState;
} & Slice;

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** What the shell does with a remote's failure: the snackbar says it, unless it is silent. */
function* failuresToSnackbar() {
  yield takeEvery(isFailedRemoteAction, function* showFailure(action) {
    if (action.meta.silent) return;
    yield put(snackbarActions.show({ text: action.payload.message, props: { severity: 'error' } }));
  });
}

function createTestStore(feature: FeatureSlice, user: User | null) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: combineSlices(authSlice, snackbarSlice, formSlice, {
      reducerPath: feature.key,
      reducer: feature.reducer,
    }),
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: false, serializableCheck: false }).concat(sagaMiddleware),
  });
  sagaMiddleware.run(function* remoteAndShellSagas() {
    yield all([
      fork(authSaga),
      fork(failuresToSnackbar),
      ...(feature.saga ? [fork(feature.saga)] : []),
    ]);
  });
  store.dispatch(authActions.hydrated(user));
  return store;
}

/**
 * Renders `routes` (the remote's <Routes>) at `path` with `feature`'s slice and saga. The current
 * address is in the `location` test id.
 */
export async function renderRemoteRoutes<Slice>(
  feature: FeatureSlice,
  routes: ReactElement,
  path: string,
  options: { user?: User | null } = {},
) {
  const store = createTestStore(feature, options.user ?? null) as unknown as Store<
    RemoteTestState<Slice>
  >;
  let view!: RenderResult;
  // Pages are lazy chunks: the first render is done once the page's code has arrived.
  await act(async () => {
    view = render(
      <Provider store={store}>
        <ThemeProvider theme={createTheme(hostdashThemeOptions)}>
          <MemoryRouter initialEntries={[path]}>
            {routes}
            <LocationProbe />
          </MemoryRouter>
        </ThemeProvider>
      </Provider>,
    );
  });
  return { ...view, store };
}
