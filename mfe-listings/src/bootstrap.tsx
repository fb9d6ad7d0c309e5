// Running the remote alone, for its own team's work (`npm start -w @hostdash/mfe-listings`):
// the same slice, saga and pages, with a store and history of its own. The API is reached
// through the shell server's /api proxy, so sign in on the shell first (same cookie on localhost).
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Provider } from 'react-redux';
import { Container, CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { authActions, hostdashThemeOptions } from '@hostdash/shared-auth';
import { ListingsRoutes } from './ListingsApp';
import { createRemoteStore } from './remoteStore';

const store = createRemoteStore();
// Who is signed in on the shell (same cookie): the vendor pages need the user.
store.dispatch(authActions.loadAuth.requested());

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
createRoot(container).render(
  <Provider store={store}>
    <ThemeProvider theme={createTheme(hostdashThemeOptions)}>
      <CssBaseline />
      <BrowserRouter>
        <Container sx={{ py: 3 }}>
          <ListingsRoutes />
        </Container>
      </BrowserRouter>
    </ThemeProvider>
  </Provider>,
);
