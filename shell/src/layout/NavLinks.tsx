// Navigation built from the shared route table: a person sees the pages their role may open, for
// the remotes that are deployed (a vendor sees their granted buildings), each with its icon, and
// the section they are in highlighted. A link starts loading its remote once it is within 200px
// of the viewport, so the page is usually ready before the click.
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import {
  buildingPath,
  isVendor,
  matchRoute,
  navigationFor,
  PREFETCH_ROOT_MARGIN,
  selectUser,
  type AppName,
} from '@hostdash/shared-auth';
import { useAppSelector } from '../app/hooks';
import { useClientConfig } from '../app/ShellContext';
import { useDeployedApps } from '../app/useDeployedApps';
import { prefetchFeature } from '../remotes/loader';
import { BuildingIcon, SECTION_ICONS } from './navIcons';

interface NavItem {
  to: string;
  title: string;
  app: AppName;
  Icon: (typeof SECTION_ICONS)[string];
}

/**
 * The menu entry a page belongs to, when it is not one itself: `/` is the risks page, and a detail
 * or edit page stays under its list, so the host always sees where they are.
 */
const SECTION_OF_PAGE: Readonly<Record<string, string>> = {
  '/': '/risks',
  '/reservation/:id': '/reservations',
  '/create-reservation': '/reservations',
  '/edit-reservation/:id': '/reservations',
  '/download/:type': '/analytics',
  '/listing/:id': '/listings',
  '/guestportal/screen/:name': '/guestportal',
  '/accounts/:id?/:action?': '/accounts',
  '/stargate/:id?': '/stargate',
  '/admin/listing/:id': '/admin/listings',
};

/** The address of the menu entry to highlight for `pathname` (a vendor's building is its own). */
function currentSection(pathname: string): string {
  const page = matchRoute(pathname)?.route.path;
  if (!page || page === '/building/:id/:building') return pathname;
  return SECTION_OF_PAGE[page] ?? page;
}

function PrefetchLink({
  item,
  current,
  onNavigate,
}: {
  item: NavItem;
  current: boolean;
  onNavigate?: () => void;
}) {
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
    <ListItemButton
      component={Link}
      to={item.to}
      ref={ref}
      onClick={onNavigate}
      selected={current}
      aria-current={current ? 'page' : undefined}
    >
      <ListItemIcon sx={{ minWidth: 40 }}>
        <item.Icon fontSize="small" />
      </ListItemIcon>
      <ListItemText primary={item.title} />
    </ListItemButton>
  );
}

export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const user = useAppSelector(selectUser);
  const { stage, billingBypass } = useClientConfig();
  const deployed = useDeployedApps();
  const section = currentSection(useLocation().pathname);

  const pages: NavItem[] = user
    ? navigationFor(user, { stage, billingBypass }).flatMap(({ to, route }) =>
        deployed.has(route.app)
          ? [{ to, title: route.title, app: route.app, Icon: SECTION_ICONS[to] ?? BuildingIcon }]
          : [],
      )
    : [];
  const buildings: NavItem[] =
    user && isVendor(user) && deployed.has('listings')
      ? (user.vendor_buildings ?? []).map((building) => ({
          to: buildingPath(building),
          title: building.name,
          app: 'listings',
          Icon: BuildingIcon,
        }))
      : [];

  return (
    <List component="nav" aria-label="Main">
      {[...buildings, ...pages].map((item) => (
        <PrefetchLink
          key={item.to}
          item={item}
          current={item.to === section}
          onNavigate={onNavigate}
        />
      ))}
    </List>
  );
}
