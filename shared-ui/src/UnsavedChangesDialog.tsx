// The question the unsaved-changes guard asks. Stay is the safe answer and has the focus.
import { useId } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import type { UnsavedChangesGuard } from './useUnsavedChangesGuard';

export function UnsavedChangesDialog({ guard }: { guard: UnsavedChangesGuard }) {
  const titleId = useId();
  return (
    <Dialog open={guard.asking} onClose={guard.stay} aria-labelledby={titleId} maxWidth="xs">
      <DialogTitle id={titleId}>Leave without saving?</DialogTitle>
      <DialogContent>
        <DialogContentText>Your changes to {guard.what} will be lost.</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={guard.stay} autoFocus>
          Stay
        </Button>
        <Button variant="contained" color="error" onClick={guard.leave}>
          Leave
        </Button>
      </DialogActions>
    </Dialog>
  );
}
