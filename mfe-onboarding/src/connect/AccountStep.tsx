// Not signed in on the connect page: create an account (the default) or sign in, here. Creating
// one proves the address first (issue 30): an open sign-up asks for the name, email and company
// and says "check your mail", whatever the address; the mail's link (or a staff-made one) comes
// back here with `?token=`, fills the form in with the email fixed to the link's, and the password
// chosen then makes the account and signs in. A link that expired, was used or never existed says
// so and leaves the plain sign-up. Signing in asks for the second step's code here when the
// account has one. Once signed in, the shell's store learns the user (`auth/signedIn`) and the
// page goes on to the credentials.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  Alert,
  AlertTitle,
  Button,
  Link,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import {
  authActions,
  authApi,
  LABELS,
  signInRefusalOf,
  toApiError,
  type ApiError,
  type LinkLookup,
  type SignedIn,
} from '@hostdash/shared-auth';
import { messageOf, useFormDraft } from '@hostdash/shared-ui';
import { onboardApi, type PmsSystem } from './onboardApi';

const MIN_PASSWORD_LENGTH = 8;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Lookup =
  | { state: 'none' | 'loading' }
  | { state: 'found'; link: LinkLookup }
  | { state: 'failed'; error: ApiError };

/** A call the form makes: its error kept for the form, its progress for the button. */
function useSubmit() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (caught) {
      setError(toApiError(caught));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}

/**
 * What the page says once an open sign-up is sent: the same whatever the address (issue 30). A new
 * address was mailed its link; one that has an account was mailed how to sign in instead.
 */
function CheckYourMail({ email, onBack }: { email: string; onBack: () => void }) {
  const titleId = useId();
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'start' }}>
      <Alert severity="success" role="status" aria-labelledby={titleId} sx={{ width: '100%' }}>
        <AlertTitle id={titleId}>Check your mail</AlertTitle>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere', mb: 0.5 }}>
          {email}
        </Typography>
        {LABELS.authAnswer.signup_requested}
      </Alert>
      <Typography variant="body2" color="textSecondary">
        Nothing after a few minutes? Look in your spam folder, or check the address and send it
        again.
      </Typography>
      <Button onClick={onBack}>Change the address or send again</Button>
    </Stack>
  );
}

const SIGN_UP_FIELDS = ['name', 'email', 'company', 'password'] as const;

function SignUpForm({
  system,
  token,
  lookup,
}: {
  system: PmsSystem;
  token: string | null;
  lookup: Lookup;
}) {
  const dispatch = useDispatch();
  const linked =
    token && lookup.state === 'found' && lookup.link.kind === 'signup' ? lookup.link : null;
  // The link's details fill the form (it opens once the link is read); a draft typed earlier wins,
  // but for the email: a link makes the account for the address it was mailed to, no other.
  const draft = useFormDraft(`signup/${system.name}`, {
    initial: () => ({
      name: linked?.name ?? '',
      email: linked?.email ?? '',
      company: linked?.company ?? '',
      password: '',
    }),
    secrets: ['password'],
  });
  const { setValues, touched, setTouched } = draft;
  const values = linked ? { ...draft.values, email: linked.email } : draft.values;
  const { busy, error, run } = useSubmit();
  /** The address an open sign-up was sent for, once the API has answered. */
  const [mailedTo, setMailedTo] = useState<string | null>(null);
  const problems = {
    name: values.name.trim() ? null : 'Enter your name.',
    email: EMAIL.test(values.email.trim()) ? null : 'Enter your email address.',
    company: values.company.trim() ? null : 'Enter your company’s name.',
    // Only with a link: an open sign-up chooses the password once the address is proved.
    password:
      !linked || values.password.length >= MIN_PASSWORD_LENGTH
        ? null
        : `Use at least ${MIN_PASSWORD_LENGTH} characters.`,
  };
  const apiField =
    typeof error?.field === 'string' && (SIGN_UP_FIELDS as readonly string[]).includes(error.field)
      ? error.field
      : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(new Set(SIGN_UP_FIELDS));
    if (Object.values(problems).some(Boolean)) return;
    const person = {
      name: values.name.trim(),
      email: values.email.trim(),
      company: values.company.trim(),
    };
    void run(async () => {
      if (!linked || !token) {
        await onboardApi.requestSignUp({ ...person, pms: system.name });
        setMailedTo(person.email);
        return;
      }
      const signedIn = await onboardApi.signUp({ ...person, password: values.password, token });
      draft.clear();
      dispatch(authActions.signedIn(signedIn));
    });
  };
  const field = (
    name: (typeof SIGN_UP_FIELDS)[number],
    label: string,
    props: Record<string, unknown> = {},
    help = ' ',
  ) => {
    const shown =
      (touched.has(name) ? problems[name] : null) ??
      (apiField === name && error ? error.message : null);
    return (
      <TextField
        label={label}
        value={values[name]}
        onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
        onBlur={() => setTouched((current) => new Set(current).add(name))}
        error={Boolean(shown)}
        helperText={shown ?? help}
        required
        disabled={busy}
        {...props}
      />
    );
  };
  if (mailedTo) return <CheckYourMail email={mailedTo} onBack={() => setMailedTo(null)} />;
  return (
    <Stack
      component="form"
      noValidate
      spacing={1}
      onSubmit={submit}
      aria-label="Create your account"
    >
      {linked ? (
        <Alert severity="success" sx={{ mb: 1 }}>
          Welcome, {linked.name}: your account for {linked.company} is ready to be made. Choose a
          password, then connect {system.label}.
        </Alert>
      ) : (
        <Typography variant="body2" color="textSecondary" sx={{ pb: 1 }}>
          We will mail you a link to confirm your address. With it you choose your password and
          connect {system.label}.
        </Typography>
      )}
      {field('name', 'Your name', { autoComplete: 'name' })}
      {linked
        ? field(
            'email',
            'Email',
            { type: 'email', autoComplete: 'email', slotProps: { input: { readOnly: true } } },
            'From your sign-up link: the account is made for this address.',
          )
        : field('email', 'Email', { type: 'email', autoComplete: 'email' })}
      {field('company', 'Company', { autoComplete: 'organization' })}
      {linked &&
        field(
          'password',
          'Choose a password',
          { type: 'password', autoComplete: 'new-password' },
          // The API also refuses a common password (ADR 25) and says so beside this field.
          `At least ${MIN_PASSWORD_LENGTH} characters, and not a common password.`,
        )}
      {error && apiField === null && <Alert severity="error">{messageOf(error)}</Alert>}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={busy}
        sx={{ alignSelf: { sm: 'start' } }}
      >
        {linked
          ? busy
            ? 'Creating your account…'
            : 'Create account and continue'
          : busy
            ? 'Sending the link…'
            : 'Create account'}
      </Button>
    </Stack>
  );
}

function SignInForm() {
  const dispatch = useDispatch();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [challenge, setChallenge] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const { busy, error, run } = useSubmit();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      if (challenge) {
        dispatch(authActions.signedIn(await authApi.challenge(challenge, code.trim())));
        return;
      }
      const answer = await authApi.login({ email: email.trim(), password });
      if ('redirect' in answer && answer.redirect) {
        // Not signed in yet: the account's second step comes first, here.
        setChallenge(answer.challengeToken);
        setPassword('');
        return;
      }
      dispatch(authActions.signedIn(answer as SignedIn));
    });
  };
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-label="Sign in">
      {error && (
        <Alert severity="error">
          {error.error === 'invalid_credentials' ? signInRefusalOf(error) : messageOf(error)}
        </Alert>
      )}
      {challenge ? (
        <TextField
          label="Code from your authenticator app"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="one-time-code"
          helperText="Six digits, or one of your recovery codes."
          autoFocus
          required
          disabled={busy}
        />
      ) : (
        <>
          <TextField
            label="Email"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            required
            disabled={busy}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            required
            disabled={busy}
          />
        </>
      )}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={busy}
        sx={{ alignSelf: { sm: 'start' } }}
      >
        {challenge ? 'Confirm' : 'Sign in and continue'}
      </Button>
      <Link component={RouterLink} to="/account/reset" variant="body2">
        Forgot your password?
      </Link>
    </Stack>
  );
}

function LinkNotice({ lookup, token }: { lookup: Lookup; token: string | null }) {
  if (lookup.state === 'failed')
    return (
      <Alert severity="warning">
        {messageOf(lookup.error)}
        {lookup.error.error === 'invite_not_found' ? ' You can still create an account below.' : ''}
      </Alert>
    );
  if (lookup.state === 'found' && lookup.link.kind === 'invite' && token)
    return (
      <Alert severity="info">
        This link invites you to join {lookup.link.account_name}’s team.{' '}
        <Link component={RouterLink} to={`/accept-invite/${encodeURIComponent(token)}`}>
          Accept the invite
        </Link>{' '}
        instead of making an account of your own.
      </Alert>
    );
  return null;
}

export function AccountStep({ system }: { system: PmsSystem }) {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [tab, setTab] = useState<'signup' | 'signin'>('signup');
  const [lookup, setLookup] = useState<Lookup>({ state: token ? 'loading' : 'none' });
  useEffect(() => {
    if (!token) return undefined;
    let current = true;
    authApi.lookupInvite({ token }).then(
      (link) => current && setLookup({ state: 'found', link }),
      (error: unknown) => current && setLookup({ state: 'failed', error: toApiError(error) }),
    );
    return () => {
      current = false;
    };
  }, [token]);

  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2" sx={{ fontSize: '1rem', fontWeight: 600 }}>
        First, your Hostdash account
      </Typography>
      <LinkNotice lookup={lookup} token={token} />
      <Tabs
        value={tab}
        onChange={(_event, value: 'signup' | 'signin') => setTab(value)}
        aria-label="Account"
      >
        <Tab value="signup" label="Create an account" />
        <Tab value="signin" label="I have an account" />
      </Tabs>
      {tab === 'signup' ? (
        lookup.state === 'loading' ? null : (
          <SignUpForm system={system} token={token} lookup={lookup} />
        )
      ) : (
        <SignInForm />
      )}
    </Stack>
  );
}
