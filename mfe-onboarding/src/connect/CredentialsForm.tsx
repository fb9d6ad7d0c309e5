// The credentials a system asks for, each with where to find it and its shape checked as typed;
// the API checks them against the system before anything starts, and a refusal comes back on its
// field. An OAuth system has one button instead. The draft (never a secret) survives leaving the
// page within the session.
import { useMemo, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import type { ApiError } from '@hostdash/shared-auth';
import { fieldErrorOf, messageOf, useFormDraft } from '@hostdash/shared-ui';
import { connectActions } from './connectSlice';
import type { PmsSystem } from './onboardApi';

type Values = Record<string, string>;

function shapeError(system: PmsSystem, name: string, value: string): string | null {
  const field = system.fields.find((candidate) => candidate.name === name);
  if (!field) return null;
  if (!value.trim()) return `Enter your ${system.label} ${field.label}.`;
  if (field.pattern && !new RegExp(field.pattern).test(value.trim()))
    return `This is not a ${system.label} ${field.label}.`;
  return null;
}

export function CredentialsForm({
  system,
  sandbox,
  busy,
  authorizing,
  error,
}: {
  system: PmsSystem;
  sandbox: boolean;
  busy: boolean;
  authorizing: boolean;
  error: ApiError | null;
}) {
  const dispatch = useDispatch();
  const secrets = useMemo(
    () => system.fields.filter((field) => field.secret).map((field) => field.name),
    [system],
  );
  const { values, setValues, touched, setTouched, restored, clear } = useFormDraft<Values, string>(
    `connect/${system.name}`,
    {
      initial: () => Object.fromEntries(system.fields.map((field) => [field.name, ''])),
      secrets,
    },
  );
  // The API names a credential as `credentials.<name>`.
  const refusal =
    error &&
    fieldErrorOf(
      error,
      Object.fromEntries(system.fields.map((field) => [`credentials.${field.name}`, field.label])),
    );
  const refused = refusal ? refusal.field.slice('credentials.'.length) : null;
  const problems = Object.fromEntries(
    system.fields.map((field) => [
      field.name,
      shapeError(system, field.name, values[field.name] ?? ''),
    ]),
  );
  const valid = Object.values(problems).every((problem) => problem === null);

  const connect = (event: FormEvent) => {
    event.preventDefault();
    if (system.auth === 'oauth') {
      dispatch(connectActions.connect.requested({ pms: system.name }));
      return;
    }
    setTouched(new Set(system.fields.map((field) => field.name)));
    if (!valid) return;
    const credentials = Object.fromEntries(
      system.fields.map((field) => [field.name, (values[field.name] ?? '').trim()]),
    );
    dispatch(connectActions.connect.requested({ pms: system.name, credentials }));
  };

  const sandboxValues = system.sandbox_credentials;
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={connect}
      aria-label={`Connect ${system.label}`}
    >
      <Typography variant="h6" component="h2" sx={{ fontSize: '1rem', fontWeight: 600 }}>
        {system.auth === 'oauth'
          ? `Approve Hostdash on ${system.label}`
          : `Your ${system.label} credentials`}
      </Typography>
      {restored && (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" onClick={() => clear({ reset: true })}>
              Start again
            </Button>
          }
        >
          We kept what you typed earlier{secrets.length ? ' (type the secret again)' : ''}.
        </Alert>
      )}
      {sandbox && sandboxValues && (
        <Alert
          severity="info"
          action={
            system.auth === 'oauth' ? undefined : (
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  setValues({ ...sandboxValues });
                  setTouched(new Set(Object.keys(sandboxValues)));
                }}
              >
                Fill them in
              </Button>
            )
          }
        >
          This is the sandbox: nothing leaves this machine, and a generated portfolio is imported.
          {system.auth === 'oauth'
            ? ' The approval page is the sandbox’s stand-in.'
            : ` It accepts ${system.fields.map((field) => `${field.label} “${sandboxValues[field.name] ?? ''}”`).join(' and ')}.`}
        </Alert>
      )}
      {system.fields.map((field) => {
        const shown = touched.has(field.name) ? problems[field.name] : null;
        const apiSays = refused === field.name ? (refusal?.message ?? null) : null;
        return (
          <TextField
            key={field.name}
            label={field.label}
            name={field.name}
            type={field.secret ? 'password' : 'text'}
            autoComplete="off"
            required
            value={values[field.name] ?? ''}
            onChange={(event) =>
              setValues((current) => ({ ...current, [field.name]: event.target.value }))
            }
            onBlur={() => setTouched((current) => new Set(current).add(field.name))}
            error={Boolean(shown ?? apiSays)}
            helperText={shown ?? apiSays ?? field.help}
            disabled={busy}
            slotProps={{ htmlInput: { spellCheck: false } }}
          />
        );
      })}
      {error && !refused && <Alert severity="error">{messageOf(error)}</Alert>}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={busy}
        sx={{ alignSelf: { sm: 'start' } }}
      >
        {authorizing
          ? `Taking you to ${system.label}…`
          : busy
            ? `Checking with ${system.label}…`
            : system.auth === 'oauth'
              ? `Connect with ${system.label}`
              : `Connect ${system.label}`}
      </Button>
    </Stack>
  );
}
