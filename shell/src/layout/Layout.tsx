import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  AppBar,
  Box,
  Button,
  Drawer,
  IconButton,
  Toolbar,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { selectUser } from '@hostdash/shared-auth';
import { useAppSelector } from '../app/hooks';
import { AboutDialog } from './AboutDialog';
import { InfoIcon, MenuIcon } from './icons';
import { NavLinks } from './NavLinks';
import { NotificationsMenu } from './NotificationsMenu';

const DRAWER_WIDTH = 232;

export function Layout({ children }: { children: ReactNode }) {
  const user = useAppSelector(selectUser);
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [aboutOpen, setAboutOpen] = useState(false);
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
            onClick={() => setAboutOpen(true)}
          >
            <InfoIcon />
          </IconButton>
          {signedIn && (
            <>
              <Typography variant="body2" sx={{ mr: 1, display: { xs: 'none', sm: 'block' } }}>
                {user.name}
              </Typography>
              <NotificationsMenu />
              <Button color="inherit" component={RouterLink} to="/logout">
                Sign out
              </Button>
            </>
          )}
        </Toolbar>
      </AppBar>
      {signedIn && (
        <Drawer
          variant={wide ? 'permanent' : 'temporary'}
          open={wide || drawerOpen}
          onClose={() => setDrawerOpen(false)}
          sx={{
            width: DRAWER_WIDTH,
            flexShrink: 0,
            '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
            '& a.active': { bgcolor: 'action.selected', fontWeight: 600 },
          }}
        >
          <Toolbar />
          <NavLinks onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      )}
      <AboutDialog open={aboutOpen} onClose={() => setAboutOpen(false)} />
      <Box component="main" sx={{ flexGrow: 1, p: { xs: 2, md: 3 }, minWidth: 0 }}>
        <Toolbar />
        {children}
      </Box>
    </Box>
  );
}
