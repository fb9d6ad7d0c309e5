// A reservation's guest link in its screens widget: the address to send the guest (Copy, Open),
// how far the guest got ("3 of 6 screens done", finished, expired), and a new link when the old
// one went to the wrong person (asked first: the old one stops working at once).
import { useState } from 'react';
import { Alert, Box, Button, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import { formatDate, formatDateTime, toApiError } from '@hostdash/shared-auth';
import { ConfirmDialog, LoadError, messageOf } from '@hostdash/shared-ui';
import { guestportalApi, type GuestLink } from '../guestportalApi';
import { useLoaded } from './useLoaded';

function progressInWords(link: GuestLink): string {
  if (link.completedAt)
    return `The guest finished the portal on ${formatDateTime(link.completedAt)}.`;
  if (link.expired) return 'This link has expired: the stay is over or cancelled.';
  if (link.screensDone === 0)
    return `The guest has not started yet · works until ${formatDate(link.expiresAt)}.`;
  return `${link.screensDone} of ${link.screensTotal} screens done · works until ${formatDate(link.expiresAt)}.`;
}

export function GuestLinkPanel({ reservationId }: { reservationId: string }) {
  const {
    value: link,
    set: setLink,
    error,
    retry,
  } = useLoaded<GuestLink>(
    (signal) => guestportalApi.guestLink(reservationId, { signal }),
    reservationId,
  );
  const [copied, setCopied] = useState(false);
  const [renewing, setRenewing] = useState<'asking' | 'busy' | null>(null);
  const [renewError, setRenewError] = useState<string | null>(null);

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied(true);
    } catch {
      // No clipboard (an insecure page, a refused permission): the address stays selectable.
      setCopied(false);
    }
  };

  const renew = async () => {
    setRenewing('busy');
    setRenewError(null);
    try {
      setLink(await guestportalApi.renewGuestLink(reservationId));
      setCopied(false);
      setRenewing(null);
    } catch (failure) {
      setRenewError(messageOf(toApiError(failure)));
      setRenewing('asking');
    }
  };

  if (!link && error) return <LoadError error={error} onRetry={retry} />;
  if (!link) return <LinearProgress aria-label="Loading the guest's link" />;
  return (
    <Box component="section" aria-label="The guest’s check-in link" sx={{ mb: 2 }}>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        Check-in link for the guest
      </Typography>
      <TextField
        value={link.url}
        fullWidth
        label="Check-in link"
        slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }}
        onFocus={(event) => event.target.select()}
        disabled={link.expired}
      />
      <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }} aria-live="polite">
        {progressInWords(link)}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
        <Button size="small" variant="outlined" onClick={() => void copy()} disabled={link.expired}>
          {copied ? 'Copied' : 'Copy link'}
        </Button>
        <Button
          size="small"
          href={link.url}
          target="_blank"
          rel="noopener noreferrer"
          disabled={link.expired}
        >
          Open
        </Button>
        <Button size="small" onClick={() => setRenewing('asking')} disabled={link.expired}>
          New link
        </Button>
      </Stack>
      {copied && (
        <Alert severity="success" sx={{ mt: 1 }} role="status">
          Copied. Send it to the guest by message or email.
        </Alert>
      )}
      <ConfirmDialog
        open={renewing !== null}
        title="Make a new check-in link?"
        confirmLabel="Make a new link"
        destructive
        busy={renewing === 'busy'}
        error={renewError}
        onCancel={() => {
          setRenewing(null);
          setRenewError(null);
        }}
        onConfirm={() => void renew()}
      >
        <Typography>
          The link you have now stops working at once. What the guest already filled in is kept.
        </Typography>
      </ConfirmDialog>
    </Box>
  );
}
