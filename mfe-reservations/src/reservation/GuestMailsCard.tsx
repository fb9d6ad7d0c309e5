// What was mailed to a stay's guest (issue 31): each check-in link and reminder, when it went and
// what became of it (sent, delivered to the mail server, failed with the reason), when the
// automatic invite goes, and "Send again". A guest without an email address, a cancelled stay and
// a stay that is over are said in a sentence, without a button.
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  LinearProgress,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import { useDispatch, useSelector } from 'react-redux';
import { formatDateTime, labelOf } from '@hostdash/shared-auth';
import {
  LoadError,
  messageOf,
  ResponsiveList,
  type ListColumn,
  StatusChip,
} from '@hostdash/shared-ui';
import type { GuestMail, GuestMailLog, Reservation } from '../reservations/reservationsApi';
import { reservationsActions, selectGuestMails } from '../reservations/reservationsSlice';

const COLUMNS: ListColumn<GuestMail>[] = [
  {
    key: 'kind',
    header: 'Mail',
    phone: 'primary',
    width: '34%',
    render: (mail) => (
      <>
        {labelOf('guestMailKind', mail.kind)}
        <Typography variant="body2" color="textSecondary" sx={{ fontWeight: 400 }}>
          to {mail.to}
        </Typography>
      </>
    ),
  },
  {
    key: 'created_at',
    header: 'Sent',
    width: '22%',
    render: (mail) => formatDateTime(mail.created_at),
  },
  {
    key: 'state',
    header: 'State',
    render: (mail) => (
      <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        <StatusChip kind="guestMailState" value={mail.state} />
        {mail.state === 'delivered' && mail.delivered_at && (
          <Typography variant="body2" color="textSecondary">
            {formatDateTime(mail.delivered_at)}
          </Typography>
        )}
        {mail.state === 'failed' && mail.error && (
          <Typography variant="body2" color="error">
            {mail.error}
          </Typography>
        )}
        {mail.state === 'queued' && mail.error && (
          <Typography variant="body2" color="textSecondary">
            Trying again: {mail.error}
          </Typography>
        )}
      </Stack>
    ),
  },
];

/** Why the check-in link cannot be mailed, in a sentence. */
const NOT_SENDABLE: Record<NonNullable<GuestMailLog['not_sendable_reason']>, string> = {
  no_email:
    'This guest has no email address, so the check-in link cannot be mailed. Add their email to the reservation (Edit), or copy the check-in link and send it another way.',
  cancelled: 'This stay is cancelled: its guest gets no mails.',
  ended: 'This stay is over: its check-in link no longer works.',
};

/** When the automatic invite goes, or why there is none. */
function automaticText(log: GuestMailLog, invited: boolean) {
  if (!log.sendable) return null;
  const { automatic } = log;
  if (!automatic.on)
    return (
      <>
        Automatic check-in links are off for your account (
        <Link component={RouterLink} to="/settings">
          Settings
        </Link>
        ).
      </>
    );
  if (!automatic.covered)
    return invited
      ? null
      : 'This stay was booked before automatic check-in links were switched on: send the link yourself.';
  if (invited || !automatic.due_at) return null;
  const days = automatic.days_before;
  return `The check-in link is mailed automatically on ${formatDateTime(automatic.due_at)}, ${days} ${days === 1 ? 'day' : 'days'} before check-in.`;
}

export function GuestMailsCard({ reservation }: { reservation: Reservation }) {
  const dispatch = useDispatch();
  const { log: stored, status, send, reservationId } = useSelector(selectGuestMails);
  const id = reservation.id;
  useEffect(() => {
    dispatch(reservationsActions.loadGuestMails.requested({ id }));
  }, [id, dispatch]);
  const log = reservationId === id ? stored : null;
  const load = () => dispatch(reservationsActions.loadGuestMails.requested({ id }));
  const invited = log?.mails.some((mail) => mail.kind === 'guest_invite') ?? false;
  const explanation = log ? automaticText(log, invited) : null;

  return (
    <Card>
      <CardHeader
        title="Guest mails"
        subheader="What was mailed to the guest, and when"
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
        // On a phone the buttons go under the heading, not beside it in a squeezed column.
        sx={{
          flexWrap: { xs: 'wrap', sm: 'nowrap' },
          '& .MuiCardHeader-content': { minWidth: { xs: '100%', sm: 0 } },
          '& .MuiCardHeader-action': { m: 0, mt: { xs: 1, sm: 0 }, alignSelf: 'center' },
        }}
        action={
          log && (
            <Stack direction="row" spacing={1}>
              <Button onClick={load} disabled={status.loading}>
                Refresh
              </Button>
              {log.sendable && (
                <Button
                  variant="outlined"
                  onClick={() => dispatch(reservationsActions.sendGuestInvite.requested({ id }))}
                  disabled={send.loading}
                >
                  {send.loading ? 'Sending…' : invited ? 'Send again' : 'Send check-in link'}
                </Button>
              )}
            </Stack>
          )
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {!log ? (
          status.error ? (
            <LoadError error={status.error} onRetry={load} />
          ) : (
            <LinearProgress aria-label="Loading the guest mails" />
          )
        ) : (
          <Stack spacing={2}>
            {send.error && <Alert severity="error">{messageOf(send.error)}</Alert>}
            {log.not_sendable_reason && (
              <Alert severity={log.not_sendable_reason === 'no_email' ? 'warning' : 'info'}>
                {NOT_SENDABLE[log.not_sendable_reason]}
              </Alert>
            )}
            {explanation && <Typography color="textSecondary">{explanation}</Typography>}
            {log.mails.length > 0 ? (
              <ResponsiveList
                label="Mails to the guest"
                columns={COLUMNS}
                rows={log.mails}
                rowKey={(mail) => mail.id}
                placeholders={0}
              />
            ) : (
              <Box>
                <Typography>Nothing has been mailed to this guest yet.</Typography>
              </Box>
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
