import { Alert, Button, Card, CardContent, CardHeader, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useDispatch, useSelector } from 'react-redux';
import { formatRelativeTime } from '@hostdash/shared-auth';
import type { ReportType, Reservation } from '../reservations/reservationsApi';
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
              {failed.message}
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
                  <Typography variant="body2" color="text.secondary">
                    {stored?.status === 'done' && stored.generated_at
                      ? `Generated ${formatRelativeTime(stored.generated_at)}`
                      : stored?.status === 'failed'
                        ? `Last try failed: ${stored.error ?? 'unknown error'}`
                        : report.text}
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
                <Button
                  component={RouterLink}
                  to={`/download/${report.type}?reservation=${encodeURIComponent(reservation.id)}`}
                  state={{ from: `/reservation/${reservation.id}` }}
                  variant="outlined"
                  aria-label={`Download ${report.title}`}
                >
                  Download PDF
                </Button>
              </Stack>
            );
          })}
        </Stack>
      </CardContent>
    </Card>
  );
}
