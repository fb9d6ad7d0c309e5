import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useSession } from '../app/session';
import { AuthCard } from './AuthCard';

export function LogoutPage() {
  const { user, signOut } = useSession();

  // A full page load of /logout was already signed out by the server; in-app it happens here
  // (and once the API has signed out, the page's state is reset).
  useEffect(() => {
    signOut();
  }, [user, signOut]);

  return (
    <AuthCard title="Signed out">
      <Typography sx={{ mb: 3 }}>You have signed out of Hostdash.</Typography>
      <Button component={RouterLink} to="/login" variant="contained">
        Sign in again
      </Button>
    </AuthCard>
  );
}
