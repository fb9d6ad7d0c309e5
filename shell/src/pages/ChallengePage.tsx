import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { authActions, nextPath, selectAuth, selectAuthStatus } from '@hostdash/shared-auth';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { AuthCard } from './AuthCard';
import { Field } from './Field';

export function ChallengePage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const { authenticated, challenge } = useAppSelector(selectAuth);
  const status = useAppSelector(selectAuthStatus).challenge;
  const [code, setCode] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const next = nextPath(location.search);

  useEffect(() => {
    if (authenticated) navigate(next, { replace: true });
  }, [authenticated, next, navigate]);

  if (!challenge) {
    return (
      <AuthCard title="Verify it's you">
        <Alert severity="info" sx={{ mb: 2 }}>
          This verification step has expired. Sign in again to get a new one.
        </Alert>
        <Link component={RouterLink} to={`/login?next=${encodeURIComponent(next)}`}>
          Back to sign in
        </Link>
      </AuthCard>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    dispatch(authActions.challenge.requested({ code: code.replace(/\s/g, '') }));
  };

  return (
    <AuthCard title="Verify it's you">
      <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
        <Typography variant="body2" color="text.secondary">
          Enter the 6-digit code from your authenticator app.
        </Typography>
        {submitted && status.error && <Alert severity="error">{status.error.message}</Alert>}
        <Field
          label="Code"
          value={code}
          onChange={setCode}
          autoComplete="one-time-code"
          htmlInput={{ inputMode: 'numeric', maxLength: 7 }}
          required
          autoFocus
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={status.loading || code.trim().length < 6}
        >
          Verify
        </Button>
      </Stack>
    </AuthCard>
  );
}
