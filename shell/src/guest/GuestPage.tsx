// The guest page: loads the guest portal from the guest-portal remote and mounts it as a parcel
// with the guest link's token. Contained like any remote: whether it is not deployed, refused by
// the contract check, slow, broken or throws while it renders, the guest sees a calm page with
// Try again — never a blank one.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Parcel } from 'single-spa';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import CssBaseline from '@mui/material/CssBaseline';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ThemeProvider } from '@mui/material/styles';
import type { GuestPortalProps } from '@hostdash/shared-auth';
import { StyleNonce } from '../app/StyleNonce';
import { loadGuestPortal } from '../remotes/loader';
import { mountContained, unmountWhenMounted } from '../remotes/parcels';
import { theme } from '../theme';

export const UNAVAILABLE_MESSAGE =
  'Check-in is temporarily unavailable. Please try again in a few minutes.';

type Phase = 'loading' | 'mounted' | 'failed';

function Unavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <Box component="main" sx={{ p: 2, maxWidth: 480, mx: 'auto', mt: { xs: 4, sm: 8 } }}>
      <Paper sx={{ p: 3 }}>
        <Typography variant="h1" gutterBottom>
          Check-in
        </Typography>
        <Typography role="alert" sx={{ mb: 3 }}>
          {UNAVAILABLE_MESSAGE}
        </Typography>
        <Button variant="contained" size="large" fullWidth onClick={onRetry}>
          Try again
        </Button>
      </Paper>
    </Box>
  );
}

export function GuestPage({ token, styleNonce }: { token: string | null; styleNonce: string }) {
  const hostRef = useRef<HTMLDivElement>(null);
  const [phase, setPhase] = useState<Phase>(token ? 'loading' : 'failed');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const host = hostRef.current;
    if (!token || !host) return;
    let active = true;
    let parcel: Parcel<GuestPortalProps> | null = null;
    const fail = (error: unknown) => {
      if (!active) return;
      console.error('[guest] the guest portal failed:', error);
      setPhase('failed');
    };
    setPhase('loading');
    loadGuestPortal({ reload: attempt > 0 })
      .then(async (portal) => {
        if (!active) return;
        parcel = mountContained(portal, { token, apiBase: '/api', theme }, host, fail);
        await parcel.mountPromise;
        // A render error may have been reported while it mounted: that stands.
        if (active) setPhase((current) => (current === 'failed' ? current : 'mounted'));
      })
      .catch(fail);
    return () => {
      active = false;
      if (parcel)
        unmountWhenMounted(parcel).catch((error: unknown) =>
          console.error('[guest] the guest portal failed to unmount', error),
        );
    };
  }, [token, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);

  return (
    <StyleNonce nonce={styleNonce}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {phase === 'loading' && (
          <Box sx={{ display: 'flex', justifyContent: 'center', mt: 10 }}>
            <CircularProgress aria-label="Loading check-in" />
          </Box>
        )}
        {phase === 'failed' && <Unavailable onRetry={retry} />}
        {/* The portal's own root: kept in the page (hidden) so a failed mount can be unmounted. */}
        <div ref={hostRef} hidden={phase === 'failed'} data-remote="guestportal/guestPortal" />
      </ThemeProvider>
    </StyleNonce>
  );
}
