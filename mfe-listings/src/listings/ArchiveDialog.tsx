import { Typography } from '@mui/material';
import { ConfirmDialog } from '@hostdash/shared-ui';

/**
 * Archiving takes listings out of the host's portfolio: asked first, saying what it means. It can
 * still be undone from the snackbar afterwards (any status change can).
 */
export function ArchiveDialog({
  open,
  nicknames,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  /** The listings to archive. */
  nicknames: string[];
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const one = nicknames.length === 1;
  return (
    <ConfirmDialog
      open={open}
      title={one ? `Archive ${nicknames[0]}?` : `Archive ${nicknames.length} listings?`}
      confirmLabel={one ? 'Archive listing' : 'Archive listings'}
      destructive
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <Typography>
        {one ? 'It leaves' : 'They leave'} your portfolio: no longer bookable, and new reservations
        are not screened. {one ? 'Its' : 'Their'} reservations stay, with their history. You can
        make {one ? 'it' : 'them'} active again at any time.
      </Typography>
    </ConfirmDialog>
  );
}
