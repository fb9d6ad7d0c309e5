// One test helper: the remote's routes with a real store, saga and theme, on a memory router.
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router';
import { ThemeProvider, createTheme } from '@mui/material';
import { hostdashThemeOptions, type User } from '@hostdash/shared-auth';
import { ListingsRoutes } from '../ListingsApp';
import { createRemoteStore } from '../remoteStore';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

export function renderRemote(path: string, options: { user?: User | null } = {}) {
  const store = createRemoteStore({ user: options.user ?? null });
  const view = render(
    <Provider store={store}>
      <ThemeProvider theme={createTheme(hostdashThemeOptions)}>
        <MemoryRouter initialEntries={[path]}>
          <ListingsRoutes />
          <LocationProbe />
        </MemoryRouter>
      </ThemeProvider>
    </Provider>,
  );
  return { ...view, store };
}
