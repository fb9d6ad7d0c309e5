// Navigation built from the shared route table: a person sees the pages their role may open, for
// the remotes that are deployed (a vendor sees their granted buildings), each with its icon, and
// the section they are in highlighted. A link starts loading its remote when the person shows they
// are about to open it: the pointer on it, keyboard focus on it, or a finger touching it (before
// the click, which comes up to a few hundred ms later). Never merely because it is on screen or the
// page has sat idle: an owner who never opens admin, billing or onboarding downloads none of their
// code (issue 34, docs/adr/0037-session-weight.md).
import { useRef } from 'react';
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
  const { app } = item;
  const prefetched = useRef(false);
  /** The first sign of intent starts loading the remote; a failure is left to its page. */
  const prefetch = () => {
    if (prefetched.current) return;
    prefetched.current = true;
    prefetchFeature(app);
  };

  return (
    <ListItemButton
      component={Link}
      to={item.to}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onTouchStart={prefetch}
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
