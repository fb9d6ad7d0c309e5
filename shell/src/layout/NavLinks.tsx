// Navigation built from the shared route table: a person sees the pages their role may open, for
// the remotes that are deployed (a vendor sees their granted buildings). A link starts loading its
// remote once it is within 200px of the viewport, so the page is usually ready before the click.
import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import {
  buildingPath,
  checkAccess,
  isVendor,
  PREFETCH_ROOT_MARGIN,
  routes,
  selectUser,
  type AppName,
} from '@hostdash/shared-auth';
import { useAppSelector } from '../app/hooks';
import { useClientConfig } from '../app/ShellContext';
import { useDeployedApps } from '../app/useDeployedApps';
import { prefetchFeature } from '../remotes/loader';

interface NavItem {
  to: string;
  title: string;
  app: AppName;
}

function PrefetchLink({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  const ref = useRef<HTMLAnchorElement>(null);
  const { app } = item;
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
    <ListItemButton component={NavLink} to={item.to} ref={ref} onClick={onNavigate}>
      <ListItemText primary={item.title} />
    </ListItemButton>
  );
}

export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const user = useAppSelector(selectUser);
  const { stage, billingBypass } = useClientConfig();
  const deployed = useDeployedApps();

  const pages: NavItem[] = routes.flatMap((route) => {
    if (!route.nav || route.app === 'shell' || !deployed.has(route.app)) return [];
    const decision = checkAccess({ pathname: route.path, user, stage, billingBypass });
    return decision.allowed ? [{ to: route.path, title: route.title, app: route.app }] : [];
  });
  const buildings: NavItem[] =
    user && isVendor(user) && deployed.has('listings')
      ? (user.vendor_buildings ?? []).map((building) => ({
          to: buildingPath(building),
          title: building.name,
          app: 'listings',
        }))
      : [];

  return (
    <List component="nav" aria-label="Main">
      {[...buildings, ...pages].map((item) => (
        <PrefetchLink key={item.to} item={item} onNavigate={onNavigate} />
      ))}
    </List>
  );
}
