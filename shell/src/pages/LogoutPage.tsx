import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { authActions, selectIsAuthenticated } from '@hostdash/shared-auth';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { AuthCard } from './AuthCard';

export function LogoutPage() {
  const dispatch = useAppDispatch();
  const authenticated = useAppSelector(selectIsAuthenticated);

  // A full page load of /logout was already signed out by the server; in-app it happens here.
  useEffect(() => {
    if (authenticated) dispatch(authActions.logout.requested());
    else dispatch(authActions.reset());
  }, [authenticated, dispatch]);

  return (
    <AuthCard title="Signed out">
      <Typography sx={{ mb: 3 }}>You have signed out of Hostdash.</Typography>
      <Button component={RouterLink} to="/login" variant="contained">
        Sign in again
      </Button>
    </AuthCard>
  );
}
