// The person's name and email, and their password. Changing the email or the password needs the
// current password (a session left open is not enough); a refusal is shown beside its field.
// Leaving either form with something typed and not saved asks first.
import { useState, type FormEvent, type ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Alert, Box, Button, Divider, Stack, TextField, Typography } from '@mui/material';
import {
  fieldErrorOf,
  messageOf,
  UnsavedChangesDialog,
  useSubmission,
  useUnsavedChangesGuard,
} from '@hostdash/shared-ui';
import { selectSettings } from '../onboardSlice';
import type { Profile, ProfileChange } from './settingsApi';
import { settingsActions } from './settingsSlice';

const MAX_NAME_LENGTH = 120;
const MIN_PASSWORD_LENGTH = 8;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function FormPart({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const PROFILE_LABELS = { name: 'Name', email: 'Email', current_password: 'Current password' };
type ProfileField = keyof typeof PROFILE_LABELS;

function ProfileForm({ profile }: { profile: Profile }) {
  const dispatch = useDispatch();
  const { status } = useSelector(selectSettings);
  const submission = useSubmission(status.saveProfile);
  const [values, setValues] = useState({ name: profile.name, email: profile.email, password: '' });
  const [touched, setTouched] = useState(new Set<ProfileField>());
  const emailChanges = values.email.trim().toLowerCase() !== profile.email.toLowerCase();
  const nameChanges = values.name.trim() !== profile.name;
  // Leaving with a changed name or email asks first (a save starts the form again from the API).
  const leaveGuard = useUnsavedChangesGuard(nameChanges || emailChanges, 'your name and email');
  const problems: Record<ProfileField, string | null> = {
    name: !values.name.trim()
      ? 'Enter your name.'
      : values.name.trim().length > MAX_NAME_LENGTH
        ? `Keep it to ${MAX_NAME_LENGTH} characters.`
        : null,
    email: EMAIL.test(values.email.trim()) ? null : 'Enter an email address like name@example.com.',
    current_password:
      emailChanges && !values.password ? 'Enter your current password to change your email.' : null,
  };
  const refused = submission.error && fieldErrorOf(submission.error, PROFILE_LABELS);
  const shown = (field: ProfileField) =>
    (touched.has(field) ? problems[field] : null) ??
    (refused?.field === field ? refused.message : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(new Set(['name', 'email', 'current_password']));
    if (Object.values(problems).some(Boolean)) return;
    const change: ProfileChange = {};
    if (nameChanges) change.name = values.name.trim();
    if (emailChanges) {
      change.email = values.email.trim();
      change.current_password = values.password;
    }
    submission.started();
    dispatch(settingsActions.saveProfile.requested(change));
  };
  const change = (field: 'name' | 'email' | 'password', value: string) =>
    setValues((current) => ({ ...current, [field]: value }));
  const blur = (field: ProfileField) => () => setTouched((current) => new Set(current).add(field));

  return (
    <Stack
      component="form"
      noValidate
      spacing={1}
      onSubmit={submit}
      aria-label="Profile"
      sx={{ maxWidth: 520 }}
    >
      <TextField
        label="Name"
        value={values.name}
        onChange={(event) => change('name', event.target.value)}
        onBlur={blur('name')}
        error={Boolean(shown('name'))}
        helperText={shown('name') ?? ' '}
        autoComplete="name"
        required
        disabled={submission.busy}
      />
      <TextField
        label="Email"
        type="email"
        value={values.email}
        onChange={(event) => change('email', event.target.value)}
        onBlur={blur('email')}
        error={Boolean(shown('email'))}
        helperText={shown('email') ?? 'Hostdash writes to it, and you sign in with it.'}
        autoComplete="email"
        required
        disabled={submission.busy}
      />
      {emailChanges && (
        <TextField
          label="Current password"
          type="password"
          value={values.password}
          onChange={(event) => change('password', event.target.value)}
          onBlur={blur('current_password')}
          error={Boolean(shown('current_password'))}
          helperText={
            shown('current_password') ?? 'Changing your email needs your current password.'
          }
          autoComplete="current-password"
          required
          disabled={submission.busy}
        />
      )}
      {submission.error && !refused && (
        <Alert severity="error">{messageOf(submission.error)}</Alert>
      )}
      <Button
        type="submit"
        variant="contained"
        disabled={submission.busy || (!nameChanges && !emailChanges)}
        sx={{ alignSelf: { sm: 'start' } }}
      >
        {submission.busy ? 'Saving…' : 'Save profile'}
      </Button>
      <UnsavedChangesDialog guard={leaveGuard} />
    </Stack>
  );
}

const PASSWORD_LABELS = { current_password: 'Current password', new_password: 'New password' };
type PasswordField = keyof typeof PASSWORD_LABELS;

function PasswordForm() {
  const dispatch = useDispatch();
  const { status } = useSelector(selectSettings);
  const [values, setValues] = useState({ current_password: '', new_password: '' });
  const [touched, setTouched] = useState(new Set<PasswordField>());
  const submission = useSubmission(status.changePassword, () => {
    setValues({ current_password: '', new_password: '' });
    setTouched(new Set());
  });
  const leaveGuard = useUnsavedChangesGuard(
    Boolean(values.current_password || values.new_password),
    'your password',
  );
  const problems: Record<PasswordField, string | null> = {
    current_password: values.current_password ? null : 'Enter your current password.',
    new_password:
      values.new_password.length >= MIN_PASSWORD_LENGTH
        ? null
        : `Use at least ${MIN_PASSWORD_LENGTH} characters.`,
  };
  const refused = submission.error && fieldErrorOf(submission.error, PASSWORD_LABELS);
  const shown = (field: PasswordField) =>
    (touched.has(field) ? problems[field] : null) ??
    (refused?.field === field ? refused.message : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(new Set(['current_password', 'new_password']));
    if (Object.values(problems).some(Boolean)) return;
    submission.started();
    dispatch(settingsActions.changePassword.requested(values));
  };
  const field = (name: PasswordField, autoComplete: string, help: string) => (
    <TextField
      label={PASSWORD_LABELS[name]}
      type="password"
      value={values[name]}
      onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      onBlur={() => setTouched((current) => new Set(current).add(name))}
      error={Boolean(shown(name))}
      helperText={shown(name) ?? help}
      autoComplete={autoComplete}
      required
      disabled={submission.busy}
    />
  );
  return (
    <Stack
      component="form"
      noValidate
      spacing={1}
      onSubmit={submit}
      aria-label="Password"
      sx={{ maxWidth: 520 }}
    >
      {field('current_password', 'current-password', ' ')}
      {field(
        'new_password',
        'new-password',
        `At least ${MIN_PASSWORD_LENGTH} characters, and not a common password. Your other sessions are signed out.`,
      )}
      {submission.error && !refused && (
        <Alert severity="error">{messageOf(submission.error)}</Alert>
      )}
      <Button
        type="submit"
        variant="contained"
        disabled={submission.busy}
        sx={{ alignSelf: { sm: 'start' } }}
      >
        {submission.busy ? 'Changing…' : 'Change password'}
      </Button>
      <UnsavedChangesDialog guard={leaveGuard} />
    </Stack>
  );
}

export function ProfileSection({ profile }: { profile: Profile }) {
  return (
    <Stack spacing={3} divider={<Divider flexItem />}>
      <FormPart title="Name and email">
        {/* Saved: the form starts again from what the API keeps. */}
        <ProfileForm key={`${profile.name}\u0000${profile.email}`} profile={profile} />
      </FormPart>
      <FormPart title="Password">
        <PasswordForm />
      </FormPart>
    </Stack>
  );
}
