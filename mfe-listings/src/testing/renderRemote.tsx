// One test helper: the remote's routes with a real store, saga and theme, on a memory router.
import { act, render, type RenderResult } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router';
import { ThemeProvider, createTheme } from '@mui/material';
import type { Store } from 'redux';
import {
  createStandaloneStore,
  hostdashThemeOptions,
  type AuthState,
  type SnackbarState,
  type User,
} from '@hostdash/shared-auth';
import { slice } from '../feature';
import { ListingsRoutes } from '../ListingsApp';
import type { ListingsState } from '../listings/listingsSlice';

type RemoteState = { auth: AuthState; snackbar: SnackbarState; listings: ListingsState };

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

export async function renderRemote(path: string, options: { user?: User | null } = {}) {
  const store = createStandaloneStore(slice, {
    user: options.user ?? null,
  }) as unknown as Store<RemoteState>;
  let view!: RenderResult;
  // Pages are lazy chunks: the first render is done once the page's code has arrived.
  await act(async () => {
    view = render(
      <Provider store={store}>
        <ThemeProvider theme={createTheme(hostdashThemeOptions)}>
          <MemoryRouter initialEntries={[path]}>
            <ListingsRoutes />
            <LocationProbe />
          </MemoryRouter>
        </ThemeProvider>
      </Provider>,
    );
  });
  return { ...view, store };
}
