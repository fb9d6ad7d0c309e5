import { createRoot } from 'react-dom/client';
import { configureApiClient } from '@hostdash/shared-auth';
import { App } from './app/App';
import { clearSessionOnUnloadWhenSso } from './app/sso';
import { readClientConfig } from './config';
import { identifyFlagsUser, initFlags, resetFlagsUser } from './flags/featureFlags';
import { loadRegistry } from './remotes/registry';
import { createShellStore } from './store/store';

const config = readClientConfig();
configureApiClient({ baseURL: '/api' });

// Start reading the registry at once: remotes are found at run time.
loadRegistry().catch((error: unknown) =>
  console.error('[remotes] the registry cannot be read', error),
);
void initFlags({ ...config.flagsmith, identity: config.user?.id ?? null });

const { store, injectFeature } = createShellStore({
  user: config.user,
  identifyUser: identifyFlagsUser,
  resetUser: resetFlagsUser,
});
clearSessionOnUnloadWhenSso(config.ssoCookie);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
createRoot(container).render(<App store={store} services={{ config, injectFeature }} />);
