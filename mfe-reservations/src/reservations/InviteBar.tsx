// The reservations list's bulk send (issue 31): the stays a host had before their automatic
// check-in links were switched on get theirs from here, several at once. Asked first, with how
// many; the snackbar says what went and why the others did not (those stay selected).
import { useState } from 'react';
import { Button, Paper, Stack, Typography } from '@mui/material';
import { useDispatch, useSelector } from 'react-redux';
import { ConfirmDialog, messageOf, useSubmission } from '@hostdash/shared-ui';
import { reservationsActions, selectInvites } from './reservationsSlice';

const guests = (count: number) => `${count} ${count === 1 ? 'guest' : 'guests'}`;

export function InviteBar() {
  const dispatch = useDispatch();
  const { ids, status } = useSelector(selectInvites);
  const [confirming, setConfirming] = useState(false);
  const submission = useSubmission(status, () => setConfirming(false));
  if (ids.length === 0) return null;

  return (
    <>
      <Paper
        variant="outlined"
        sx={{ px: 2, py: 1, bgcolor: 'action.hover' }}
        role="region"
        aria-label="Selected reservations"
      >
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600 }}>{ids.length} selected</Typography>
          <Button
            size="small"
            variant="contained"
            onClick={() => {
              submission.forget();
              setConfirming(true);
            }}
          >
            Send check-in link
          </Button>
          <Button size="small" onClick={() => dispatch(reservationsActions.inviteSelectionSet([]))}>
            Clear selection
          </Button>
        </Stack>
      </Paper>
      <ConfirmDialog
        open={confirming}
        title={`Send the check-in link to ${guests(ids.length)}?`}
        confirmLabel="Send check-in link"
        busy={submission.busy}
        error={submission.error ? messageOf(submission.error) : null}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          submission.started();
          dispatch(reservationsActions.sendGuestInvites.requested({ ids }));
        }}
      >
        <Typography>
          Each guest gets a mail with their check-in link now, even if they had one before. Guests
          without an email address and cancelled stays are skipped.
        </Typography>
      </ConfirmDialog>
    </>
  );
}
