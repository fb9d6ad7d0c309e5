import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter, Route, Routes } from 'react-router';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ShellStore } from '../store/store';
import { theme } from '../theme';
import { Layout } from '../layout/Layout';
import { OutageBanner } from '../layout/OutageBanner';
import { ShellSnackbar } from '../layout/ShellSnackbar';
import { NewVersionNotice } from './NewVersionNotice';
import { PageSwitch } from './PageSwitch';
import { ShellProvider, type ShellServices } from './ShellContext';

/** The providers every part of the shell runs in: store, shell services, theme. */
export function ShellProviders({
  store,
  services,
  children,
}: {
  store: ShellStore;
  services: ShellServices;
  children: ReactNode;
}) {
  return (
    <Provider store={store}>
      <ShellProvider services={services}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          {children}
        </ThemeProvider>
      </ShellProvider>
    </Provider>
  );
}

export function App({ store, services }: { store: ShellStore; services: ShellServices }) {
  return (
    <ShellProviders store={store} services={services}>
      <BrowserRouter>
        <OutageBanner />
        <Layout>
          <Routes>
            <Route path="*" element={<PageSwitch />} />
          </Routes>
        </Layout>
        <ShellSnackbar />
        <NewVersionNotice />
      </BrowserRouter>
    </ShellProviders>
  );
}
