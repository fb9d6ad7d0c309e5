// Releasing a held message before the guest is verified (with the reason, kept in the protect
// log), and withdrawing one. Each dialog shows the API's refusal in place and keeps what was typed.
import { useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { TextField, Typography } from '@mui/material';
import { ConfirmDialog, useSubmission } from '@hostdash/shared-ui';
import type { StargateDelivery } from '../guestportalApi';
import { guestportalActions, selectGuestportal } from '../guestportalSlice';

const NOTE_MAX = 500;

export function ReleaseDialog({
  delivery,
  onClose,
}: {
  delivery: StargateDelivery;
  onClose: () => void;
}) {
  const dispatch = useDispatch();
  const { status } = useSelector(selectGuestportal);
  const submission = useSubmission(status.release, onClose);
  const [note, setNote] = useState('');
  const blank = note.trim() === '';
  return (
    <ConfirmDialog
      open
      title={`Release to ${delivery.reservation.guest_first_name} now?`}
      confirmLabel="Release now"
      busy={submission.busy}
      error={submission.error?.message ?? null}
      confirmDisabled={blank}
      onCancel={onClose}
      onConfirm={() => {
        submission.started();
        dispatch(guestportalActions.release.requested({ id: delivery.id, note: note.trim() }));
      }}
    >
      <Typography sx={{ mb: 2 }}>
        “{delivery.title}” goes to the guest before they are verified (their verification is{' '}
        {delivery.reservation.verification_status}). Say why: the note stays in the protect log.
      </Typography>
      <TextField
        label="Why release it now"
        value={note}
        onChange={(event) => setNote(event.target.value)}
        required
        fullWidth
        multiline
        minRows={2}
        autoFocus
        slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
        helperText={`${note.length}/${NOTE_MAX}`}
      />
    </ConfirmDialog>
  );
}

export function WithdrawDialog({
  delivery,
  onClose,
}: {
  delivery: StargateDelivery;
  onClose: () => void;
}) {
  const dispatch = useDispatch();
  const { status } = useSelector(selectGuestportal);
  const submission = useSubmission(status.withdraw, onClose);
  return (
    <ConfirmDialog
      open
      destructive
      title="Withdraw this message?"
      confirmLabel="Withdraw"
      busy={submission.busy}
      error={submission.error?.message ?? null}
      onCancel={onClose}
      onConfirm={() => {
        submission.started();
        dispatch(guestportalActions.withdraw.requested({ id: delivery.id }));
      }}
    >
      <Typography>
        “{delivery.title}” will not go to {delivery.reservation.guest_first_name}, even once they
        are verified.
      </Typography>
    </ConfirmDialog>
  );
}
