import { createRoot } from 'react-dom/client';
import { configureApiClient, matchRoute, selectUser } from '@hostdash/shared-auth';
import { App } from './app/App';
import { clearSessionOnUnloadWhenSso } from './app/sso';
import { readClientConfig } from './config';
import { identifyFlagsUser, initFlags, resetFlagsUser } from './flags/featureFlags';
import { loadRegistry, setRegistryUser, startRegistry } from './remotes/registry';
import { createShellStore } from './store/store';

const config = readClientConfig();
configureApiClient({ baseURL: '/api' });

// Remotes are found at run time: the server put this user's registry in the page (canaries
// resolved); without it, start reading /remotes.json at once.
startRegistry(config.remotes, config.user?.id ?? null);
loadRegistry().catch((error: unknown) =>
  console.error('[remotes] the registry cannot be read', error),
);
void initFlags({ ...config.flagsmith, identity: config.user?.id ?? null });

// A signed-in page load of a remote's page: start the federation runtime, fetching that remote,
// and the MUI the remotes share now, beside the shell's own code, rather than once the shell has
// rendered (a waterfall).
const route = matchRoute(window.location.pathname)?.route;
if (config.user && route && route.app !== 'shell') {
  const app = route.app;
  void import('./remotes/loader').then((loader) => loader.prefetchFeature(app));
  void import('@mui/material'); // the shared barrel itself, as the remotes load it
}

const { store, injectFeature } = createShellStore({
  user: config.user,
  identifyUser: identifyFlagsUser,
  resetUser: resetFlagsUser,
});
clearSessionOnUnloadWhenSso(config.ssoCookie);
// Subscribed before the UI renders, so a sign-in inside the page reaches the registry before the
// user's first remote loads (a canary is per user).
store.subscribe(() => setRegistryUser(selectUser(store.getState())?.id ?? null));

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
createRoot(container).render(<App store={store} services={{ config, injectFeature }} />);
