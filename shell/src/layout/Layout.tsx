import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { focusRing, homePath, NAVIGATION_WIDTH } from '@hostdash/shared-auth';
import type { Dashboard } from '../app/Dashboard';
import { useSession } from '../app/session';
import { BillingBanner } from './BillingBanner';
import { InfoIcon, MenuIcon } from './icons';
import { OutageBanner } from './OutageBanner';
import { UserMenu } from './UserMenu';

// What only a signed-in person or a click needs is its own chunk: the sign-in page loads none of it.
// The side navigation comes with the dashboard (open before a signed-in page's first render), so
// it paints with the page instead of popping in after it (issue 33).
const AboutDialog = lazy(() => import('./AboutDialog').then((m) => ({ default: m.AboutDialog })));
const NotificationsMenu = lazy(() =>
  import('./NotificationsMenu').then((m) => ({ default: m.NotificationsMenu })),
);

const MAIN_ID = 'main-content';

/**
 * The first stop of the Tab key (WCAG 2.4.1): out of sight until it has the focus, it takes a
 * keyboard past the top bar and the menu to the page itself. The focus moves without changing the
 * address (a #fragment would be a navigation to the router).
 */
function SkipLink() {
  return (
    <Box
      component="a"
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
      sx={{
        position: 'fixed',
        left: 8,
        top: -64,
        zIndex: (t) => t.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 600,
        borderRadius: 1,
        boxShadow: 3,
        '&:focus': { top: 8, ...focusRing },
      }}
    >
      Skip to content
    </Box>
  );
}

/**
 * After a navigation that took the focused element away (the sign-in form, a dialog's button that
 * led elsewhere), the focus goes to the page's main region, not back to the top of the document or
 * to where the gone element was: the next Tab is the new page's first control and a screen reader
 * reads the new page. A link that is still there (the side menu's) keeps the focus.
 */
function useFocusAfterNavigation() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const focused = document.activeElement;
    if (focused && focused !== document.body && focused.isConnected) return;
    document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
  }, [pathname]);
}

export function Layout({
  children,
  dashboard = null,
}: {
  children: ReactNode;
  /** The open dashboard, whose frame parts read the store (none on a sign-in page). */
  dashboard?: Pick<Dashboard, 'Navigation' | 'ViewingBar' | 'PreviewBar'> | null;
}) {
  const { user } = useSession();
  const theme = useTheme();
  // Read at once (noSsr): the first render already knows whether the side menu is a panel or a drawer.
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [aboutOpen, setAboutOpen] = useState(false);
  // Loaded on first use, and kept (so it can animate closed).
  const [aboutLoaded, setAboutLoaded] = useState(false);
  const signedIn = user !== null;
  useFocusAfterNavigation();

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink />
      <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
        <Toolbar>
          {signedIn && !wide && (
            <IconButton
              color="inherit"
              edge="start"
              aria-label="Open navigation"
              onClick={() => setDrawerOpen(true)}
              sx={{ mr: 1 }}
            >
              <MenuIcon />
            </IconButton>
          )}
          <Typography
            component={RouterLink}
            to={user ? homePath(user) : '/'}
            variant="h6"
            sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 700, flexGrow: 1 }}
          >
            Hostdash
          </Typography>
          <IconButton
            color="inherit"
            aria-label="About Hostdash"
            onClick={() => {
              setAboutLoaded(true);
              setAboutOpen(true);
            }}
          >
            <InfoIcon />
          </IconButton>
          {signedIn && (
            <>
              <UserMenu name={user.name} />
              <Suspense fallback={<Box sx={{ width: 40, height: 40 }} />}>
                <NotificationsMenu />
              </Suspense>
              <Button color="inherit" component={RouterLink} to="/logout">
                Sign out
              </Button>
            </>
          )}
        </Toolbar>
      </AppBar>
      {signedIn && dashboard && (
        <dashboard.Navigation
          width={NAVIGATION_WIDTH}
          wide={wide}
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
        />
      )}
      {aboutLoaded && (
        <Suspense fallback={null}>
          <AboutDialog open={aboutOpen} onClose={() => setAboutOpen(false)} />
        </Suspense>
      )}
      <Box
        component="main"
        id={MAIN_ID}
        // Focused by the skip link only; the page's own controls are the next Tab stops.
        tabIndex={-1}
        sx={{ flexGrow: 1, p: { xs: 2, md: 3 }, minWidth: 0, '&:focus': { outline: 'none' } }}
      >
        <Toolbar />
        {/* In the flow under the top bar: it pushes the page down, never covers it. */}
        <OutageBanner />
        {signedIn && dashboard && <dashboard.ViewingBar />}
        {signedIn && dashboard && <dashboard.PreviewBar />}
        <BillingBanner />
        {children}
      </Box>
    </Box>
  );
}
