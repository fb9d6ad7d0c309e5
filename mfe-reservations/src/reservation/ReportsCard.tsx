import { Alert, Button, Card, CardContent, CardHeader, Stack, Typography } from '@mui/material';
import { useDispatch, useSelector } from 'react-redux';
import { formatRelativeTime } from '@hostdash/shared-auth';
import { DownloadButton, messageOf } from '@hostdash/shared-ui';
import type { ReportType, Reservation } from '../reservations/reservationsApi';

type StoredReport = Reservation['reports'][number];
import { reservationsActions, selectTask } from '../reservations/reservationsSlice';

const REPORTS: { type: ReportType; title: string; text: string }[] = [
  {
    type: 'guest-portal',
    title: 'Guest portal report',
    text: 'What the guest submitted: contact, identity, arrival.',
  },
  {
    type: 'screening',
    title: 'Screening report',
    text: 'The score, every factor, and the protect log.',
  },
];

/**
 * What the card says about a report kept from an earlier visit. A stored failure is told in a
 * sentence of ours, never in the text the server kept: that may be written for developers, and
 * why this try failed is the alert's to say, once.
 */
function storedState(stored: StoredReport | undefined, fallback: string): string {
  if (stored?.status === 'done') return `Generated ${formatRelativeTime(stored.generated_at)}`;
  if (stored?.status === 'failed')
    return `The last try (${formatRelativeTime(stored.generated_at)}) didn't produce a report. Generate it again.`;
  return fallback;
}

/** Generate, refresh or download a reservation's reports; the last error stays until the next try. */
export function ReportsCard({ reservation }: { reservation: Reservation }) {
  const dispatch = useDispatch();
  const task = useSelector(selectTask);
  const busy = (type: ReportType) =>
    task.status.loading && task.type === type && task.reservationId === reservation.id;
  const failed = task.error && task.reservationId === reservation.id ? task.error : null;

  return (
    <Card>
      <CardHeader title="Reports" slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>
        <Stack spacing={2}>
          {failed && (
            <Alert
              severity="error"
              onClose={() => dispatch(reservationsActions.dismissTaskError())}
            >
              {messageOf(failed)}
            </Alert>
          )}
          {REPORTS.map((report) => {
            const stored = reservation.reports.find((candidate) => candidate.type === report.type);
            return (
              <Stack
                key={report.type}
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                sx={{ alignItems: { sm: 'center' } }}
              >
                <Stack sx={{ flexGrow: 1 }}>
                  <Typography sx={{ fontWeight: 500 }}>{report.title}</Typography>
                  <Typography variant="body2" color="textSecondary">
                    {
                      // While this try's failure is on the card, the stored one is not said again.
                      failed && task.type === report.type
                        ? report.text
                        : storedState(stored, report.text)
                    }
                  </Typography>
                </Stack>
                <Button
                  onClick={() =>
                    dispatch(
                      reservationsActions.generateReport.requested({
                        type: report.type,
                        id: reservation.id,
                        refresh: stored?.status === 'done',
                      }),
                    )
                  }
                  disabled={busy(report.type)}
                >
                  {busy(report.type)
                    ? 'Working…'
                    : stored?.status === 'done'
                      ? 'Refresh'
                      : 'Generate'}
                </Button>
                <DownloadButton
                  to={`/download/${report.type}?reservation=${encodeURIComponent(reservation.id)}`}
                  state={{ from: `/reservation/${reservation.id}` }}
                  fileType="PDF"
                  what={report.title}
                />
              </Stack>
            );
          })}
        </Stack>
      </CardContent>
    </Card>
  );
}
