// "Make a sign-up link for a new host": their name, email and company, and the system they will
// connect. Checked as it is typed; the API's refusal of a field (an email that already has a user,
// a value its schema refuses) is shown beside that field for as long as the field holds what was
// sent. Once made, the link is shown here once, to copy; the API has also mailed it to the host.
import { useEffect, useId, useRef, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { fieldErrorOf, LoadError, messageOf } from '@hostdash/shared-ui';
import type { PmsName, PmsSystem, SignupLink } from './signupLinksApi';
import { selectSignupLinks, signupLinksActions } from './signupLinksSlice';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const FIELD_LABELS = {
  name: 'Name',
  email: 'Email',
  company: 'Company',
  pms: 'System to connect',
} as const;

type Field = keyof typeof FIELD_LABELS;
type Draft = Record<Field, string>;

const EMPTY: Draft = { name: '', email: '', company: '', pms: '' };
const NOT_TOUCHED: Record<Field, boolean> = {
  name: false,
  email: false,
  company: false,
  pms: false,
};
const FIELDS = Object.keys(FIELD_LABELS) as Field[];

function problemsOf(draft: Draft): Record<Field, string | null> {
  const email = draft.email.trim();
  return {
    name: draft.name.trim() === '' ? 'Enter the host’s name: the link greets them by it.' : null,
    email:
      email === ''
        ? 'Enter the email to mail the link to; they sign up with it.'
        : !EMAIL.test(email)
          ? 'Enter an email address like name@example.com.'
          : null,
    company:
      draft.company.trim() === '' ? 'Enter their company: their account is named after it.' : null,
    pms: draft.pms === '' ? 'Choose the system they will connect.' : null,
  };
}

export function SignupLinkDialog({ onClose }: { onClose: () => void }) {
  const dispatch = useDispatch();
  const { systems, made, status } = useSelector(selectSignupLinks);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const titleId = useId();
  const busy = status.make.loading;

  // The systems are loaded once per visit; a failed load is tried again when the dialog opens.
  useEffect(() => {
    if (systems === null && !status.systems.loading)
      dispatch(signupLinksActions.loadSystems.requested());
    // Only as the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // Closing forgets the link (it is shown once) and any refusal, so the next dialog starts clean.
  useEffect(
    () => () => {
      dispatch(signupLinksActions.dialogClosed());
    },
    [dispatch],
  );

  const close = (reason?: string) => {
    if (busy) return;
    // A stray click beside the dialog must not lose a link that is shown only once.
    if (made && reason === 'backdropClick') return;
    onClose();
  };

  return (
    <Dialog
      open
      onClose={(_event, reason) => close(reason)}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
    >
      {made ? (
        <MadeLink titleId={titleId} link={made} systems={systems} onDone={() => close()} />
      ) : (
        <LinkForm titleId={titleId} systems={systems} onCancel={() => close()} />
      )}
    </Dialog>
  );
}

function LinkForm({
  titleId,
  systems,
  onCancel,
}: {
  titleId: string;
  systems: PmsSystem[] | null;
  onCancel: () => void;
}) {
  const dispatch = useDispatch();
  const { status } = useSelector(selectSignupLinks);
  const busy = status.make.loading;
  const [draft, setDraft] = useState<Draft>(EMPTY);
  // A typed email is checked when the field is left; an empty field is said once the form is sent.
  const [touched, setTouched] = useState(NOT_TOUCHED);
  // What was last sent: the API's refusal of a field speaks for that value, not for one typed since.
  const [sent, setSent] = useState<Draft | null>(null);

  const problems = problemsOf(draft);
  const refusal = sent ? status.make.error : null;
  const refused = refusal ? fieldErrorOf(refusal, FIELD_LABELS) : null;
  const messageFor = (field: Field): string | null =>
    (touched[field] && problems[field]) ||
    (refused?.field === field && sent?.[field] === draft[field] ? refused.message : null);
  // A refusal not about one of the fields (no access, no answer) is said above them.
  const generalError = refusal && !refused ? messageOf(refusal) : null;

  const change = (field: Field) => (value: string) =>
    setDraft((was) => ({ ...was, [field]: value }));
  const leave = (field: Field) => () =>
    setTouched((was) => ({ ...was, [field]: was[field] || draft[field].trim() !== '' }));

  const submit = () => {
    setTouched({ name: true, email: true, company: true, pms: true });
    if (FIELDS.some((field) => problems[field])) return;
    setSent(draft);
    dispatch(
      signupLinksActions.make.requested({
        name: draft.name.trim(),
        email: draft.email.trim(),
        company: draft.company.trim(),
        pms: draft.pms as PmsName,
      }),
    );
  };

  const chosen = systems?.find((system) => system.name === draft.pms);
  const pmsMessage = messageFor('pms');
  const pmsHelp = status.systems.loading
    ? 'Loading the systems…'
    : chosen && !chosen.connectable
      ? `${chosen.label} cannot be connected here yet: the link will say so to the host.`
      : 'The link opens the page that connects it.';

  return (
    // A flex column like the dialog's paper, so the fields scroll between the title and the buttons.
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flexGrow: 1 }}
    >
      <DialogTitle id={titleId}>Make a sign-up link for a new host</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography color="textSecondary">
            The link opens sign-up with these filled in, then connects their system. We mail it to
            them, and you can copy it too.
          </Typography>
          {generalError && <Alert severity="error">{generalError}</Alert>}
          <TextField
            label={FIELD_LABELS.name}
            value={draft.name}
            onChange={(event) => change('name')(event.target.value)}
            onBlur={leave('name')}
            error={messageFor('name') !== null}
            helperText={messageFor('name') ?? 'They can change it as they sign up.'}
            autoComplete="off"
            required
            autoFocus
            fullWidth
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <TextField
            label={FIELD_LABELS.email}
            type="email"
            value={draft.email}
            onChange={(event) => change('email')(event.target.value)}
            onBlur={leave('email')}
            error={messageFor('email') !== null}
            helperText={messageFor('email') ?? 'The link is mailed here; they sign in with it.'}
            autoComplete="off"
            required
            fullWidth
            slotProps={{ htmlInput: { maxLength: 254 } }}
          />
          <TextField
            label={FIELD_LABELS.company}
            value={draft.company}
            onChange={(event) => change('company')(event.target.value)}
            onBlur={leave('company')}
            error={messageFor('company') !== null}
            helperText={messageFor('company') ?? 'The name of their new Hostdash account.'}
            autoComplete="off"
            required
            fullWidth
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          {status.systems.error ? (
            <LoadError
              error={status.systems.error}
              onRetry={() => dispatch(signupLinksActions.loadSystems.requested())}
            />
          ) : (
            <TextField
              select
              label={FIELD_LABELS.pms}
              value={draft.pms}
              onChange={(event) => change('pms')(event.target.value)}
              error={pmsMessage !== null}
              helperText={pmsMessage ?? pmsHelp}
              disabled={systems === null}
              required
              fullWidth
            >
              {(systems ?? []).map((system) => (
                <MenuItem key={system.name} value={system.name}>
                  {system.label}
                </MenuItem>
              ))}
            </TextField>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Make the link
        </Button>
      </DialogActions>
    </Box>
  );
}

type CopyState = 'idle' | 'copied' | 'refused';

function MadeLink({
  titleId,
  link,
  systems,
  onDone,
}: {
  titleId: string;
  link: SignupLink;
  systems: PmsSystem[] | null;
  onDone: () => void;
}) {
  const [copy, setCopy] = useState<CopyState>('idle');
  const linkField = useRef<HTMLTextAreaElement>(null);
  const label = systems?.find((system) => system.name === link.pms)?.label ?? link.pms;

  const copyLink = async () => {
    try {
      // No clipboard outside a secure context (plain http): then the link is selected to copy.
      await navigator.clipboard.writeText(link.url);
      setCopy('copied');
    } catch {
      setCopy('refused');
      linkField.current?.focus();
      linkField.current?.select();
    }
  };

  return (
    <>
      <DialogTitle id={titleId}>The sign-up link for {link.name}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography>
            For {link.name} of {link.company}, to connect {label}. It is shown only now.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'start' }}>
            <TextField
              label="Sign-up link"
              value={link.url}
              multiline
              fullWidth
              inputRef={linkField}
              onFocus={(event) => event.target.select()}
              helperText={
                copy === 'refused'
                  ? 'This browser did not let Hostdash copy it: the link is selected, copy it with Ctrl+C (⌘C on a Mac).'
                  : undefined
              }
              slotProps={{ htmlInput: { readOnly: true, sx: { wordBreak: 'break-all' } } }}
            />
            <Button
              variant="outlined"
              onClick={() => void copyLink()}
              sx={{ flexShrink: 0, width: { xs: '100%', sm: 'auto' }, mt: { sm: 1 } }}
            >
              {copy === 'copied' ? 'Copied' : 'Copy'}
            </Button>
          </Stack>
          <Typography role="status">
            We also mailed it to {link.email}. It works once, for 14 days.
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onDone}>
          Done
        </Button>
      </DialogActions>
    </>
  );
}
