import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useDispatch, useSelector } from 'react-redux';
import { VERIFICATION_STATUSES, type VerificationStatus } from '@hostdash/shared-auth';
import { messageOf } from '@hostdash/shared-ui';
import { reservationsActions, selectDetail } from './reservationsSlice';

export const NOTE_MAX = 1000;

/** The decisions a person vouches for: they need the statement, ticked by that person. */
const NEEDS_STATEMENT: readonly VerificationStatus[] = ['verified', 'declined'];

interface VerificationDialogProps {
  reservation: {
    id: string;
    guest_name: string;
    protect: { verification_status: VerificationStatus };
  };
  /** The reservations list row to update; without it the open reservation is updated. */
  index?: number;
  onClose: () => void;
}

/**
 * A host's reviewed decision on a guest's verification, with a note for the protect log. It opens
 * on the status the guest has and nothing ticked: saving must never make a statement the host did
 * not make.
 */
export function VerificationDialog({ reservation, index, onClose }: VerificationDialogProps) {
  const dispatch = useDispatch();
  const { verification } = useSelector(selectDetail);
  const current = reservation.protect.verification_status;
  const [status, setStatus] = useState<VerificationStatus>(current);
  const [note, setNote] = useState('');
  const [supervised, setSupervised] = useState(false);
  const [attempted, setAttempted] = useState(false);

  // Closes once the API confirms the change; a refusal stays open with the reason.
  useEffect(() => {
    if (attempted && !verification.loading && !verification.error) onClose();
  }, [attempted, verification.loading, verification.error, onClose]);

  const unchanged = status === current;
  const statusLabel = VERIFICATION_STATUSES[status].label;
  const statementMissing = NEEDS_STATEMENT.includes(status) && !supervised;
  const noteMissing = status === 'declined' && note.trim() === '';
  const noteTooLong = note.length > NOTE_MAX;
  const save = () => {
    setAttempted(true);
    dispatch(
      reservationsActions.changeVerification.requested({
        id: reservation.id,
        status,
        note,
        supervised,
        index,
      }),
    );
  };

  return (
    <Dialog
      open
      onClose={verification.loading ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="verification-title"
    >
      <DialogTitle id="verification-title">
        Change verification of {reservation.guest_name}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {attempted && verification.error && (
            <Alert severity="error">{messageOf(verification.error)}</Alert>
          )}
          <TextField
            select
            label="Verification status"
            value={status}
            onChange={(event) => setStatus(event.target.value as VerificationStatus)}
          >
            {(Object.keys(VERIFICATION_STATUSES) as VerificationStatus[]).map((value) => (
              <MenuItem key={value} value={value}>
                {VERIFICATION_STATUSES[value].label} — {VERIFICATION_STATUSES[value].meaning}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Note for the protect log"
            placeholder="What you checked and why you decided"
            value={note}
            onChange={(event) => setNote(event.target.value)}
            multiline
            minRows={3}
            required={status === 'declined'}
            error={noteTooLong}
            helperText={
              noteTooLong
                ? `At most ${NOTE_MAX} characters.`
                : noteMissing
                  ? `Say why you are declining this guest (${note.length}/${NOTE_MAX}).`
                  : `${note.length}/${NOTE_MAX}`
            }
          />
          <FormControl>
            <FormControlLabel
              control={
                <Checkbox
                  checked={supervised}
                  onChange={(event) => setSupervised(event.target.checked)}
                />
              }
              label="I reviewed this guest's documents myself"
            />
            {statementMissing && !unchanged && (
              <FormHelperText>
                To mark this guest {statusLabel}, tick this to confirm you reviewed their documents
                yourself.
              </FormHelperText>
            )}
          </FormControl>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={verification.loading}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={save}
          disabled={
            verification.loading || unchanged || noteTooLong || noteMissing || statementMissing
          }
        >
          {verification.loading ? 'Saving…' : 'Save'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
