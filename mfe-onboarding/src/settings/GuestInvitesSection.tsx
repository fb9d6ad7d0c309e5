// Guests' check-in links on /settings (issue 31): whether Hostdash mails each guest their check-in
// link by itself, and how many days before check-in. The switch saves at once; the days are saved
// with their own button. Stays booked before the links were switched on are the host's to send,
// from the reservations list: the section says so, with when that was.
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  LinearProgress,
  Link,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useDispatch, useSelector } from 'react-redux';
import { formatDateTime } from '@hostdash/shared-auth';
import { LoadError, messageOf } from '@hostdash/shared-ui';
import { selectGuestInvites } from '../onboardSlice';
import type { GuestInviteSettings } from './guestInvitesApi';
import { guestInvitesActions } from './guestInvitesSlice';

const MAX_DAYS = 30;

function GuestInvitesForm({ settings }: { settings: GuestInviteSettings }) {
  const dispatch = useDispatch();
  const { save } = useSelector(selectGuestInvites);
  const [daysText, setDaysText] = useState(String(settings.days_before));
  useEffect(() => setDaysText(String(settings.days_before)), [settings.days_before]);
  const days = Number(daysText);
  const daysValid = /^\d{1,2}$/.test(daysText) && days >= 0 && days <= MAX_DAYS;
  const daysChanged = daysValid && days !== settings.days_before;

  return (
    <Stack spacing={2}>
      {save.error && <Alert severity="error">{messageOf(save.error)}</Alert>}
      <Box>
        <FormControlLabel
          sx={{ m: 0, gap: 1 }}
          control={
            <Switch
              checked={settings.enabled}
              onChange={(event) => {
                if (save.loading) return;
                dispatch(guestInvitesActions.save.requested({ enabled: event.target.checked }));
              }}
              slotProps={{ input: { 'aria-describedby': 'guest-invites-detail' } }}
            />
          }
          label="Mail guests their check-in link automatically"
        />
        <Typography id="guest-invites-detail" variant="body2" color="textSecondary" sx={{ pl: 8 }}>
          {settings.enabled ? (
            <>
              Each guest with an email address gets it before check-in, and one reminder the day
              before if they have not finished. Stays booked before {formatDateTime(settings.since)}{' '}
              are not mailed automatically: send theirs from the{' '}
              <Link component={RouterLink} to="/reservations">
                Reservations
              </Link>{' '}
              list.
            </>
          ) : (
            'Off: guests get their check-in link only when you send it. Switching it on mails the guests of stays booked from then on.'
          )}
        </Typography>
      </Box>
      <Stack
        component="form"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'flex-start' } }}
        onSubmit={(event) => {
          event.preventDefault();
          if (daysChanged) dispatch(guestInvitesActions.save.requested({ days_before: days }));
        }}
      >
        <TextField
          label="Days before check-in"
          type="number"
          value={daysText}
          disabled={!settings.enabled}
          onChange={(event) => setDaysText(event.target.value)}
          error={!daysValid}
          helperText={
            daysValid
              ? `A booking made later gets it at once. Default: ${settings.default_days}.`
              : `A whole number of days from 0 to ${MAX_DAYS}.`
          }
          slotProps={{ htmlInput: { min: 0, max: MAX_DAYS, inputMode: 'numeric' } }}
          sx={{ maxWidth: { sm: 320 } }}
        />
        <Button
          type="submit"
          variant="outlined"
          disabled={!settings.enabled || !daysChanged || save.loading}
        >
          Save days
        </Button>
      </Stack>
    </Stack>
  );
}

export function GuestInvitesSection() {
  const dispatch = useDispatch();
  const { settings, status } = useSelector(selectGuestInvites);
  useEffect(() => {
    dispatch(guestInvitesActions.load.requested());
  }, [dispatch]);
  if (settings) return <GuestInvitesForm settings={settings} />;
  if (status.error)
    return (
      <LoadError
        error={status.error}
        onRetry={() => dispatch(guestInvitesActions.load.requested())}
      />
    );
  return <LinearProgress aria-label="Loading the check-in link settings" />;
}
