import { useEffect, useState } from 'react';
import {
  Box,
  Card,
  CardContent,
  CardHeader,
  MenuItem,
  Skeleton,
  Stack,
  TextField,
} from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { useDispatch, useSelector } from 'react-redux';
import {
  labelOf,
  RISK_COLOUR_INFO,
  RISK_COLOURS,
  verificationStatusInfo,
} from '@hostdash/shared-auth';
import { LoadError, PageHeader } from '@hostdash/shared-ui';
import { reservationsActions, selectAnalytics } from '../reservations/reservationsSlice';

const MONTH_OPTIONS = [6, 12, 24];
const VERIFICATION_COLOURS: Record<string, string> = {
  pending: '#9e9e9e',
  incomplete: '#ed6c02',
  review: '#0288d1',
  verified: '#2e7d32',
  declined: '#d32f2f',
};
const LISTING_COLOURS = { active: '#2e7d32', inactive: '#ed6c02', archived: '#9e9e9e' } as const;

const monthLabel = (month: string) => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Date(year, number - 1, 1).toLocaleDateString('en', {
    month: 'short',
    year: '2-digit',
  });
};

function ChartCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card component="section" aria-label={title}>
      <CardHeader title={title} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>{children}</CardContent>
    </Card>
  );
}

export function AnalyticsPage() {
  const dispatch = useDispatch();
  const { data, status } = useSelector(selectAnalytics);
  const [months, setMonths] = useState(12);

  useEffect(() => {
    dispatch(reservationsActions.loadAnalytics.requested({ months }));
  }, [months, dispatch]);

  return (
    <Stack spacing={2}>
      <PageHeader
        title="Analytics"
        actions={
          <TextField
            select
            size="small"
            label="Period"
            value={months}
            onChange={(event) => setMonths(Number(event.target.value))}
            sx={{ minWidth: 280 }}
          >
            {MONTH_OPTIONS.map((option) => (
              <MenuItem key={option} value={option}>
                Last {option} months and the next 3
              </MenuItem>
            ))}
          </TextField>
        }
      />
      {status.error && (
        <LoadError
          error={status.error}
          onRetry={() => dispatch(reservationsActions.loadAnalytics.requested({ months }))}
        />
      )}
      {!data ? (
        !status.error && <Skeleton variant="rounded" height={360} />
      ) : (
        <>
          <ChartCard title="Reservations by risk colour and month">
            <BarChart
              height={320}
              xAxis={[
                { scaleType: 'band', data: data.months.map((month) => monthLabel(month.month)) },
              ]}
              series={[...RISK_COLOURS].reverse().map((colour) => ({
                data: data.months.map((month) => month[colour]),
                label: RISK_COLOUR_INFO[colour].label,
                stack: 'risk',
                color: RISK_COLOUR_INFO[colour].background,
              }))}
            />
          </ChartCard>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
            }}
          >
            <ChartCard title="Verification status">
              <PieChart
                height={240}
                series={[
                  {
                    innerRadius: 50,
                    data: data.by_verification.map((entry, id) => ({
                      id,
                      value: entry.count,
                      label: verificationStatusInfo(entry.status).label,
                      color: VERIFICATION_COLOURS[entry.status],
                    })),
                  },
                ]}
              />
            </ChartCard>
            <ChartCard title="Booking source">
              <BarChart
                height={240}
                layout="horizontal"
                yAxis={[
                  {
                    scaleType: 'band',
                    data: data.by_source.map((entry) => labelOf('bookingSource', entry.source)),
                    width: 'auto',
                  },
                ]}
                series={[
                  { data: data.by_source.map((entry) => entry.count), label: 'Reservations' },
                ]}
              />
            </ChartCard>
            <ChartCard title="Listings by status">
              <PieChart
                height={240}
                series={[
                  {
                    innerRadius: 50,
                    data: (Object.keys(LISTING_COLOURS) as (keyof typeof LISTING_COLOURS)[]).map(
                      (key, id) => ({
                        id,
                        value: data.listings_by_status[key],
                        label: labelOf('listingStatus', key),
                        color: LISTING_COLOURS[key],
                      }),
                    ),
                  },
                ]}
              />
            </ChartCard>
          </Box>
        </>
      )}
    </Stack>
  );
}
