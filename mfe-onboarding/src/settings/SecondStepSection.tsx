// The second step: whether sign-in asks for a code from an authenticator app. Turning it on shows a
// QR code (and the secret, grouped to type by hand) and asks for the app's first code; then the ten
// recovery codes, shown this once, to copy or download. Turning it off asks for a current code or
// a recovery code, so a session left open cannot remove it.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import QRCode from 'qrcode';
import { Alert, Box, Button, Chip, Skeleton, Stack, TextField, Typography } from '@mui/material';
import type { ApiError } from '@hostdash/shared-auth';
import { ConfirmDialog, DownloadButton, messageOf, useSubmission } from '@hostdash/shared-ui';
import { selectSettings } from '../onboardSlice';
import type { Profile, SecondStepSetup } from './settingsApi';
import { settingsActions } from './settingsSlice';
import {
  groupedSecret,
  normalisedCode,
  RECOVERY_CODE,
  recoveryCodesFile,
  SIX_DIGITS,
} from './settingsWords';

/** Saves `text` as a file the browser downloads (nothing is asked of the API). */
function downloadFile(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A wrong code is said beside the code field; anything else above the buttons. */
const isCodeRefusal = (error: ApiError | null): boolean =>
  error?.error === 'invalid_code' ||
  error?.error === 'code_used' ||
  (error?.error === 'invalid_request' && error.field === 'code');

function QrImage({ url }: { url: string }) {
  const [image, setImage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    QRCode.toDataURL(url, { margin: 1, width: 200 }).then(
      (dataUrl) => current && setImage(dataUrl),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [url]);
  if (failed)
    return (
      <Alert severity="info">
        The QR code could not be drawn here: type the key below instead.
      </Alert>
    );
  if (!image) return <Skeleton variant="rectangular" width={200} height={200} />;
  return (
    <Box
      component="img"
      src={image}
      alt="QR code to scan with your authenticator app"
      sx={{ width: 200, height: 200, display: 'block' }}
    />
  );
}

function Enrolment({ setup }: { setup: SecondStepSetup }) {
  const dispatch = useDispatch();
  const { status } = useSelector(selectSettings);
  const submission = useSubmission(status.confirmSecondStep);
  const [code, setCode] = useState('');
  const [checked, setChecked] = useState(false);
  const secretId = useId();
  const typed = normalisedCode(code);
  const problem = SIX_DIGITS.test(typed) ? null : 'Enter the six digits your app shows.';
  const refusal = submission.error;
  const codeError =
    (checked ? problem : null) ?? (isCodeRefusal(refusal) ? refusal!.message : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (problem) return;
    submission.started();
    dispatch(settingsActions.confirmSecondStep.requested({ code: typed }));
  };
  return (
    <Stack spacing={2}>
      <Typography>
        1. Open your authenticator app (Google Authenticator, 1Password, Authy, Microsoft
        Authenticator…) and scan this QR code.
      </Typography>
      <QrImage url={setup.otpauth_url} />
      <Box>
        <Typography variant="body2" color="textSecondary" id={secretId}>
          Can’t scan it? Add an account by hand with this key (time-based, 6 digits):
        </Typography>
        <Typography
          aria-labelledby={secretId}
          sx={{ fontFamily: 'monospace', fontSize: '1.1rem', letterSpacing: 1, wordSpacing: 4 }}
        >
          {groupedSecret(setup.secret)}
        </Typography>
      </Box>
      <Stack
        component="form"
        noValidate
        spacing={1.5}
        onSubmit={submit}
        aria-label="Confirm the second step"
      >
        <Typography>2. Enter the code the app shows for Hostdash.</Typography>
        <TextField
          label="Six-digit code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={Boolean(codeError)}
          helperText={codeError ?? ' '}
          autoComplete="one-time-code"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 9 } }}
          disabled={submission.busy}
          sx={{ maxWidth: 240 }}
        />
        {refusal && !isCodeRefusal(refusal) && (
          <Alert
            severity="error"
            action={
              refusal.error === 'no_setup' ? (
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => {
                    submission.forget();
                    setCode('');
                    setChecked(false);
                    dispatch(settingsActions.setUpSecondStep.requested());
                  }}
                >
                  Start again
                </Button>
              ) : undefined
            }
          >
            {messageOf(refusal)}
          </Alert>
        )}
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={submission.busy}>
            {submission.busy ? 'Confirming…' : 'Confirm'}
          </Button>
          <Button
            disabled={submission.busy}
            onClick={() => dispatch(settingsActions.secondStepSetupCancelled())}
          >
            Cancel
          </Button>
        </Stack>
      </Stack>
    </Stack>
  );
}

function RecoveryCodes({ codes, email }: { codes: string[]; email: string }) {
  const dispatch = useDispatch();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const text = recoveryCodesFile(email, codes);
  const copy = () =>
    navigator.clipboard.writeText(codes.join('\n')).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  return (
    <Stack spacing={2}>
      <Alert severity="success">The second step is on. Sign-in now asks for a code.</Alert>
      <Typography>
        Save these recovery codes somewhere safe, away from your phone.{' '}
        <strong>They are shown only this once.</strong> Each one signs you in once if you cannot use
        your authenticator app.
      </Typography>
      <Box
        component="ol"
        aria-label="Recovery codes"
        sx={{
          m: 0,
          p: 2,
          pl: 5,
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontFamily: 'monospace',
          fontSize: '1.05rem',
          display: 'grid',
          columnGap: 5,
          rowGap: 0.5,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button variant="outlined" onClick={() => void copy()}>
          Copy
        </Button>
        <DownloadButton
          fileType="TXT"
          onClick={() => downloadFile('hostdash-recovery-codes.txt', text)}
        />
        <Button variant="contained" onClick={() => dispatch(settingsActions.recoveryCodesSaved())}>
          I have saved them
        </Button>
        <Typography role="status" variant="body2" color="textSecondary">
          {copied === 'yes'
            ? 'Copied.'
            : copied === 'failed'
              ? 'The browser did not let the page copy: select the codes instead.'
              : ''}
        </Typography>
      </Stack>
    </Stack>
  );
}

function TurnOffDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dispatch = useDispatch();
  const { status } = useSelector(selectSettings);
  const [code, setCode] = useState('');
  const [checked, setChecked] = useState(false);
  const close = () => {
    setCode('');
    setChecked(false);
    onClose();
  };
  const submission = useSubmission(status.disableSecondStep, close);
  const typed = normalisedCode(code);
  const problem =
    SIX_DIGITS.test(typed) || RECOVERY_CODE.test(typed)
      ? null
      : 'Enter the six digits your app shows, or a recovery code like abcde-fghij.';
  const refusal = submission.error;
  const codeError =
    (checked ? problem : null) ?? (isCodeRefusal(refusal) ? refusal!.message : null);
  const confirm = () => {
    setChecked(true);
    if (problem) return;
    submission.started();
    dispatch(settingsActions.disableSecondStep.requested({ code: typed }));
  };
  return (
    <ConfirmDialog
      open={open}
      title="Turn off the second step?"
      confirmLabel="Turn off"
      destructive
      busy={submission.busy}
      error={refusal && !isCodeRefusal(refusal) ? messageOf(refusal) : null}
      onConfirm={confirm}
      onCancel={() => {
        submission.forget();
        close();
      }}
    >
      <Typography sx={{ mb: 2 }}>
        Sign-in will ask only for your password. Your recovery codes stop working too.
      </Typography>
      <TextField
        label="Code from your app, or a recovery code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            confirm();
          }
        }}
        error={Boolean(codeError)}
        helperText={codeError ?? ' '}
        autoComplete="one-time-code"
        disabled={submission.busy}
        fullWidth
      />
    </ConfirmDialog>
  );
}

export function SecondStepSection({ profile }: { profile: Profile }) {
  const dispatch = useDispatch();
  const { secondStep, status } = useSelector(selectSettings);
  const setupSubmission = useSubmission(status.setUpSecondStep);
  const [turningOff, setTurningOff] = useState(false);

  if (secondStep.recoveryCodes)
    return <RecoveryCodes codes={secondStep.recoveryCodes} email={profile.email} />;
  if (secondStep.setup) return <Enrolment setup={secondStep.setup} />;
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip
          size="small"
          label={profile.second_step ? 'On' : 'Off'}
          color={profile.second_step ? 'success' : 'default'}
        />
        <Typography>
          {profile.second_step
            ? 'Sign-in asks for your password and a code from your authenticator app.'
            : 'Sign-in asks only for your password. Add a code from an authenticator app, so a stolen password is not enough.'}
        </Typography>
      </Stack>
      {setupSubmission.error && <Alert severity="error">{messageOf(setupSubmission.error)}</Alert>}
      {profile.second_step ? (
        <Button
          variant="outlined"
          color="error"
          onClick={() => setTurningOff(true)}
          sx={{ alignSelf: 'start' }}
        >
          Turn off
        </Button>
      ) : (
        <Button
          variant="contained"
          disabled={setupSubmission.busy}
          onClick={() => {
            setupSubmission.started();
            dispatch(settingsActions.setUpSecondStep.requested());
          }}
          sx={{ alignSelf: 'start' }}
        >
          {setupSubmission.busy ? 'Starting…' : 'Turn on'}
        </Button>
      )}
      <TurnOffDialog open={turningOff} onClose={() => setTurningOff(false)} />
    </Stack>
  );
}
