// "Invite a teammate": an email, their name, a role, and for building staff the buildings they may
// see. Checked as it is typed; the API's refusal (an email that already has a user, a field) is
// shown on its field, anything else in the dialog, which keeps what was typed.
import { useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import {
  Alert,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import { labelOf } from '@hostdash/shared-auth';
import { fieldErrorOf, messageOf, useSubmission } from '@hostdash/shared-ui';
import { selectAdmin } from '../adminSlice';
import { BuildingChoices, CHOOSE_A_BUILDING } from './BuildingChoices';
import { FormDialog } from './FormDialog';
import type { InviteRequest, TeamBuilding } from './teamApi';
import { teamActions } from './teamSlice';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const FIELD_LABELS = { email: 'Email', name: 'Name', building_slugs: 'Buildings' };

type Role = InviteRequest['subtype'];

export function InviteDialog({
  accountId,
  accountName,
  buildings,
  onClose,
}: {
  /** Staff inviting into another account than their own. */
  accountId?: string;
  accountName: string;
  buildings: readonly TeamBuilding[];
  onClose: () => void;
}) {
  const dispatch = useDispatch();
  const status = useSelector(selectAdmin).team.status.invite;
  const submission = useSubmission(status, onClose);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('manager');
  const [slugs, setSlugs] = useState<string[]>([]);
  // A typed email is checked when the field is left; an empty field is said once the form is sent.
  const [touched, setTouched] = useState({ email: false, name: false, buildings: false });

  const refusal = submission.error;
  const refusedField = refusal ? fieldErrorOf(refusal, FIELD_LABELS) : null;
  const emailTaken = refusal?.error === 'email_taken' ? refusal.message : null;
  const emailProblem =
    email.trim() === ''
      ? 'Enter the email they will sign in with.'
      : !EMAIL.test(email.trim())
        ? 'Enter an email address like name@example.com.'
        : null;
  const nameProblem = name.trim() === '' ? 'Enter their name: the invite greets them by it.' : null;
  const buildingsProblem = role === 'vendor' && slugs.length === 0 ? CHOOSE_A_BUILDING : null;
  const fieldMessage = (field: keyof typeof FIELD_LABELS, local: string | null, shown: boolean) =>
    (shown && local) || (refusedField?.field === field ? refusedField.message : null);
  const emailMessage = fieldMessage('email', emailProblem, touched.email) ?? emailTaken;
  const nameMessage = fieldMessage('name', nameProblem, touched.name);
  const buildingsMessage = fieldMessage('building_slugs', buildingsProblem, touched.buildings);
  // A refusal not about one of the fields is said above them.
  const generalError = refusal && !refusedField && !emailTaken ? messageOf(refusal) : null;

  const submit = () => {
    setTouched({ email: true, name: true, buildings: true });
    if (emailProblem || nameProblem || buildingsProblem) return;
    submission.started();
    dispatch(
      teamActions.invite.requested({
        email: email.trim(),
        name: name.trim(),
        subtype: role,
        ...(role === 'vendor' ? { building_slugs: slugs } : {}),
        ...(accountId ? { account_id: accountId } : {}),
      }),
    );
  };
  // A changed value is a new try: the old refusal no longer speaks for it.
  const edit =
    <Value,>(set: (value: Value) => void) =>
    (value: Value) => {
      submission.forget();
      set(value);
    };

  return (
    <FormDialog
      title={`Invite a teammate to ${accountName}`}
      submitLabel="Send invite"
      busy={submission.busy}
      fullScreenOnPhone
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {generalError && <Alert severity="error">{generalError}</Alert>}
        <TextField
          label="Email"
          type="email"
          value={email}
          onChange={(event) => edit(setEmail)(event.target.value)}
          onBlur={() => setTouched((was) => ({ ...was, email: email.trim() !== '' }))}
          error={emailMessage !== null}
          helperText={emailMessage ?? 'The invite goes here; they sign in with it.'}
          autoComplete="off"
          required
          autoFocus
          fullWidth
        />
        <TextField
          label="Name"
          value={name}
          onChange={(event) => edit(setName)(event.target.value)}
          error={nameMessage !== null}
          helperText={nameMessage ?? 'They can change it when they accept.'}
          autoComplete="off"
          required
          fullWidth
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <FormControl component="fieldset">
          <FormLabel component="legend">Role</FormLabel>
          <RadioGroup value={role} onChange={(event) => edit(setRole)(event.target.value as Role)}>
            <FormControlLabel
              value="manager"
              control={<Radio />}
              label={`${labelOf('userSubtype', 'manager')}: every listing and reservation, no billing or settings`}
            />
            <FormControlLabel
              value="vendor"
              control={<Radio />}
              disabled={buildings.length === 0}
              label={`${labelOf('userSubtype', 'vendor')}: only the buildings you choose${buildings.length === 0 ? ' (this account has no buildings yet)' : ''}`}
            />
          </RadioGroup>
        </FormControl>
        {role === 'vendor' && (
          <BuildingChoices
            buildings={buildings}
            chosen={slugs}
            onChange={edit(setSlugs)}
            error={buildingsMessage}
          />
        )}
      </Stack>
    </FormDialog>
  );
}
