import { Button, Card, CardContent, CardHeader, Stack, Typography } from '@mui/material';
import { useDispatch, useSelector } from 'react-redux';
import { formatRelativeTime, labelOf, riskColourInfo } from '@hostdash/shared-auth';
import { ResponsiveList, RiskChip, type ListColumn } from '@hostdash/shared-ui';
import type { Reservation } from '../reservations/reservationsApi';
import { reservationsActions, selectDetail } from '../reservations/reservationsSlice';

type RiskFactor = Reservation['protect']['factors'][number];

/** On a phone each factor is a card: what it is and why as its heading, its points below. */
const FACTOR_COLUMNS: ListColumn<RiskFactor>[] = [
  {
    key: 'factor',
    header: 'Factor',
    phone: 'primary',
    render: (factor) => (
      <>
        {factor.label}
        {factor.detail && (
          <Typography variant="body2" color="textSecondary" sx={{ fontWeight: 400 }}>
            {factor.detail}
          </Typography>
        )}
      </>
    ),
  },
  {
    key: 'points',
    header: 'Points',
    width: 96,
    align: 'right',
    render: (factor) => `+${factor.points}`,
  },
];

/** The screening result with every factor and its points: why this stay has this colour. */
export function ScreeningCard({ reservation }: { reservation: Reservation }) {
  const dispatch = useDispatch();
  const { rescreen } = useSelector(selectDetail);
  const { protect: risk } = reservation;
  return (
    <Card>
      <CardHeader
        title="Screening"
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
        action={
          <Button
            onClick={() => dispatch(reservationsActions.rescreen.requested({ id: reservation.id }))}
            disabled={rescreen.loading}
          >
            {rescreen.loading ? 'Screening…' : 'Screen again'}
          </Button>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          <RiskChip colour={risk.colour} score={risk.score} />
          <Typography variant="body2" color="textSecondary">
            {riskColourInfo(risk.colour).meaning} Your tolerance is{' '}
            {labelOf('tolerance', risk.tolerance)}: orange from {risk.thresholds.orange}, red from{' '}
            {risk.thresholds.red} points.
            {risk.screened_at && ` Screened ${formatRelativeTime(risk.screened_at)}.`}
          </Typography>
        </Stack>
        {risk.factors.length === 0 ? (
          <Typography>Nothing in this stay raises the risk.</Typography>
        ) : (
          <>
            <ResponsiveList
              label="Risk factors"
              columns={FACTOR_COLUMNS}
              rows={risk.factors}
              rowKey={(factor) => factor.code}
              placeholders={0}
            />
            <Stack direction="row" sx={{ justifyContent: 'space-between', px: 2, pt: 1.5 }}>
              <Typography sx={{ fontWeight: 600 }}>Score</Typography>
              <Typography sx={{ fontWeight: 600 }}>{risk.score}</Typography>
            </Stack>
          </>
        )}
      </CardContent>
    </Card>
  );
}
