// /download/{type}?reservation=ID: downloads that report, then returns where the person came from.
// A failed download shows its error; trying again clears it (spec section 4).
import { useEffect, useRef } from 'react';
import {
  Link as RouterLink,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useDispatch, useSelector } from 'react-redux';
import { reservationPath } from '@hostdash/shared-auth';
import { messageOf, PageFrame } from '@hostdash/shared-ui';
import { reservationsActions, selectTask } from '../reservations/reservationsSlice';

const TITLES: Record<string, string> = {
  'guest-portal': 'guest portal report',
  screening: 'screening report',
};

export function DownloadPage() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const { type = 'guest-portal' } = useParams();
  const [search] = useSearchParams();
  const reservationId = search.get('reservation') ?? '';
  const format = search.get('format') === 'csv' ? 'csv' : 'pdf';
  const task = useSelector(selectTask);
  const from =
    (location.state as { from?: string } | null)?.from ??
    (reservationId ? reservationPath(reservationId) : '/reservations');
  // The download this page started has run (loading seen) and ended.
  const running = useRef(false);
  const title = TITLES[type] ?? `${type} report`;

  const start = () => {
    dispatch(reservationsActions.downloadReport.requested({ type, id: reservationId, format }));
  };

  useEffect(() => {
    if (reservationId) start();
    // Once per arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (task.status.loading) {
      running.current = true;
      return;
    }
    if (running.current) {
      running.current = false;
      if (!task.error) navigate(from, { replace: true });
    }
  }, [task.status.loading, task.error, from, navigate]);

  return (
    <PageFrame width="form" title={`Download the ${title}`}>
      {!reservationId && (
        <Alert severity="error">Say which reservation: this address needs ?reservation=ID.</Alert>
      )}
      {task.status.loading && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <CircularProgress size={24} />
          <Typography>Preparing your file…</Typography>
        </Stack>
      )}
      {task.error && !task.status.loading && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={start}>
              Try again
            </Button>
          }
        >
          {messageOf(task.error)}
        </Alert>
      )}
      <div>
        <Button component={RouterLink} to={from}>
          Back
        </Button>
      </div>
    </PageFrame>
  );
}
