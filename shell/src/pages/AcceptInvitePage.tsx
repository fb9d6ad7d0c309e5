// `/accept-invite/:token`, the link of a team invite's mail: whom it is for, then the name they go by
// and a password; joining signs them in (the proxy sets the session, as for /login) and lands them
// where their role starts: building staff on their first building, a manager on `/`. A link that
// no longer works says why, with the way to sign in; someone signed in is told as whom, and may
// sign out first. A sign-up link (made by staff for a new host) goes on to its connect page.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Navigate, Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  authApi,
  formatDate,
  homePath,
  readableMessage,
  roleInSentence,
  toApiError,
  type ApiError,
  type InviteLookup,
  type LinkLookup,
} from '@hostdash/shared-auth';
import { useSession } from '../app/session';
import { AuthCard } from './AuthCard';
import { Field } from './Field';
import { NewPasswordFields, useNewPassword } from './NewPasswordFields';
import type { ShellPageProps } from './ShellPageProps';
import { useFormSubmit } from './useFormSubmit';

type Lookup =
  | { state: 'loading' }
  | { state: 'found'; invite: LinkLookup }
  | { state: 'failed'; error: ApiError };

/** A link the API says is unknown, used, expired or withdrawn: asking again will not help. */
const linkIsDead = (error: ApiError) => error.status === 404 || error.status === 410;

function DeadLink({ error }: { error: ApiError }) {
  return (
    <AuthCard title="This invite link does not work">
      <Stack spacing={2}>
        <Alert severity="warning">{readableMessage(error)}</Alert>
        <Typography variant="body2" color="textSecondary">
          Already joined? Sign in with the email the invite was sent to.
        </Typography>
        <Button component={RouterLink} to="/login" variant="contained">
          Sign in
        </Button>
        <Link component={RouterLink} to="/account/reset" variant="body2">
          Forgot your password?
        </Link>
      </Stack>
    </AuthCard>
  );
}

function JoinForm({ token, invite }: { token: string; invite: InviteLookup }) {
  const { expectSignIn, signIn } = useSession();
  const [name, setName] = useState(invite.name);
  const newPassword = useNewPassword();
  const [submit, status] = useFormSubmit(async () => {
    expectSignIn();
    const signedIn = await authApi.acceptInvite({
      token,
      password: newPassword.password,
      ...(name.trim() && name.trim() !== invite.name ? { name: name.trim() } : {}),
    });
    await signIn(signedIn, homePath(signedIn.user));
  });
  const nameMissing = name.trim() === '';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return (
    <AuthCard title={`Join ${invite.account_name} as ${roleInSentence(invite.subtype)}`}>
      <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
        <Typography color="textSecondary">
          You will sign in as <strong>{invite.email}</strong>. Choose a password to join; this link
          works until {formatDate(invite.expires_at)}.
        </Typography>
        {status.error && <Alert severity="error">{readableMessage(status.error)}</Alert>}
        <Field
          label="Your name"
          autoComplete="name"
          value={name}
          onChange={setName}
          error={nameMissing}
          helperText={nameMissing ? 'Say how your team should call you.' : ' '}
          required
          htmlInput={{ maxLength: 200 }}
        />
        <NewPasswordFields value={newPassword} label="Password" autoFocus />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={status.loading || nameMissing || !newPassword.ready}
        >
          Join {invite.account_name}
        </Button>
      </Stack>
    </AuthCard>
  );
}

export function AcceptInvitePage({ params }: ShellPageProps) {
  const token = params.token ?? '';
  const { user, signOut } = useSession();
  const [lookup, setLookup] = useState<Lookup>({ state: 'loading' });
  const [signingOut, setSigningOut] = useState(false);

  const look = useCallback(() => {
    let current = true;
    setLookup({ state: 'loading' });
    authApi.lookupInvite({ token }).then(
      (invite) => current && setLookup({ state: 'found', invite }),
      (error: unknown) => current && setLookup({ state: 'failed', error: toApiError(error) }),
    );
    return () => {
      current = false;
    };
  }, [token]);
  useEffect(look, [look]);

  if (lookup.state === 'loading') {
    return (
      <AuthCard title="Join your team">
        <LinearProgress aria-label="Reading the invite" />
      </AuthCard>
    );
  }
  if (lookup.state === 'failed') {
    if (linkIsDead(lookup.error)) return <DeadLink error={lookup.error} />;
    return (
      <AuthCard title="Join your team">
        <Stack spacing={2}>
          <Alert severity="error">{readableMessage(lookup.error)}</Alert>
          <Button variant="contained" onClick={look}>
            Try again
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  const { invite } = lookup;
  // A sign-up link opened here: its page is the connect page, which signs the new host up.
  if (invite.kind === 'signup')
    return <Navigate to={`/connect/${invite.pms}?token=${encodeURIComponent(token)}`} replace />;
  if (user) {
    const sameEmail = user.email.toLowerCase() === invite.email.toLowerCase();
    return (
      <AuthCard title={`Join ${invite.account_name}`}>
        <Stack spacing={2}>
          <Typography>
            You are signed in as <strong>{user.name}</strong> ({user.email}). This invite is for{' '}
            <strong>{invite.email}</strong>
            {sameEmail ? ', which already has a Hostdash user.' : '.'} To accept it, sign out first.
          </Typography>
          <Button
            variant="contained"
            disabled={signingOut}
            onClick={() => {
              setSigningOut(true);
              void signOut().finally(() => setSigningOut(false));
            }}
          >
            Sign out and continue
          </Button>
          <Link component={RouterLink} to="/" variant="body2">
            Back to the dashboard as {user.name}
          </Link>
        </Stack>
      </AuthCard>
    );
  }
  return <JoinForm token={token} invite={invite} />;
}
