import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { useDispatch, useSelector } from 'react-redux';
import { formatRelativeTime, riskColourInfo } from '@hostdash/shared-auth';
import { RiskChip } from '@hostdash/shared-ui';
import type { Reservation } from '../reservations/reservationsApi';
import { reservationsActions, selectDetail } from '../reservations/reservationsSlice';

const TOLERANCE_LABELS = {
  low: 'low (strict)',
  balanced: 'balanced',
  high: 'high (lenient)',
} as const;

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
          <Typography variant="body2" color="text.secondary">
            {riskColourInfo(risk.colour).meaning} Your tolerance is{' '}
            {TOLERANCE_LABELS[risk.tolerance] ?? risk.tolerance}: orange from{' '}
            {risk.thresholds.orange}, red from {risk.thresholds.red} points.
            {risk.screened_at && ` Screened ${formatRelativeTime(risk.screened_at)}.`}
          </Typography>
        </Stack>
        {risk.factors.length === 0 ? (
          <Typography>Nothing in this stay raises the risk.</Typography>
        ) : (
          <Table size="small" aria-label="Risk factors">
            <TableBody>
              {risk.factors.map((factor) => (
                <TableRow key={factor.code}>
                  <TableCell>
                    <Box sx={{ fontWeight: 500 }}>{factor.label}</Box>
                    {factor.detail && (
                      <Typography variant="body2" color="text.secondary">
                        {factor.detail}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    +{factor.points}
                  </TableCell>
                </TableRow>
              ))}
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>Score</TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {risk.score}
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
