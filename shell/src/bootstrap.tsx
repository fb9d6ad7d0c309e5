import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApiClient, installHistoryGate, matchRoute } from '@hostdash/shared-auth';
import { openDashboard, Shell } from './app/Shell';
import { clearSessionOnUnloadWhenSso } from './app/sso';
import { readClientConfig } from './config';
import { initFlags } from './flags/featureFlags';
import { loadRegistry, startRegistry } from './remotes/registry';
import { loadSharedMui } from './remotes/sharedMui';
import { countApiCall, reportApiFailure, startTelemetry } from './telemetry/pageTelemetry';

const config = readClientConfig();
// Telemetry first: whatever goes wrong from here on is heard (issue 17).
startTelemetry(config);
configureApiClient({
  baseURL: '/api',
  onCall: countApiCall,
  onFailure: reportApiFailure,
});
// Before the router listens: a form with unsaved changes hears Back and Forward first.
installHistoryGate();

// Remotes are found at run time: the server put this user's registry in the page (canaries
// resolved); without it, start reading /remotes.json at once.
startRegistry(config.remotes, config.user?.id ?? null);
loadRegistry().catch((error: unknown) =>
  console.error('[remotes] the registry cannot be read', error),
);
void initFlags({ ...config.flagsmith, identity: config.user?.id ?? null });
clearSessionOnUnloadWhenSso(config.ssoCookie);

// A signed-in page load of a remote's page: start the federation runtime, fetching that remote,
// and the MUI the remotes share now, beside the shell's own code, rather than once the shell has
// rendered (a waterfall).
const route = matchRoute(window.location.pathname)?.route;
const remotePage = route !== undefined && route.app !== 'shell';
if (config.user && remotePage) {
  const app = route.app;
  void import('./remotes/loader').then((loader) => loader.prefetchFeature(app));
  void loadSharedMui(); // the MUI the remotes share, as they load it
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = createRoot(container);
// A page with a user, or a remote's page, opens on the dashboard (the store and what runs on it);
// a sign-in page without a user starts without it, and so does a page that cannot say who the user
// is yet (the API did not answer: the page says so, and Retry opens the dashboard).
if (config.user || (remotePage && !config.apiUnreachable)) {
  openDashboard(config).then(
    // As a transition: React renders the dashboard in slices, yielding to the browser between
    // them, instead of one long task a phone cannot answer a tap in. The page's frame from the
    // server (server/bootFrame.ts) stays until the whole dashboard commits.
    (dashboard) =>
      startTransition(() => root.render(<Shell config={config} dashboard={dashboard} />)),
    (error: unknown) => console.error('[shell] the dashboard cannot be loaded', error),
  );
} else {
  root.render(<Shell config={config} dashboard={null} />);
}
