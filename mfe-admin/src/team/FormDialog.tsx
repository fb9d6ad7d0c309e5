// The team page's form dialogs (invite, a vendor's buildings): a title, fields that scroll between
// it and the buttons, Cancel and the action's own button, which waits while the request runs. A
// running request cannot be dismissed; a refusal is the form's to show.
import { useId, type ReactNode } from 'react';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  useMediaQuery,
  useTheme,
} from '@mui/material';

export function FormDialog({
  title,
  submitLabel,
  busy,
  submitDisabled = false,
  fullScreenOnPhone = false,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  /** The action, a verb: "Send invite". */
  submitLabel: string;
  busy: boolean;
  submitDisabled?: boolean;
  /** A long form takes the whole screen of a phone. */
  fullScreenOnPhone?: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreenOnPhone && phone}
    >
      {/* A flex column like the dialog's paper, so the fields scroll between title and buttons. */}
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy || submitDisabled}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
