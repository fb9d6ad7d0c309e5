// Protect (owners): how strict screening is, what each level means, and the account's log.
import { useEffect } from 'react';
import {
  Alert,
  Box,
  Card,
  CardActionArea,
  CardContent,
  CardHeader,
  Chip,
  Pagination,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useDispatch, useSelector } from 'react-redux';
import { pageCount, pageFromOffset, RISK_COLOUR_INFO } from '@hostdash/shared-auth';
import { LoadError, PageHeader } from '@hostdash/shared-ui';
import { ProtectLogTable } from '../reservation/ProtectLogTable';
import type { ProtectSettings, Thresholds } from '../reservations/reservationsApi';
import { reservationsActions, selectProtect } from '../reservations/reservationsSlice';

const LOG_PAGE_SIZE = 25;

function Bands({ thresholds }: { thresholds: Thresholds }) {
  const bands = [
    { colour: 'green', range: `0–${thresholds.yellow - 1}` },
    { colour: 'yellow', range: `${thresholds.yellow}–${thresholds.orange - 1}` },
    { colour: 'orange', range: `${thresholds.orange}–${thresholds.red - 1}` },
    { colour: 'red', range: `${thresholds.red}–100` },
  ] as const;
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {bands.map((band) => (
        <Chip
          key={band.colour}
          size="small"
          label={`${RISK_COLOUR_INFO[band.colour].label} ${band.range}`}
          sx={{
            bgcolor: RISK_COLOUR_INFO[band.colour].background,
            color: RISK_COLOUR_INFO[band.colour].text,
          }}
        />
      ))}
    </Stack>
  );
}

function ToleranceChoice({ settings, saving }: { settings: ProtectSettings; saving: boolean }) {
  const dispatch = useDispatch();
  return (
    <Box
      role="radiogroup"
      aria-label="Risk tolerance"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}
    >
      {settings.levels.map((level) => {
        const selected = level.level === settings.risk_tolerance;
        return (
          <Card
            key={level.level}
            variant="outlined"
            sx={{
              borderColor: selected ? 'primary.main' : undefined,
              borderWidth: selected ? 2 : 1,
            }}
          >
            <CardActionArea
              role="radio"
              aria-checked={selected}
              aria-labelledby={`tolerance-${level.level}`}
              aria-describedby={`tolerance-${level.level}-meaning`}
              disabled={saving}
              onClick={() =>
                !selected &&
                dispatch(reservationsActions.setRiskTolerance.requested({ risk: level.level }))
              }
              sx={{ height: '100%' }}
            >
              <CardContent>
                <Stack
                  direction="row"
                  sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}
                >
                  <Typography variant="h6" component="h3" id={`tolerance-${level.level}`}>
                    {level.label}
                  </Typography>
                  {selected && <Chip size="small" color="primary" label="Current" />}
                </Stack>
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ mb: 1.5 }}
                  id={`tolerance-${level.level}-meaning`}
                >
                  {level.meaning}
                </Typography>
                <Bands thresholds={level.thresholds} />
              </CardContent>
            </CardActionArea>
          </Card>
        );
      })}
    </Box>
  );
}

export function ProtectPage() {
  const dispatch = useDispatch();
  const { settings, status, save, log } = useSelector(selectProtect);
  useEffect(() => {
    dispatch(reservationsActions.loadProtect.requested());
    dispatch(reservationsActions.loadAccountLog.requested({ from: 0, size: LOG_PAGE_SIZE }));
  }, [dispatch]);
  const pages = pageCount(log.total, LOG_PAGE_SIZE);

  return (
    <Stack spacing={2}>
      <PageHeader
        title="Protect"
        subtitle="Every reservation gets a risk score from the factors behind it. Your tolerance decides where green turns yellow, orange and red: it changes colours at once, without screening again."
      />
      <Card>
        <CardHeader
          title="Risk tolerance"
          slotProps={{ title: { component: 'h2', variant: 'h6' } }}
        />
        <CardContent sx={{ pt: 0 }}>
          {save.error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {save.error.message}
            </Alert>
          )}
          {status.error && (
            <LoadError
              error={status.error}
              onRetry={() => dispatch(reservationsActions.loadProtect.requested())}
            />
          )}
          {settings ? (
            <ToleranceChoice settings={settings} saving={save.loading} />
          ) : (
            !status.error && <Skeleton variant="rounded" height={160} />
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader
          title="Protect log"
          subheader="Across your account, newest first"
          slotProps={{ title: { component: 'h2', variant: 'h6' } }}
        />
        <CardContent sx={{ pt: 0 }}>
          {log.status.error ? (
            <LoadError
              error={log.status.error}
              onRetry={() =>
                dispatch(
                  reservationsActions.loadAccountLog.requested({
                    from: log.from,
                    size: LOG_PAGE_SIZE,
                  }),
                )
              }
            />
          ) : (
            <ProtectLogTable items={log.items} label="Account protect log" withReservation />
          )}
          {pages > 1 && (
            <Pagination
              sx={{ mt: 2 }}
              count={pages}
              page={pageFromOffset(log.from, LOG_PAGE_SIZE) + 1}
              onChange={(_event, page) =>
                dispatch(
                  reservationsActions.loadAccountLog.requested({
                    from: (page - 1) * LOG_PAGE_SIZE,
                    size: LOG_PAGE_SIZE,
                  }),
                )
              }
            />
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}
