// Protect (owners): how strict screening is, what each level means, and the account's log.
import { useEffect, useState } from 'react';
import {
  Box,
  Card,
  CardActionArea,
  CardContent,
  CardHeader,
  Chip,
  CircularProgress,
  Pagination,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useDispatch, useSelector } from 'react-redux';
import { labelOf, pageCount, pageFromOffset, RISK_COLOUR_INFO } from '@hostdash/shared-auth';
import { ConfirmDialog, LoadError, messageOf, PageFrame, routeFrame } from '@hostdash/shared-ui';
import { ProtectLogTable } from '../reservation/ProtectLogTable';
import type {
  ProtectSettings,
  RiskTolerance,
  Thresholds,
  TolerancePreview,
} from '../reservations/reservationsApi';
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

/** "32 more stays will need attention", "5 fewer …", or that the count stays as it is. */
export function attentionChange(preview: TolerancePreview): string {
  const difference = preview.after.needs_attention - preview.now.needs_attention;
  const noun = (count: number) => (count === 1 ? 'stay' : 'stays');
  if (difference > 0) return `${difference} more ${noun(difference)} will need attention`;
  if (difference < 0) return `${-difference} fewer ${noun(-difference)} will need attention`;
  return 'As many stays will need attention as now';
}

/** Asks before recolouring the portfolio, with what the change would do. */
function ToleranceConfirm({
  risk,
  settings,
  onClose,
}: {
  risk: RiskTolerance;
  settings: ProtectSettings;
  onClose: () => void;
}) {
  const dispatch = useDispatch();
  const { preview, save } = useSelector(selectProtect);
  const [attempted, setAttempted] = useState(false);
  const label = labelOf('tolerance', risk);
  const data = preview.data?.risk === risk ? preview.data : null;

  useEffect(() => {
    dispatch(reservationsActions.previewTolerance.requested({ risk }));
  }, [dispatch, risk]);
  // Closes once the API has set it; a refusal stays in the dialog.
  useEffect(() => {
    if (attempted && !save.loading && !save.error) onClose();
  }, [attempted, save.loading, save.error, onClose]);

  return (
    <ConfirmDialog
      open
      title={`Change the risk tolerance to ${label}?`}
      confirmLabel={`Change to ${label}`}
      busy={save.loading}
      error={attempted ? (save.error?.message ?? null) : null}
      confirmDisabled={!data}
      onConfirm={() => {
        setAttempted(true);
        dispatch(reservationsActions.setRiskTolerance.requested({ risk }));
      }}
      onCancel={onClose}
    >
      {data ? (
        <Stack spacing={1}>
          <Typography sx={{ fontWeight: 500 }}>{attentionChange(data)}.</Typography>
          <Typography variant="body2" color="textSecondary">
            Of your {data.stays} coming stays, {data.changed} change colour: needing attention{' '}
            {data.now.needs_attention} now, {data.after.needs_attention} under {label}. The colours
            change at once, from {labelOf('tolerance', settings.risk_tolerance)} to {label}.
          </Typography>
        </Stack>
      ) : preview.status.error ? (
        <Typography>
          Hostdash could not count the stays this changes: {messageOf(preview.status.error)}
        </Typography>
      ) : (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <CircularProgress size={16} />
          <Typography>Counting the stays it recolours…</Typography>
        </Stack>
      )}
    </ConfirmDialog>
  );
}

function ToleranceChoice({ settings, saving }: { settings: ProtectSettings; saving: boolean }) {
  const [proposed, setProposed] = useState<RiskTolerance | null>(null);
  return (
    <>
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
                onClick={() => !selected && setProposed(level.level)}
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
                    color="textSecondary"
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
      {proposed && (
        <ToleranceConfirm risk={proposed} settings={settings} onClose={() => setProposed(null)} />
      )}
    </>
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
    <PageFrame {...routeFrame('/protect')}>
      <Card>
        <CardHeader
          title="Risk tolerance"
          slotProps={{ title: { component: 'h2', variant: 'h6' } }}
        />
        <CardContent sx={{ pt: 0 }}>
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
    </PageFrame>
  );
}
