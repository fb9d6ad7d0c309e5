// A page a remote renders: the remote the live registry names for the route, mounted.
import type { AppName, RouteDef } from '@hostdash/shared-auth';
import { useDeployedApps } from '../app/useDeployedApps';
import { RemoteFeature } from './RemoteFeature';

/**
 * Until the reservations remote renders the risks page, `/` shows the listings page (README).
 * Resolved from the live registry, so deploying reservations changes it without a shell build.
 */
function appFor(path: string, app: AppName, deployed: ReadonlySet<AppName>): AppName {
  if (path === '/' && app === 'reservations' && deployed.size > 0 && !deployed.has('reservations'))
    return 'listings';
  return app;
}

export function RemotePage({ route }: { route: RouteDef }) {
  const deployed = useDeployedApps();
  const app = appFor(route.path, route.app, deployed);
  // The page's header while the remote loads, when the route declares it and its remote draws it.
  const frame =
    app === route.app && route.frame ? { title: route.title, ...route.frame } : undefined;
  // Keyed by app: moving between two pages of one remote updates its parcel instead of remounting.
  return <RemoteFeature key={app} app={app} frame={frame} />;
}
