// Navigation built from the shared route table: a person sees the pages their role may open, for
// the remotes that are deployed. A link starts loading its remote once it is within 200px of the
// viewport, so the page is usually ready before the click.
import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router';
import { List, ListItemButton, ListItemText } from '@mui/material';
import { checkAccess, PREFETCH_ROOT_MARGIN, routes, selectUser, type AppName, type RouteDef } from '@hostdash/shared-auth';
import { useAppSelector } from '../app/hooks';
import { useClientConfig } from '../app/ShellContext';
import { useDeployedApps } from '../app/useDeployedApps';
import { prefetchFeature } from '../remotes/registry';

function PrefetchLink({ route, app, onNavigate }: { route: RouteDef; app: AppName; onNavigate?: () => void }) {
  const ref = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          prefetchFeature(app);
          observer.disconnect();
        }
      },
      { rootMargin: PREFETCH_ROOT_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [app]);

  return (
    <ListItemButton component={NavLink} to={route.path} ref={ref} end={route.path === '/'} onClick={onNavigate}>
      <ListItemText primary={route.title} />
    </ListItemButton>
  );
}

export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const user = useAppSelector(selectUser);
  const { stage, billingBypass } = useClientConfig();
  const deployed = useDeployedApps();

  const items = routes.flatMap((route) => {
    if (!route.nav || route.app === 'shell' || !deployed.has(route.app)) return [];
    const decision = checkAccess({ pathname: route.path, user, stage, billingBypass });
    return decision.allowed ? [{ route, app: route.app }] : [];
  });

  return (
    <List component="nav" aria-label="Main">
      {items.map(({ route, app }) => (
        <PrefetchLink key={route.path} route={route} app={app} onNavigate={onNavigate} />
      ))}
    </List>
  );
}
