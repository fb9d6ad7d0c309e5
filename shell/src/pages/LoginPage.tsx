import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { authActions, nextPath, selectAuth, selectAuthStatus } from '@hostdash/shared-auth';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { AuthCard } from './AuthCard';
import { Field } from './Field';

export function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const { authenticated, challenge } = useAppSelector(selectAuth);
  const status = useAppSelector(selectAuthStatus).login;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const next = nextPath(location.search);

  useEffect(() => {
    if (authenticated) navigate(next, { replace: true });
    else if (submitted && challenge)
      navigate(`/login/challenge?next=${encodeURIComponent(next)}`, { replace: true });
  }, [authenticated, challenge, submitted, next, navigate]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    dispatch(authActions.login.requested({ email: email.trim(), password }));
  };

  return (
    <AuthCard title="Sign in">
      <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
        {submitted && status.error && <Alert severity="error">{status.error.message}</Alert>}
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
