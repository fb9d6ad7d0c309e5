import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSession } from '../app/session';
import { AuthCard } from './AuthCard';

/**
 * Signing out is a POST from this page (the proxy refuses it from other sites). Opened from the
 * dashboard (its Sign out link, a redirect of the access rules, or a page load the browser says
 * came from this origin) it signs out at once. A page load another site sent here asks first:
 * otherwise any site could sign anyone out with a link.
 */
export function LogoutPage() {
  const { user, signOut, confirmSignOut } = useSession();
  const [asking, setAsking] = useState(confirmSignOut);
  // "Signed out" only once it is true: the API has ended the session (or the proxy dropped it).
  const [signedOut, setSignedOut] = useState(false);

  useEffect(() => {
    if (asking) return;
    let shown = true;
    void signOut().then(() => {
      if (shown) setSignedOut(true);
    });
    return () => {
      shown = false;
    };
  }, [asking, user, signOut]);

  if (asking) {
    return (
      <AuthCard title="Sign out?">
        <Typography sx={{ mb: 3 }}>Do you want to sign out of Hostdash?</Typography>
        <Stack direction="row" spacing={2}>
          <Button variant="contained" onClick={() => setAsking(false)}>
            Sign out
          </Button>
          <Button component={RouterLink} to="/">
            Stay signed in
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  if (!signedOut) {
    return (
      <AuthCard title="Signing out…">
        <LinearProgress aria-label="Signing out" sx={{ mb: 1 }} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Signed out">
      <Typography sx={{ mb: 3 }}>You have signed out of Hostdash.</Typography>
      <Button component={RouterLink} to="/login" variant="contained">
        Sign in again
      </Button>
    </AuthCard>
  );
}
