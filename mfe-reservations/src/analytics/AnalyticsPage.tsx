import { useEffect, useState } from 'react';
import {
  Box,
  Card,
  CardContent,
  CardHeader,
  MenuItem,
  Skeleton,
  TextField,
  useTheme,
  type Theme,
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
import { LoadError, PageFrame } from '@hostdash/shared-ui';
import { reservationsActions, selectAnalytics } from '../reservations/reservationsSlice';

const MONTH_OPTIONS = [6, 12, 24];
const LISTING_STATUSES = ['active', 'inactive', 'archived'] as const;

/**
 * The theme's colour for a chip colour name: the charts use the palette the chips use, so a
 * status has one colour everywhere (and none from outside the palette).
 */
function paletteColour(theme: Theme, colour: string): string {
  switch (colour) {
    case 'success':
    case 'warning':
    case 'info':
    case 'error':
    case 'primary':
    case 'secondary':
      return theme.palette[colour].main;
    default:
      return theme.palette.grey[500];
  }
}
const LISTING_CHIP_COLOURS = { active: 'success', inactive: 'warning', archived: 'default' };

/**
 * The months to chart: from the first with a stay on. An account that started four months ago
 * would otherwise open on months of nothing before its own.
 */
export function fromFirstMonthWithData<Month extends { total: number }>(months: Month[]): Month[] {
  const first = months.findIndex((month) => month.total > 0);
  return first < 0 ? months : months.slice(first);
}

interface Slice {
  id: number;
  value: number;
  label: string;
  color: string;
}

/** A donut that says its numbers: each label with its count and share, the share on the arc. */
function Donut({ slices }: { slices: Slice[] }) {
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  const share = (value: number) => (total === 0 ? 0 : Math.round((value / total) * 100));
  return (
    <PieChart
      height={240}
      series={[
        {
          innerRadius: 50,
          data: slices.map((slice) => ({
            ...slice,
            label: `${slice.label}: ${slice.value} (${share(slice.value)}%)`,
          })),
          arcLabel: (item) => `${share(item.value)}%`,
          arcLabelMinAngle: 25,
          valueFormatter: (item) => `${item.value} (${share(item.value)}%)`,
        },
      ]}
    />
  );
}

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
  const theme = useTheme();
  const [months, setMonths] = useState(12);

  useEffect(() => {
    dispatch(reservationsActions.loadAnalytics.requested({ months }));
  }, [months, dispatch]);

  return (
    <PageFrame
      width="list"
      title="Analytics"
      actions={
        <TextField
          select
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
    >
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
                {
                  scaleType: 'band',
                  data: fromFirstMonthWithData(data.months).map((month) => monthLabel(month.month)),
                },
              ]}
              series={[...RISK_COLOURS].reverse().map((colour) => ({
                data: fromFirstMonthWithData(data.months).map((month) => month[colour]),
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
              <Donut
                slices={data.by_verification.map((entry, id) => {
                  const info = verificationStatusInfo(entry.status);
                  return {
                    id,
                    value: entry.count,
                    label: info.label,
                    color: paletteColour(theme, info.colour),
                  };
                })}
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
                  {
                    data: data.by_source.map((entry) => entry.count),
                    label: 'Reservations',
                    color: theme.palette.primary.main,
                  },
                ]}
              />
            </ChartCard>
            <ChartCard title="Listings by status">
              <Donut
                slices={LISTING_STATUSES.map((key, id) => ({
                  id,
                  value: data.listings_by_status[key],
                  label: labelOf('listingStatus', key),
                  color: paletteColour(theme, LISTING_CHIP_COLOURS[key]),
                }))}
              />
            </ChartCard>
          </Box>
        </>
      )}
    </PageFrame>
  );
}
