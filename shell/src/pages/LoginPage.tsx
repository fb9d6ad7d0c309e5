import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { authApi, nextPath, signInRefusalOf, type SignedIn } from '@hostdash/shared-auth';
import { useSession } from '../app/session';
import { AuthCard } from './AuthCard';
import { Field } from './Field';
import { useFormSubmit } from './useFormSubmit';

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const { user, setChallenge, expectSignIn, signIn } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const next = nextPath(location.search);

  // Someone already signed in goes on to where they were going.
  useEffect(() => {
    if (user) navigate(next, { replace: true });
  }, [user, next, navigate]);

  const [submit, status] = useFormSubmit(async () => {
    setChallenge(null);
    expectSignIn();
    const answer = await authApi.login({ email: email.trim(), password });
    // A login that answers with a redirect is not signed in yet: its second step comes first.
    if ('redirect' in answer && answer.redirect) {
      setChallenge({ token: answer.challengeToken, redirect: answer.redirect });
      navigate(`/login/challenge?next=${encodeURIComponent(next)}`, { replace: true });
      return;
    }
    await signIn(answer as SignedIn, next);
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return (
    <AuthCard title="Sign in">
      <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
        {/* A deactivated account is refused as a wrong password is: the words cover both. */}
        {status.error && <Alert severity="error">{signInRefusalOf(status.error)}</Alert>}
        <Field
          label="Email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={setEmail}
          required
          autoFocus
        />
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          required
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={status.loading || !email || !password}
        >
          Sign in
        </Button>
        <Link component={RouterLink} to="/account/reset" variant="body2">
          Forgot your password?
        </Link>
      </Stack>
    </AuthCard>
  );
}
