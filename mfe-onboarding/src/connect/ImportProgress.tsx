// The import as it runs: its steps, a determinate bar over all of them with the step's counts
// ("84 of 120 listings"), the time since it started; on success a summary with the way to the
// listings and the dashboard; on failure what failed and "Try again", which resumes it.
import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Stack,
  Step,
  StepLabel,
  Stepper,
  Typography,
} from '@mui/material';
import { isAdmin, labelOf, selectUser } from '@hostdash/shared-auth';
import { messageOf } from '@hostdash/shared-ui';
import { connectActions, type OnboardContext } from './connectSlice';
import type { ImportTask, PmsSystem } from './onboardApi';
import { durationInWords, importPercent, stepCounts, STEPS } from './progressWords';

/** Seconds since the task started, on the API's clock, ticking each second while it runs. */
function useElapsed(task: ImportTask, clockOffsetMs: number): number {
  const running = task.state === 'queued' || task.state === 'running';
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, [running]);
  const start = Date.parse(task.started_at ?? task.created_at);
  const end = task.finished_at ? Date.parse(task.finished_at) : now + clockOffsetMs;
  return Math.max(0, Math.round((end - start) / 1000));
}

export function ImportProgress({
  system,
  task,
  context,
}: {
  system: PmsSystem;
  task: ImportTask;
  context: OnboardContext;
}) {
  const dispatch = useDispatch();
  const user = useSelector(selectUser);
  // The dashboard opens once the account has a card (spec section 6, rule 6); staff never need one.
  const needsCard = user !== null && !isAdmin(user) && !user.billing?.stripe_customer_id;
  const elapsed = useElapsed(task, context.clockOffsetMs);
  const percent = importPercent(task);
  const succeeded = task.state === 'succeeded';
  const failed = task.state === 'failed';
  const activeStep = succeeded ? STEPS.length : STEPS.indexOf(task.step);
  const counts = stepCounts(task);

  return (
    <Stack spacing={2.5} aria-live="polite">
      <Typography variant="h6" component="h2" sx={{ fontSize: '1rem', fontWeight: 600 }}>
        {succeeded
          ? `${system.label} is connected`
          : failed
            ? `The import from ${system.label} stopped`
            : `Importing from ${system.label}`}
      </Typography>
      <Stepper
        activeStep={activeStep}
        alternativeLabel
        sx={{ '& .MuiStepLabel-label': { fontSize: '0.8rem' } }}
      >
        {STEPS.map((step, index) => (
          <Step key={step} completed={succeeded || index < activeStep}>
            <StepLabel error={failed && index === activeStep}>
              {labelOf('importStep', step)}
            </StepLabel>
          </Step>
        ))}
      </Stepper>
      <Box>
        <LinearProgress
          variant="determinate"
          value={percent}
          color={failed ? 'error' : succeeded ? 'success' : 'primary'}
          aria-label={`Import progress, ${percent} %`}
          sx={{ height: 8, borderRadius: 4 }}
        />
        <Stack
          direction="row"
          sx={{ justifyContent: 'space-between', mt: 1, gap: 2, flexWrap: 'wrap' }}
        >
          <Typography variant="body2">{counts}</Typography>
          <Typography variant="body2" color="textSecondary">
            {percent} % · {durationInWords(elapsed)}
          </Typography>
        </Stack>
      </Box>
      {task.state === 'queued' && task.attempts > 0 && task.error_message && (
        <Alert severity="info">{task.error_message}</Alert>
      )}
      {context.followError && !failed && (
        <Alert severity="warning">
          We lost touch with the import ({messageOf(context.followError)}). It goes on without this
          page; we keep asking.
        </Alert>
      )}
      {failed && (
        <Alert
          severity="error"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => dispatch(connectActions.retry.requested({ pms: system.name }))}
            >
              Try again
            </Button>
          }
        >
          {task.error_message ?? 'The import stopped.'} What came in so far stays; trying again
          picks up where it stopped.
        </Alert>
      )}
      {failed && task.error_code === 'pms_auth' && (
        <Button
          variant="outlined"
          onClick={() => dispatch(connectActions.startOver())}
          sx={{ alignSelf: 'start' }}
        >
          Enter new credentials
        </Button>
      )}
      {context.error && <Alert severity="error">{messageOf(context.error)}</Alert>}
      {succeeded && (
        <Stack spacing={2}>
          <Alert severity="success">
            {task.progress.listings.done} listings and {task.progress.reservations.done}{' '}
            reservations came in from {system.label}, and {task.progress.screening.done}{' '}
            reservations were screened for risk: each has its colour on the Risks page. New ones
            come in by themselves.
          </Alert>
          {needsCard && (
            <Alert severity="info">
              One more step before your dashboard opens: add a payment card. Nothing is charged now;
              you pay once a month for what you use.
            </Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            {needsCard && (
              <Button component={RouterLink} to="/billing" variant="contained">
                Add a card
              </Button>
            )}
            <Button
              component={RouterLink}
              to="/listings"
              variant={needsCard ? 'outlined' : 'contained'}
            >
              See your listings
            </Button>
            <Button component={RouterLink} to="/" variant="outlined">
              Go to the dashboard
            </Button>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            <Button component={RouterLink} to="/settings" size="small">
              Manage your connections
            </Button>
            <Button size="small" onClick={() => dispatch(connectActions.startOver())}>
              {system.auth === 'oauth' ? 'Connect again' : 'Connect with other credentials'}
            </Button>
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}
