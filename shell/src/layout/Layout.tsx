import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useSession } from '../app/session';
import { BillingBanner } from './BillingBanner';
import { InfoIcon, MenuIcon } from './icons';

// What only a signed-in person or a click needs is its own chunk: the sign-in page loads none of it.
const AboutDialog = lazy(() => import('./AboutDialog').then((m) => ({ default: m.AboutDialog })));
const NavigationDrawer = lazy(() =>
  import('./NavigationDrawer').then((m) => ({ default: m.NavigationDrawer })),
);
const NotificationsMenu = lazy(() =>
  import('./NotificationsMenu').then((m) => ({ default: m.NotificationsMenu })),
);

const DRAWER_WIDTH = 232;

export function Layout({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [aboutOpen, setAboutOpen] = useState(false);
  // Loaded on first use, and kept (so it can animate closed).
  const [aboutLoaded, setAboutLoaded] = useState(false);
  const signedIn = user !== null;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
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
            to="/"
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
              <Typography variant="body2" sx={{ mr: 1, display: { xs: 'none', sm: 'block' } }}>
                {user.name}
              </Typography>
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
      {signedIn && (
        // Its space is held while its code loads, so the page does not move (no layout shift).
        <Suspense fallback={<Box sx={{ width: wide ? DRAWER_WIDTH : 0, flexShrink: 0 }} />}>
          <NavigationDrawer
            width={DRAWER_WIDTH}
            wide={wide}
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
          />
        </Suspense>
      )}
      {aboutLoaded && (
        <Suspense fallback={null}>
          <AboutDialog open={aboutOpen} onClose={() => setAboutOpen(false)} />
        </Suspense>
      )}
      <Box component="main" sx={{ flexGrow: 1, p: { xs: 2, md: 3 }, minWidth: 0 }}>
        <Toolbar />
        <BillingBanner />
        {children}
      </Box>
    </Box>
  );
}
