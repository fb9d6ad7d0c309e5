import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { authActions, selectAuth, selectAuthStatus } from '@hostdash/shared-auth';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { AuthCard } from './AuthCard';
import { Field } from './Field';
import type { ShellPageProps } from './ShellPageProps';

export const MIN_PASSWORD_LENGTH = 8;

function RequestReset() {
  const dispatch = useAppDispatch();
  const { passwordReset } = useAppSelector(selectAuth);
  const status = useAppSelector(selectAuthStatus).passwordReset;
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    dispatch(authActions.requestPasswordReset.requested({ email: email.trim() }));
  };

  return (
    <AuthCard title="Reset your password">
      {submitted && passwordReset.requested && !status.loading ? (
        <Stack spacing={2}>
          <Alert severity="success">
            {passwordReset.message ??
              'If an account exists for that email, we have sent a link to reset the password.'}
          </Alert>
          <Link component={RouterLink} to="/login">
            Back to sign in
          </Link>
        </Stack>
      ) : (
        <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
          <Typography variant="body2" color="text.secondary">
            Enter the email you sign in with and we will send you a link to choose a new password.
          </Typography>
          {submitted && status.error && <Alert severity="error">{status.error.message}</Alert>}
          <Field label="Email" type="email" value={email} onChange={setEmail} required autoFocus />
          <Button
            type="submit"
            variant="contained"
            disabled={status.loading || !email.includes('@')}
          >
            Send reset link
          </Button>
          <Link component={RouterLink} to="/login" variant="body2">
            Back to sign in
          </Link>
        </Stack>
      )}
    </AuthCard>
  );
}

function ConfirmReset({ token }: { token: string }) {
  const dispatch = useAppDispatch();
  const { passwordReset } = useAppSelector(selectAuth);
  const status = useAppSelector(selectAuthStatus).passwordConfirm;
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const tooShort = password.length > 0 && password.length < MIN_PASSWORD_LENGTH;
  const mismatch = repeat.length > 0 && repeat !== password;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    dispatch(authActions.confirmPasswordReset.requested({ token, password }));
  };

  if (submitted && passwordReset.confirmed && !status.loading) {
    return (
      <AuthCard title="Password changed">
        <Typography sx={{ mb: 3 }}>Your new password is set. Sign in with it now.</Typography>
        <Button component={RouterLink} to="/login" variant="contained">
          Sign in
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password">
      <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
        {submitted && status.error && <Alert severity="error">{status.error.message}</Alert>}
        <Field
          label="New password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          error={tooShort}
          helperText={tooShort ? `Use at least ${MIN_PASSWORD_LENGTH} characters.` : ' '}
          required
          autoFocus
        />
        <Field
          label="Repeat the new password"
          type="password"
          autoComplete="new-password"
          value={repeat}
          onChange={setRepeat}
          error={mismatch}
          helperText={mismatch ? 'The two passwords differ.' : ' '}
          required
        />
        <Button
          type="submit"
          variant="contained"
          disabled={status.loading || password.length < MIN_PASSWORD_LENGTH || password !== repeat}
        >
          Set new password
        </Button>
      </Stack>
    </AuthCard>
  );
}

export function ResetPasswordPage({ params }: ShellPageProps) {
  return params.token ? <ConfirmReset token={params.token} /> : <RequestReset />;
}
