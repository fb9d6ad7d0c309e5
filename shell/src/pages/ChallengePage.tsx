import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { authApi, nextPath, readableMessage } from '@hostdash/shared-auth';
import { useSession, type PendingChallenge } from '../app/session';
import { AuthCard } from './AuthCard';
import { Field } from './Field';
import { useFormSubmit } from './useFormSubmit';

export function ChallengePage() {
  const navigate = useNavigate();
  const location = useLocation();
  const { user, challenge, expectSignIn, signIn } = useSession();
  const [code, setCode] = useState('');
  const next = nextPath(location.search);

  useEffect(() => {
    if (user) navigate(next, { replace: true });
  }, [user, next, navigate]);

  const [submit, status] = useFormSubmit(async (pending: PendingChallenge) => {
    expectSignIn();
    const signedIn = await authApi.challenge(pending.token, code.replace(/\s/g, ''));
    await signIn(signedIn, next);
  });

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
    void submit(challenge);
  };

  return (
    <AuthCard title="Verify it's you">
      <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
        <Typography variant="body2" color="textSecondary">
          Enter the 6-digit code from your authenticator app.
        </Typography>
        {status.error && <Alert severity="error">{readableMessage(status.error)}</Alert>}
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
