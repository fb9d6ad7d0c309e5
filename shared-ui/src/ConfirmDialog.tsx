// One way to ask before a big action: says what will happen in the person's words, names the
// action on its button ("Archive listing", never "OK"), and starts on Cancel. While the action
// runs the buttons wait; a failure is shown inside the dialog, which stays open with nothing lost.
import { useId, type ReactNode } from 'react';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
} from '@mui/material';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen, and what it affects (counts, names). */
  children: ReactNode;
  /** The action's name, a verb: "Archive listing", "Change to strict". */
  confirmLabel: string;
  /** Red for what cannot simply be taken back (it is still undoable where the page offers it). */
  destructive?: boolean;
  /** The action is running: buttons wait, the dialog cannot be dismissed. */
  busy?: boolean;
  /** Why the action failed, in the person's words (the dialog stays open). */
  error?: string | null;
  /** Holds the confirm button back until the page has what it needs (e.g. a preview). */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  destructive = false,
  busy = false,
  error = null,
  confirmDisabled = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={() => !busy && onCancel()}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {children}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} autoFocus>
          Cancel
        </Button>
        <Button
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          onClick={onConfirm}
          disabled={busy || confirmDisabled}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
