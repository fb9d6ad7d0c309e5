// One test helper for every remote: its routes with a real store, saga and theme, on a memory
// router. The store is the shell's own recipe (shared-auth/src/baseStore.ts): the same failure
// handling and words a page meets in the shell, so a test sees an error said twice, or in other
// words than the snackbar's.
import type { ReactElement } from 'react';
import { act, render, type RenderResult } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router';
import { ThemeProvider, createTheme } from '@mui/material';
import type { Store } from 'redux';
import {
  createStandaloneStore,
  hostdashThemeOptions,
  type AuthState,
  type FeatureSlice,
  type FormState,
  type SnackbarState,
  type User,
} from '@hostdash/shared-auth';

/** The shell's own store recipe for one remote's page, for a test that builds its store itself. */
export { createStandaloneStore };

export type RemoteTestState<Slice> = {
  auth: AuthState;
  snackbar: SnackbarState;
  form: FormState;
} & Slice;

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
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
  const store = createStandaloneStore(feature, { user: options.user ?? null }) as unknown as Store<
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
