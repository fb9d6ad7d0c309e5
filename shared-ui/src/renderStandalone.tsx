import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { Container, CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import {
  hostdashThemeOptions,
  installHistoryGate,
  type StandaloneStore,
} from '@hostdash/shared-auth';

/**
 * Renders a remote's routes on a page of their own, for its team's work (`npm start -w …`): the
 * dashboard's theme, a store and a history of its own. The API is reached through the shell
 * server's /api proxy, so sign in on the shell first (same cookie on localhost).
 */
export function renderStandalone(routes: ReactNode, store: StandaloneStore): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  installHistoryGate();
  createRoot(container).render(
    <Provider store={store}>
      <ThemeProvider theme={createTheme(hostdashThemeOptions)}>
        <CssBaseline />
        <BrowserRouter>
          <Container sx={{ py: 3 }}>{routes}</Container>
        </BrowserRouter>
      </ThemeProvider>
    </Provider>,
  );
}
