// The guest page: loads the guest portal from the guest-portal remote and mounts it with the guest
// link's token and the page's first GET /guest/portal, already under way. Contained like any remote: whether it is not deployed, refused by
// the contract check, slow, broken or throws while it renders, the guest sees a calm page with
// Try again — never a blank one.
import { useCallback, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CssBaseline from '@mui/material/CssBaseline';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ThemeProvider } from '@mui/material/styles';
import {
  browserLanguage,
  GUEST_LOADING_WORDS,
  GUEST_UNAVAILABLE_WORDS,
  waitingProps,
} from '@hostdash/shared-auth/guest';
import { StyleNonce } from '../app/StyleNonce';
import { theme } from '../theme';
import { loadGuestPortal } from './guestLoader';
import { mountPortal, type MountedPortal } from './mountPortal';

type Phase = 'loading' | 'mounted' | 'failed';

/**
 * The page's own words, in the browser's language until the portal speaks: the portal then says
 * everything in the language the API decides (shared-auth's guest words, docs/adr/0036).
 */
const language = browserLanguage();
const words = GUEST_UNAVAILABLE_WORDS[language];

function Unavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <Box
      component="main"
      lang={language}
      sx={{ p: 2, maxWidth: 480, mx: 'auto', mt: { xs: 4, sm: 8 } }}
    >
      <Paper sx={{ p: 3 }}>
        <Typography variant="h1" gutterBottom>
          {words.title}
        </Typography>
        <Typography role="alert" sx={{ mb: 3 }}>
          {words.unavailable}
        </Typography>
        <Button variant="contained" size="large" fullWidth onClick={onRetry}>
          {words.tryAgain}
        </Button>
      </Paper>
    </Box>
  );
}

/** The page's HTML shows the same (api-contract's guestWaiting.ts): plain markup, no styles to compute on the way. */
function Waiting() {
  return <div {...WAITING} />;
}

const WAITING = waitingProps(theme.palette.primary.main, GUEST_LOADING_WORDS[language], {
  language,
});

export interface GuestPageProps {
  token: string | null;
  styleNonce: string;
  /** The page's GET /guest/portal, started before anything else: the portal's first answer. */
  firstPortal?: Promise<Response>;
}

export function GuestPage({ token, styleNonce, firstPortal }: GuestPageProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const [phase, setPhase] = useState<Phase>(token ? 'loading' : 'failed');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const host = hostRef.current;
    if (!token || !host) return;
    let active = true;
    let mounted: MountedPortal | null = null;
    const fail = (error: unknown) => {
      if (!active) return;
      console.error('[guest] the guest portal failed:', error);
      setPhase('failed');
    };
    setPhase('loading');
    loadGuestPortal({ reload: attempt > 0 })
      .then(async (portal) => {
        if (!active) return;
        // A Retry asks again: the first answer was the one that failed.
        const first = attempt === 0 ? firstPortal : undefined;
        mounted = mountPortal(
          portal,
          { token, apiBase: '/api', theme, ...(first ? { firstPortal: first } : {}) },
          host,
          fail,
        );
        await mounted.mounted;
        // A render error may have been reported while it mounted: that stands.
        if (active) setPhase((current) => (current === 'failed' ? current : 'mounted'));
      })
      .catch(fail);
    return () => {
      active = false;
      if (mounted)
        mounted
          .unmount()
          .catch((error: unknown) =>
            console.error('[guest] the guest portal failed to unmount', error),
          );
    };
  }, [token, attempt, firstPortal]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);

  return (
    <StyleNonce nonce={styleNonce}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {phase === 'loading' && <Waiting />}
        {phase === 'failed' && <Unavailable onRetry={retry} />}
        {/* The portal's own root: kept in the page (hidden) so a failed mount can be unmounted. */}
        <div ref={hostRef} hidden={phase === 'failed'} data-remote="guestportal/guestPortal" />
      </ThemeProvider>
    </StyleNonce>
  );
}
