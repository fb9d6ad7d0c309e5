import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { authApi, readableMessage } from '@hostdash/shared-auth';
import { AuthCard } from './AuthCard';
import { Field } from './Field';
import { NewPasswordFields, useNewPassword } from './NewPasswordFields';
import type { ShellPageProps } from './ShellPageProps';
import { useFormSubmit } from './useFormSubmit';

function RequestReset() {
  const [email, setEmail] = useState('');
  /** The API's answer to the request, once it has answered. */
  const [sent, setSent] = useState<{ message: string | null } | null>(null);
  const [submit, status] = useFormSubmit(async () => {
    setSent(null);
    const answer = await authApi.requestPasswordReset({ email: email.trim() });
    setSent({ message: answer.message ?? null });
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return (
    <AuthCard title="Reset your password">
      {sent && !status.loading ? (
        <Stack spacing={2}>
          <Alert severity="success">
            {sent.message ??
              'If an account exists for that email, we have sent a link to reset the password.'}
          </Alert>
          <Link component={RouterLink} to="/login">
            Back to sign in
          </Link>
        </Stack>
      ) : (
        <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
          <Typography variant="body2" color="textSecondary">
            Enter the email you sign in with and we will send you a link to choose a new password.
          </Typography>
          {status.error && <Alert severity="error">{readableMessage(status.error)}</Alert>}
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
  const newPassword = useNewPassword();
  const [confirmed, setConfirmed] = useState(false);
  const [submit, status] = useFormSubmit(async () => {
    await authApi.confirmPasswordReset({ token, password: newPassword.password });
    setConfirmed(true);
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  if (confirmed && !status.loading) {
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
        {status.error && <Alert severity="error">{readableMessage(status.error)}</Alert>}
        <NewPasswordFields value={newPassword} autoFocus />
        <Button type="submit" variant="contained" disabled={status.loading || !newPassword.ready}>
          Set new password
        </Button>
      </Stack>
    </AuthCard>
  );
}

export function ResetPasswordPage({ params }: ShellPageProps) {
  return params.token ? <ConfirmReset token={params.token} /> : <RequestReset />;
}
